#!/bin/sh
# Regenerates the type-system case tests (Tests/GraphQLTests/Type/*CasesTests.swift)
# and the expected printSchema output of the GitHub schema, with graphql-js as the
# oracle. Needs: node-graphql (apt-get install node-graphql), python3, and a
# checkout of graphql-js 16.x.x at $GRAPHQL_JS (default: /work/.mirror/graphql+graphql-js/repo).
# The generated tests were then kept as they are; run this only to start over.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
GRAPHQL_JS=${GRAPHQL_JS:-/work/.mirror/graphql+graphql-js/repo}
WORK=${WORK:-/tmp/ts}
mkdir -p "$WORK/src"
for f in src/type/__tests__/validation-test.ts src/utilities/__tests__/buildASTSchema-test.ts \
         src/utilities/__tests__/printSchema-test.ts src/utilities/__tests__/extendSchema-test.ts \
         src/type/__tests__/schema-test.ts; do
  git -C "$GRAPHQL_JS" show "HEAD:$f" > "$WORK/src/$(basename "$f")"
done
cd "$WORK"
python3 "$HERE/extract-cases.py"
NODE_PATH=/usr/share/nodejs node "$HERE/oracle-cases.js"
OUT="$ROOT/Tests/GraphQLTests/Type" python3 "$HERE/generate-swift.py"
SHARED=${SHARED:-$ROOT/../shared}
[ -d "$SHARED" ] || SHARED=$ROOT/../../shared
NODE_PATH=/usr/share/nodejs node "$HERE/print-schema.js" "$SHARED/bench/github-schema.graphql" \
  > "$ROOT/Tests/GraphQLTests/Type/Expected/github-schema.printed.graphql"
