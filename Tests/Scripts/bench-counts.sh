#!/usr/bin/env bash
# Counts per request, exactly, for one query served by a release build: malloc calls,
# swift_retain calls, executor switches (swift_task_switch) and tasks created, through uprobes
# (perf probe). Unlike req/s, the counts do not depend on what else the machine runs, so two
# builds compare on a busy host. A benchmark aid, not a test.
#
#   Tests/Scripts/bench-counts.sh .build/release/menagerie            # Q1 { __typename }
#   N=4000 Q=q3 Tests/Scripts/bench-counts.sh path/to/menagerie       # a query of ../shared/bench/http/queries
#   SERVE_ARGS='--log-level off' Tests/Scripts/bench-counts.sh BIN   # extra arguments for `serve`
#
# The server runs with `--event-loop-budget 100` (the most it takes; SERVE_ARGS can set
# another): a uprobe traps on every call it counts, about a thousand per Q2 request, which
# stretches a request past the default 1 ms budget and sends it to the pool, with a task and two
# thread hand-overs, where under wrk without probes it is answered on its loop (Q2: 0.5-0.9
# tasks per request counted with the default budget, 19 in 800 requests with only the task
# probes; 0.0 with this budget).
#
# Needs perf with uprobes (root) and python3. The probes are added once and left in place.
set -euo pipefail
BIN=${1:?usage: bench-counts.sh MENAGERIE_BINARY}
N=${N:-2000}; Q=${Q:-q1}; PORT=${PORT:-18097}
HERE=$(cd "$(dirname "$0")" && pwd)
QUERY_FILE=${QUERY_FILE:-$HERE/../../../shared/bench/http/queries/$Q.json}
[ -f "$QUERY_FILE" ] || { echo "bench-counts.sh: no query file $QUERY_FILE" >&2; exit 2; }
command -v perf >/dev/null || { echo "bench-counts.sh: needs perf (apt-get install linux-perf)" >&2; exit 2; }

lib() { ldd "$BIN" | awk -v name="$1" 'index($1, name) == 1 { print $3; exit }'; }
probe() { # event name, library, function
    # grep reads the whole list (no -q): perf must not die of SIGPIPE under pipefail.
    perf probe -l 2>/dev/null | grep -F "$1" >/dev/null || perf probe -q -x "$2" "$3" >/dev/null
}
probe probe_libc:malloc "$(lib libc.so)" malloc
probe probe_libswiftCore:swift_retain "$(lib libswiftCore)" swift_retain
probe probe_libswift_Concurrency:swift_task_switch "$(lib libswift_Concurrency)" swift_task_switch
probe probe_libswift_Concurrency:swift_task_create "$(lib libswift_Concurrency)" swift_task_create

"$BIN" serve --port "$PORT" --event-loop-budget 100 ${SERVE_ARGS:-} >/dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -s -o /dev/null "localhost:$PORT/health" && break; sleep 0.05; done

load() { # requests over 8 keep-alive connections
    python3 - "$PORT" "$1" "$QUERY_FILE" <<'PY'
import http.client, sys, threading
port, n, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
body = open(path, 'rb').read()
def worker(k):
    c = http.client.HTTPConnection('127.0.0.1', port, timeout=60)
    for _ in range(k):
        c.request('POST', '/graphql', body, {'Content-Type': 'application/json'})
        r = c.getresponse(); r.read()
        assert r.status == 200, r.status
threads = [threading.Thread(target=worker, args=(n // 8,)) for _ in range(8)]
[t.start() for t in threads]; [t.join() for t in threads]
PY
}
load 400 # warm: caches, document cache, admission
OUT=$(mktemp)
perf stat -x, -e probe_libc:malloc,probe_libswiftCore:swift_retain,probe_libswift_Concurrency:swift_task_switch,probe_libswift_Concurrency:swift_task_create \
    -p "$SERVER" -o "$OUT" &
STAT=$!
sleep 0.3
load "$N"
sleep 0.2
kill -INT $STAT; wait $STAT 2>/dev/null || true
awk -F, -v n="$N" -v q="$Q" 'NF > 2 && $1 ~ /^[0-9]+$/ { split($3, e, ":"); printf "%s %s/request=%.1f\n", q, e[2], $1 / n }' "$OUT"
rm -f "$OUT"
