import Locking
import JSON
import XCTest
@testable import GraphQL

/// A general resolver's ``Resolution``: a ready value completes inline, pending work runs in
/// the asynchronous phase, with the same completion and error rules either way.
final class ReadyOrPendingResolverTests: XCTestCase {
    /// `n` is ready for even arguments and pending for odd ones; the record says which way
    /// each argument went.
    func schema(record: Locked<[String]>) throws -> ExecutableSchema {
        var resolvers = ResolverMap()
        resolvers.bind("Query", "n") { _, arguments, _, _ in
            let n = arguments.int("n") ?? 0
            if n < 0 { throw GraphQLError(message: "negative: \(n)") }
            guard n % 2 == 0 else {
                return .pending {
                    try await Task.sleep(for: .milliseconds(1))
                    record.withLock { $0.append("async \(n)") }
                    if n == 7 { throw GraphQLError(message: "seven") }
                    return n
                }
            }
            record.withLock { $0.append("immediate \(n)") }
            return .ready(n == 0 ? nil : n)
        }
        resolvers.field("Query", "items") { _, _, _, _ in [1, 2, 3] as [Int] }
        resolvers.bind("Item", "double") { source, _, _, _ in
            guard let n = source as? Int, n != 2 else {
                return .pending {
                    try await Task.sleep(for: .milliseconds(1))
                    return (source as? Int).map { $0 * 2 }
                }
            }
            return .ready(n * 2)
        }
        resolvers.field("Item", "n") { source, _, _, _ in source }
        return try makeSchema(
            """
            type Query { n(n: Int): Int, items: [Item!]! }
            type Item { n: Int!, double: Int! }
            """, resolvers)
    }

    func testReadyValuesCompleteInline() async throws {
        let record = Locked<[String]>([])
        let schema = try schema(record: record)
        assertResult(
            try await runQuery(schema, "{ a: n(n: 2) b: n(n: 4) c: n(n: 0) }"),
            #"{"data":{"a":2,"b":4,"c":null}}"#)
        XCTAssertEqual(record.withLock { $0 }, ["immediate 2", "immediate 4", "immediate 0"])
    }

    func testPendingWorkRunsInItsPlace() async throws {
        let record = Locked<[String]>([])
        let schema = try schema(record: record)
        assertResult(
            try await runQuery(schema, "{ a: n(n: 1) b: n(n: 2) c: n(n: 3) }"),
            #"{"data":{"a":1,"b":2,"c":3}}"#)
        XCTAssertEqual(Set(record.withLock { $0 }), ["async 1", "immediate 2", "async 3"])
        // In lists, mixed: order and values as if all were synchronous.
        assertResult(
            try await runQuery(schema, "{ items { n double } }"),
            #"{"data":{"items":[{"n":1,"double":2},{"n":2,"double":4},{"n":3,"double":6}]}}"#)
    }

    func testErrorsThrownNowOrLaterAreFieldErrors() async throws {
        let record = Locked<[String]>([])
        let schema = try schema(record: record)
        assertResult(
            try await runQuery(schema, "{ a: n(n: -1) b: n(n: 7) c: n(n: 2) }"),
            """
            {"errors":[{"message":"negative: -1","locations":[{"line":1,"column":3}],"path":["a"]},\
            {"message":"seven","locations":[{"line":1,"column":15}],"path":["b"]}],"data":{"a":null,"b":null,"c":2}}
            """)
    }
}
