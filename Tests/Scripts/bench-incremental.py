#!/usr/bin/env python3
"""Time to the first and the last part of a deferred answer, against the whole answer.

A benchmark, not a test. Starts the recorded-data stub upstreams (Tests/Stubs) with one upstream
made slow (the `slow` fault: its real answer 1 s late), then for each query a fresh
`menagerie serve` in live mode against them (cold caches every time), and prints, median of
RUNS (default 3):

- the plain query: the time to its whole answer;
- the same query with the slow part under `@defer` (or `@stream`): the time to the first part
  (what a client can show at once) and to the last part.

Usage: Tests/Scripts/bench-incremental.py [BINARY (default .build/release/menagerie)]
Needs graphql-core 3.2 for the D&D stub (Tests/Scripts/tools.sh puts it in .venv).
"""
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "menagerie")
SHARED = os.environ.get("SHARED", os.path.join(ROOT, "..", "shared"))
RUNS = int(os.environ.get("RUNS", "3"))
KEY = "bench-key"

CASES = [
    ("breed facts (The Dog API slow)", "thedogapi",
     "{ breeds(limit: 5) { items { name facts { lifeSpan temperament } } } }",
     '{ breeds(limit: 5) { items { name ... @defer(label: "facts") { facts { lifeSpan temperament } } } } }'),
    ("breeds at once, monsters deferred (D&D slow)", "dnd5e",
     '{ breeds(search: "bear") { items { name } } monsters(limit: 3) { items { name hitPoints } } }',
     '{ breeds(search: "bear") { items { name } } ... @defer(label: "monsters") { monsters(limit: 3) { items { name hitPoints } } } }'),
    ("search, each source as it answers (D&D slow)", "dnd5e",
     '{ search(text: "bear") { __typename name } }',
     '{ search(text: "bear") @stream(initialCount: 1) { __typename name } }'),
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(url, body):
    parts = url.split("/", 3)
    host, port = parts[2].split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("POST", "/" + parts[3], json.dumps(body), {"Content-Type": "application/json"})
    return json.loads(connection.getresponse().read() or b"{}")


def timed_request(port, query, accept):
    """(seconds to the first part or the whole answer, seconds to the last part, part count)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    start = time.perf_counter()
    connection.request("POST", "/graphql", json.dumps({"query": query}),
                       {"Content-Type": "application/json", "Accept": accept})
    response = connection.getresponse()
    if response.status != 200:
        raise SystemExit("HTTP %d: %s" % (response.status, response.read()[:300]))
    first = None
    parts = 0
    buffered = b""
    while True:
        chunk = response.read1(65536) if hasattr(response, "read1") else response.read(65536)
        if not chunk:
            break
        buffered += chunk
        found = buffered.count(b"\r\n\r\n{")
        if found > parts:
            parts = found
            if first is None:
                first = time.perf_counter() - start
    last = time.perf_counter() - start
    if parts == 0:  # one JSON answer
        first, parts = last, 1
    return first, last, parts


def serve(ports):
    port = free_port()
    args = [BIN, "serve", "--port", str(port), "--log-level", "off",
            "--dog-ceo-url", ports["dog-ceo"], "--thedogapi-url", ports["thedogapi"],
            "--zoo-url", ports["zoo"], "--dnd-url", ports["dnd5e"]]
    process = subprocess.Popen(args, stdout=subprocess.PIPE, env=dict(os.environ, MENAGERIE_THEDOGAPI_KEY=KEY),
                               text=True)
    process.stdout.readline()  # "menagerie: listening on …"
    return process, port


def main():
    folder = tempfile.mkdtemp()
    ports_file = os.path.join(folder, "ports.json")
    stubs = subprocess.Popen([sys.executable, os.path.join(ROOT, "Tests", "Stubs", "recorded_upstreams.py"),
                              "--shared", os.path.join(SHARED, "upstreams"), "--api-key", KEY,
                              "--ports-file", ports_file])
    try:
        for _ in range(100):
            if os.path.exists(ports_file) and os.path.getsize(ports_file) > 0:
                break
            time.sleep(0.1)
        ports = json.load(open(ports_file))
        print("menagerie %s, live against the recorded-data stubs; the slow upstream answers 1 s late; "
              "median of %d cold runs" % (BIN, RUNS))
        print("| query | plain: whole answer | deferred: first part | deferred: last part | parts |")
        print("|---|---:|---:|---:|---:|")
        for name, slow, plain, deferred in CASES:
            post(ports["control"] + "/reset", {})
            post(ports["control"] + "/fault", {"upstream": slow, "fault": "slow"})
            whole, firsts, lasts, counts = [], [], [], []
            for _ in range(RUNS):
                server, port = serve(ports)
                try:
                    whole.append(timed_request(port, plain, "application/json")[1])
                finally:
                    server.terminate()
                    server.wait()
                server, port = serve(ports)
                try:
                    first, last, parts = timed_request(port, deferred, "multipart/mixed, application/json")
                    firsts.append(first)
                    lasts.append(last)
                    counts.append(parts)
                finally:
                    server.terminate()
                    server.wait()
            print("| %s | %.0f ms | %.0f ms | %.0f ms | %d |" % (
                name, 1000 * statistics.median(whole), 1000 * statistics.median(firsts),
                1000 * statistics.median(lasts), statistics.median(counts)), flush=True)
    finally:
        stubs.terminate()
        stubs.wait()


if __name__ == "__main__":
    main()
