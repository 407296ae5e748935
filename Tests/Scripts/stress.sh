#!/bin/sh
# The release server under concurrent load, for as long as you like:
# builds the product (swift build -c release), then runs BinaryStressTests against it
# (every fixture that needs no fault injection, sent by CLIENTS concurrent clients in
# random order for SECONDS; every response must equal its fixture's).
#
# Usage: Tests/Scripts/stress.sh [SECONDS (default 300)] [CLIENTS (default 64, at least 32)]
set -eu
cd "$(dirname "$0")/../.."
SECONDS_TO_RUN="${1:-300}"
CLIENTS="${2:-64}"
swift build -c release --product menagerie
swift build -c release -Xswiftc -enable-testing --scratch-path .build-rtest --build-tests
MENAGERIE_BINARY="$PWD/.build/release/menagerie" MENAGERIE_STRESS_SECONDS="$SECONDS_TO_RUN" MENAGERIE_STRESS_CLIENTS="$CLIENTS" \
    swift test -c release -Xswiftc -enable-testing --scratch-path .build-rtest --skip-build --filter BinaryStressTests
