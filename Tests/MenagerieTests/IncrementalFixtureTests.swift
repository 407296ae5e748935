import Foundation
import GraphQL
import JSON
@testable import Menagerie
import MenagerieUpstreams
import XCTest

/// Every query fixture of `Tests/Fixtures` with `@defer` added to each of its fragments (inline
/// and spreads), run in process over the embedded upstreams: the parts put together equal the
/// same query's answer without the directive.
final class IncrementalFixtureTests: XCTestCase {
    /// `document` with `@defer` on every fragment spread and inline fragment.
    static func deferringEveryFragment(_ document: Document) -> (document: Document, fragments: Int) {
        var count = 0
        let directive = Directive(name: Name(value: "defer"))
        func add(_ selectionSet: SelectionSet) -> SelectionSet {
            var result = selectionSet
            result.selections = selectionSet.selections.map { selection in
                switch selection {
                case .field(var field):
                    field.selectionSet = field.selectionSet.map(add)
                    return .field(field)
                case .inlineFragment(var fragment):
                    fragment.directives.append(directive)
                    fragment.selectionSet = add(fragment.selectionSet)
                    count += 1
                    return .inlineFragment(fragment)
                case .fragmentSpread(var spread):
                    spread.directives.append(directive)
                    count += 1
                    return .fragmentSpread(spread)
                }
            }
            return result
        }
        var result = document
        result.definitions = document.definitions.map { definition in
            switch definition {
            case .operation(var operation):
                operation.selectionSet = add(operation.selectionSet)
                return .operation(operation)
            case .fragment(var fragment):
                fragment.selectionSet = add(fragment.selectionSet)
                return .fragment(fragment)
            default:
                return definition
            }
        }
        return (result, count)
    }

    /// `document` with every selection set of a field split: its first selection stays, the
    /// others move into a deferred inline fragment (`{ a b c }` → `{ a ... @defer { b c } }`).
    static func deferringAllButFirstSelection(_ document: Document) -> Document {
        func split(_ selectionSet: SelectionSet, root: Bool) -> SelectionSet {
            var selections = selectionSet.selections.map { selection -> Selection in
                switch selection {
                case .field(var field):
                    field.selectionSet = field.selectionSet.map { split($0, root: false) }
                    return .field(field)
                case .inlineFragment(var fragment):
                    fragment.selectionSet = split(fragment.selectionSet, root: root)
                    return .inlineFragment(fragment)
                case .fragmentSpread:
                    return selection
                }
            }
            if !root, selections.count > 1 {
                let rest = Array(selections.dropFirst())
                selections = [
                    selections[0],
                    .inlineFragment(
                        InlineFragment(
                            typeCondition: nil, directives: [Directive(name: Name(value: "defer"))],
                            selectionSet: SelectionSet(selections: rest)))
                ]
            }
            var result = selectionSet
            result.selections = selections
            return result
        }
        var result = document
        result.definitions = document.definitions.map { definition in
            switch definition {
            case .operation(var operation):
                operation.selectionSet = split(operation.selectionSet, root: true)
                return .operation(operation)
            case .fragment(var fragment):
                fragment.selectionSet = split(fragment.selectionSet, root: false)
                return .fragment(fragment)
            default:
                return definition
            }
        }
        return result
    }

    func testMergedPartsEqualThePlainAnswer() async throws {
        let app = try MenagerieApp(configuration: UpstreamsConfiguration(mode: .embedded))
        let directory = FixtureTests.directory
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".graphql") }.sorted()
        var compared = 0
        for name in names {
            let base = String(name.dropLast(".graphql".count))
            // Fixtures with injected faults or variables need the fixture server.
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(base + ".faults.json").path) {
                continue
            }
            let query = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            guard let parsed = try? parse(query),
                !parsed.definitions.contains(where: {
                    if case .operation(let operation) = $0 { return operation.operation != .query }
                    return false
                })
            else { continue }
            var variables = JSONObject()
            let variablesURL = directory.appendingPathComponent(base + ".variables.json")
            if let data = try? Data(contentsOf: variablesURL) {
                variables = try JSONParser.parse([UInt8](data)).objectValue ?? JSONObject()
            }
            let operationName = try? String(
                contentsOf: directory.appendingPathComponent(base + ".operation"), encoding: .utf8
            ).trimmingCharacters(in: .whitespacesAndNewlines)
            guard case .success(let plainPrepared) = app.prepare(query: query, operationName: operationName)
            else { continue }
            let plain = await app.execute(plainPrepared, variables: variables)
            guard plain.errors.isEmpty else { continue }
            let (everyFragment, fragments) = Self.deferringEveryFragment(parsed)
            var variants = [Self.deferringAllButFirstSelection(parsed)]
            if fragments > 0 { variants.append(everyFragment) }
            for variant in variants {
                let text = printAST(variant)
                guard case .success(let prepared) = app.prepare(query: text, operationName: operationName) else {
                    XCTFail("\(base): the deferred variant does not validate: \(text)")
                    continue
                }
                try await compare(app, base, prepared, variables, plain)
                compared += 1
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 30, "fixture variants compared")
    }

    func compare(
        _ app: MenagerieApp, _ base: String, _ prepared: PreparedOperation, _ variables: JSONObject,
        _ plain: ExecutionResult
    ) async throws {
        do {
            var payloads: [JSONValue] = []
            switch await app.executeIncrementally(prepared, variables: variables) {
            case .single(let result):
                payloads = [result.json]
            case .incremental(let initial, let subsequent):
                payloads = [.object(initial)]
                for await payload in subsequent { payloads.append(.object(payload)) }
            }
            let (data, hasErrors) = mergeIncrementalPayloads(payloads)
            XCTAssertFalse(hasErrors, "\(base): errors in the parts")
            XCTAssertEqual(
                sortKeys(data), sortKeys(plain.data ?? .null), "\(base): the parts differ from the plain answer")
            XCTAssertEqual(payloads.last?["hasNext"] ?? .bool(false), .bool(false), "\(base): the last part")
        }
    }
}

private func sortKeys(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let object):
        return .object(
            JSONObject(object.entries.sorted { $0.key < $1.key }.map { (key: $0.key, value: sortKeys($0.value)) }))
    case .array(let array):
        return .array(array.map(sortKeys))
    default:
        return value
    }
}

/// The data of all payloads put together, and whether any reported an error.
private func mergeIncrementalPayloads(_ payloads: [JSONValue]) -> (data: JSONValue, hasErrors: Bool) {
    guard let first = payloads.first else { return (.null, false) }
    var data = first["data"] ?? .null
    var hasErrors = first["errors"] != nil
    var paths: [String: [JSONValue]] = [:]
    func merge(_ target: JSONValue, _ source: JSONValue) -> JSONValue {
        guard case .object(var object) = target, case .object(let addition) = source else { return source }
        for (key, value) in addition.entries { object[key] = object[key].map { merge($0, value) } ?? value }
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
                data = update(data, path[...]) { .array(($0.arrayValue ?? []) + items) }
            } else if let addition = entry["data"] {
                data = update(data, path[...]) { merge($0, addition) }
            }
        }
        for completed in payload["completed"]?.arrayValue ?? [] where completed["errors"] != nil { hasErrors = true }
    }
    return (data, hasErrors)
}
