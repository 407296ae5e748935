#!/usr/bin/env bash
# A local Menagerie cluster on loopback: one Redis, N replicas, HAProxy in front.
# Uses Debian's redis-server and haproxy (installed with apt-get when missing and run as root).
#
#   deploy/cluster.sh up [--replicas N] [--port P] [--redis-port R] [--no-redis]
#                        [--dir D] [--binary B] [-- SERVE-ARGUMENTS...]
#   deploy/cluster.sh down [--dir D]
#   deploy/cluster.sh status [--dir D]
#   deploy/cluster.sh start-replica K [--dir D]     (again, after it stopped or was killed)
#   deploy/cluster.sh start-redis [--dir D]         (again, after it stopped or was killed)
#
# HAProxy listens on 127.0.0.1:P (default 8080); replica K (1..N) on P+K; Redis on R
# (default P+1000). Every replica runs `menagerie serve --port P+K --redis redis://127.0.0.1:R
# --shutdown-delay 2 SERVE-ARGUMENTS` (so SIGTERM takes it out of the pool before it stops).
# State, pids and logs go to D (default /tmp/menagerie-cluster); `up` prints the URLs.
#
# `up` refuses at once when one of those ports is taken, and succeeds only when HAProxy itself
# answers and every replica is UP behind it (HAProxy's own view, from its stats socket); when
# anything fails, it stops what it started. The binary is a release build:
#   swift build -c release        (or --binary PATH)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
command="${1:-}"
[ $# -gt 0 ] && shift

dir=/tmp/menagerie-cluster
replicas=3
port=8080
redis_port=""
use_redis=1
binary=""
replica_index=""
serve_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --replicas) replicas="$2"; shift 2 ;;
        --port) port="$2"; shift 2 ;;
        --redis-port) redis_port="$2"; shift 2 ;;
        --no-redis) use_redis=0; shift ;;
        --dir) dir="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        --) shift; serve_args=("$@"); break ;;
        [0-9]*) replica_index="$1"; shift ;;
        *) echo "cluster.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done

die() { echo "cluster.sh: $*" >&2; exit 1; }

# The usage: the comment block at the top of this file.
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }

# Whether 127.0.0.1:$1 can be bound now.
port_free() {
    python3 - "$1" <<'PY'
import socket, sys
with socket.socket() as probe:
    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        probe.bind(("127.0.0.1", int(sys.argv[1])))
    except OSError:
        sys.exit(1)
PY
}

