import JSON
import Locking
import XCTest

@testable import GraphQL

/// `ExecutionOptions.maxErrors` over an answer in parts: one budget for the whole answer, spent in
/// the order the errors are sent (the initial payload's, then each later payload's `incremental`
/// entries and `completed` entries); the first `maxErrors - 1` go out as they are, then one
/// "Too many errors" and nothing more, the data and items whole. A failed part's `completed`
/// entry still says it failed.
final class IncrementalErrorLimitTests: XCTestCase {
    static let sdl = """
        directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @stream(if: Boolean! = true, label: String, initialCount: Int! = 0) on FIELD
        type Query { items(count: Int): [Item], strictItems(count: Int): [Item!], gated: [Item], strict: String! }
        type Item { good: Int, bad: String, slowBad: String, strictBad: String! }
        """

    static let marker = #"{"message":"Too many errors, error limit reached. Further errors omitted."}"#

    /// An engine whose `items` and `strictItems` are `count` items (`good` is the index), whose
    /// `gated` is `gated()`'s parts as items, and whose `bad`, `slowBad` (after 1 ms),
    /// `strictBad` and `strict` fail ("boom N" for item N).
    static func engine(maxErrors: Int?, gated: @escaping @Sendable () -> ArrivingList = { ArrivingList(parts: []) })
        throws -> GraphQLEngine
    {
        var resolvers = ResolverMap()
        @Sendable func items(_ arguments: FieldArguments) -> [any Sendable] {
            (0..<(arguments.int("count") ?? 0)).map { ["good": $0] as [String: any Sendable] }
        }
        @Sendable func boom(_ source: ResolvedValue) -> GraphQLError {
            let index = (source as? [String: any Sendable])?["good"] as? Int
            return GraphQLError(message: "boom \(index.map(String.init) ?? "?")")
        }
        resolvers.field("Query", "items") { _, arguments, _, _ in items(arguments) }
        resolvers.field("Query", "strictItems") { _, arguments, _, _ in items(arguments) }
        resolvers.field("Query", "gated") { _, _, _, _ in
            let list = gated()
            return ArrivingList(
                parts: list.parts.map { part in
                    part.map { $0.map { ["good": Int($0 as? String ?? "") ?? -1] as [String: any Sendable] } }
                },
                limit: list.limit)
        }
        resolvers.field("Query", "strict") { _, _, _, _ in throw GraphQLError(message: "strict failed") }
        resolvers.field("Item", "bad") { source, _, _, _ in throw boom(source) }
        resolvers.field("Item", "strictBad") { source, _, _, _ in throw boom(source) }
        resolvers.bind("Item", "slowBad") { source, _, _, _ in
            let error = boom(source)
            return .pending {
                try await Task.sleep(for: .milliseconds(1))
                throw error
            }
        }
        let schema = try buildASTSchema(try parse(Source(sdl), options: .unlimited))
        return GraphQLEngine(
            executable: try ExecutableSchema(schema: schema, resolvers: resolvers),
            options: ExecutionOptions(maxErrors: maxErrors))
    }

    static func text(_ object: JSONObject) -> String { JSONValue.object(object).serialized() }

    /// Every payload of the answer to `query`, as text.
    static func payloads(_ engine: GraphQLEngine, _ query: String, coalescing: Duration = .milliseconds(2)) async
        -> [String]
    {
        switch await engine.executeIncrementally(query: query, coalescing: coalescing) {
        case .single(let result):
            return [result.json.serialized()]
        case .incremental(let initial, let subsequent):
            var payloads = [text(initial)]
            for await payload in subsequent { payloads.append(text(payload)) }
            return payloads
        }
    }

