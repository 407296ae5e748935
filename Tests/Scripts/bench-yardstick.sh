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
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk nodejs node-graphql >/dev/null
  else
    echo "bench-yardstick: needs wrk, nodejs and node-graphql" >&2; exit 2
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
SERVE="$BIN serve --port {port} --log-level off"
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

python3 - "$OUT/results.json" "$MODE" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
meta, servers = data["meta"], data["servers"]
node, ours = servers["node-graphql-js"]["queries"], servers["menagerie"]["queries"]
print("%s, %d CPUs (%s), server pinned: %s, wrk -c%d -d%ds, Menagerie upstreams: %s" % (
    meta["date"], meta["cpus"], meta["cpu_model"], meta["pinned"], meta["wrk"]["connections"],
    meta["wrk"]["duration_s"], sys.argv[2]))
print("| query | node + graphql-js req/s | p99 ms | Menagerie req/s | p99 ms | ratio | Menagerie µs/req | RSS MiB (node / Menagerie) |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for q in sorted(ours):
    n, m = node[q], ours[q]
    print("| %s | %s | %.1f | %s | %.1f | %.2fx | %.0f | %.0f / %.0f |" % (
        q.upper(), format(round(n["rps"]), ","), n["p99_ms"], format(round(m["rps"]), ","), m["p99_ms"],
        m["rps"] / n["rps"], 1e6 / m["rps"] if meta["pinned"] else float("nan"),
        n["peak_rss_kib"] / 1024, m["peak_rss_kib"] / 1024))
PY
