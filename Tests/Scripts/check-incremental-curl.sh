#!/usr/bin/env bash
# An answer in parts as curl sees it (`curl --no-buffer`), over POST, GET and a persisted query:
# multipart/mixed with boundary -, the initial part (hasNext true), the last (hasNext false), the
# end boundary. A check run by .ci/run (the same framing is parsed in MenagerieTests'
# IncrementalHTTPTests).
#
#   MENAGERIE=.build/release/menagerie Tests/Scripts/check-incremental-curl.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN="${MENAGERIE:-$(swift build --show-bin-path 2>/dev/null || echo .build/debug)/menagerie}"
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$BIN" serve --port "$PORT" --log-level off >/dev/null &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$PORT/health" && break; sleep 0.1; done

QUERY='{ breeds(limit: 2) { items { name ... @defer(label: "facts") { facts { lifeSpan } } } } }'
HASH=$(printf '%s' "$QUERY" | sha256sum | cut -d' ' -f1)
fail=0
check() {  # name, curl output (head and body)
  local name=$1 out=$2
  local ok=1
  grep -q $'^Content-Type: multipart/mixed; boundary="-"\r$' <<<"$out" || ok=0
  grep -q $'^Transfer-Encoding: chunked\r$' <<<"$out" || ok=0
  grep -q '"pending":\[{"id":"0","path":\["breeds","items",0\],"label":"facts"}' <<<"$out" || ok=0
  grep -q '"hasNext":true}' <<<"$out" || ok=0
  grep -q '"hasNext":false}' <<<"$out" || ok=0
  [ "$(grep -c $'^---\r$' <<<"$out")" -ge 2 ] || ok=0
  grep -q $'^-----\r$' <<<"$out" || ok=0
  if [ $ok = 1 ]; then echo "  ok    $name"; else echo "  FAIL  $name"; echo "$out" | head -30; fail=1; fi
}
BODY=$(python3 -c 'import json,sys; print(json.dumps({"query": sys.argv[1]}))' "$QUERY")
check "POST" "$(curl -s --no-buffer -i -H 'Content-Type: application/json' -H 'Accept: multipart/mixed' \
  -d "$BODY" "http://127.0.0.1:$PORT/graphql")"
check "GET" "$(curl -s --no-buffer -i -G -H 'Accept: multipart/mixed' --data-urlencode "query=$QUERY" \
  "http://127.0.0.1:$PORT/graphql")"
APQ=$(python3 -c 'import json,sys; print(json.dumps({"query": sys.argv[1], "extensions": {"persistedQuery": {"version": 1, "sha256Hash": sys.argv[2]}}}))' "$QUERY" "$HASH")
curl -s -o /dev/null -H 'Content-Type: application/json' -H 'Accept: multipart/mixed' -d "$APQ" "http://127.0.0.1:$PORT/graphql"
check "persisted query (by its hash)" "$(curl -s --no-buffer -i -H 'Content-Type: application/json' \
  -H 'Accept: multipart/mixed' \
  -d "{\"extensions\":{\"persistedQuery\":{\"version\":1,\"sha256Hash\":\"$HASH\"}}}" "http://127.0.0.1:$PORT/graphql")"
STATUS=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' -H 'Accept: application/json' \
  -d "$BODY" "http://127.0.0.1:$PORT/graphql")
if [ "$STATUS" = 406 ]; then echo "  ok    JSON-only client: 406"; else echo "  FAIL  JSON-only client: $STATUS"; fail=1; fi
exit $fail
