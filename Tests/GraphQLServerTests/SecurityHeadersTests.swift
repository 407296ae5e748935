import XCTest

@testable import GraphQLServer

final class SecurityHeadersTests: XCTestCase {
    /// The answers' policy is a literal (never reference counted): it must say what the
    /// directives make of `default-src 'none'`.
    func testAnswerPolicyIsTheDirectivesAddedToDefaultSrcNone() {
        XCTAssertEqual(SecurityHeaders.answerPolicy, SecurityHeaders.withDirectives("default-src 'none'"))
        XCTAssertEqual(
            SecurityHeaders.answerPolicy,
            "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
    }

    /// The media types' `Content-Type` values (literals) name the type and UTF-8.
    func testContentTypesNameTheMediaTypeAndUTF8() {
        for type in [GraphQLMediaType.json, .graphQLResponse] {
            XCTAssertEqual(type.contentType, type.rawValue + "; charset=utf-8")
        }
    }
}
