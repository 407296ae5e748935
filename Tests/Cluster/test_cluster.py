#!/usr/bin/env python3
"""The local cluster of deploy/: Redis, three replicas and HAProxy on loopback, with the
recorded-data stub upstreams (Tests/Stubs) as every replica's live upstreams.

    python3 Tests/Cluster/test_cluster.py [--binary .build/release/menagerie] [--only NAME]

Starts the stubs, then `deploy/cluster.sh up` (which installs Debian's redis-server and haproxy
when missing), and checks, in order:

  shared_cache      a query through replica A, then through replica B: B made no upstream call;
  persisted_query   an APQ hash registered through A is used (GET, hash only) through B;
  sigkill           a replica SIGKILLed during load (POST, then GET with APQ) through HAProxy:
                    the number of failed client requests is reported, and must be 0;
  sigterm           a replica stopped with SIGTERM: /ready answers 503 and HAProxy takes it out,
                    a request it was executing finishes with its data, no client request fails;
  redis_down        Redis SIGKILLed during load: no failed request; Redis started again: the
                    cache is shared again (a query through A, then B: B made no upstream call);
  busy_port         (first) `up` on a port another server holds: exit 1 naming it, nothing started;
  down              (last) `down` leaves none of the cluster's processes running.

Exit status 0 when every check passed. Missing shared data, a missing binary or a package that
cannot be installed is a failure, never a skip.
"""

import argparse
import hashlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.dirname(os.path.dirname(HERE))
SHARED = os.environ.get("MENAGERIE_SHARED_UPSTREAMS",
                        os.path.join(os.path.dirname(CHECKOUT), "shared", "upstreams"))
STUBS_PROGRAM = os.path.join(CHECKOUT, "Tests", "Stubs", "recorded_upstreams.py")
CLUSTER = os.path.join(CHECKOUT, "deploy", "cluster.sh")
KEY = "cluster-test-key"
REPLICAS = 3

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"  FAIL {message}", flush=True)
    return condition


def free_port_block(size):
    """A base port P such that P..P+size are free now (best effort)."""
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            base = probe.getsockname()[1]
        if base + size >= 65000:
            continue
        ok = True
        for port in range(base, base + size + 1):
            with socket.socket() as s:
                try:
                    s.bind(("127.0.0.1", port))
                except OSError:
                    ok = False
                    break
        if ok:
            return base
    raise RuntimeError("no free block of ports")


