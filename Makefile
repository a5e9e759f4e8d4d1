# SPDX-License-Identifier: GPL-3.0-or-later
# The front door. `make run` and `make test` work on a fresh Debian 12 machine:
# they install what is missing, configure (Release, Ninja) and build first.

PRESET    ?= release
BUILD_DIR := build/$(PRESET)
CMAKE_ARGS ?=
JOBS      ?= $(shell nproc)
# Twice as many suites as cores: the optimised lane's suites wait on sockets, timers and the
# engines they start (Prometheus, PostgreSQL) for half their time, and its run took 97 s at one
# suite a core against 59 s at two. The sanitizer lane's suites are busier, but no slower for it.
TEST_JOBS ?= $(shell echo $$(( $(JOBS) * 2 )))

.PHONY: all deps configure build run test test-release test-asan run-asan-suites bench soak fuzz translations format clean

all: build

deps:
	@bash cmake/install-deps.sh

configure: deps
	@cmake --preset $(PRESET) $(CMAKE_ARGS) >/dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	./$(BUILD_DIR)/app/vigil --demo

# Every suite twice: optimised as shipped, then under AddressSanitizer and
# UndefinedBehaviorSanitizer (the asan preset), where any report fails the run. The optimised
# suites wait on sockets, timers and engines for most of their run, so the sanitizer lane compiles
# meanwhile at idle priority (SCHED_IDLE: its compilers get a core only when no suite wants one).
# A lane that fails fails the run; the sanitizer build's log is shown when it fails.
test:
	@$(MAKE) --no-print-directory build PRESET=release
	@$(MAKE) --no-print-directory configure PRESET=asan
	@rm -f build/asan-build.status; \
	( chrt --idle 0 cmake --build build/asan -j $(JOBS) >build/asan-build.log 2>&1; \
	  echo $$? >build/asan-build.status ) & \
	( cd build/release && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(TEST_JOBS) ); \
	release=$$?; wait; \
	if [ "$$(cat build/asan-build.status)" != 0 ]; then cat build/asan-build.log; \
	    echo "make test: the sanitizer lane's build failed"; exit 1; fi; \
	echo "make test: the sanitizer lane is built ($$(grep -c '^\[' build/asan-build.log) steps)"; \
	[ $$release = 0 ] || { echo "make test: the optimised suites failed"; exit 1; }
	@$(MAKE) --no-print-directory run-asan-suites

test-release:
	@$(MAKE) --no-print-directory build PRESET=release
	cd build/release && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(TEST_JOBS)

test-asan:
	@$(MAKE) --no-print-directory build PRESET=asan
	@$(MAKE) --no-print-directory run-asan-suites

run-asan-suites:
	cd build/asan && QT_QPA_PLATFORM=offscreen ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest --output-on-failure -j $(TEST_JOBS) --timeout 900

# Every parser and decoder under libFuzzer (clang, ASan + UBSan), FUZZ_SECONDS each, JOBS at a
# time. The seed corpora in fuzz/corpus stay as they are: new inputs go to build/fuzz/corpus, and
# a crash leaves its input in build/fuzz/artifacts (add it to the seed corpus as regr-*).
FUZZ_SECONDS ?= 600
fuzz:
	@bash cmake/install-deps.sh fuzz
	@cmake --preset fuzz >/dev/null
	@cmake --build build/fuzz --target fuzzers -j $(JOBS)
	@mkdir -p build/fuzz/artifacts
	@ls fuzz/corpus | xargs -P $(JOBS) -I{} sh -c 'mkdir -p build/fuzz/corpus/{} && \
	    ./build/fuzz/fuzz/{} -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 -print_final_stats=1 \
	        -artifact_prefix=build/fuzz/artifacts/{}- build/fuzz/corpus/{} fuzz/corpus/{} \
	        >build/fuzz/{}.log 2>&1 && echo "fuzz: {} clean for $(FUZZ_SECONDS) s: $$(grep -o "stat::number_of_executed_units: [0-9]*" build/fuzz/{}.log)" \
	        || { echo "fuzz: {} FAILED, see build/fuzz/{}.log"; exit 1; }'

# The shared alarm state's history checker (tests/core/tst_sharedhistory.cpp) for ten minutes:
# three gateways, concurrent operators, server restarts, a held lock, cut listeners and a
# journalled gateway restarted; then nothing acknowledged lost and every gateway converged.
soak: build
	cd $(BUILD_DIR)/tests && VIGIL_SOAK_SECONDS=$${VIGIL_SOAK_SECONDS:-600} QTEST_FUNCTION_TIMEOUT=3600000 \
		QT_QPA_PLATFORM=offscreen ./tst_sharedhistory

bench: build
	QT_QPA_PLATFORM=offscreen ./$(BUILD_DIR)/bench/vigil-bench --out build/bench-results.json

# Refreshes translations/*.ts from the sources (rewrites them: run by hand, never in CI).
TRANSLATED_FOLDERS = $(shell cat translations/folders)
translations:
	/usr/lib/qt6/bin/lupdate -no-obsolete -locations none $(TRANSLATED_FOLDERS) \
	    -ts translations/vigil_de.ts translations/vigil_ja.ts
	/usr/lib/qt6/bin/lupdate -pluralonly -no-obsolete -locations none $(TRANSLATED_FOLDERS) \
	    -ts translations/vigil_en.ts

format:
	@git ls-files '*.cpp' '*.h' | xargs clang-format -i

clean:
	rm -rf build
