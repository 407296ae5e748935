#!/bin/sh
# Execution benchmarks W4 (introspection), W5 (list, sync) and W6 (list, async): Menagerie
# (release build) against graphql-js (node-graphql), same documents, same rules
# (2 s warm-up, 5 one-second batches interleaved across workloads, median),
# one engine at a time, alternating engines for ROUNDS rounds (default 1).
#
# Usage: Tests/Scripts/bench-execute.sh [--bench-dir DIR] [W4|W5|W6 ...]
# Needs: node and graphql-js (apt-get install -y node-graphql).
set -eu
cd "$(dirname "$0")/../.."

BENCH_DIR=""
WORKLOADS=""
while [ $# -gt 0 ]; do
    case "$1" in
        --bench-dir) BENCH_DIR="$2"; shift 2 ;;
        --bench-dir=*) BENCH_DIR="${1#*=}"; shift ;;
        *) WORKLOADS="$WORKLOADS $1"; shift ;;
    esac
done
[ -n "$WORKLOADS" ] || WORKLOADS="W4 W5 W6"
if [ -z "$BENCH_DIR" ]; then
    for candidate in ../shared/bench ../../shared/bench ../../../shared/bench; do
        if [ -f "$candidate/kitchen-sink.graphql" ]; then BENCH_DIR="$candidate"; break; fi
    done
fi
[ -n "$BENCH_DIR" ] || { echo "bench-execute.sh: cannot find shared/bench; pass --bench-dir DIR" >&2; exit 2; }

swift build -c release --product menagerie >/dev/null
BIN="$(swift build -c release --show-bin-path)/menagerie"
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"

OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
ROUNDS="${ROUNDS:-1}"
round=1
while [ "$round" -le "$ROUNDS" ]; do
    "$BIN" bench $WORKLOADS --bench-dir "$BENCH_DIR" >"$OUT/menagerie.$round"
    node Tests/Scripts/bench-execute-graphql-js.js "$BENCH_DIR" $WORKLOADS >"$OUT/graphql-js.$round"
    cat "$OUT/menagerie.$round" "$OUT/graphql-js.$round"
    round=$((round + 1))
done

echo
echo "workload  menagerie ops/s  graphql-js ops/s  ratio   (median over $ROUNDS round(s))"
for w in $WORKLOADS; do
    m="$(cat "$OUT"/menagerie.* | awk -v w="$w" '$1 == "menagerie" && $2 == w { print $3 }' | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }')"
    j="$(cat "$OUT"/graphql-js.* | awk -v w="$w" '$1 == "graphql-js" && $2 == w { print $3 }' | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }')"
    awk -v w="$w" -v m="$m" -v j="$j" 'BEGIN { printf "%-9s %16.1f %17.1f  %5.2fx\n", w, m, j, (j > 0 ? m / j : 0) }'
done