def http_request(port, method, target, body=None, headers=None, timeout=10):
    """(status, headers, body) of one request on a new connection."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        all_headers = {"Content-Type": "application/json"} if data is not None else {}
        all_headers.update(headers or {})
        connection.request(method, target, body=data, headers=all_headers)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def graphql_post(port, query, extensions=None):
    body = {"query": query} if query is not None else {}
    if extensions is not None:
        body["extensions"] = extensions
    status, _, data = http_request(port, "POST", "/graphql", body)
    return status, json.loads(data)


def graphql_get(port, params, headers=None):
    target = "/graphql?" + urllib.parse.urlencode(params)
    status, response_headers, data = http_request(port, "GET", target, headers=headers)
    return status, response_headers, json.loads(data) if data else None


class Stubs:
    """The recorded-data stub upstreams as a subprocess."""

    def __init__(self, directory):
        self.ports_file = os.path.join(directory, "ports.json")
        self.process = subprocess.Popen(
            [sys.executable, STUBS_PROGRAM, "--shared", SHARED, "--api-key", KEY, "--ports-file", self.ports_file],
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(directory, "stubs.log"), "w"))
        deadline = time.time() + 60
        while not os.path.exists(self.ports_file):
            if self.process.poll() is not None:
                raise RuntimeError(f"the stub upstreams exited with {self.process.returncode} (see {directory}/stubs.log)")
            if time.time() > deadline:
                raise RuntimeError("the stub upstreams did not start")
            time.sleep(0.05)
        with open(self.ports_file) as handle:
            self.urls = json.load(handle)
        control = urllib.parse.urlsplit(self.urls["control"])
        self.control_port = control.port

    def control(self, path, body=None):
        status, _, data = http_request(self.control_port, "GET" if body is None else "POST", path, body)
        return json.loads(data)

    def reset(self):
        self.control("/reset", {})

    def calls(self):
        """Requests each upstream received since the last reset."""
        return {name: self.control(f"/requests?upstream={name}")["count"]
                for name in ("dog-ceo", "thedogapi", "zoo", "dnd5e")}

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Cluster:
    """deploy/cluster.sh's cluster."""

    def __init__(self, directory, binary, stubs, no_redis=False):
        self.directory = directory
        self.port = free_port_block(REPLICAS + 1)
        self.redis_port = free_port_block(0)
        serve = ["--log-level", "warning",
                 "--dog-ceo-url", stubs.urls["dog-ceo"], "--thedogapi-url", stubs.urls["thedogapi"],
                 "--zoo-url", stubs.urls["zoo"], "--dnd-url", stubs.urls["dnd5e"]]
        environment = dict(os.environ, MENAGERIE_THEDOGAPI_KEY=KEY)
        subprocess.run([CLUSTER, "up", "--replicas", str(REPLICAS), "--port", str(self.port),
                        "--redis-port", str(self.redis_port), "--dir", directory, "--binary", binary,
                        *(["--no-redis"] if no_redis else []), "--", *serve],
                       check=True, env=environment)
        self.environment = environment

    def replica_port(self, k):
        return self.port + k

    def pid(self, name):
        with open(os.path.join(self.directory, f"{name}.pid")) as handle:
            return int(handle.read())

    def start_replica(self, k):
        subprocess.run([CLUSTER, "start-replica", str(k), "--dir", self.directory], check=True, env=self.environment)

    def start_redis(self):
        subprocess.run([CLUSTER, "start-redis", "--dir", self.directory], check=True, env=self.environment)

    def wait_in_pool(self, k, limit=15):
        """Waits until HAProxy's health checks have put replica k back (its /ready is 200 and
        two check intervals passed)."""
        deadline = time.time() + limit
        while time.time() < deadline:
            try:
                if http_request(self.replica_port(k), "GET", "/ready", timeout=1)[0] == 200:
                    time.sleep(1.5)
                    return True
            except OSError:
                pass
            time.sleep(0.1)
        return False

    def down(self):
        subprocess.run([CLUSTER, "down", "--dir", self.directory], check=False)


class Load:
    """Clients sending requests through HAProxy on kept-alive connections until stopped;
    counts answers and failures (a connection error, a status other than 200, or a body
    without data)."""

    def __init__(self, port, make_request, clients=12):
        self.port = port
        self.make_request = make_request
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.ok = 0
        self.failed = []
        self.threads = [threading.Thread(target=self.run, args=(n,), daemon=True) for n in range(clients)]

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self.stopping.set()
        for thread in self.threads:
            thread.join(30)

    def run(self, n):
        connection = None
        sequence = 0
        while not self.stopping.is_set():
            sequence += 1
            method, target, body, headers = self.make_request(n, sequence)
            try:
                if connection is None:
                    connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=15)
                connection.request(method, target, body=body, headers=headers)
                response = connection.getresponse()
                data = response.read()
                if response.status != 200 or b'"data"' not in data or b'"errors"' in data:
                    self.record_failure(f"{response.status} {data[:200]!r}")
                else:
                    with self.lock:
                        self.ok += 1
                if response.getheader("connection", "").lower() == "close":
                    connection.close()
                    connection = None
            except (OSError, http.client.HTTPException) as error:
                self.record_failure(f"{type(error).__name__}: {error}")
                if connection is not None:
                    connection.close()
                connection = None

    def record_failure(self, what):
        with self.lock:
            self.failed.append(what)

    def report(self, label):
        print(f"  {label}: {self.ok + len(self.failed)} requests, {len(self.failed)} failed", flush=True)
        for failure in self.failed[:5]:
            print(f"    {failure}", flush=True)


LOAD_QUERY = "{ breeds(limit: 10) { items { name facts { lifeSpan } } } animals(limit: 5) { items { name } } }"


def post_request(n, sequence):
    return "POST", "/graphql", json.dumps({"query": LOAD_QUERY}).encode(), {"Content-Type": "application/json"}


def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


