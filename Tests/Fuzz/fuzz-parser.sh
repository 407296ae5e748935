#!/bin/sh
# Fuzzes the GraphQL lexer, parser and printer with libFuzzer + AddressSanitizer
# for a bounded time (default 60 s): Tests/Scripts-style, outside the package build.
#
# Usage: Tests/Fuzz/fuzz-parser.sh [SECONDS] [extra libFuzzer flags...]
# The corpus lives in .build/fuzz/corpus (seeded from the bench documents when
# ../shared/bench exists); crashes are written to .build/fuzz/.
set -eu
cd "$(dirname "$0")/../.."
SECONDS_TO_RUN="${1:-60}"
[ $# -gt 0 ] && shift
OUT=.build/fuzz
mkdir -p "$OUT/corpus"

# The JSON module (GraphQLError uses it), then the fuzz target with the
# Language and Error sources in one module.
swiftc -parse-as-library -wmo -O -sanitize=address -module-name JSON \
    -emit-module -emit-module-path "$OUT/JSON.swiftmodule" \
    -c Sources/JSON/*.swift -o "$OUT/JSON.o"
swiftc -parse-as-library -O -sanitize=fuzzer,address -module-name FuzzParser -I "$OUT" \
    Sources/GraphQL/Language/*.swift Sources/GraphQL/Error/*.swift Tests/Fuzz/FuzzParser.swift \
    "$OUT/JSON.o" -o "$OUT/fuzz-parser"

for dir in ../shared/bench ../../shared/bench; do
    if [ -d "$dir" ]; then
        for f in kitchen-sink.graphql introspection-query.graphql list-query.graphql list-schema.graphql; do
            [ -f "$dir/$f" ] && cp "$dir/$f" "$OUT/corpus/seed-$f"
        done
        break
    fi
done
printf '{ a(b: [1, 2.5e3, "s\\u00e9", """block""", {c: $d}]) @skip(if: true) ...F ... on T { e } }' \
    >"$OUT/corpus/seed-values"
printf 'type T implements I & J @d { f(a: Int = 1): [String!]! }\nextend union U = A | B\ndirective @x repeatable on FIELD | OBJECT' \
    >"$OUT/corpus/seed-sdl"

"$OUT/fuzz-parser" "$OUT/corpus" -max_total_time="$SECONDS_TO_RUN" -max_len=4096 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$OUT/" -print_final_stats=1 "$@"
