#!/usr/bin/env python3
"""Hostile inputs at doubling sizes, up to the limits: time per input for each class.

A benchmark, not a test. For each input class it builds inputs of sizes n, 2n, 4n, 8n (the
largest at or just under the server's limit) and prints the time one input costs and the
ratio to the previous size (linear cost: about 2 per doubling). Parser and validation classes
run in process (`menagerie bench parse|validate`, median of batches: pure CPU); HTTP classes
(request bodies) go through `menagerie serve` on loopback and report the median wall time of
five requests (loopback and the answer included, so small sizes carry a fixed cost).

Usage: Tests/Scripts/bench-hostile.py [BINARY (default .build/release/menagerie)]
"""
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
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


def timed_request(port, raw):
    times = []
    for _ in range(5):
        s = socket.create_connection(("127.0.0.1", port))
        start = time.perf_counter()
        s.sendall(raw)
        s.shutdown(socket.SHUT_WR)
        while s.recv(65536):
            pass
        times.append((time.perf_counter() - start) * 1000)
        s.close()
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


HTTP = [
    ("http: 1-byte chunks", lambda n: post(b'{"query":"{ __typename }","x":"' + b"a" * n + b'"}', chunk=1), [16_384, 32_768, 65_536, 131_072]),
    ("http: JSON keys", lambda n: post(variables_body(n)), [15_000, 30_000, 60_000, 120_000]),
    ("http: JSON nesting", lambda n: post(b'{"query":"{ __typename }","variables":{"v":' + b"[" * n + b"]" * n + b"}}"), [64, 128, 256, 500]),
    ("http: JSON string", lambda n: post(b'{"query":"{ __typename }","variables":{"v":"' + b"\\u00e9" * n + b'"}}'), [40_000, 80_000, 160_000, 320_000]),
]


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
            report(name, sizes, [timed_request(port, make(n)) for n in sizes])
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