    /// The errors of a payload sequence in the order they are sent, and how many stream items it
    /// delivers (initial ones at `list` included).
    static func errorsAndItems(_ payloads: [String], list: String) throws -> (errors: [JSONValue], items: [JSONValue]) {
        var errors: [JSONValue] = []
        var items: [JSONValue] = []
        for (index, text) in payloads.enumerated() {
            let payload = try JSONParser.parse(Array(text.utf8))
            errors += payload["errors"]?.arrayValue ?? []
            if index == 0 { items += payload["data"]?[list]?.arrayValue ?? [] }
            for entry in payload["incremental"]?.arrayValue ?? [] {
                items += entry["items"]?.arrayValue ?? []
                errors += entry["errors"]?.arrayValue ?? []
            }
            for entry in payload["completed"]?.arrayValue ?? [] { errors += entry["errors"]?.arrayValue ?? [] }
        }
        return (errors, items)
    }

    static var markerValue: JSONValue { GraphQLError.tooManyErrors.json }

    // MARK: The budget

    func testTheBudgetSpendsInOrderAndMarksTheErrorThatSpendsIt() {
        var budget = ErrorBudget(limit: 5)
        XCTAssertTrue(budget.isLimited)
        XCTAssertNil(budget.take([1, 2], marker: 0), "within the budget: unchanged")
        XCTAssertNil(budget.take([Int](), marker: 0))
        XCTAssertNil(budget.take([3, 4], marker: 0), "four out")
        XCTAssertFalse(budget.isSpent)
        XCTAssertEqual(budget.take([5], marker: 0), [0], "the fifth is the marker")
        XCTAssertTrue(budget.isSpent)
        XCTAssertEqual(budget.take([6, 7], marker: 0), [], "then nothing")
        var oneBatch = ErrorBudget(limit: 3)
        XCTAssertEqual(oneBatch.take([1, 2, 3, 4], marker: 0), [1, 2, 0])
        var clamped = ErrorBudget(limit: 0)
        XCTAssertEqual(clamped.take([1], marker: 0), [0])
        var unlimited = ErrorBudget(limit: nil)
        XCTAssertFalse(unlimited.isLimited)
        XCTAssertNil(unlimited.take(Array(0..<1000), marker: -1))
    }

    // MARK: Streams

