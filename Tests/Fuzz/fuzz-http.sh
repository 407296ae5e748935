#!/usr/bin/env bash
# Fuzzes the HTTP request parser with libFuzzer for a bounded time.
#
#   Tests/Fuzz/fuzz-http.sh [SECONDS]     (default 60)
#
# Builds the parser's source files (a pure function of bytes) together with
# Tests/Fuzz/FuzzHTTPRequestParser.swift with -sanitize=fuzzer,address, seeds a corpus
# with valid and hostile requests, and runs. Exit status non-zero on a crash; the
# crashing input is left in .build/fuzz-http/.
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_TO_RUN="${1:-60}"
OUT=.build/fuzz-http
mkdir -p "$OUT/corpus"
SOURCES=(
  Sources/HTTPServer/HTTPRequestParser.swift
  Sources/HTTPServer/HTTPRequest.swift
  Sources/HTTPServer/HTTPHeaders.swift
  Sources/HTTPServer/HTTPLimits.swift
  Tests/Fuzz/FuzzHTTPRequestParser.swift
)
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name HTTPFuzz "${SOURCES[@]}" -o "$OUT/fuzz-http"

seed() { printf "$2" > "$OUT/corpus/$1"; }
seed get 'GET /graphql?query=%%7Ba%%7D HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n'
seed post 'POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 17\r\n\r\n{"query":"{ a }"}'
seed chunked 'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n0\r\nT: 1\r\n\r\n'
seed pipelined 'GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\nHEAD /c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'
seed smuggle 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'
seed expect 'POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nabc'

cd "$OUT"
status=0
SWIFT_BACKTRACE=enable=no ./fuzz-http -max_total_time="$SECONDS_TO_RUN" -max_len=4096 -print_final_stats=1 \
  corpus >fuzz.log 2>&1 || status=$?
grep -v '^INFO\|^#[0-9]' fuzz.log | tail -n 30
grep '^#[0-9]*.*DONE\|^Done' fuzz.log || true
ls crash-* 2>/dev/null && echo "fuzz-http: crash (input saved in $OUT)" >&2
exit "$status"
