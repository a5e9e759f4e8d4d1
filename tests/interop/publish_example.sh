#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The documented Publish example works against a real gateway on a topology file.
set -euo pipefail
gateway=$1 source_dir=$2 work=$3
mkdir -p "$work/gen"
protoc -I "$source_dir/proto" --python_out="$work/gen" --grpc_out="$work/gen" \
  --plugin=protoc-gen-grpc=/usr/bin/grpc_python_plugin "$source_dir"/proto/vigil/v1/*.proto
log="$work/gateway.log"
"$gateway" --listen 127.0.0.1:0 --topology "$source_dir/tests/data/topology-lab.json" \
  --training-log "llm-70b=$work/none.jsonl" 2>"$log" &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 50); do grep -q "serving" "$log" && break; sleep 0.1; done
address=$(grep -o '127\.0\.0\.1:[0-9]*' "$log" | head -1)
out=$(PYTHONPATH="$work/gen" /usr/bin/python3 "$source_dir/docs/examples/publish.py" --gateway "$address" \
  --gpu-uuid GPU-000000a0-1111-2222-3333-000000000005 --temperature 71 --xid 79)
echo "$out"
[ "$out" = "accepted 2, rejected 0" ]
bad=$(PYTHONPATH="$work/gen" /usr/bin/python3 "$source_dir/docs/examples/publish.py" --gateway "$address" \
  --gpu-uuid GPU-000000a0-1111-2222-3333-000000000005 --temperature -500 2>&1 || true)
echo "$bad"
echo "$bad" | grep -q "outside\|refused"

# A gateway that knows its people takes Publish only from an agent, for its own hosts.
kill $pid 2>/dev/null || true
printf '%s\n' "agent-token-node01-0123 node01-exporter agent gpu-node-01" \
  "wall-token-0123456789ab wallscreen viewer" >"$work/operators"
"$gateway" --listen 127.0.0.1:0 --topology "$source_dir/tests/data/topology-lab.json" \
  --training-log "llm-70b=$work/none.jsonl" --operators "$work/operators" 2>"$log" &
pid=$!
for _ in $(seq 50); do grep -q "serving" "$log" && break; sleep 0.1; done
address=$(grep -o '127\.0\.0\.1:[0-9]*' "$log" | head -1)
publish() {
  PYTHONPATH="$work/gen" /usr/bin/python3 "$source_dir/docs/examples/publish.py" --gateway "$address" \
    --temperature 70 "$@" 2>&1 || true
}
anonymous=$(publish --gpu-uuid GPU-000000a0-1111-2222-3333-000000000005)
echo "$anonymous"
echo "$anonymous" | grep -q "UNAUTHENTICATED"
viewer=$(publish --token wall-token-0123456789ab --gpu-uuid GPU-000000a0-1111-2222-3333-000000000005)
echo "$viewer"
echo "$viewer" | grep -q "PERMISSION_DENIED"
own=$(VIGIL_TOKEN=agent-token-node01-0123 publish --gpu-uuid GPU-000000a0-1111-2222-3333-000000000005 --xid 79)
echo "$own"
[ "$own" = "accepted 2, rejected 0" ]
foreign=$(publish --token agent-token-node01-0123 --gpu-uuid GPU-000000b0-1111-2222-3333-000000000005)
echo "$foreign"
echo "$foreign" | grep -q "may not publish for host gpu-node-02"
