#!/bin/sh
# Engine workloads W1-W6 for two Menagerie binaries and graphql-js in one run: each round runs
# BASELINE, then CANDIDATE, then graphql-js (W1-W3 with bench-parse-graphql-js.js, W4-W6 with
# bench-execute-graphql-js.js), ROUNDS times (default 2); prints medians and the ratios to
# graphql-js, so "before" and "after" are measured under the same conditions.
#
# Usage: Tests/Scripts/bench-compare.sh BASELINE_BINARY CANDIDATE_BINARY [--bench-dir DIR]
# Needs: node and graphql-js (apt-get install -y node-graphql). Quiet machine, release builds.
set -eu
cd "$(dirname "$0")/../.."
BASELINE="$1"; CANDIDATE="$2"; shift 2
BENCH_DIR=""
[ "${1:-}" = "--bench-dir" ] && BENCH_DIR="$2"
if [ -z "$BENCH_DIR" ]; then
    for candidate in ../shared/bench ../../shared/bench; do
        if [ -f "$candidate/kitchen-sink.graphql" ]; then BENCH_DIR="$candidate"; break; fi
    done
fi
[ -n "$BENCH_DIR" ] || { echo "bench-compare.sh: cannot find shared/bench; pass --bench-dir DIR" >&2; exit 2; }
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
ROUNDS="${ROUNDS:-2}"
round=1
while [ "$round" -le "$ROUNDS" ]; do
    "$BASELINE" bench W1 W2 W3 W4 W5 W6 --bench-dir "$BENCH_DIR" | awk '$1 == "menagerie" { print "baseline", $2, $3 }' >>"$OUT/all"
    "$CANDIDATE" bench W1 W2 W3 W4 W5 W6 --bench-dir "$BENCH_DIR" | awk '$1 == "menagerie" { print "candidate", $2, $3 }' >>"$OUT/all"
    node Tests/Scripts/bench-parse-graphql-js.js "$BENCH_DIR" W1 W2 W3 | awk '$1 == "graphql-js" { print "graphql-js", $2, $3 }' >>"$OUT/all"
    node Tests/Scripts/bench-execute-graphql-js.js "$BENCH_DIR" W4 W5 W6 | awk '$1 == "graphql-js" { print "graphql-js", $2, $3 }' >>"$OUT/all"
    round=$((round + 1))
done
median() { awk -v e="$1" -v w="$2" '$1 == e && $2 == w { print $3 }' "$OUT/all" | sort -n |
    awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
echo "workload   baseline ops/s  candidate ops/s  graphql-js ops/s  baseline/js  candidate/js  (median of $ROUNDS)"
for w in W1 W2 W3 W4 W5 W6; do
    b="$(median baseline "$w")"; c="$(median candidate "$w")"; j="$(median graphql-js "$w")"
    awk -v w="$w" -v b="$b" -v c="$c" -v j="$j" 'BEGIN { printf "%-9s %15.1f %16.1f %17.1f %11.2fx %12.2fx\n", w, b, c, j, b / j, c / j }'
done