    /// 200 streamed items whose field fails: 5 errors in the whole answer, the last the marker
    /// (once), the initial payload's 2 errors and the first 2 streamed ones before it; every item
    /// delivered, with its null.
    func testAStreamOfFailingItemsCarriesMaxErrorsInAll() async throws {
        for field in ["bad", "slowBad"] {
            let engine = try Self.engine(maxErrors: 5)
            let payloads = await Self.payloads(
                engine, "{ items(count: 200) @stream(initialCount: 2) { good \(field) } }")
            let (errors, items) = try Self.errorsAndItems(payloads, list: "items")
            XCTAssertEqual(errors.count, 5, field)
            XCTAssertEqual(errors.last, Self.markerValue, field)
            XCTAssertEqual(errors.filter { $0 == Self.markerValue }.count, 1, field)
            XCTAssertEqual(
                errors.dropLast().map { $0["path"] }, (0..<4).map { .array(["items", .int($0), .string(field)]) }, field
            )
            XCTAssertEqual(errors.dropLast().map { $0["message"] }, (0..<4).map { .string("boom \($0)") }, field)
            XCTAssertEqual(items.count, 200, field)
            XCTAssertEqual(items.map { $0["good"] }, (0..<200).map { .int($0) }, field)
            XCTAssertTrue(items.allSatisfy { $0[field] == .null }, field)
            XCTAssertTrue(payloads.last?.hasSuffix(#""hasNext":false}"#) ?? false, field)
        }
    }

    func testWithoutALimitEveryErrorIsSent() async throws {
        let engine = try Self.engine(maxErrors: nil)
        let payloads = await Self.payloads(engine, "{ items(count: 200) @stream(initialCount: 2) { good bad } }")
        let (errors, items) = try Self.errorsAndItems(payloads, list: "items")
        XCTAssertEqual(errors.count, 200)
        XCTAssertFalse(errors.contains(Self.markerValue))
        XCTAssertEqual(errors.map { $0["message"] }, (0..<200).map { .string("boom \($0)") })
        XCTAssertEqual(items.count, 200)
    }

    /// The payloads of a stream whose parts the test answers one by one, after an initial payload
    /// with two errors: two errors with each of the first two parts, one with the third.
    func gatedPayloads(maxErrors: Int?) async throws -> [String] {
        let gates = [Gate(), Gate(), Gate()]
        let engine = try Self.engine(maxErrors: maxErrors) { ArrivingList(parts: gates.map(\.part)) }
        guard
            case .incremental(let initial, let rest) = await engine.executeIncrementally(
                query: "{ items(count: 2) { bad } gated @stream { good bad } }")
        else {
            XCTFail("a single answer")
            return []
        }
        var payloads = [Self.text(initial)]
        var iterator = rest.makeAsyncIterator()
        for (gate, items) in zip(gates, [["1", "2"], ["3", "4"], ["5"]]) {
            gate.open(items)
            guard let payload = await iterator.next() else { break }
            payloads.append(Self.text(payload))
        }
        if let extra = await iterator.next() { payloads.append(Self.text(extra)) }
        return payloads
    }

    static func boom(_ index: Int, at path: String, column: Int) -> String {
        #"{"message":"boom \#(index)","locations":[{"line":1,"column":\#(column)}],"path":[\#(path)]}"#
    }

    /// Within the budget the payloads are exactly those of an answer with no limit; the payload
    /// whose errors spend it carries those that fit and the marker, later entries none.
    func testTheWholePayloadSequenceAcrossTheLimit() async throws {
        let initial =
            #"{"errors":["# + Self.boom(0, at: #""items",0,"bad""#, column: 21) + ","
            + Self.boom(1, at: #""items",1,"bad""#, column: 21)
            + #"],"data":{"items":[{"bad":null},{"bad":null}],"gated":[]},"pending":[{"id":"0","path":["gated"]}],"hasNext":true}"#
        func part(_ items: [Int], errors: [String]?, done: Bool = false) -> String {
            let list = items.map { #"{"good":\#($0),"bad":null}"# }.joined(separator: ",")
            return #"{"incremental":[{"id":"0","items":[\#(list)]"#
                + (errors.map { #","errors":[\#($0.joined(separator: ","))]"# } ?? "") + "}],"
                + (done ? #""completed":[{"id":"0"}],"hasNext":false}"# : #""hasNext":true}"#)
        }
        func booms(_ indexes: ClosedRange<Int>) -> [String] {
            indexes.map { Self.boom($0, at: #""gated",\#($0 - 1),"bad""#, column: 48) }
        }
        let unlimited = [
            initial, part([1, 2], errors: booms(1...2)), part([3, 4], errors: booms(3...4)),
            part([5], errors: booms(5...5), done: true)
        ]
        var payloads = try await gatedPayloads(maxErrors: nil)
        XCTAssertEqual(payloads, unlimited)
        payloads = try await gatedPayloads(maxErrors: 8)
        XCTAssertEqual(payloads, unlimited, "7 errors, a limit of 8: nothing cut")
        // A limit of 7: the 7th error cannot go out whole (more might follow), the marker does.
        payloads = try await gatedPayloads(maxErrors: 7)
        XCTAssertEqual(Array(payloads.prefix(3)), Array(unlimited.prefix(3)))
        XCTAssertEqual(payloads.last, part([5], errors: [Self.marker], done: true))
        payloads = try await gatedPayloads(maxErrors: 6)
        XCTAssertEqual(
            payloads,
            [
                initial, part([1, 2], errors: booms(1...2)), part([3, 4], errors: booms(3...3) + [Self.marker]),
                part([5], errors: nil, done: true)
            ])
        payloads = try await gatedPayloads(maxErrors: 5)
        XCTAssertEqual(
            payloads,
            [
                initial, part([1, 2], errors: booms(1...2)), part([3, 4], errors: [Self.marker]),
                part([5], errors: nil, done: true)
            ])
        payloads = try await gatedPayloads(maxErrors: 2)
        XCTAssertEqual(
            payloads[0],
            #"{"errors":["# + Self.boom(0, at: #""items",0,"bad""#, column: 21) + "," + Self.marker
                + #"],"data":{"items":[{"bad":null},{"bad":null}],"gated":[]},"pending":[{"id":"0","path":["gated"]}],"hasNext":true}"#,
            "the initial payload spends a budget it fills: its last error is the marker"
        )
        XCTAssertEqual(
            Array(payloads.dropFirst()),
            [part([1, 2], errors: nil), part([3, 4], errors: nil), part([5], errors: nil, done: true)])
    }

    /// A stream ended by a non-null item's error after the budget is spent still ends as failed.
    func testAStreamEndedByAnErrorAfterTheBudgetStillFails() async throws {
        let engine = try Self.engine(maxErrors: 3)
        let payloads = await Self.payloads(
            engine, "{ items(count: 5) { bad } strictItems(count: 2) @stream { strictBad } }",
            coalescing: .milliseconds(200))
        XCTAssertEqual(payloads.count, 2, "\(payloads)")
        XCTAssertEqual(
            payloads.last,
            #"{"completed":[{"id":"0","errors":["# + Self.marker + #"]}],"hasNext":false}"#)
        let (errors, _) = try Self.errorsAndItems(payloads, list: "strictItems")
        XCTAssertEqual(errors.count, 4, "3 and the failure's marker")
    }

    // MARK: Deferred fragments

    /// A deferred fragment whose null propagates after the budget is spent: its `completed` entry
    /// is there, with the marker for its errors, and the answer ends.
    func testADeferredFragmentFailingAfterTheBudgetStillCompletes() async throws {
        let engine = try Self.engine(maxErrors: 5)
        let payloads = await Self.payloads(engine, "{ items(count: 10) { bad } ... @defer { strict } }")
        XCTAssertEqual(payloads.count, 2, "\(payloads)")
        let initial = try JSONParser.parse(Array(payloads[0].utf8))
        XCTAssertEqual(initial["errors"]?.arrayValue?.count, 5)
        XCTAssertEqual(initial["errors"]?[4], Self.markerValue)
        XCTAssertEqual(initial["data"]?["items"]?.arrayValue?.count, 10)
        XCTAssertEqual(payloads[1], #"{"completed":[{"id":"0","errors":["# + Self.marker + #"]}],"hasNext":false}"#)
        // Within the budget, the failure's own error.
        let roomy = await Self.payloads(
            try Self.engine(maxErrors: 20), "{ items(count: 10) { bad } ... @defer { strict } }")
        XCTAssertEqual(
            roomy.last,
            #"{"completed":[{"id":"0","errors":[{"message":"strict failed","locations":[{"line":1,"column":41}],"path":["strict"]}]}],"hasNext":false}"#
        )
    }

    /// A deferred fragment's data after the budget is spent: delivered, its errors dropped.
    func testADeferredFragmentsErrorsAfterTheBudgetAreDropped() async throws {
        let engine = try Self.engine(maxErrors: 5)
        let payloads = await Self.payloads(
            engine, "{ items(count: 10) { bad } ... @defer { more: items(count: 2) { bad } } }")
        XCTAssertEqual(
            payloads.last,
            #"{"incremental":[{"id":"0","data":{"more":[{"bad":null},{"bad":null}]}}],"completed":[{"id":"0"}],"hasNext":false}"#
        )
    }

    // MARK: Plain answers

    /// An answer with nothing deferred keeps the plain rule: exactly `maxErrors` errors are kept.
    func testAPlainAnswerIsCutAsBefore() async throws {
        let engine = try Self.engine(maxErrors: 5)
        let exact = await Self.payloads(engine, "{ items(count: 5) @stream(initialCount: 10) { bad } }")
        XCTAssertEqual(exact.count, 1)
        let result = try JSONParser.parse(Array(exact[0].utf8))
        XCTAssertEqual(result["errors"]?.arrayValue?.map { $0["message"] }, (0..<5).map { .string("boom \($0)") })
        let over = await Self.payloads(engine, "{ items(count: 8) { ... @defer(if: false) { bad } } }")
        let cut = try JSONParser.parse(Array(over[0].utf8))
        XCTAssertEqual(cut["errors"]?.arrayValue?.count, 5)
        XCTAssertEqual(cut["errors"]?[4], Self.markerValue)
    }
}
