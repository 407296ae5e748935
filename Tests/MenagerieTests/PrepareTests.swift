import GraphQL
@testable import Menagerie
import MenagerieUpstreams
import Upstreams
import XCTest

/// Request preparation: parse, (validate,) select the operation.
final class PrepareTests: XCTestCase {
    let app = try? MenagerieApp(configuration: UpstreamsConfiguration(mode: .embedded))

    func testSelectsTheNamedOperation() throws {
        let document = "query A { __typename } query B { breeds { totalCount } }"
        guard case .ready(_, let type, let name)? = app?.prepare(query: document, operationName: "B") else {
            return XCTFail("not ready")
        }
        XCTAssertEqual(type, .query)
        XCTAssertEqual(name, "B")
    }

    func testOperationSelectionErrors() throws {
        let document = "query A { __typename } query B { __typename }"
        guard case .failed(let errors)? = app?.prepare(query: document, operationName: nil) else { return XCTFail("not failed") }
        XCTAssertEqual(errors.map(\.message), ["Must provide operation name if query contains multiple operations."])
        guard case .failed(let unknown)? = app?.prepare(query: document, operationName: "C") else { return XCTFail("not failed") }
        XCTAssertEqual(unknown.map(\.message), ["Unknown operation named \"C\"."])
    }

    func testSyntaxErrorIsARequestError() async throws {
        guard case .failed(let errors)? = app?.prepare(query: "{ breeds {", operationName: nil) else { return XCTFail("not failed") }
        XCTAssertEqual(errors.first?.extensions?["code"], "GRAPHQL_PARSE_FAILED")
        let result = await app?.execute(query: "{ breeds {")
        XCTAssertNil(result?.data)
    }
}
