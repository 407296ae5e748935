import GraphQL
import XCTest

final class QueryLimitsTests: XCTestCase {
    private func errors(_ query: String, _ limits: QueryLimits) throws -> [String] {
        checkQueryLimits(try parse(query), limits: limits).map(\.message)
    }

    func testDepthCountsNestedFieldsThroughFragments() throws {
        let query = """
            query Deep { a { b { ...F } } }
            fragment F on T { c { d { e } } }
            """
        XCTAssertEqual(try errors(query, QueryLimits(maxDepth: 5)), [])
        XCTAssertEqual(
            try errors(query, QueryLimits(maxDepth: 4)),
            ["Operation \"Deep\" nests selections 5 levels deep; the limit is 4."])
    }

    func testFieldsAreCountedWithFragmentsExpanded() throws {
        // F is spread three times, G twice inside it: 2 + 3 × (1 + 2 × 2) = 17 fields.
        let query = """
            { a { ...F ...F ...F } b }
            fragment F on T { x ...G ...G }
            fragment G on T { y z }
            """
        XCTAssertEqual(try errors(query, QueryLimits(maxFields: 17)), [])
        XCTAssertEqual(
            try errors(query, QueryLimits(maxFields: 16)),
            ["The operation selects 17 fields with its fragments expanded; the limit is 16."])
    }

    func testExponentialFragmentFanOutSaturatesInsteadOfLooping() throws {
        var text = "{ ...F0 }\n"
        for level in 0..<70 { text += "fragment F\(level) on T { ...F\(level + 1) ...F\(level + 1) }\n" }
        text += "fragment F70 on T { leaf }\n"
        let messages = try errors(text, QueryLimits())
        XCTAssertEqual(
            messages, ["The operation selects \(Int.max) fields with its fragments expanded; the limit is 5000."])
    }

    func testAliasesCountOnlyRenamedFields() throws {
        let query = "{ a: x b: x x c: c d: y { e: z } }"
        // a, b, d and e are aliases; `c: c` renames nothing.
        XCTAssertEqual(try errors(query, QueryLimits(maxAliases: 4)), [])
        XCTAssertEqual(
            try errors(query, QueryLimits(maxAliases: 3)),
            ["The operation uses 4 aliases; the limit is 3."])
    }

    func testErrorsAreLocatedAtTheOperation() throws {
        let document = try parse("query A { x }\n\nquery B { y { z } }")
        let found = checkQueryLimits(document, limits: QueryLimits(maxDepth: 1))
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.locations, [SourceLocation(line: 3, column: 1)])
    }

    func testFragmentCyclesAreNotFollowed() throws {
        let query = "{ ...A }\nfragment A on T { x ...B }\nfragment B on T { y ...A }"
        XCTAssertEqual(try errors(query, QueryLimits(maxFields: 2)), [])
    }
}
