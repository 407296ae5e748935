#!/usr/bin/env bash
# Re-records Tests/GraphQLTests/Execution/Fixtures/incremental/expected.jsonl with graphql-core
# 3.3.2 (graphql-js 17's incremental delivery), in a virtual environment of its own (.venv-gc33:
# .venv holds graphql-core 3.2 for the stub upstreams, and the two versions conflict).
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v python3 >/dev/null || { echo "error: needs python3" >&2; exit 1; }
if [ ! -x .venv-gc33/bin/python3 ]; then
    python3 -m venv .venv-gc33 || { echo "error: cannot create .venv-gc33 (Debian: apt-get install python3-venv)" >&2; exit 1; }
fi
if ! .venv-gc33/bin/python3 -c 'import graphql, sys; sys.exit(0 if graphql.__version__ == "3.3.2" else 1)' 2>/dev/null; then
    .venv-gc33/bin/python3 -m pip install -q 'graphql-core==3.3.2' ||
        { echo "error: cannot install graphql-core 3.3.2 into .venv-gc33 (pip needs PyPI)" >&2; exit 1; }
fi
exec .venv-gc33/bin/python3 Tests/Scripts/incremental-oracle.py "$@"