def apq_get_request(n, sequence):
    extensions = json.dumps({"persistedQuery": {"version": 1, "sha256Hash": sha256(LOAD_QUERY)}})
    target = "/graphql?" + urllib.parse.urlencode({"extensions": extensions})
    return "GET", target, None, {"apollo-require-preflight": "true"}


def upstream_calls_for(stubs, port, query):
    before = stubs.calls()
    status, body = graphql_post(port, query)
    after = stubs.calls()
    return status, body, {name: after[name] - before[name] for name in after}


# ---- the checks -------------------------------------------------------------------------

def check_shared_cache(cluster, stubs):
    query = ("{ breed(id: \"hound/afghan\") { name imageUrl facts { lifeSpan } } "
             "animal(id: 10) { name } monster(index: \"aboleth\") { name hitPoints } }")
    status, body_a, calls_a = upstream_calls_for(stubs, cluster.replica_port(1), query)
    check(status == 200 and "errors" not in body_a, f"shared_cache: replica A answered {status} {body_a}")
    check(sum(calls_a.values()) > 0, f"shared_cache: replica A made no upstream call ({calls_a})")
    status, body_b, calls_b = upstream_calls_for(stubs, cluster.replica_port(2), query)
    check(body_b == body_a, f"shared_cache: replica B answered differently: {body_b}")
    check(sum(calls_b.values()) == 0, f"shared_cache: replica B made upstream calls: {calls_b}")
    print(f"  upstream calls: replica A {calls_a}, replica B {calls_b}", flush=True)


def check_persisted_query(cluster, stubs):
    query = "query Dogs { breeds(limit: 3) { items { id name } } }"
    extensions = {"persistedQuery": {"version": 1, "sha256Hash": sha256(query)}}
    params = {"extensions": json.dumps(extensions), "operationName": "Dogs"}
    status, _, unknown = graphql_get(cluster.replica_port(3), {"extensions": json.dumps(
        {"persistedQuery": {"version": 1, "sha256Hash": sha256(query + " ")}})})
    codes = [e.get("extensions", {}).get("code") for e in (unknown or {}).get("errors", [])]
    check(codes == ["PERSISTED_QUERY_NOT_FOUND"], f"persisted_query: an unknown hash answered {status} {unknown}")
    status, registered = graphql_post(cluster.replica_port(1), query, extensions)
    check(status == 200 and "data" in registered, f"persisted_query: registering through A answered {status} {registered}")
    status, _, used = graphql_get(cluster.replica_port(2), params)
    check(status == 200 and used == registered, f"persisted_query: the hash through B answered {status} {used}")


def kill_during_load(cluster, make_request, label, k):
    with Load(cluster.port, make_request) as load:
        time.sleep(1.5)
        os.kill(cluster.pid(f"replica-{k}"), signal.SIGKILL)
        time.sleep(3)
    load.report(f"{label}, replica {k} SIGKILLed after 1.5 s")
    check(load.ok > 100, f"sigkill: too few answers under load ({label}: {load.ok})")
    check(not load.failed, f"sigkill: {len(load.failed)} failed client requests ({label})")
    cluster.start_replica(k)
    check(cluster.wait_in_pool(k), f"sigkill: replica {k} did not come back")


def check_sigkill(cluster, stubs):
    # Register the load's query for the GET run first (APQ over POST, through HAProxy).
    extensions = {"persistedQuery": {"version": 1, "sha256Hash": sha256(LOAD_QUERY)}}
    status, body = graphql_post(cluster.port, LOAD_QUERY, extensions)
    check(status == 200 and "data" in body, f"sigkill: registering the load query answered {status} {body}")
    kill_during_load(cluster, post_request, "POST", 2)
    kill_during_load(cluster, apq_get_request, "GET (APQ)", 3)


