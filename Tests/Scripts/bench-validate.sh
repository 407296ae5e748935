#!/bin/sh
# Validation benchmark W3 (the introspection query validated against the
# GitHub schema with all specified rules): Menagerie (release build) against
# graphql-js (node-graphql), same inputs, same rules (2 s warm-up, 5 one-second
# batches, median), one engine at a time, alternating for ROUNDS rounds
# (default 1). Then the overlapping-fields scaling check
# (`menagerie bench validate-scaling`).
#
# Usage: Tests/Scripts/bench-validate.sh [--bench-dir DIR]
# Needs: node and graphql-js (apt-get install -y node-graphql).
set -eu
cd "$(dirname "$0")/../.."

BENCH_DIR=""
while [ $# -gt 0 ]; do
    case "$1" in
        --bench-dir) BENCH_DIR="$2"; shift 2 ;;
        --bench-dir=*) BENCH_DIR="${1#*=}"; shift ;;
        *) echo "bench-validate.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
if [ -z "$BENCH_DIR" ]; then
    for candidate in ../shared/bench ../../shared/bench ../../../shared/bench; do
        if [ -f "$candidate/github-schema.graphql" ]; then BENCH_DIR="$candidate"; break; fi
    done
fi
[ -n "$BENCH_DIR" ] || { echo "bench-validate.sh: cannot find shared/bench; pass --bench-dir DIR" >&2; exit 2; }

swift build -c release --product menagerie >/dev/null
BIN="$(swift build -c release --show-bin-path)/menagerie"
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"

OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
ROUNDS="${ROUNDS:-1}"
round=1
while [ "$round" -le "$ROUNDS" ]; do
    "$BIN" bench W3 --bench-dir "$BENCH_DIR" >"$OUT/menagerie.$round"
    node Tests/Scripts/bench-validate-graphql-js.js "$BENCH_DIR" W3 >"$OUT/graphql-js.$round"
    cat "$OUT/menagerie.$round" "$OUT/graphql-js.$round"
    round=$((round + 1))
done

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
m="$(cat "$OUT"/menagerie.* | awk '$1 == "menagerie" && $2 == "W3" { print $3 }' | median)"
j="$(cat "$OUT"/graphql-js.* | awk '$1 == "graphql-js" && $2 == "W3" { print $3 }' | median)"
echo
echo "workload  menagerie ops/s  graphql-js ops/s  ratio   (median over $ROUNDS round(s))"
awk -v m="$m" -v j="$j" 'BEGIN { printf "%-9s %16.1f %17.1f  %5.2fx\n", "W3", m, j, (j > 0 ? m / j : 0) }'
echo
echo "Overlapping-fields scaling (thread CPU time, best of 15 runs each):"
"$BIN" bench validate-scaling
