import Foundation
import JSON
import Locking
import XCTest
@testable import GraphQL

/// The incremental delivery corpus (`Fixtures/incremental`): every document runs through
/// ``GraphQLEngine/executeIncrementally(query:operationName:variables:context:rootValue:tracker:coalescing:)``
/// and must give exactly the payload sequence graphql-core 3.3.2 gave
/// (`Tests/Scripts/incremental-oracle.sh` records `expected.jsonl`); and, where the oracle's own
/// parts merge into its answer without the directives, ours must too.
final class IncrementalOracleTests: XCTestCase {
    /// One tick of the schema's `delay` argument (the oracle's `TICK`).
    static let tick = 120
    /// How long the executor gathers parts that complete together (well under a tick).
    static let coalescing = Duration.milliseconds(40)

    struct Document {
        var name: String
        var query: String
        var variables: JSONObject
    }

    static func load(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: fixturePath("incremental/" + name)))
    }

    /// The corpus schema with its resolvers: each field reads its name from the source object;
    /// `{"__error": M}` is an error; `delay: N` waits N ticks first.
    static func makeEngine() throws -> GraphQLEngine {
        let sdl = String(decoding: try load("schema.graphql"), as: UTF8.self)
        let schema = try buildASTSchema(try parse(Source(sdl, name: "schema.graphql"), options: .unlimited))
        var resolvers = ResolverMap()
        for case .object(let type) in schema.types where !type.name.hasPrefix("__") {
            for field in type.fields {
                let name = field.name
                resolvers.bind(type.name, name) { source, arguments, _, _ in
                    let delay = arguments.int("delay") ?? 0
                    @Sendable func value() throws -> ResolvedValue {
                        guard case .object(let object)? = source as? JSONValue, let value = object[name] else {
                            return nil
                        }
                        if case .string(let message)? = value["__error"] { throw GraphQLError(message: message) }
                        return value
                    }
                    if delay <= 0 { return .ready(try value()) }
                    return .pending {
                        try await Task.sleep(for: .milliseconds(delay * tick))
                        return try value()
                    }
                }
            }
        }
        return try GraphQLEngine(schema: schema, resolvers: resolvers)
    }

    /// Every payload the engine sends for `document`.
    static func payloads(_ engine: GraphQLEngine, _ document: Document, root: JSONValue) async -> [JSONValue] {
        switch await engine.executeIncrementally(
            query: document.query, variables: document.variables, rootValue: root, coalescing: coalescing)
        {
        case .single(let result):
            return [result.json]
        case .incremental(let initial, let subsequent):
            var payloads: [JSONValue] = [.object(initial)]
            for await payload in subsequent { payloads.append(.object(payload)) }
            return payloads
        }
    }

    func testPayloadSequencesEqualGraphQLCore() async throws {
        let engine = try Self.makeEngine()
        let root = try JSONParser.parse([UInt8](try Self.load("root.json")))
        guard case .array(let items) = try JSONParser.parse([UInt8](try Self.load("corpus.json"))) else {
            return XCTFail("corpus.json is not a list")
        }
        let documents = items.map { item in
            Document(
                name: item["name"]?.stringValue ?? "", query: item["query"]?.stringValue ?? "",
                variables: item["variables"]?.objectValue ?? JSONObject())
        }
        XCTAssertGreaterThanOrEqual(documents.count, 40)
        var expected: [String: JSONValue] = [:]
        let lines = String(decoding: try Self.load("expected.jsonl"), as: UTF8.self).split(separator: "\n")
        for line in lines {
            let record = try JSONParser.parse(String(line))
            if let name = record["name"]?.stringValue { expected[name] = record }
        }
        var passed = 0
        var merged = 0
        for document in documents {
            guard let record = expected[document.name], case .array(let oracle)? = record["payloads"] else {
                XCTFail(
                    "\(document.name): no payloads recorded in expected.jsonl (run Tests/Scripts/incremental-oracle.sh)"
                )
                continue
            }
            // Which parts share a payload depends on time (ticks of the schema's `delay`): a run
            // that a busy machine (or a sanitizer) slowed past a tick is run again, up to three
            // times; a wrong engine gives the wrong sequence every time.
            let want = oracle.map { sortedKeys($0) }
            var ours = await Self.payloads(engine, document, root: root)
            var got = ours.map { sortedKeys($0) }
            for _ in 0..<2 where got != want {
                ours = await Self.payloads(engine, document, root: root)
                got = ours.map { sortedKeys($0) }
            }
            if got == want {
                passed += 1
            } else {
                XCTFail(
                    "\(document.name): \(document.query)\n got: \(got.map(text).joined(separator: "\n      "))\nwant: \(want.map(text).joined(separator: "\n      "))"
                )
            }
            guard record["mergedEqualsPlain"] == .bool(true) else { continue }
            // Not validated: a variable used only by a directive is unused without it.
            let plain = await engine.execute(
                document: try parse(try strippedQuery(document.query)), variables: document.variables,
                rootValue: root)
            let (data, hasErrors) = mergePayloads(ours)
            if sortedKeys(data) == sortedKeys(plain.data ?? .null), hasErrors == !plain.errors.isEmpty {
                merged += 1
            } else {
                XCTFail(
                    "\(document.name): the merged parts \(text(sortedKeys(data))) differ from the plain answer \(text(sortedKeys(plain.data ?? .null)))"
                )
            }
        }
        XCTAssertEqual(passed, documents.count, "documents whose payloads equal graphql-core's")
        XCTAssertGreaterThanOrEqual(merged, 40, "documents whose merged parts equal the plain answer")
    }
}

