#!/usr/bin/env bash
# The quick test command: every Swift suite once, in debug (about 6 minutes from a clean clone
# on 2 cores, 2 when already built). Needs the Swift toolchain, ../shared beside the checkout,
# python3 (graphql-core goes into .venv) and redis-server; says so at once when one is missing.
# The full matrix (release, sanitizers, browser, cluster) is .ci/run.
set -euo pipefail
cd "$(dirname "$0")/../.."
. Tests/Scripts/tools.sh

command -v swift >/dev/null || { echo "error: the tests need the Swift toolchain (swift)" >&2; exit 1; }
need_shared
need_tools redis-server
use_venv
step "debug build"
swift build --build-tests
step "every Swift suite (debug)"
swift test --skip-build "$@"
step
