#!/usr/bin/env python3
"""Hostile inputs at doubling sizes, up to the limits: time per input for each class.

A benchmark, not a test. For each input class it builds inputs of sizes n, 2n, 4n, 8n (the
largest at or just under the server's limit) and prints the time one input costs and the
ratio to the previous size (linear cost: about 2 per doubling). Parser and validation classes
run in process (`menagerie bench parse|validate`, median of batches: pure CPU); HTTP and
execution classes go through `menagerie serve` on loopback and report the server's CPU time
for one request (all its threads, from /proc; median of five), so a request's fixed cost
(about 0.3 ms: accept, parse, answer, close) is in every figure.

Then it measures GET /health on fresh connections, idle and while four of the worst requests
(120,000 JSON keys, the largest result, a 600,000-line block string, a ring of 1,600
fragments) are sent over and over: the event loops only move bytes, so /health stays fast.

Usage: Tests/Scripts/bench-hostile.py [BINARY (default .build/release/menagerie)]
"""
import glob
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "menagerie")
SCHEMA = os.path.join(ROOT, "Schema", "schema.graphql")
TMP = tempfile.mkdtemp()


def bench(kind, document):
    path = os.path.join(TMP, "doc.graphql")
    with open(path, "w") as f:
        f.write(document)
    args = [BIN, "bench", kind, "--document", path, "--warmup", "0.2", "--batches", "5", "--batch-time", "0.2"]
    if kind == "validate":
        args[3:3] = ["--schema", SCHEMA]
    run = subprocess.run(args, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit("%s failed: %s" % (" ".join(args[:3]), run.stderr.strip()[:300]))
    out = run.stdout
    ops = float(out.split("\n")[0].split()[-1])
    return 1000.0 / ops  # ms per input


def ring(n):
    return "{ breeds { items { ...F0 } } }\n" + "".join(
        "fragment F%d on Breed { name ...F%d }\n" % (i, (i + 1) % n) for i in range(n))


def chain(n):
    return "{ breeds { items { ...F0 } } }\n" + "".join(
        "fragment F%d on Breed { name %s }\n" % (i, "...F%d" % (i + 1) if i + 1 < n else "") for i in range(n))


IN_PROCESS = [
    ("parse: fields", "parse", lambda n: "{ " + "a " * n + "}", [1800, 3600, 7200, 14400]),
    ("parse: nesting", "parse", lambda n: "{ a " * n + "}" * n, [60, 120, 240, 480]),
    ("parse: string", "parse", lambda n: '{ a(s: "' + "x" * n + '") }', [250_000, 500_000, 1_000_000, 2_000_000]),
    ("parse: block string", "parse", lambda n: '{ a(s: """' + "x\n" * n + '""") }', [125_000, 250_000, 500_000, 1_000_000]),
    ("validate: repeated fields", "validate", lambda n: "{ breeds { items { " + "name " * n + "} } }", [600, 1200, 2400, 4800]),
    ("validate: fragment ring", "validate", ring, [200, 400, 800, 1600]),
    ("validate: fragment chain", "validate", chain, [200, 400, 800, 1600]),
    ("validate: variables", "validate", lambda n: "query(" + " ".join("$v%d: Int" % i for i in range(n)) + ") { breeds(limit: $v0) { totalCount } }", [450, 900, 1800, 3600]),
    ("validate: directives", "validate", lambda n: "{ breeds { totalCount " + "@include(if: true) " * n + "} }", [250, 500, 1000, 2000]),
]


def start_server():
    p = subprocess.Popen([BIN, "serve", "--port", "0", "--log-level", "off", "--max-aliases", "50"],
                         stdout=subprocess.PIPE, text=True)
    line = p.stdout.readline()
    return p, int(re.search(r":(\d+)", line.split("//")[1]).group(1))


def server_cpu_ms(pid):
    """CPU time of all the server's threads so far (ms), from /proc/PID/task/*/schedstat."""
    total = 0
    for stat in glob.glob("/proc/%d/task/*/schedstat" % pid):
        try:
            with open(stat) as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError):
            pass  # a thread that just ended
    return total / 1e6


def exchange(port, raw):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(raw)
    s.shutdown(socket.SHUT_WR)
    received = bytearray()
    while True:
        chunk = s.recv(1 << 20)
        if not chunk:
            break
        received += chunk
    s.close()
    return bytes(received)


def timed_request(server, port, raw, expect=b"HTTP/1.1 200 "):
    """Median server CPU time (ms) of one request, over five."""
    times = []
    for _ in range(5):
        before = server_cpu_ms(server.pid)
        answer = exchange(port, raw)
        time.sleep(0.02)  # let the server finish its bookkeeping
        times.append(server_cpu_ms(server.pid) - before)
        if not answer.startswith(expect):
            raise SystemExit("unexpected answer: %r" % answer[:200])
    return sorted(times)[2]


def post(body, chunk=None):
    head = "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
    if chunk is None:
        return (head + "Content-Length: %d\r\n\r\n" % len(body)).encode() + body
    out = bytearray((head + "Transfer-Encoding: chunked\r\n\r\n").encode())
    for i in range(0, len(body), chunk):
        piece = body[i:i + chunk]
        out += b"%x\r\n" % len(piece) + piece + b"\r\n"
    return bytes(out + b"0\r\n\r\n")


