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

# Exposed: on every interface, over TLS, with tokens. The example publishes as an agent
# and vigil-record records what it sent, both trusting the site's own authority.
kill $pid 2>/dev/null || true
pki="$work/pki"
mkdir -p "$pki"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout "$pki/ca.key" \
  -out "$pki/ca.crt" -days 2 -subj "/CN=site authority" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout "$pki/gw.key" -out "$pki/gw.csr" \
  -subj "/CN=gateway" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' >"$pki/gw.ext"
openssl x509 -req -in "$pki/gw.csr" -CA "$pki/ca.crt" -CAkey "$pki/ca.key" -CAcreateserial -days 2 \
  -out "$pki/gw.crt" -extfile "$pki/gw.ext" 2>/dev/null
printf '%s\n' "agent-token-node01-0123 node01-exporter agent gpu-node-01" \
  "wall-token-0123456789ab wallscreen viewer" >"$work/operators"
"$gateway" --listen 0.0.0.0:0 --topology "$source_dir/tests/data/topology-lab.json" \
  --training-log "llm-70b=$work/none.jsonl" --operators "$work/operators" \
  --tls-cert "$pki/gw.crt" --tls-key "$pki/gw.key" 2>"$log" &
pid=$!
for _ in $(seq 50); do grep -q "serving" "$log" && break; sleep 0.1; done
port=$(grep -o '0\.0\.0\.0:[0-9]*' "$log" | head -1 | cut -d: -f2)
address="127.0.0.1:$port"
cat "$log"
plain=$(publish --token agent-token-node01-0123 --gpu-uuid GPU-000000a0-1111-2222-3333-000000000005)
echo "$plain"
echo "$plain" | grep -q "UNAVAILABLE"
recorder="$(dirname "$gateway")/vigil-record"
rm -f "$work/exposed.vigil"
"$recorder" --gateway "$address" --tls-ca "$pki/ca.crt" --token wall-token-0123456789ab \
  --out "$work/exposed.vigil" --status-every 1 2>"$work/record.log" &
recorder_pid=$!
trap 'kill $pid $recorder_pid 2>/dev/null || true' EXIT
for _ in $(seq 50); do grep -q "frames" "$work/record.log" && break; sleep 0.1; done
secure=$(publish --tls-ca "$pki/ca.crt" --token agent-token-node01-0123 \
  --gpu-uuid GPU-000000a0-1111-2222-3333-000000000005 --xid 79)
echo "$secure"
[ "$secure" = "accepted 2, rejected 0" ]
for _ in $(seq 50); do grep -q "[1-9][0-9]* events" "$work/record.log" && break; sleep 0.1; done
kill -INT $recorder_pid
wait $recorder_pid || true
cat "$work/record.log"
grep -q "stopped; .* [1-9][0-9]* events" "$work/record.log"
