#!/usr/bin/env python3
"""Engine workloads W1-W6 with the engines interleaved batch by batch.

Rule 5 of shared/bench/README.md: "interleave the batches ... Where several engines are measured
together, interleave the engines as well, running only one engine at a time". This driver starts
every engine in step mode (`menagerie bench --step`, `BENCH_STEP=1` for the graphql-js harnesses),
lets each warm up alone, then runs round after round: one batch of every workload in the first
engine, then in the next, and so on, starting each round with a different engine. A slow minute of
the host then falls on every engine alike, and the ratios are of batches measured seconds apart.

Prints, per workload, each engine's median ops/s over the batches and its ratio to graphql-js's
median; then the median and the range of the rounds' ratios (each round's batch against
graphql-js's batch of the same round), which a host whose speed drifts from minute to minute
disturbs least. `--batch-time 0.2 --batches 25` pairs batches a fraction of a second apart.

Usage: Tests/Scripts/bench-interleaved.py [--bench-dir DIR] [--batches N] [--batch-time SECONDS]
           [--cpu N|all]
           [--workloads W1,W2,...] MENAGERIE_BINARY [MENAGERIE_BINARY ...]
Needs: node and graphql-js (apt-get install -y node-graphql). Release builds.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PARSE_WORKLOADS = ["W1", "W2", "W3"]
EXECUTE_WORKLOADS = ["W4", "W5", "W6"]


def find_bench_dir():
    for candidate in ("../shared/bench", "../../shared/bench", "../../../shared/bench"):
        if os.path.isfile(os.path.join(candidate, "kitchen-sink.graphql")):
            return candidate
    sys.exit("bench-interleaved.py: cannot find shared/bench; pass --bench-dir DIR")


class Engine:
    """One harness process in step mode."""

    def __init__(self, label, engine_name, command, env, cpu):
        self.label = label
        self.engine_name = engine_name
        self.command = command
        self.env = env
        self.cpu = cpu
        self.process = None
        self.batches = {}

    def start(self):
        def pin():
            if self.cpu is not None:
                os.sched_setaffinity(0, {self.cpu})

        self.process = subprocess.Popen(
            self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=self.env, text=True,
            preexec_fn=pin)
        self.expect("ready")

    def expect(self, wanted):
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit(f"bench-interleaved.py: {self.label} stopped before printing '{wanted}'"
                         f" (exit status {self.process.wait()})")
            if line.strip() == wanted:
                return

    def run_round(self, number):
        self.process.stdin.write("\n")
        self.process.stdin.flush()
        self.expect(f"round {number}")

    def finish(self):
        self.process.stdin.close()
        rest = self.process.stdout.read()
        status = self.process.wait()
        if status != 0:
            sys.exit(f"bench-interleaved.py: {self.label} exited with status {status}")
        for line in rest.splitlines():
            if line.startswith("{"):
                summary = json.loads(line)
                for workload in summary["workloads"]:
                    self.batches[workload["workload"]] = workload["batches"]
                return
        sys.exit(f"bench-interleaved.py: {self.label} printed no JSON summary")


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binaries", nargs="+", metavar="MENAGERIE_BINARY")
    parser.add_argument("--bench-dir", default=None)
    parser.add_argument("--batches", type=int, default=5, help="rounds of batches (default 5)")
    parser.add_argument("--batch-time", type=float, default=1.0,
                        help="target seconds per batch (default 1, as the rules say)")
    parser.add_argument("--cpu", default="0",
                        help="pin every engine to this CPU (default 0), or 'all' not to pin")
    parser.add_argument("--workloads", default="W1,W2,W3,W4,W5,W6")
    options = parser.parse_args()
    if options.batches < 1:
        sys.exit("bench-interleaved.py: --batches must be at least 1")
    bench_dir = options.bench_dir or find_bench_dir()
    cpu = None if options.cpu == "all" else int(options.cpu)
    workloads = [w for w in options.workloads.split(",") if w]
    unknown = [w for w in workloads if w not in PARSE_WORKLOADS + EXECUTE_WORKLOADS]
    if unknown:
        sys.exit(f"bench-interleaved.py: unknown workload {unknown[0]}")

    env = dict(os.environ)
    env.setdefault("NODE_PATH", "/usr/share/nodejs")
    node_env = dict(env, BENCH_STEP="1", BENCH_BATCHES=str(options.batches),
                    BENCH_BATCH_TIME=str(options.batch_time))
    engines = []
    for index, binary in enumerate(options.binaries):
        label = binary if len(options.binaries) == 1 else f"{binary} ({index + 1})"
        engines.append(Engine(label, "menagerie",
                              [binary, "bench", *workloads, "--bench-dir", bench_dir, "--step",
                               "--batches", str(options.batches), "--batch-time", str(options.batch_time)], env, cpu))
    parse_part = [w for w in workloads if w in PARSE_WORKLOADS]
    execute_part = [w for w in workloads if w in EXECUTE_WORKLOADS]
    if parse_part:
        engines.append(Engine("graphql-js (parse, validate)", "graphql-js",
                              ["node", os.path.join(HERE, "bench-parse-graphql-js.js"), bench_dir,
                               *parse_part], node_env, cpu))
    if execute_part:
        engines.append(Engine("graphql-js (execute)", "graphql-js",
                              ["node", os.path.join(HERE, "bench-execute-graphql-js.js"), bench_dir,
                               *execute_part], node_env, cpu))

    # Warm up one engine at a time: each waits, idle, until every other is ready.
    for engine in engines:
        engine.start()
    for number in range(1, options.batches + 1):
        first = (number - 1) % len(engines)
        for engine in engines[first:] + engines[:first]:
            engine.run_round(number)
    for engine in engines:
        engine.finish()

    reference = {}
    for engine in engines:
        if engine.engine_name == "graphql-js":
            reference.update(engine.batches)
    menagerie = [engine for engine in engines if engine.engine_name == "menagerie"]
    pinned = "not pinned" if cpu is None else f"each pinned to CPU {cpu}"
    print(f"{options.batches} rounds, engines interleaved batch by batch, {pinned}")
    header = f"{'workload':<9}{'graphql-js':>12}"
    for index in range(len(menagerie)):
        header += f"{'menagerie ' + str(index + 1):>14}{'ratio':>8}{'by round':>10}{'range':>13}"
    print(header)
    for workload in workloads:
        js = reference[workload]
        row = f"{workload:<9}{median(js):>12.1f}"
        for engine in menagerie:
            ours = engine.batches[workload]
            per_round = [a / b for a, b in zip(ours, js) if b > 0]
            row += (f"{median(ours):>14.1f}{median(ours) / median(js):>7.2f}x{median(per_round):>9.2f}x"
                    f"{min(per_round):>7.2f}-{max(per_round):.2f}x")
        print(row)
    for index, engine in enumerate(menagerie):
        print(f"menagerie {index + 1}: {engine.command[0]}")


if __name__ == "__main__":
    main()
