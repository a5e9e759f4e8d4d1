#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The gateway under a long load: 100,000 simulated GPUs at 1 Hz for MINUTES minutes (10) with
# READERS subscribers reading everything (15) and STALLED ones that never read (5), all in other
# processes. Prints the gateway's resident memory and CPU once a minute; the bar is flat memory.
#   bash bench/soak.sh [build/release]
set -euo pipefail
build=${1:-build/release}
minutes=${MINUTES:-10} readers=${READERS:-15} stalled=${STALLED:-5} gpus=${GPUS:-100000}
work=$(mktemp -d)
"$build/app/vigil-gateway" --gpus "$gpus" --rate 1 --listen 127.0.0.1:0 2>"$work/gateway.log" &
gateway=$!
cleanup() { kill "$gateway" "${readers_pid:-}" "${stalled_pid:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 600); do grep -q serving "$work/gateway.log" && break; sleep 0.1; done
address=$(grep -o '127\.0\.0\.1:[0-9]*' "$work/gateway.log" | head -1)
"$build/bench/vigil-bench" --role subscribers --address "$address" --count "$readers" &
readers_pid=$!
sleep infinity | "$build/bench/vigil-bench" --role stalled --address "$address" --count "$stalled" &
stalled_pid=$!
ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$gateway/stat"; }
rss() { awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$gateway/status"; }
echo "soak: $gpus GPUs at 1 Hz, $readers readers, $stalled stalled, $minutes min; gateway $address"
printf '%6s %10s %8s\n' minute "RSS (MB)" "CPU (%)"
last=$(cpu)
printf '%6d %10d %8s\n' 0 "$(rss)" -
for minute in $(seq "$minutes"); do
  sleep 60
  now=$(cpu)
  printf '%6d %10d %8.1f\n' "$minute" "$(rss)" "$(awk -v a="$last" -v b="$now" -v t="$ticks" 'BEGIN {print (b - a) * 100 / (t * 60)}')"
  last=$now
done
