#!/usr/bin/env bash
# How Menagerie's throughput scales from one core to every core, with where the CPU goes.
# A benchmark, not a test.
#
# For each query of ../shared/bench/http/queries, ROUNDS times, alternating: a fresh server
# pinned to CPU 0 with wrk on CPU 1 ("one core"), then a fresh server and wrk both unpinned
# ("all cores"; wrk shares the server's cores). Each line gives the requests per second, the
# CPU the server and wrk used (in cores, from /proc) and the server's CPU per request (µs).
# The table ends with the median ratio all cores / one core per query.
#
#   Tests/Scripts/bench-cores.sh                         # q2 and q3, 3 rounds, 8 s each
#   ONLY="q1 q2 q3 q4" ROUNDS=5 DURATION=10 Tests/Scripts/bench-cores.sh
#   MENAGERIE=path/to/menagerie Tests/Scripts/bench-cores.sh
#   IN_PROCESS=no Tests/Scripts/bench-cores.sh           # without the in-process table
#
# Why the CPU columns: on a machine with two cores, wrk's own CPU comes out of the cores the
# server would use; with s µs of server CPU and w µs of wrk CPU per request, two cores give
# at most 2s/(s+w) times one core's throughput. The server's µs per request, the same on one
# core and on all, shows that the server itself scales; the wrk column shows the ceiling.
set -euo pipefail
cd "$(dirname "$0")/../.."
SHARED="${SHARED:-$(pwd)/../shared}"
DURATION="${DURATION:-8}"
ROUNDS="${ROUNDS:-3}"
ONLY="${ONLY:-q2 q3}"
PORT="${PORT:-9390}"

command -v wrk >/dev/null || { echo "bench-cores: needs wrk (apt-get install wrk)" >&2; exit 2; }
command -v taskset >/dev/null || { echo "bench-cores: needs taskset (util-linux)" >&2; exit 2; }
if [ -n "${MENAGERIE:-}" ]; then
  BIN="$MENAGERIE"
else
  swift build -c release --product menagerie >/dev/null
  BIN="$(swift build -c release --show-bin-path)/menagerie"
fi

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }   # user + system, in clock ticks
HZ="$(getconf CLK_TCK)"
OUT="$(mktemp)"
trap 'rm -f "$OUT"' EXIT

run() {  # run QUERY MODE → "QUERY MODE RPS SERVER_CORES WRK_CORES US_PER_REQUEST"
  local query="$1" mode="$2" server_pin="" wrk_pin=""
  if [ "$mode" = one-core ]; then server_pin="taskset -c 0"; wrk_pin="taskset -c 1"; fi
  $server_pin "$BIN" serve --port "$PORT" --log-level off >/dev/null 2>&1 &
  local server=$!
  for _ in $(seq 1 50); do
    curl -s -o /dev/null "http://127.0.0.1:$PORT/health" && break
    sleep 0.1
  done
  export WRK_BODY_FILE="$SHARED/bench/http/queries/$query.json"
  $wrk_pin wrk -t1 -c64 -d2s -s "$SHARED/bench/http/post.lua" "http://127.0.0.1:$PORT/graphql" >/dev/null
  local before; before="$(ticks "$server")"
  $wrk_pin wrk -t1 -c64 -d"${DURATION}s" -s "$SHARED/bench/http/post.lua" "http://127.0.0.1:$PORT/graphql" >"$OUT" &
  local client=$!
  local client_ticks=0
  while kill -0 "$client" 2>/dev/null; do
    client_ticks="$(ticks "$client" 2>/dev/null || echo "$client_ticks")"
    sleep 0.5
  done
  wait "$client"
  local after; after="$(ticks "$server")"
  kill "$server"; wait "$server" 2>/dev/null || true
  local rps; rps="$(awk '/Requests\/sec/ {print $2}' "$OUT")"
  python3 -c "
import sys
q, mode, rps, server, client, hz, d = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), float(sys.argv[7])
cores = server / hz / d
print('%s %s %.0f %.2f %.2f %.0f' % (q, mode, rps, cores, client / hz / d, cores * 1e6 / rps))
" "$query" "$mode" "$rps" "$((after - before))" "$client_ticks" "$HZ" "$DURATION"
}

echo "$(date -u +%Y-%m-%dT%H:%M), $(nproc) CPUs ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), wrk -t1 -c64 -d${DURATION}s, $ROUNDS rounds"
echo "| query | run | req/s | server cores | wrk cores | server µs/req |"
echo "|---|---|---:|---:|---:|---:|"
RESULTS=()
for query in $ONLY; do
  for _ in $(seq 1 "$ROUNDS"); do
    for mode in one-core all-cores; do
      line="$(run "$query" "$mode")"
      RESULTS+=("$line")
      read -r q m rps cores wrk us <<<"$line"
      echo "| ${q^^} | $m | $rps | $cores | $wrk | $us |"
    done
  done
done
printf '%s\n' "${RESULTS[@]}" | python3 -c "
import sys, statistics
rows = [l.split() for l in sys.stdin if l.strip()]
for q in dict.fromkeys(r[0] for r in rows):
    one = statistics.median(float(r[2]) for r in rows if r[0] == q and r[1] == 'one-core')
    all_ = statistics.median(float(r[2]) for r in rows if r[0] == q and r[1] == 'all-cores')
    print('%s: all cores / one core = %.2fx (medians %.0f / %.0f req/s)' % (q.upper(), all_ / one, all_, one))
"

# Without sockets or wrk: the same queries answered in process by the server's request handler
# (`menagerie bench app --tasks N`), from one task and from one task per CPU sharing one app (what
# the app's shared state costs across cores), and the host's own ceiling: the same single-task
# bench run alone on CPU 0, then on every CPU at once in separate processes (sharing nothing).
[ "${IN_PROCESS:-yes}" = yes ] || exit 0
CPUS="$(nproc)"
rate() { awk -v id="$1" '$1 == "menagerie" && $2 == id {print $3}'; }
echo
echo "In process, $CPUS tasks against 1 (shared app) and $CPUS processes against 1 (host ceiling):"
echo "| query | 1 task req/s | $CPUS tasks req/s | shared app | host ceiling |"
echo "|---|---:|---:|---:|---:|"
for query in $ONLY; do
  document="$(mktemp)"
  python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['query'])" \
    "$SHARED/bench/http/queries/$query.json" >"$document"
  bench=("$BIN" bench app --document "$document" --warmup 1 --batches 5)
  shared="$("${bench[@]}" --tasks "$CPUS")"
  alone="$(taskset -c 0 "${bench[@]}" | rate app)"
  pair="$(for cpu in $(seq 0 $((CPUS - 1))); do taskset -c "$cpu" "${bench[@]}" | rate app & done; wait)"
  rm -f "$document"
  python3 -c "
import sys
q, one, many, alone = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
each = [float(x) for x in sys.argv[5].split()]
print('| %s | %.0f | %.0f | %.2fx | %.2fx |' % (q.upper(), one, many, many / one, sum(each) / alone))
" "$query" "$(rate handler-tasks-1 <<<"$shared")" "$(rate "handler-tasks-$CPUS" <<<"$shared")" "$alone" "$pair"
done
