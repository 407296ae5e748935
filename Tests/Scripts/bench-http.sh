#!/usr/bin/env bash
# HTTP benchmark of `menagerie serve` with wrk (a benchmark, not a test).
#
#   Tests/Scripts/bench-http.sh            # 10 s per run
#   DURATION=20 CONNECTIONS="64 256" Tests/Scripts/bench-http.sh
#
# Installs wrk (Debian package) if missing, builds in release mode, starts the server
# on a free port with the access log off, then POSTs `{ __typename }` and a typical
# query at 64 and 256 connections. Prints requests/s, p50 and p99 latency per run and
# the server's peak RSS (VmHWM). Environment: DURATION (s), CONNECTIONS, WRK_THREADS,
# SERVE_ARGS (extra `menagerie serve` flags), MENAGERIE (a binary to use instead of building), IDLE_CONNECTIONS (default 10000; 0 skips the
# idle keep-alive memory check, Tests/Scripts/idle-connections.py).
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION="${DURATION:-10}"
CONNECTIONS="${CONNECTIONS:-64 256}"
WRK_THREADS="${WRK_THREADS:-1}"
SERVE_ARGS="${SERVE_ARGS:-}"

if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then apt-get install -y wrk >/dev/null || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }
  else sudo apt-get install -y wrk >/dev/null; fi
fi

if [ -n "${MENAGERIE:-}" ]; then
    BIN="$MENAGERIE"   # a given binary (e.g. to compare two builds in one session)
else
    swift build -c release --product menagerie >/dev/null
    BIN="$(swift build -c release --show-bin-path)/menagerie"
fi

WORK="$(mktemp -d)"
trap 'kill -TERM "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -rf "$WORK"' EXIT
# shellcheck disable=SC2086
"$BIN" serve --port 0 --log-level warning $SERVE_ARGS >"$WORK/serve.out" 2>"$WORK/serve.err" &
PID=$!
for _ in $(seq 1 100); do grep -q "listening on" "$WORK/serve.out" 2>/dev/null && break; sleep 0.1; done
URL="$(grep -o 'http://[^ ]*' "$WORK/serve.out" | head -1)/graphql"
PORT="$(grep -o "[0-9]*$" "$WORK/serve.out" | head -1)"
echo "server: $URL (pid $PID, $(nproc) cores, wrk threads $WRK_THREADS, ${DURATION}s per run)"

lua() { # name, query
  cat >"$WORK/$1.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"
wrk.body = [[{"query":"$2"}]]
LUA
}
lua typename '{ __typename }'
lua typical 'query Typical { breeds(limit: 10) { totalCount items { id name } } animals(limit: 5) { items { name } } }'

# One warm-up run.
wrk -t"$WRK_THREADS" -c16 -d2s -s "$WORK/typename.lua" "$URL" >/dev/null

cpu_ticks() { awk '{print $14 + $15}' "/proc/$PID/stat"; }
TICKS_PER_SECOND="$(getconf CLK_TCK)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) (the figures are only meaningful on an idle machine;"
echo "server CPU per request is the figure least affected by other load)"
printf "%-10s %6s %12s %10s %10s %8s %14s\n" query conns "requests/s" p50 p99 non2xx "server CPU/req"
for query in typename typical; do
  for c in $CONNECTIONS; do
    before="$(cpu_ticks)"
    out="$(wrk -t"$WRK_THREADS" -c"$c" -d"${DURATION}s" --latency -s "$WORK/$query.lua" "$URL")"
    after="$(cpu_ticks)"
    requests="$(awk '/requests in/ {print $1}' <<<"$out")"
    rps="$(awk '/Requests\/sec/ {print $2}' <<<"$out")"
    p50="$(awk '$1 == "50%" {print $2}' <<<"$out")"
    p99="$(awk '$1 == "99%" {print $2}' <<<"$out")"
    non2xx="$(awk '/Non-2xx/ {print $NF}' <<<"$out")"
    errors="$(grep -o 'Socket errors:.*' <<<"$out" || true)"
    cpu_us="$(awk -v t=$((after - before)) -v hz="$TICKS_PER_SECOND" -v n="$requests" 'BEGIN { if (n > 0) printf "%.1f us", t / hz * 1e6 / n; else print "-" }')"
    printf "%-10s %6s %12s %10s %10s %8s %14s %s\n" "$query" "$c" "$rps" "$p50" "$p99" "${non2xx:-0}" "$cpu_us" "$errors"
  done
done
echo "peak RSS: $(awk '/VmHWM/ {print $2, $3}' /proc/$PID/status)"
if [ "${IDLE_CONNECTIONS:-10000}" -gt 0 ]; then
  python3 Tests/Scripts/idle-connections.py "$PORT" "$PID" "${IDLE_CONNECTIONS:-10000}" 2>&1 | sed 's/^/idle: /' || true
fi
