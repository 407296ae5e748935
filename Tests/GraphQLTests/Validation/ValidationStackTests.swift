import Foundation
import XCTest
@testable import GraphQL

/// Long fragment chains are as deep as the token limit allows, not bounded by
/// the parser's nesting limit: the rules that follow fragments must not
/// recurse once per fragment. Validated on a thread with a small stack.
final class ValidationStackTests: XCTestCase {
    func testLongFragmentChainOnSmallStack() throws {
        let schema = try XCTUnwrap(ValidationTestSupport.harness)
        let length = 1800
        var text = "{ dog { ...F0 } __schema { types { ...T0 } } }\n"
        for index in 0..<length { text += "fragment F\(index) on Dog { name ...F\(index + 1) }\n" }
        text += "fragment F\(length) on Dog { name }\n"
        for index in 0..<length { text += "fragment T\(index) on __Type { name ...T\(index + 1) }\n" }
        text += "fragment T\(length) on __Type { name }\n"
        let document = try parse(text, options: ParseOptions(maxTokens: .max))
        let done = expectation(description: "validated")
        nonisolated(unsafe) var errors: [GraphQLError] = [GraphQLError(message: "not run")]
        let thread = Thread {
            errors = validate(schema: schema, document: document)
            done.fulfill()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        wait(for: [done], timeout: 120)
        XCTAssertEqual(errors, [])
    }
}