# HAProxy's view of the backend: "rK STATUS" per replica, from its stats socket.
backend_status() {
    python3 - "$dir/haproxy.sock" <<'PY'
import socket, sys
try:
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(2)
        s.connect(sys.argv[1])
        s.sendall(b"show stat\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
except OSError:
    sys.exit(1)
for line in data.decode().splitlines():
    fields = line.split(",")
    if len(fields) > 17 and fields[0] == "menagerie" and fields[1] not in ("BACKEND", "FRONTEND"):
        print(fields[1], fields[17])
PY
}

# Stops everything a cluster in $dir runs (HAProxy, replicas, Redis) and forgets it.
stop_all() {
    stop_pid_file "$dir/haproxy.pid"
    for file in "$dir"/replica-*.pid; do [ -e "$file" ] && stop_pid_file "$file"; done
    stop_pid_file "$dir/redis.pid"
    rm -f "$dir/cluster.env" "$dir/haproxy.sock"
}

install_missing() {
    local missing=()
    command -v redis-server >/dev/null || missing+=(redis-server)
    command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
    [ ${#missing[@]} -eq 0 ] && return
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "installing ${missing[*]} (Debian)" >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null ||
            { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; }
    else
        die "missing ${missing[*]}: install them (apt-get install ${missing[*]})"
    fi
}

haproxy_bin() { command -v haproxy || echo /usr/sbin/haproxy; }

# Waits until http://127.0.0.1:$1$2 answers 200 (at most $3 seconds).
wait_http() {
    python3 - "$1" "$2" "${3:-30}" <<'PY'
import sys, time, urllib.request
port, path, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
deadline = time.time() + limit
while time.time() < deadline:
    try:
        if urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=1).status == 200:
            sys.exit(0)
    except Exception:
        time.sleep(0.05)
sys.exit(1)
PY
}

load_state() {
    [ -f "$dir/cluster.env" ] || die "no cluster in $dir (run: deploy/cluster.sh up)"
    # shellcheck disable=SC1091
    . "$dir/cluster.env"
}

start_redis() {
    [ "$REDIS" = 1 ] || return 0
    redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no \
        --daemonize no >"$dir/redis.log" 2>&1 &
    echo $! >"$dir/redis.pid"
    for _ in $(seq 1 100); do
        if python3 -c "import socket,sys; s=socket.create_connection(('127.0.0.1',$REDIS_PORT),1); s.sendall(b'PING\r\n'); sys.exit(0 if s.recv(16).startswith(b'+PONG') else 1)" 2>/dev/null; then
            return 0
        fi
        sleep 0.05
    done
    die "redis-server did not answer on port $REDIS_PORT (see $dir/redis.log)"
}

start_replica() {
    local k="$1" replica_port=$((PORT + $1))
    local args=(serve --host 127.0.0.1 --port "$replica_port" --shutdown-delay 2)
    [ "$REDIS" = 1 ] && args+=(--redis "redis://127.0.0.1:$REDIS_PORT")
    "$BINARY" "${args[@]}" ${SERVE_ARGS[@]+"${SERVE_ARGS[@]}"} >"$dir/replica-$k.log" 2>&1 &
    echo $! >"$dir/replica-$k.pid"
    wait_http "$replica_port" /ready 60 || die "replica $k did not become ready (see $dir/replica-$k.log)"
}

stop_pid_file() {  # SIGTERM, wait, then SIGKILL
    local file="$1"
    [ -f "$file" ] || return 0
    local pid
    pid="$(cat "$file")"
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$file"
}

case "$command" in
up)
    install_missing
    [ -n "$binary" ] || binary="$here/../.build/release/menagerie"
    [ -x "$binary" ] || die "no menagerie binary at $binary (swift build -c release, or --binary PATH)"
    [ -n "$redis_port" ] || redis_port=$((port + 1000))
    mkdir -p "$dir"
    [ -f "$dir/cluster.env" ] && die "a cluster already runs from $dir (deploy/cluster.sh down --dir $dir)"
    [[ "$port" =~ ^[0-9]+$ && "$replicas" =~ ^[0-9]+$ && "$redis_port" =~ ^[0-9]+$ ]] || die "--port, --replicas and --redis-port take numbers"
    [ "$replicas" -ge 1 ] || die "--replicas must be at least 1"
    busy=()
    for p in "$port" $(seq $((port + 1)) $((port + replicas))) $([ "$use_redis" = 1 ] && echo "$redis_port"); do
        port_free "$p" || busy+=("$p")
    done
    [ ${#busy[@]} -eq 0 ] || die "port(s) ${busy[*]} already in use on 127.0.0.1: nothing started (choose another --port / --redis-port)"
    {
        printf 'PORT=%q\nREPLICAS=%q\nREDIS_PORT=%q\nREDIS=%q\nBINARY=%q\n' \
            "$port" "$replicas" "$redis_port" "$use_redis" "$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
        printf 'SERVE_ARGS=('
        [ ${#serve_args[@]} -eq 0 ] || printf '%q ' "${serve_args[@]}"
        printf ')\n'
    } >"$dir/cluster.env"
    load_state
    # From here on, a failure stops whatever was started.
    trap 'status=$?; [ $status -eq 0 ] || { echo "cluster.sh: up failed; stopping what it started" >&2; stop_all; }' EXIT
    start_redis
    for k in $(seq 1 "$REPLICAS"); do start_replica "$k"; done
    sed "s|^global\$|global\n    stats socket $dir/haproxy.sock mode 600 level user|" "$here/haproxy.cfg" >"$dir/haproxy.cfg"
    for k in $(seq 1 "$REPLICAS"); do
        echo "    server r$k 127.0.0.1:$((PORT + k))" >>"$dir/haproxy.cfg"
    done
    MENAGERIE_LB_BIND="127.0.0.1:$PORT" "$(haproxy_bin)" -f "$dir/haproxy.cfg" -db >"$dir/haproxy.log" 2>&1 &
    echo $! >"$dir/haproxy.pid"
    # HAProxy itself must answer (not another server on the port) with every replica UP behind it.
    up=0
    for _ in $(seq 1 300); do
        kill -0 "$(cat "$dir/haproxy.pid")" 2>/dev/null || die "haproxy exited (see $dir/haproxy.log: $(tail -n 1 "$dir/haproxy.log"))"
        if [ "$(backend_status 2>/dev/null | grep -c ' UP$')" = "$REPLICAS" ]; then up=1; break; fi
        sleep 0.1
    done
    [ "$up" = 1 ] || die "HAProxy does not see every replica UP after 30 s: $(backend_status | tr '\n' ' ') (see $dir/haproxy.log)"
    wait_http "$PORT" /ready 10 || die "haproxy did not answer on port $PORT (see $dir/haproxy.log)"
    trap - EXIT
    echo "menagerie cluster: http://127.0.0.1:$PORT/graphql (HAProxy) -> replicas on ports $((PORT + 1))-$((PORT + REPLICAS))$([ "$REDIS" = 1 ] && echo ", Redis on $REDIS_PORT"); state in $dir"
    ;;
down)
    [ -f "$dir/cluster.env" ] || { echo "no cluster in $dir"; exit 0; }
    stop_all
    echo "menagerie cluster in $dir stopped"
    ;;
status)
    load_state
    for name in haproxy redis $(for k in $(seq 1 "$REPLICAS"); do echo "replica-$k"; done); do
        file="$dir/$name.pid"
        if [ -f "$file" ] && kill -0 "$(cat "$file")" 2>/dev/null; then echo "$name: running (pid $(cat "$file"))"; else echo "$name: stopped"; fi
    done
    ;;
start-replica)
    load_state
    [ -n "$replica_index" ] || die "start-replica needs the replica's number"
    start_replica "$replica_index"
    echo "replica $replica_index ready on port $((PORT + replica_index))"
    ;;
start-redis)
    load_state
    start_redis
    echo "redis ready on port $REDIS_PORT"
    ;;
*)
    usage
    [ -z "$command" ] || [ "$command" = help ] || [ "$command" = --help ] || { echo "cluster.sh: unknown command '$command'" >&2; exit 2; }
    ;;
esac
