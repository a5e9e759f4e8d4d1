#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The NOC of docs/scaling.md on one machine: three simulated pod gateways, an aggregator
# serving them as one cluster, a real Prometheus the aggregator remote-writes to, and a
# real PostgreSQL holding the alarm state. Open dashboards on the aggregator; after a
# while the script reads the history back from Prometheus into a recording a dashboard
# that never recorded it can scrub. Ctrl-C stops everything.
#
#   docs/examples/noc-on-loopback.sh [build/release]
#
# Needs Debian's prometheus and postgresql-15 (make test installs both).
set -euo pipefail
build=${1:-build/release}
bin=$(cd "$build/app" && pwd)
work=$(mktemp -d /tmp/vigil-noc.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    echo "logs and data kept in $work"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# PostgreSQL, in a folder of its own, as an unprivileged user.
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
runas=()
if [ "$(id -u)" = 0 ]; then runas=(setpriv --reuid=postgres --regid=postgres --clear-groups); chown postgres "$work"; fi
pgport=$(free_port)
"${runas[@]}" "$pgbin/initdb" -D "$work/pg" -U vigil --auth=trust --locale=C -E UTF8 >"$work/initdb.log"
"${runas[@]}" "$pgbin/postgres" -D "$work/pg" -p "$pgport" -k "$work/pg" -c listen_addresses=127.0.0.1 \
    -c fsync=off >"$work/postgres.log" 2>&1 &
pids+=($!)
until "$pgbin/pg_isready" -h 127.0.0.1 -p "$pgport" -q; do sleep 0.2; done
"$pgbin/createdb" -h 127.0.0.1 -p "$pgport" -U vigil vigil

# Prometheus, taking remote writes.
promport=$(free_port)
echo 'global: {scrape_interval: 15s}' >"$work/prometheus.yml"
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
    --web.listen-address="127.0.0.1:$promport" --web.enable-remote-write-receiver >"$work/prometheus.log" 2>&1 &
pids+=($!)
until curl -sf "http://127.0.0.1:$promport/-/ready" >/dev/null; do sleep 0.2; done

# Three pods and their aggregator.
upstreams=()
for pod in p1 p2 p3; do
    port=$(free_port)
    "$bin/vigil-gateway" --listen "127.0.0.1:$port" --pod "$pod" --gpus 512 >"$work/$pod.log" 2>&1 &
    pids+=($!)
    upstreams+=(--upstream "127.0.0.1:$port")
done
sleep 1
aggport=$(free_port)
"$bin/vigil-gateway" --listen "127.0.0.1:$aggport" "${upstreams[@]}" \
    --remote-write "http://127.0.0.1:$promport/api/v1/write" --remote-write-interval 5 \
    --shared-state "host=127.0.0.1 port=$pgport dbname=vigil user=vigil" --name aggregator \
    >"$work/aggregator.log" 2>&1 &
pids+=($!)
until grep -q "serving" "$work/aggregator.log"; do sleep 0.2; done
cat "$work/aggregator.log"

cat <<HOW
Open dashboards on the aggregator (each acknowledges for all):
  $bin/vigil --gateway 127.0.0.1:$aggport
Kill one pod (its GPUs alone go silent: the Data age overlay):
  kill ${pids[2]}     # p1
Prometheus: http://127.0.0.1:$promport   PostgreSQL: psql -h 127.0.0.1 -p $pgport -U vigil vigil
Bookmarks made while replaying (B) are shared: SELECT * FROM vigil_bookmarks; in psql, and
File → Open history from Prometheus… in a dashboard shows them on its timeline.
In two minutes the history is read back from Prometheus into $work/history.vigil.
HOW
sleep 120
# The simulated cluster keeps its own clock (from 2026-11-02 00:00 UTC).
"$bin/vigil-record" --from-prometheus "http://127.0.0.1:$promport" \
    --since 2026-11-02T00:00:00Z --until 2026-11-02T00:02:00Z --step 5 --out "$work/history.vigil"
echo "Scrub it: $bin/vigil --replay $work/history.vigil"
wait