def check_sigterm(cluster, stubs):
    k = 1
    port = cluster.replica_port(k)
    # A request the replica is executing when it is told to stop: its upstream hangs until cleared.
    stubs.control("/fault", {"upstream": "zoo", "fault": "hang"})
    in_flight = {}

    def slow_request():
        try:
            in_flight["answer"] = graphql_post(port, "{ animal(id: 12) { name } }")
        except Exception as error:  # noqa: BLE001 (reported below)
            in_flight["answer"] = (0, {"error": repr(error)})

    slow = threading.Thread(target=slow_request, daemon=True)
    slow.start()
    time.sleep(0.5)
    with Load(cluster.port, post_request) as load:
        time.sleep(1)
        os.kill(cluster.pid(f"replica-{k}"), signal.SIGTERM)
        ready = None
        deadline = time.time() + 1.5
        while time.time() < deadline:
            ready = http_request(port, "GET", "/ready", timeout=2)[0]
            if ready == 503:
                break
            time.sleep(0.05)
        check(ready == 503, f"sigterm: /ready on the stopping replica answered {ready}")
        time.sleep(3)  # past --shutdown-delay 2: the listener is closed
        refused = False
        try:
            http_request(port, "GET", "/health", timeout=2)
        except OSError:
            refused = True
        check(refused, "sigterm: the stopped replica still accepts connections after its shutdown delay")
        stubs.control("/clear", {"upstream": "zoo"})
        slow.join(15)
        time.sleep(1)
    load.report("POST, replica 1 sent SIGTERM")
    check(not load.failed, f"sigterm: {len(load.failed)} failed client requests")
    status, body = in_flight.get("answer", (0, None))
    name = ((body or {}).get("data") or {}).get("animal", {}).get("name")
    check(status == 200 and name and "errors" not in body, f"sigterm: the in-flight request answered {status} {body}")
    print(f"  in-flight request during SIGTERM: {status} {json.dumps(body)[:120]}", flush=True)
    pid = cluster.pid(f"replica-{k}")
    deadline = time.time() + 15
    while time.time() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        check(False, "sigterm: the replica did not exit")
    cluster.start_replica(k)
    check(cluster.wait_in_pool(k), f"sigterm: replica {k} did not come back")


def distinct_queries(port):
    """One query per breed and per monster: each needs an upstream answer no replica has yet
    (or Redis has), so the load below goes through the shared cache while Redis dies."""
    queries = []
    for skip in (0, 100, 200):
        _, body = graphql_post(port, f"{{ breeds(limit: 100, skip: {skip}) {{ items {{ id }} }} }}")
        queries += [f'{{ breed(id: "{item["id"]}") {{ name imageUrl }} }}' for item in body["data"]["breeds"]["items"]]
        _, body = graphql_post(port, f"{{ monsters(limit: 100, skip: {skip}) {{ items {{ id }} }} }}")
        queries += [f'{{ monster(index: "{item["id"]}") {{ name hitPoints }} }}' for item in body["data"]["monsters"]["items"]]
    return queries


def check_redis_down(cluster, stubs):
    queries = distinct_queries(cluster.port)
    check(len(queries) > 200, f"redis_down: only {len(queries)} distinct queries")

    def distinct_request(n, sequence):
        query = queries[(n * 37 + sequence) % len(queries)]
        return "POST", "/graphql", json.dumps({"query": query}).encode(), {"Content-Type": "application/json"}

    with Load(cluster.port, distinct_request) as load:
        time.sleep(0.5)
        os.kill(cluster.pid("redis"), signal.SIGKILL)
        time.sleep(3)
    load.report(f"POST over {len(queries)} distinct queries, Redis SIGKILLed after 0.5 s")
    check(load.ok > 100, f"redis_down: too few answers under load ({load.ok})")
    check(not load.failed, f"redis_down: {len(load.failed)} failed client requests")
    cluster.start_redis()
    # Each attempt asks for data no replica has fetched yet; the replicas' Redis breakers
    # let a call through again after their open interval.
    shared = False
    deadline = time.time() + 40
    # Animals by id: asked by no check before (the load asked for breeds and monsters).
    animals = iter([3, 4, 6, 13, 20, 26, 31, 32, 34, 35, 36, 38, 39, 46, 49, 56, 57, 68, 69, 71, 72, 76, 78, 80,
                    83, 88, 91, 99, 106, 109, 119, 129, 131, 133, 134, 135, 137, 141, 145, 149])
    attempts = 0
    while time.time() < deadline and not shared:
        animal = next(animals, None)
        if animal is None:
            break
        attempts += 1
        query = f"{{ animal(id: {animal}) {{ name }} }}"
        status, body_a, calls_a = upstream_calls_for(stubs, cluster.replica_port(1), query)
        status_b, body_b, calls_b = upstream_calls_for(stubs, cluster.replica_port(2), query)
        shared = sum(calls_a.values()) > 0 and sum(calls_b.values()) == 0 and body_a == body_b
        if not shared:
            time.sleep(1)
    check(shared, "redis_down: the cache was not shared again after Redis came back")
    print(f"  shared again after Redis came back: {shared} (attempt {attempts}, one a second)", flush=True)


