import GraphQLServer
import JSON
import XCTest

/// The HTTP side of incremental delivery: `Accept` negotiation, `multipart/mixed` framing and
/// Apollo's older payload format.
final class IncrementalDeliveryTests: XCTestCase {
    func testNegotiation() {
        XCTAssertEqual(IncrementalFormat.negotiate(accept: nil), .multipart)
        XCTAssertEqual(IncrementalFormat.negotiate(accept: "*/*"), .multipart)
        XCTAssertEqual(IncrementalFormat.negotiate(accept: "multipart/mixed"), .multipart)
        XCTAssertEqual(
            IncrementalFormat.negotiate(accept: "multipart/mixed, application/graphql-response+json"), .multipart)
        // What Apollo Client 3 and Apollo iOS send.
        XCTAssertEqual(
            IncrementalFormat.negotiate(accept: "multipart/mixed;deferSpec=20220824,application/json"),
            .apolloDeferSpec20220824)
        XCTAssertEqual(
            IncrementalFormat.negotiate(
                accept: "multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json"),
            .apolloDeferSpec20220824)
        XCTAssertEqual(IncrementalFormat.negotiate(accept: "multipart/mixed;q=0, */*;q=0.1"), .multipart)
        // A client that accepts only JSON cannot read parts.
        XCTAssertNil(IncrementalFormat.negotiate(accept: "application/json"))
        XCTAssertNil(IncrementalFormat.negotiate(accept: "application/graphql-response+json, application/json"))
        XCTAssertNil(IncrementalFormat.negotiate(accept: "multipart/mixed;q=0, application/json"))
    }

    func testFraming() {
        let body = MultipartMixed.part(Array(#"{"hasNext":true}"#.utf8)) + MultipartMixed.end
        XCTAssertEqual(
            String(decoding: body, as: UTF8.self),
            "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{\"hasNext\":true}\r\n-----\r\n")
        XCTAssertEqual(MultipartMixed.contentType, "multipart/mixed; boundary=\"-\"")
    }

    private func object(_ text: String) throws -> JSONObject {
        try XCTUnwrap(JSONParser.parse(text).objectValue, text)
    }

    private func text(_ object: JSONObject) -> String {
        JSONValue.object(object).serialized()
    }

    func testApolloFormat() throws {
        var converter = ApolloPayloadConverter()
        let initial = converter.convertInitial(
            try object(
                #"{"data":{"a":{"list":[1]},"c":{"x":1}},"pending":[{"id":"0","path":["a"],"label":"D"},{"id":"1","path":["a","list"]},{"id":"2","path":["c"],"label":"E"}],"hasNext":true}"#
            ))
        XCTAssertEqual(text(initial), #"{"data":{"a":{"list":[1]},"c":{"x":1}},"hasNext":true}"#)
        let first = converter.convertSubsequent(
            try object(
                #"{"incremental":[{"id":"0","data":{"b":{"n":2}}},{"id":"0","subPath":["b"],"data":{"m":3}},{"id":"1","items":[2,3]}],"completed":[{"id":"2","errors":[{"message":"boom","path":["c","y"]}]}],"hasNext":true}"#
            ))
        XCTAssertEqual(
            text(first),
            #"{"incremental":[{"data":{"b":{"n":2}},"path":["a"],"label":"D"},{"data":{"m":3},"path":["a","b"],"label":"D"},{"items":[2,3],"path":["a","list",1]},{"data":null,"path":["c"],"label":"E","errors":[{"message":"boom","path":["c","y"]}]}],"hasNext":true}"#
        )
        let second = converter.convertSubsequent(
            try object(
                #"{"pending":[{"id":"3","path":["a","b"]}],"incremental":[{"id":"1","items":[4]}],"completed":[{"id":"1"},{"id":"0"}],"hasNext":true}"#
            ))
        XCTAssertEqual(text(second), #"{"incremental":[{"items":[4],"path":["a","list",3]}],"hasNext":true}"#)
        // A payload with nothing to say in the older format.
        let last = converter.convertSubsequent(try object(#"{"completed":[{"id":"3"}],"hasNext":false}"#))
        XCTAssertEqual(text(last), #"{"hasNext":false}"#)
    }
}
