#!/usr/bin/env python3
"""Records graphql-core 3.3's incremental delivery payloads (graphql-js 17's format) for the
corpus of Tests/GraphQLTests/Execution/Fixtures/incremental (IncrementalOracleTests reads them),
and its validation errors for the @defer/@stream validation corpus there (validation-*.json*).

Needs graphql-core 3.3.2 (`pip install graphql-core==3.3.2`); Tests/Scripts/incremental-oracle.sh
makes a virtual environment for it (.venv-gc33) and runs this script:

    Tests/Scripts/incremental-oracle.sh          # rewrites expected.jsonl

The test schema's resolvers read the field's name from the source object (root.json); a
`{"__error": MESSAGE}` value is a resolver error; a `delay: N` argument makes the resolver wait
N ticks (TICK seconds) first, so that the order in which parts complete is fixed.
"""

import asyncio
import json
import os
import sys

import graphql
from graphql import (
    GraphQLError,
    build_schema,
    experimental_execute_incrementally,
    parse,
    print_ast,
    validate,
)
from graphql.execution import ExperimentalIncrementalExecutionResults
from graphql.language import Visitor, visit, REMOVE

TICK = 0.12
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "GraphQLTests", "Execution", "Fixtures", "incremental")


def resolver(field_name):
    def value_of(source):
        value = source.get(field_name) if isinstance(source, dict) else None
        if isinstance(value, dict) and "__error" in value:
            raise GraphQLError(value["__error"])
        return value

    def resolve(source, info, **args):
        delay = args.get("delay") or 0
        if delay <= 0:
            return value_of(source)

        async def later():
            await asyncio.sleep(delay * TICK)
            return value_of(source)

        return later()

    return resolve


def make_schema():
    with open(os.path.join(HERE, "schema.graphql")) as f:
        schema = build_schema(f.read())
    for type_ in schema.type_map.values():
        if type_.name.startswith("__"):
            continue
        fields = getattr(type_, "fields", None)
        if isinstance(type_, graphql.GraphQLObjectType):
            for name, field in fields.items():
                field.resolve = resolver(name)
        if isinstance(type_, graphql.GraphQLInterfaceType):
            type_.resolve_type = lambda value, info, t: value.get("__typename")
    return schema


class StripIncremental(Visitor):
    def enter_directive(self, node, *_):
        if node.name.value in ("defer", "stream"):
            return REMOVE
        return None


def strip(query):
    return print_ast(visit(parse(query), StripIncremental()))


def merge(target, source):
    for key, value in source.items():
        if key in target and isinstance(target[key], dict) and isinstance(value, dict):
            merge(target[key], value)
        else:
            target[key] = value


def at_path(data, path):
    for key in path:
        data = data[key]
    return data


def merged_result(payloads):
    """The data of all payloads put together, and whether any error was reported."""
    payloads = json.loads(json.dumps(payloads))
    first = payloads[0]
    data = first.get("data")
    has_errors = bool(first.get("errors"))
    paths = {}
    for payload in payloads:
        for pending in payload.get("pending", []):
            paths[pending["id"]] = pending["path"]
        for entry in payload.get("incremental", []):
            has_errors = has_errors or bool(entry.get("errors"))
            path = paths[entry["id"]] + entry.get("subPath", [])
            if "items" in entry:
                at_path(data, path).extend(entry["items"])
            else:
                merge(at_path(data, path), entry["data"])
        for completed in payload.get("completed", []):
            has_errors = has_errors or bool(completed.get("errors"))
    return data, has_errors


async def run(schema, root, document):
    query = document["query"]
    variables = document.get("variables")
    ast = parse(query)
    errors = validate(schema, ast)
    assert not errors, (document["name"], errors)
    result = experimental_execute_incrementally(schema, ast, root, variable_values=variables)
    if asyncio.iscoroutine(result) or hasattr(result, "__await__"):
        result = await result
    if isinstance(result, ExperimentalIncrementalExecutionResults):
        payloads = [result.initial_result.formatted]
        async for subsequent in result.subsequent_results:
            payloads.append(subsequent.formatted)
    else:
        payloads = [result.formatted]
    plain = experimental_execute_incrementally(schema, parse(strip(query)), root, variable_values=variables)
    if asyncio.iscoroutine(plain) or hasattr(plain, "__await__"):
        plain = await plain
    plain = plain.formatted
    data, has_errors = merged_result(payloads)
    merged_equals_plain = data == plain.get("data") and has_errors == bool(plain.get("errors"))
    return {
        "name": document["name"],
        "payloads": payloads,
        "plain": plain,
        "mergedEqualsPlain": merged_equals_plain,
    }


async def main():
    if not graphql.__version__.startswith("3.3"):
        sys.exit(f"graphql-core 3.3 is needed (found {graphql.__version__}): pip install graphql-core==3.3.2")
    schema = make_schema()
    with open(os.path.join(HERE, "root.json")) as f:
        root = json.load(f)
    with open(os.path.join(HERE, "corpus.json")) as f:
        corpus = json.load(f)
    lines = []
    for document in corpus:
        lines.append(json.dumps(await run(schema, root, document), sort_keys=True))
    with open(os.path.join(HERE, "expected.jsonl"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} documents recorded with graphql-core {graphql.__version__}")

    # The validation corpus: every error of graphql-core's specified rules.
    with open(os.path.join(HERE, "validation-schema.graphql")) as f:
        validation_schema = build_schema(f.read())
    with open(os.path.join(HERE, "validation-corpus.json")) as f:
        validation_corpus = json.load(f)
    lines = []
    for document in validation_corpus:
        errors = validate(validation_schema, parse(document["query"]))
        lines.append(json.dumps({"name": document["name"], "errors": [e.formatted for e in errors]}, sort_keys=True))
    with open(os.path.join(HERE, "validation-expected.jsonl"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} validation documents recorded")


asyncio.run(main())