def variables_body(n):
    return json.dumps({"query": "{ __typename }", "variables": {"k%d" % i: i for i in range(n)}}).encode()


def headers_request(n):
    fields = "".join("X-Field-%d: %s\r\n" % (i, "v" * 300) for i in range(n - 3))
    return ("GET /graphql?query=%%7B__typename%%7D HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n"
            "Connection: close\r\n" + fields + "\r\n").encode()


MONSTER = ("... on Monster { id name imageUrl size type subtype alignment armorClass hitPoints hitDice "
           "speed { walk fly swim climb burrow hover } challengeRating xp languages "
           "specialAbilities { name description attackBonus damage { dice type } } "
           "actions { name description attackBonus damage { dice type } } "
           "legendaryActions { name description attackBonus damage { dice type } } }")


def result_body(aliases):
    """Every monster with every field, `aliases` times: the largest result the default limits allow
    at 50 aliases (about 4.7 MB)."""
    query = "{ " + " ".join("a%d: monsters(limit: 100) { items { %s } }" % (i, MONSTER) for i in range(aliases)) + " }"
    return json.dumps({"query": query}).encode()


HTTP = [
    # 64 KiB of chunk framing at most: about 13,000 one-byte chunks (413 beyond).
    ("http: 1-byte chunks", lambda n: post(b'{"query":"{ __typename }","x":"' + b"a" * n + b'"}', chunk=1), [1_600, 3_200, 6_400, 12_800]),
    ("http: header fields (300 B)", headers_request, [12, 25, 50, 100]),
    ("http: JSON keys", lambda n: post(variables_body(n)), [15_000, 30_000, 60_000, 120_000]),
    ("http: JSON nesting", lambda n: post(b'{"query":"{ __typename }","variables":{"v":' + b"[" * n + b"]" * n + b"}}"), [15, 30, 60, 125]),
    ("http: JSON string", lambda n: post(b'{"query":"{ __typename }","variables":{"v":"' + b"\\u00e9" * n + b'"}}'), [40_000, 80_000, 160_000, 320_000]),
    ("http: JSON numbers", lambda n: post(b'{"query":"{ __typename }","variables":{"v":[' + b",".join([b"1.5e-7"] * n) + b"]}}"), [36_000, 72_000, 144_000, 288_000]),
    ("execute: result (aliases)", lambda n: post(result_body(n)), [6, 12, 25, 50]),
]


def worst_requests():
    """Four of the worst requests at the limits, for /health under load."""
    ring_query = "{ breeds { items { ...F0 } } }\n" + "".join(
        "fragment F%d on Breed { name ...F%d }\n" % (i, (i + 1) % 1600) for i in range(1600))
    block = '{ breeds(search: """' + "x\n" * 600_000 + '""") { totalCount } }'
    return [post(variables_body(120_000)), post(result_body(50)),
            post(json.dumps({"query": block}).encode()), post(json.dumps({"query": ring_query}).encode())]


def health_under_load(port, samples=300):
    """Latency of GET /health on fresh connections, idle and while four worst requests run."""
    def health_latencies():
        latencies = []
        for _ in range(samples):
            start = time.perf_counter()
            answer = exchange(port, b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            latencies.append((time.perf_counter() - start) * 1000)
            if not answer.startswith(b"HTTP/1.1 200 "):
                raise SystemExit("/health: %r" % answer[:100])
            time.sleep(0.005)
        latencies.sort()
        return latencies

    def describe(latencies):
        return "p50 %.2f ms, p99 %.2f ms, max %.2f ms" % (
            latencies[len(latencies) // 2], latencies[int(len(latencies) * 0.99) - 1], latencies[-1])

    print("/health on fresh connections, idle:                  " + describe(health_latencies()), flush=True)
    stop = threading.Event()
    served = [0]

    def hammer(raw):
        while not stop.is_set():
            exchange(port, raw)
            served[0] += 1

    threads = [threading.Thread(target=hammer, args=(raw,)) for raw in worst_requests()]
    for t in threads:
        t.start()
    time.sleep(0.5)
    latencies = health_latencies()
    stop.set()
    for t in threads:
        t.join()
    print("/health on fresh connections, 4 worst requests running: " + describe(latencies)
          + " (%d worst requests answered meanwhile)" % served[0], flush=True)


def report(name, sizes, times):
    cells = []
    for i, (size, ms) in enumerate(zip(sizes, times)):
        ratio = "" if i == 0 else " (x%.1f)" % (ms / times[i - 1] if times[i - 1] > 0 else 0)
        cells.append("%s: %.2f ms%s" % (format(size, ","), ms, ratio))
    print("%-28s %s" % (name, "   ".join(cells)), flush=True)


def main():
    print("class                        size: time per input (ratio to the previous size)")
    for name, kind, make, sizes in IN_PROCESS:
        report(name, sizes, [bench(kind, make(n)) for n in sizes])
    server, port = start_server()
    try:
        for name, make, sizes in HTTP:
            report(name, sizes, [timed_request(server, port, make(n)) for n in sizes])
        health_under_load(port)
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
