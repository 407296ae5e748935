#!/usr/bin/env bash
# The HTTP yardstick of ../shared/bench/http (Menagerie beside node + graphql-js, one query and
# one fresh process at a time, the server pinned to CPU 0 and wrk to CPU 1), as a table with
# the ratio to node and the server CPU per request (µs: one pinned core, saturated, so
# 1e6 / requests per second). A benchmark, not a test.
#
#   Tests/Scripts/bench-yardstick.sh                 # embedded upstreams (the default mode)
#   MODE=live Tests/Scripts/bench-yardstick.sh       # live mode against the recorded-data stubs
#                                                    # on loopback (Tests/Stubs), warm cache
#   MENAGERIE=path/to/menagerie DURATION=10 WARMUP=3 ONLY=q2,q3 Tests/Scripts/bench-yardstick.sh
#   PIN=no Tests/Scripts/bench-yardstick.sh         # both servers unpinned, on every core (wrk shares them)
#   LOG_LEVEL=off Tests/Scripts/bench-yardstick.sh   # Menagerie with --log-level off (default: the
#                                                    # default configuration, info: one access line
#                                                    # per request, to run.sh's log file)
#
# Q1 also gets a ceiling: nginx (Debian nginx-light) answering Q1's exact bytes with `return 200`
# on the same core, same wrk, no access log: the physical limit of one core for this exchange.
#
# Needs wrk, node and Debian's node-graphql (installed when missing and apt-get can); live mode
# also needs graphql-core for the D&D stub (pip).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$(pwd)"
SHARED="${SHARED:-$ROOT/../shared}"
MODE="${MODE:-embedded}"
DURATION="${DURATION:-10}"
WARMUP="${WARMUP:-3}"

need() { command -v "$1" >/dev/null 2>&1; }
if ! need wrk || ! need node || [ ! -d /usr/share/nodejs/graphql ]; then
  if need apt-get && [ "$(id -u)" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk nodejs node-graphql nginx-light >/dev/null
  else
    echo "bench-yardstick: needs wrk, nodejs, node-graphql (and nginx-light for the Q1 ceiling)" >&2; exit 2
  fi
fi

if [ -n "${MENAGERIE:-}" ]; then
  BIN="$(cd "$(dirname "$MENAGERIE")" && pwd)/$(basename "$MENAGERIE")"
else
  swift build -c release --product menagerie >/dev/null
  BIN="$(swift build -c release --show-bin-path)/menagerie"
fi

OUT="$(mktemp -d)"
STUBS=""
cleanup() { [ -n "$STUBS" ] && kill "$STUBS" 2>/dev/null || true; }
trap cleanup EXIT
SERVE="$BIN serve --port {port}"
[ -n "${LOG_LEVEL:-}" ] && SERVE="$SERVE --log-level $LOG_LEVEL"
if [ "$MODE" = live ]; then
  python3 Tests/Stubs/recorded_upstreams.py --shared "$SHARED/upstreams" --api-key bench-key \
    --ports-file "$OUT/ports.json" >/dev/null 2>&1 &
  STUBS=$!
  for _ in $(seq 1 100); do [ -s "$OUT/ports.json" ] && break; sleep 0.1; done
  url() { python3 -c "import json,sys; print(json.load(open('$OUT/ports.json'))[sys.argv[1]])" "$1"; }
  SERVE="env MENAGERIE_THEDOGAPI_KEY=bench-key $SERVE --dog-ceo-url $(url dog-ceo) --thedogapi-url $(url thedogapi)"
  SERVE="$SERVE --zoo-url $(url zoo) --dnd-url $(url dnd5e)"
fi

ARGS=(--menagerie "$SERVE" --duration "$DURATION" --warmup "$WARMUP" --out "$OUT")
[ -n "${ONLY:-}" ] && ARGS+=(--only "$ONLY")
[ "${PIN:-yes}" = no ] && ARGS+=(--no-pin)
"$SHARED/bench/http/run.sh" "${ARGS[@]}" >"$OUT/run.log" 2>&1 || { cat "$OUT/run.log" >&2; exit 1; }

# The Q1 ceiling: nginx returning Q1's answer, pinned like the servers above.
CEILING=""
if need nginx && { [ -z "${ONLY:-}" ] || [[ ",$ONLY," == *",q1,"* ]]; }; then
  mkdir -p "$OUT/nginx/logs"
  NGINX_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  ANSWER='{"data":{"__typename":"Query"}}'
  cat >"$OUT/nginx/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $OUT/nginx/nginx.pid;
error_log $OUT/nginx/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    location /graphql { default_type application/json; return 200 '$ANSWER'; }
  }
}
CONF
  TASKSET_SERVER=(); TASKSET_WRK=()
  if [ "${PIN:-yes}" != no ] && [ "$(nproc)" -ge 2 ]; then TASKSET_SERVER=(taskset -c 0); TASKSET_WRK=(taskset -c 1); fi
  "${TASKSET_SERVER[@]}" nginx -p "$OUT/nginx" -c "$OUT/nginx/nginx.conf" >/dev/null 2>&1 &
  NGINX=$!
  for _ in $(seq 1 50); do curl -s -o /dev/null "http://127.0.0.1:$NGINX_PORT/graphql" && break; sleep 0.1; done
  export WRK_BODY_FILE="$SHARED/bench/http/queries/q1.json"
  "${TASKSET_WRK[@]}" wrk -t1 -c64 -d"${WARMUP}s" -s "$SHARED/bench/http/post.lua" "http://127.0.0.1:$NGINX_PORT/graphql" >/dev/null 2>&1
  "${TASKSET_WRK[@]}" wrk -t1 -c64 -d"${DURATION}s" --latency -s "$SHARED/bench/http/post.lua" \
    "http://127.0.0.1:$NGINX_PORT/graphql" >"$OUT/nginx.txt" 2>&1
  kill "$NGINX" 2>/dev/null || true; wait "$NGINX" 2>/dev/null || true
  CEILING="$OUT/nginx.txt"
