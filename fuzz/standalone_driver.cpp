// SPDX-License-Identifier: GPL-3.0-or-later
// Runs a fuzz target without libFuzzer (GCC builds, the test lanes): every file of the corpus
// directories given, then random mutations of them until -max_total_time=N seconds have passed.
// The mutations are blind (no coverage guidance): `make fuzz` builds the same targets with
// clang's libFuzzer for that. A crash or sanitizer report fails the test like any other.
#include "domain/sanitizers.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include <csignal>
#include <fcntl.h>
#include <unistd.h>
#if VIGIL_UNDER_ASAN
#include <sanitizer/common_interface_defs.h>
#define VIGIL_HAVE_SANITIZER_API 1
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

// The input running now, written out if it kills the process: a new regression case.
const std::vector<uint8_t> *g_current = nullptr;

void keepCrashingInput()
{
    if (!g_current)
        return;
    const int fd = ::open("crash-input.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        if (::write(fd, g_current->data(), g_current->size()) < 0) { }
        ::close(fd);
    }
    static const char said[] = "fuzz: the input that crashed is in crash-input.bin\n";
    if (::write(2, said, sizeof said - 1) < 0) { }
}

void onFatalSignal(int signal)
{
    keepCrashingInput();
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

std::string readFile(const std::filesystem::path &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void run(const std::string &input)
{
    // A copy of exactly the input's size, so ASan sees any read past its end.
    std::vector<uint8_t> bytes(input.begin(), input.end());
    g_current = &bytes;
    LLVMFuzzerTestOneInput(bytes.empty() ? nullptr : bytes.data(), bytes.size());
    g_current = nullptr;
}

std::string mutate(std::string input, const std::vector<std::string> &corpus, std::mt19937_64 &random)
{
    static const char *const interesting[] = { "\xff\xff\xff\xff\xff\xff\xff\xff\x01",
                                               "\x80",
                                               "\x00",
                                               "-1",
                                               "1e308",
                                               "nan",
                                               "inf",
                                               "{",
                                               "}",
                                               "[",
                                               "]",
                                               "\"",
                                               ",",
                                               "\n",
                                               ":",
                                               "9223372036854775807",
                                               "-9223372036854775808",
                                               "0x",
                                               "#",
                                               " " };
    const int rounds = 1 + int(random() % 8);
    for (int r = 0; r < rounds; ++r) {
        const size_t at = input.empty() ? 0 : size_t(random() % (input.size() + 1));
        switch (random() % 7) {
        case 0: // flip a bit
            if (!input.empty())
                input[at % input.size()] ^= char(1u << (random() % 8));
            break;
        case 1: // a random byte in
            input.insert(at, 1, char(random() % 256));
            break;
        case 2: // a run out
            if (!input.empty())
                input.erase(at % input.size(), size_t(random() % 16) + 1);
            break;
        case 3: // a token that breaks parsers
            input.insert(at, interesting[random() % std::size(interesting)]);
            break;
        case 4: // truncated
            input.resize(at);
            break;
        case 5: // a piece of another input
            if (!corpus.empty()) {
                const std::string &other = corpus[random() % corpus.size()];
                if (!other.empty()) {
                    const size_t from = size_t(random() % other.size());
                    input.insert(at, other, from, size_t(random() % 64) + 1);
                }
            }
            break;
        default: // a run repeated
            if (!input.empty()) {
                const size_t from = at % input.size();
                const std::string run = input.substr(from, size_t(random() % 32) + 1);
                for (int k = int(random() % 64); k > 0 && input.size() < (1u << 20); --k)
                    input.insert(from, run);
            }
            break;
        }
    }
    return input;
}

} // namespace

int main(int argc, char **argv)
{
    std::signal(SIGSEGV, onFatalSignal);
    std::signal(SIGABRT, onFatalSignal);
    std::signal(SIGFPE, onFatalSignal);
#ifdef VIGIL_HAVE_SANITIZER_API
    __sanitizer_set_death_callback(keepCrashingInput);
#endif
    double seconds = 0.0;
    std::vector<std::string> corpus;
    for (int i = 1; i < argc; ++i) {
        if (std::strncmp(argv[i], "-max_total_time=", 16) == 0) {
            seconds = std::atof(argv[i] + 16);
            continue;
        }
        if (argv[i][0] == '-')
            continue; // another libFuzzer flag
        const std::filesystem::path path(argv[i]);
        if (std::filesystem::is_directory(path)) {
            for (const auto &entry : std::filesystem::recursive_directory_iterator(path))
                if (entry.is_regular_file())
                    corpus.push_back(readFile(entry.path()));
        } else {
            corpus.push_back(readFile(path));
        }
    }
    for (const std::string &input : corpus)
        run(input);
    run({});
    const uint64_t seed = std::random_device {}();
    std::mt19937_64 random(seed);
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    uint64_t runs = corpus.size() + 1;
    while (seconds > 0.0 && std::chrono::steady_clock::now() < until) {
        const std::string base = corpus.empty() ? std::string() : corpus[random() % corpus.size()];
        run(mutate(base, corpus, random));
        ++runs;
    }
    std::printf("%s: %llu inputs (%zu from the corpus), seed %llu, no crash\n", argv[0], (unsigned long long)runs,
                corpus.size(), (unsigned long long)seed);
    return 0;
}
