#!/usr/bin/env python3
"""Fails when Sources/ builds a tuple literal around `try await`.

Swift 6.3's optimiser (LLVM dead-store elimination on the split async function)
drops the store of a tuple element that is written into an async function's
indirect result before a `try await` inside the same tuple literal, when a
`catch` path writes that element again: `do { return (i, .success(try await f())) }
catch { return (i, .failure(error)) }` returns garbage for `i` on success in a
release build (the debug build is right). Await into a local first:
`let result = await Result { try await f() }; return (i, result)`.

See docs/testing.md, "Release safety". Usage: check-async-tuples.py [DIR ...]
"""
import re
import sys
from pathlib import Path

IDENT = re.compile(r"[A-Za-z0-9_)\]?!>]")


def tuple_spans(line):
    """(start, end) of parenthesised expressions that are not call arguments."""
    spans, stack = [], []
    in_string = False
    for index, char in enumerate(line):
        if char == '"' and (index == 0 or line[index - 1] != "\\"):
            in_string = not in_string
        if in_string:
            continue
        if char == "(":
            before = line[:index].rstrip()
            is_call = bool(before) and IDENT.match(before[-1]) is not None and not before.endswith(("return", "in", "try", "await"))
            stack.append((index, is_call))
        elif char == ")" and stack:
            start, is_call = stack.pop()
            if not is_call:
                spans.append((start, index))
    return spans


def top_level_comma(text):
    depth = 0
    for char in text:
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            return True
    return False


def check(path):
    problems = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("//", 1)[0]
        if "try await" not in code:
            continue
        for start, end in tuple_spans(code):
            inner = code[start + 1:end]
            if "try await" in inner and top_level_comma(inner):
                problems.append(f"{path}:{number}: `try await` inside a tuple literal; await into a local first")
    return problems


def main(argv):
    roots = [Path(arg) for arg in argv[1:]] or [Path(__file__).resolve().parents[2] / "Sources"]
    problems = []
    for root in roots:
        for path in sorted(root.rglob("*.swift")):
            problems += check(path)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} tuple literal(s) around `try await` (docs/testing.md, Release safety)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