/// The value with every object's keys sorted (the payloads' key order is not part of the format).
func sortedKeys(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let object):
        return .object(
            JSONObject(object.entries.sorted { $0.key < $1.key }.map { (key: $0.key, value: sortedKeys($0.value)) }))
    case .array(let array):
        return .array(array.map(sortedKeys))
    default:
        return value
    }
}

func text(_ value: JSONValue) -> String {
    var writer = JSONWriter(pretty: false, reservingCapacity: 256)
    writer.write(value)
    return String(decoding: writer.bytes, as: UTF8.self)
}

/// `query` without `@defer` and `@stream`.
func strippedQuery(_ query: String) throws -> String {
    func strip(_ directives: [Directive]) -> [Directive] {
        directives.filter { $0.name.value != "defer" && $0.name.value != "stream" }
    }
    func strip(_ selectionSet: SelectionSet) -> SelectionSet {
        var result = selectionSet
        result.selections = selectionSet.selections.map { selection in
            switch selection {
            case .field(var field):
                field.directives = strip(field.directives)
                field.selectionSet = field.selectionSet.map(strip)
                return .field(field)
            case .inlineFragment(var fragment):
                fragment.directives = strip(fragment.directives)
                fragment.selectionSet = strip(fragment.selectionSet)
                return .inlineFragment(fragment)
            case .fragmentSpread(var spread):
                spread.directives = strip(spread.directives)
                return .fragmentSpread(spread)
            }
        }
        return result
    }
    var document = try parse(query)
    document.definitions = document.definitions.map { definition in
        switch definition {
        case .operation(var operation):
            operation.selectionSet = strip(operation.selectionSet)
            return .operation(operation)
        case .fragment(var fragment):
            fragment.selectionSet = strip(fragment.selectionSet)
            return .fragment(fragment)
        default:
            return definition
        }
    }
    return printAST(document)
}

