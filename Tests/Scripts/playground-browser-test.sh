#!/usr/bin/env bash
# Runs the playground's browser test (Tests/Playground/test_playground.py)
# in headless Chromium against the real server: starts `menagerie serve` on
# a free port, waits for it, runs the test, stops the server. Then the CORS
# browser test (Tests/Playground/test_cors.py), which starts its own servers
# (`--cors-origin`, none, `*`) and page origins. Fails if either fails.
#
#   Tests/Scripts/playground-browser-test.sh            (after `swift build`)
#   MENAGERIE=.build/release/menagerie Tests/Scripts/playground-browser-test.sh
#
# Installs Debian's chromium first when it is missing and apt-get can.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null && [ -z "${CHROMIUM:-}" ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "installing chromium (Debian)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null || { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
  fi
fi

BIN="${MENAGERIE:-$(swift build --show-bin-path 2>/dev/null || echo .build/debug)/menagerie}"
PORT="${PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
"$BIN" serve --host 127.0.0.1 --port "$PORT" &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true' EXIT

python3 - "$PORT" <<'PY'
import sys, time, urllib.request
port = sys.argv[1]
for _ in range(600):
    try:
        urllib.request.urlopen(f'http://127.0.0.1:{port}/', timeout=2).read()
        sys.exit(0)
    except Exception:
        time.sleep(0.1)
print(f'menagerie serve did not answer on port {port}', file=sys.stderr)
sys.exit(1)
PY

status=0
BASE_URL="http://127.0.0.1:$PORT" python3 Tests/Playground/test_playground.py || status=1
MENAGERIE="$BIN" python3 Tests/Playground/test_cors.py || status=1
exit "$status"