fi

python3 - "$OUT/results.json" "$MODE" "$CEILING" "${LOG_LEVEL:-info (default)}" <<'PY'
import json, re, sys
data = json.load(open(sys.argv[1]))
meta, servers = data["meta"], data["servers"]
node, ours = servers["node-graphql-js"]["queries"], servers["menagerie"]["queries"]
print("%s, %d CPUs (%s), server pinned: %s, wrk -c%d -d%ds, Menagerie upstreams: %s" % (
    meta["date"], meta["cpus"], meta["cpu_model"], meta["pinned"], meta["wrk"]["connections"],
    meta["wrk"]["duration_s"], sys.argv[2]) + ", Menagerie log level: " + sys.argv[4])
print("| query | node + graphql-js req/s | p99 ms | Menagerie req/s | p99 ms | ratio | Menagerie µs/req | RSS MiB (node / Menagerie) |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for q in sorted(ours):
    n, m = node[q], ours[q]
    print("| %s | %s | %.1f | %s | %.1f | %.2fx | %.0f | %.0f / %.0f |" % (
        q.upper(), format(round(n["rps"]), ","), n["p99_ms"], format(round(m["rps"]), ","), m["p99_ms"],
        m["rps"] / n["rps"], 1e6 / m["rps"] if meta["pinned"] else float("nan"),
        n["peak_rss_kib"] / 1024, m["peak_rss_kib"] / 1024))
if sys.argv[3] and "q1" in ours:
    text = open(sys.argv[3]).read()
    rps = float(re.search(r"Requests/sec:\s+([0-9.]+)", text).group(1))
    p99 = re.search(r"99%\s+([0-9.]+)(us|ms|s)", text)
    p99_ms = float(p99.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    print()
    print("Q1 ceiling: nginx `return 200` with Q1's answer, same core and wrk: %s req/s, p99 %.1f ms; "
          "Menagerie reaches %.0f%% of it" % (format(round(rps), ","), p99_ms, 100 * ours["q1"]["rps"] / rps))
PY
