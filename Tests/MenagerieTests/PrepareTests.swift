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
        guard case .success(let prepared)? = app?.prepare(query: document, operationName: "B") else {
            return XCTFail("not ready")
        }
        XCTAssertEqual(prepared.operationType, .query)
        XCTAssertEqual(prepared.operationName, "B")
    }

    func testOperationSelectionErrors() throws {
        let document = "query A { __typename } query B { __typename }"
        guard case .failure(let errors)? = app?.prepare(query: document, operationName: nil) else {
            return XCTFail("not failed")
        }
        XCTAssertEqual(
            errors.errors.map(\.message), ["Must provide operation name if query contains multiple operations."])
        guard case .failure(let unknown)? = app?.prepare(query: document, operationName: "C") else {
            return XCTFail("not failed")
        }
        XCTAssertEqual(unknown.errors.map(\.message), ["Unknown operation named \"C\"."])
    }

    func testSyntaxErrorIsARequestError() async throws {
        guard case .failure(let errors)? = app?.prepare(query: "{ breeds {", operationName: nil) else {
            return XCTFail("not failed")
        }
        XCTAssertEqual(errors.errors.first?.extensions?["code"], "GRAPHQL_PARSE_FAILED")
        let result = await app?.execute(query: "{ breeds {")
        XCTAssertNil(result?.data)
    }
}