/// The data of all payloads put together (deferred data merged at its path, streamed items
/// appended to their list), and whether any payload reported an error.
func mergePayloads(_ payloads: [JSONValue]) -> (data: JSONValue, hasErrors: Bool) {
    guard let first = payloads.first else { return (.null, false) }
    var data = first["data"] ?? .null
    var hasErrors = first["errors"] != nil
    var paths: [String: [JSONValue]] = [:]
    func merge(_ target: JSONValue, _ source: JSONValue) -> JSONValue {
        guard case .object(var object) = target, case .object(let addition) = source else { return source }
        for (key, value) in addition.entries {
            object[key] = object[key].map { merge($0, value) } ?? value
        }
        return .object(object)
    }
    func update(_ value: JSONValue, _ path: ArraySlice<JSONValue>, _ body: (JSONValue) -> JSONValue) -> JSONValue {
        guard let step = path.first else { return body(value) }
        switch (step, value) {
        case (.string(let key), .object(var object)):
            object[key] = update(object[key] ?? .null, path.dropFirst(), body)
            return .object(object)
        case (.int(let index), .array(var array)) where array.indices.contains(index):
            array[index] = update(array[index], path.dropFirst(), body)
            return .array(array)
        default:
            return value
        }
    }
    for payload in payloads {
        for pending in payload["pending"]?.arrayValue ?? [] {
            if let id = pending["id"]?.stringValue { paths[id] = pending["path"]?.arrayValue ?? [] }
        }
        for entry in payload["incremental"]?.arrayValue ?? [] {
            if entry["errors"] != nil { hasErrors = true }
            guard let id = entry["id"]?.stringValue, let base = paths[id] else { continue }
            let path = base + (entry["subPath"]?.arrayValue ?? [])
            if case .array(let items)? = entry["items"] {
                data = update(data, path[...]) { list in .array((list.arrayValue ?? []) + items) }
            } else if let addition = entry["data"] {
                data = update(data, path[...]) { merge($0, addition) }
            }
        }
        for completed in payload["completed"]?.arrayValue ?? [] where completed["errors"] != nil {
            hasErrors = true
        }
    }
    return (data, hasErrors)
}

/// The `@defer`/`@stream` validation corpus (`Fixtures/incremental/validation-*`): every rule's
/// errors equal graphql-core 3.3.2's (its messages quote names with `'`; graphql-js, and this
/// engine, with `"`).
final class IncrementalValidationOracleTests: XCTestCase {
    func testValidationErrorsEqualGraphQLCore() throws {
        let sdl = String(decoding: try IncrementalOracleTests.load("validation-schema.graphql"), as: UTF8.self)
        let schema = try buildASTSchema(try parse(Source(sdl, name: "schema"), options: .unlimited))
        guard
            case .array(let items) = try JSONParser.parse(
                [UInt8](try IncrementalOracleTests.load("validation-corpus.json")))
        else { return XCTFail("validation-corpus.json is not a list") }
        var expected: [String: JSONValue] = [:]
        let text = String(decoding: try IncrementalOracleTests.load("validation-expected.jsonl"), as: UTF8.self)
        for line in text.split(separator: "\n") {
            let record = try JSONParser.parse(String(line))
            if let name = record["name"]?.stringValue { expected[name] = record["errors"] }
        }
        XCTAssertGreaterThanOrEqual(items.count, 30)
        var passed = 0
        for item in items {
            let name = item["name"]?.stringValue ?? ""
            guard let query = item["query"]?.stringValue, case .array(let want)? = expected[name] else {
                XCTFail("\(name): no errors recorded in validation-expected.jsonl")
                continue
            }
            let got = validate(schema: schema, document: try parse(query)).map { error -> JSONValue in
                sortedKeys(error.json)
            }
            let normalized = want.map { error -> JSONValue in
                guard case .object(var object) = error, let message = object["message"]?.stringValue else {
                    return error
                }
                object["message"] = .string(message.replacingOccurrences(of: "'", with: "\""))
                return sortedKeys(.object(object))
            }
            if got == normalized {
                passed += 1
            } else {
                XCTFail(
                    "\(name): \(query)\n got: \(got.map(GraphQLTests.text))\nwant: \(normalized.map(GraphQLTests.text))"
                )
            }
        }
        XCTAssertEqual(passed, items.count)
    }
}

