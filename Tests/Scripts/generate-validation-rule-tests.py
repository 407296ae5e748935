#!/usr/bin/env python3
"""Generates the per-rule validation tests from the graphql-js conformance data.

Reads `cases.jsonl` (and the SDL files under `schemas/`) of the graphql-js 16
validation conformance data (format: `shared/conformance/README.md`) and writes
one XCTest file per rule, `Tests/GraphQLTests/Validation/Rules/<Rule>Tests.swift`
(the two `validation-test.ts` cases, run with all specified rules, go to
`SpecifiedRulesTests.swift`). Each case becomes one test method: its graphql-js
`describe > it` title as a doc comment, `expectValid` or `expectErrors` (see
`Tests/GraphQLTests/Validation/ValidationTestSupport.swift`) with the rule's own
errors (`rule_errors`: messages, locations, order), and `schema: Self.schemaN`
when the case does not use graphql-js's shared harness schema.

Usage (from the repository root; Python 3 standard library only):

    python3 Tests/Scripts/generate-validation-rule-tests.py [DATA_DIR]

DATA_DIR is the folder holding `cases.jsonl` and `schemas/`; it defaults to
`../shared/conformance/validation` relative to the repository root (from a git
worktree such as `/work/wt/NAME`, the nearest ancestor's `shared/`). The output
is deterministic: rerunning it over unchanged data leaves the committed files
byte-for-byte as they are (`git diff --exit-code Tests/GraphQLTests/Validation/Rules`).
The data files are read in place and never copied into the repository.
"""

import json
import os
import re
import sys

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT_DIR = os.path.join(REPO_ROOT, "Tests", "GraphQLTests", "Validation", "Rules")
HARNESS_SCHEMA = "schemas/harness.graphql"
SPECIFIED_RULES = "specifiedRules"


def default_data_dir():
    """`../shared/conformance/validation` from the repository root; in a git worktree
    (`/work/wt/NAME`) the first ancestor folder with `shared/conformance/` beside it,
    as `ValidationTestSupport.sharedDirectory` finds it."""
    path = REPO_ROOT
    while True:
        parent = os.path.dirname(path)
        candidate = os.path.join(parent, "shared", "conformance", "validation")
        if os.path.isdir(candidate) or parent == path:
            break
        path = parent
    if os.path.isdir(candidate):
        return candidate
    return os.path.join(REPO_ROOT, "..", "shared", "conformance", "validation")


def raw_delimiter(text, quote):
    """The shortest run of `#` that makes `text` safe inside a Swift raw string closed by `quote`."""
    hashes = "#"
    while quote + hashes in text or "\\" + hashes in text:
        hashes += "#"
    return hashes


def string_literal(text):
    """A single-line Swift raw string literal holding `text`."""
    hashes = raw_delimiter(text, '"')
    return hashes + '"' + text + '"' + hashes


def multiline_literal(text, indent):
    """A Swift raw multi-line string literal holding `text`, every line indented by `indent`."""
    hashes = raw_delimiter(text, '"""')
    body = "\n".join(indent + line for line in text.split("\n"))
    return hashes + '"""\n' + body + "\n" + indent + '"""' + hashes


def method_name(title):
    """`testWordsOfTheTitle` from the last component of a graphql-js `it` title."""
    words = re.findall(r"[A-Za-z0-9]+", title)
    return "test" + "".join(word[0].upper() + word[1:] for word in words)


def rule_case(rule):
    """The `ValidationRule` member of a graphql-js rule name (`FooBarRule` -> `.fooBar`)."""
    name = rule[: -len("Rule")] if rule.endswith("Rule") else rule
    return "." + name[0].lower() + name[1:]


def source_file(source):
    """`src/validation/__tests__/X-test.ts` from `graphql-js@v16.6.0:src/...`."""
    return source.split(":", 1)[1] if ":" in source else source


def render_errors(errors):
    lines = []
    for error in errors:
        locations = ", ".join("(%d, %d)" % (loc["line"], loc["column"]) for loc in error["locations"])
        lines.append("            ExpectedError(%s, [%s]),\n" % (string_literal(error["message"]), locations))
    return "".join(lines)


def render_file(rule, cases, data_dir):
    specified = rule == SPECIFIED_RULES
    class_name = "SpecifiedRulesTests" if specified else rule + "Tests"
    rules = "specifiedRules" if specified else "[%s]" % rule_case(rule)
    how = "with all specified rules" if specified else "with this rule alone"

    out = []
    out.append("import XCTest\n@testable import GraphQL\n\n")
    out.append("/// The cases of graphql-js 16's `%s`, run %s.\n" % (source_file(cases[0]["source"]), how))
    out.append("/// Messages, locations and order must be exactly graphql-js's.\n")
    out.append("final class %s: XCTestCase {\n" % class_name)

    # Schemas other than the harness: one static property each, numbered in order of first use.
    schema_names = {}
    for case in cases:
        schema_file = case["schema_file"]
        if schema_file == HARNESS_SCHEMA or schema_file in schema_names:
            continue
        name = "schema%d" % (len(schema_names) + 1)
        schema_names[schema_file] = name
        with open(os.path.join(data_dir, schema_file), encoding="utf-8") as handle:
            sdl = handle.read()
        out.append("    static let %s = ValidationTestSupport.schema(%s)\n\n"
                   % (name, multiline_literal(sdl, "    ")))

    # Test methods, in file order; a repeated name gets the case's 1-based position appended.
    used = set()
    methods = []
    for position, case in enumerate(cases, start=1):
        title = case["test"]
        if title.startswith("Validate: "):
            title = title[len("Validate: "):]
        name = method_name(title.split(" > ")[-1])
        if name in used:
            name += str(position)
        used.add(name)

        schema = schema_names.get(case["schema_file"])
        schema_argument = ", schema: Self.%s" % schema if schema else ""
        document = multiline_literal(case["document"], "        ")
        errors = case["rule_errors"]
        text = "    /// %s\n    func %s() {\n" % (title, name)
        if errors:
            text += "        expectErrors(%s, %s, [\n%s        ]%s)\n" % (
                rules, document, render_errors(errors), schema_argument)
        else:
            text += "        expectValid(%s, %s%s)\n" % (rules, document, schema_argument)
        text += "    }\n"
        methods.append(text)
    out.append("\n".join(methods))
    out.append("}\n")
    return "".join(out)


def main(argv):
    if len(argv) > 2 or (len(argv) == 2 and argv[1] in ("-h", "--help")):
        sys.stderr.write("usage: %s [DATA_DIR]\n" % argv[0])
        return 2
    data_dir = argv[1] if len(argv) == 2 else default_data_dir()

    by_rule = {}
    with open(os.path.join(data_dir, "cases.jsonl"), encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                case = json.loads(line)
                by_rule.setdefault(case["rule"], []).append(case)

    os.makedirs(OUTPUT_DIR, exist_ok=True)
    for rule, cases in by_rule.items():
        file_name = ("SpecifiedRules" if rule == SPECIFIED_RULES else rule) + "Tests.swift"
        text = render_file(rule, cases, data_dir)
        with open(os.path.join(OUTPUT_DIR, file_name), "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
    print("wrote %d files to %s" % (len(by_rule), os.path.relpath(OUTPUT_DIR, os.getcwd())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