CHECKS = [("shared_cache", check_shared_cache), ("persisted_query", check_persisted_query),
          ("sigkill", check_sigkill), ("sigterm", check_sigterm), ("redis_down", check_redis_down)]


def check_busy_port(binary, directory):
    """`up` on a port another server holds: exit 1 with the port named, nothing started, nothing
    left behind; `down` after a good `up` leaves no process of the cluster."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        where = os.path.join(directory, "busy")
        result = subprocess.run([CLUSTER, "up", "--replicas", "1", "--port", str(port), "--dir", where, "--binary", binary],
                                capture_output=True, text=True)
        check(result.returncode == 1, f"busy_port: up on a busy port exited {result.returncode}")
        check(f"port(s) {port}" in result.stderr and "nothing started" in result.stderr,
              f"busy_port: the message names the port: {result.stderr!r}")
        check(not os.path.exists(os.path.join(where, "cluster.env")), "busy_port: a cluster was recorded")
        check(not any(name.endswith(".pid") for name in os.listdir(where)) if os.path.isdir(where) else True,
              "busy_port: something was started")
    usage = subprocess.run([CLUSTER, "bogus"], capture_output=True, text=True)
    check(usage.returncode == 2 and "set -euo" not in usage.stdout and "deploy/cluster.sh up" in usage.stdout,
          f"busy_port: usage of an unknown command: {usage.returncode} {usage.stdout!r}")


def check_down_leaves_nothing(cluster):
    """After `down`, none of the cluster's processes runs."""
    pids = []
    for name in ["haproxy", "redis"] + [f"replica-{k}" for k in range(1, REPLICAS + 1)]:
        try:
            pids.append(cluster.pid(name))
        except (OSError, ValueError):
            pass
    cluster.down()
    alive = []
    for pid in pids:
        try:
            os.kill(pid, 0)
            alive.append(pid)
        except OSError:
            pass
    check(pids and not alive, f"down: processes still running: {alive} (of {pids})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(CHECKOUT, ".build", "release", "menagerie"))
    parser.add_argument("--only", action="append", help="run only these checks (repeatable)")
    parser.add_argument("--no-redis", action="store_true", help="a cluster without Redis (for the HAProxy checks only)")
    args = parser.parse_args()
    if not os.path.isdir(SHARED):
        print(f"test_cluster: the recorded upstream data is missing: {SHARED}", file=sys.stderr)
        return 2
    if not os.access(args.binary, os.X_OK):
        print(f"test_cluster: no menagerie binary at {args.binary}", file=sys.stderr)
        return 2
    directory = tempfile.mkdtemp(prefix="menagerie-cluster-")
    stubs = Stubs(directory)
    cluster = None
    try:
        if not args.only or "busy_port" in args.only:
            print("busy_port", flush=True)
            before = len(failures)
            check_busy_port(os.path.abspath(args.binary), directory)
            print(f"  {'ok' if len(failures) == before else 'FAILED'}", flush=True)
        cluster = Cluster(os.path.join(directory, "cluster"), os.path.abspath(args.binary), stubs, args.no_redis)
        for name, function in CHECKS:
            if args.only and name not in args.only:
                continue
            print(f"{name}", flush=True)
            stubs.reset()
            before = len(failures)
            function(cluster, stubs)
            print(f"  {'ok' if len(failures) == before else 'FAILED'}", flush=True)
        if cluster is not None:
            print("down", flush=True)
            before = len(failures)
            check_down_leaves_nothing(cluster)
            print(f"  {'ok' if len(failures) == before else 'FAILED'}", flush=True)
            cluster = None
    finally:
        if cluster is not None:
            cluster.down()
        stubs.stop()
    if failures:
        print(f"test_cluster: {len(failures)} failure(s); logs in {directory}", file=sys.stderr)
        return 1
    print("test_cluster: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