/// The served schema (`Schema/schema.graphql`) declares `@defer` and `@stream` as graphql-js 17
/// does, so introspection shows them and the engine delivers incrementally.
final class ServedSchemaIncrementalDirectivesTests: XCTestCase {
    func testIntrospectionShowsDeferAndStream() async throws {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        components.removeLast(4)
        let path = components.joined(separator: "/") + "/Schema/schema.graphql"
        let sdl = try String(contentsOfFile: path, encoding: .utf8)
        let schema = try buildASTSchema(try parse(Source(sdl, name: "schema.graphql"), options: .unlimited))
        let engine = try GraphQLEngine(schema: schema)
        let result = await engine.execute(
            query: """
                { __schema { directives { name description locations args { name type { kind name ofType { name } } defaultValue description } } } }
                """)
        XCTAssertEqual(result.errors, [])
        let directives = result.data?["__schema"]?["directives"]?.arrayValue ?? []
        let byName = Dictionary(
            directives.compactMap { directive in directive["name"]?.stringValue.map { ($0, directive) } },
            uniquingKeysWith: { first, _ in first })
        let expected: [String: String] = [
            "defer":
                #"{"name":"defer","description":"Directs the executor to defer this fragment when the `if` argument is true or undefined.","locations":["FRAGMENT_SPREAD","INLINE_FRAGMENT"],"args":[{"name":"if","type":{"kind":"NON_NULL","name":null,"ofType":{"name":"Boolean"}},"defaultValue":"true","description":"Deferred when true or undefined."},{"name":"label","type":{"kind":"SCALAR","name":"String","ofType":null},"defaultValue":null,"description":"Unique name"}]}"#,
            "stream":
                #"{"name":"stream","description":"Directs the executor to stream plural fields when the `if` argument is true or undefined.","locations":["FIELD"],"args":[{"name":"if","type":{"kind":"NON_NULL","name":null,"ofType":{"name":"Boolean"}},"defaultValue":"true","description":"Stream when true or undefined."},{"name":"label","type":{"kind":"SCALAR","name":"String","ofType":null},"defaultValue":null,"description":"Unique name"},{"name":"initialCount","type":{"kind":"NON_NULL","name":null,"ofType":{"name":"Int"}},"defaultValue":"0","description":"Number of items to return immediately"}]}"#
        ]
        for (name, json) in expected {
            guard let directive = byName[name] else {
                XCTFail("@\(name) is not in the served schema's introspection")
                continue
            }
            XCTAssertEqual(GraphQLTests.text(directive), json)
        }
        XCTAssertTrue(printSchema(schema).contains("directive @defer("))
    }
}

/// Ending the iteration of the subsequent payloads cancels the deferred work still running.
final class IncrementalCancellationTests: XCTestCase {
    func testDroppingTheStreamCancelsDeferredWork() async throws {
        let sdl = """
            directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
            type Query { fast: String slow: String }
            """
        let cancelled = Locked<Bool>(false)
        var resolvers = ResolverMap()
        resolvers.field("Query", "fast") { _, _, _, _ in "now" }
        resolvers.asyncField("Query", "slow") { _, _, _, _ in
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                cancelled.withLock { $0 = true }
                throw error
            }
            return "later"
        }
        let engine = try GraphQLEngine(schema: try makeSchema(sdl, resolvers).schema, resolvers: resolvers)
        let started = ContinuousClock.now
        do {
            guard
                case .incremental(let initial, let subsequent) = await engine.executeIncrementally(
                    query: "{ fast ... @defer { slow } }")
            else { return XCTFail("expected an incremental result") }
            XCTAssertEqual(initial["data"], .object(["fast": .string("now")]))
            _ = subsequent
        }
        // The stream is gone: its work is cancelled.
        for _ in 0..<100 where !cancelled.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(20)) }
        XCTAssertTrue(cancelled.withLock { $0 }, "the deferred resolver was cancelled")
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(10))
    }
}
