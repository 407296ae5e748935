import XCTest
@testable import HTTPServer

/// Header names and values: case-insensitive comparison on bytes, targets split into path and
/// query, and no CR or LF in an encoded response head.
final class HeaderTextTests: XCTestCase {
    func testCaseInsensitiveComparison() {
        XCTAssertTrue(HTTPHeaders.equalIgnoringCase("application/json", "application/json"))
        XCTAssertTrue(HTTPHeaders.equalIgnoringCase("Application/JSON", "application/json"))
        XCTAssertTrue(HTTPHeaders.equalIgnoringCase("", ""))
        XCTAssertFalse(HTTPHeaders.equalIgnoringCase("application/json", "application/jsonx"))
        XCTAssertFalse(HTTPHeaders.equalIgnoringCase("application/json", "application/jsoN "))
        // Only letters fold: '@' (0x40) and '`' (0x60) differ by the case bit but are not a pair.
        XCTAssertFalse(HTTPHeaders.equalIgnoringCase("a@b", "a`b"))
        XCTAssertFalse(HTTPHeaders.equalIgnoringCase("é", "É"))
        var headers = HTTPHeaders()
        headers.add("content-type", "application/json")
        XCTAssertEqual(headers["Content-Type"], "application/json")
        XCTAssertNil(headers["Content-Typ"])
    }

    func testTargetsSplitIntoPathAndQuery() {
        XCTAssertTrue(HTTPRequest.split(target: "/graphql") == ("/graphql", nil))
        XCTAssertTrue(HTTPRequest.split(target: "/graphql?query=x") == ("/graphql", "query=x"))
        XCTAssertTrue(HTTPRequest.split(target: "/graphql?") == ("/graphql", ""))
        XCTAssertTrue(HTTPRequest.split(target: "http://example.com/graphql?a=1") == ("/graphql", "a=1"))
        XCTAssertTrue(HTTPRequest.split(target: "HTTPS://example.com") == ("/", nil))
        XCTAssertTrue(HTTPRequest.split(target: "*") == ("*", nil))
    }

    func testResponseHeadHasNoInjectedLines() {
        var out: [UInt8] = []
        let response = HTTPResponse(
            status: 200, headers: ["X-Clean": "plain value", "X-Split": "a\r\nSet-Cookie: b\nc"],
            body: Array("ok".utf8))
        HTTPResponseEncoder.encode(
            response, headRequest: false, close: false, keepAliveHeader: false,
            date: Array("Sat, 28 Nov 2026 00:00:00 GMT".utf8), server: [], into: &out)
        let text = String(decoding: out, as: UTF8.self)
        XCTAssertEqual(
            text,
            "HTTP/1.1 200 OK\r\nDate: Sat, 28 Nov 2026 00:00:00 GMT\r\nContent-Length: 2\r\n"
                + "X-Clean: plain value\r\nX-Split: a  Set-Cookie: b c\r\n\r\nok")
    }
}
