# Sourced by the test commands (Tests/Scripts/test.sh, .ci/run): what the suites need, checked
# before anything builds, and the Python tools in a virtual environment of the checkout's own.
#
#   need_tools redis-server node ...   each command present, installed (Debian, as root) or a clear error
#   use_venv                           creates or reuses .venv with graphql-core, puts it first in PATH
#
# Nothing is installed with the system's pip (PEP 668 refuses it on a stock Debian 12).

export DEBIAN_FRONTEND=noninteractive
_apt_updated=0

# The Debian package that provides each command the suites use.
_package_of() {
    case "$1" in
        redis-server) echo redis-server ;;
        node) echo nodejs ;;
        chromium) echo chromium ;;
        haproxy) echo haproxy ;;
        *) echo "$1" ;;
    esac
}

_have() {
    case "$1" in
        chromium) command -v chromium >/dev/null || command -v chromium-browser >/dev/null || [ -n "${CHROMIUM:-}" ] ;;
        haproxy) command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] ;;
        *) command -v "$1" >/dev/null ;;
    esac
}

need_tools() {
    local missing=() tool package
    for tool in "$@"; do
        _have "$tool" && continue
        package=$(_package_of "$tool")
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            echo "installing $package (Debian) for $tool" >&2
            if [ "$_apt_updated" = 0 ]; then apt-get update -qq >/dev/null || true; _apt_updated=1; fi
            apt-get install -y -qq "$package" >/dev/null || true
        fi
        _have "$tool" || missing+=("$tool (Debian package $package)")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        echo "error: the tests need ${missing[*]}; it is not installed and cannot be installed here" >&2
        echo "       (as root with apt-get: apt-get install -y $(for t in "$@"; do _have "$t" || _package_of "$t"; done | tr '\n' ' '))" >&2
        exit 1
    fi
}

need_shared() {
    if [ ! -f ../shared/upstreams/README.md ] || [ ! -d ../shared/conformance ]; then
        echo "error: the tests read ../shared (the reference data beside the checkout): $(cd .. && pwd)/shared is missing" >&2
        exit 1
    fi
}

# .venv: graphql-core 3.2 (the stub upstreams' D&D endpoint and the oracles).
use_venv() {
    command -v python3 >/dev/null || { echo "error: the tests need python3" >&2; exit 1; }
    if [ ! -x .venv/bin/python3 ]; then
        if ! python3 -m venv .venv >/dev/null 2>&1; then
            rm -rf .venv
            if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
                apt-get install -y -qq python3-venv >/dev/null || true
            fi
            python3 -m venv .venv || { echo "error: cannot create .venv (python3 -m venv; Debian: apt-get install python3-venv)" >&2; exit 1; }
        fi
    fi
    if ! .venv/bin/python3 -c 'import graphql, sys; sys.exit(0 if graphql.__version__.startswith("3.2") else 1)' 2>/dev/null; then
        .venv/bin/python3 -m pip install -q 'graphql-core>=3.2,<3.3' ||
            { echo "error: cannot install graphql-core into .venv (pip needs PyPI)" >&2; exit 1; }
    fi
    export PATH="$PWD/.venv/bin:$PATH"
}

# Prints a step's name and, when it ends, how long it took.
_step_started=0
step() {
    local now
    now=$(date +%s)
    if [ "$_step_started" != 0 ]; then echo "== done in $((now - _step_started)) s" >&2; fi
    _step_started=$now
    [ "$#" -gt 0 ] && echo "== $* ($(date -u +%H:%M:%S))" >&2
    return 0
}
