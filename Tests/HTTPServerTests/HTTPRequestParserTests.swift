import Base
import XCTest
@testable import HTTPServer

final class HTTPRequestParserTests: XCTestCase {
    private func parseAll(_ text: String, limits: HTTPLimits = HTTPLimits()) -> [HTTPRequestParser.Event] {
        var parser = HTTPRequestParser(limits: limits)
        let bytes = Array(text.utf8)
        var index = 0
        var events: [HTTPRequestParser.Event] = []
        while true {
            let event = parser.next(bytes, from: &index)
            events.append(event)
            switch event {
            case .request, .continueNeeded: continue
            case .needMoreData, .failure: return events
            }
        }
    }

    private func requests(_ events: [HTTPRequestParser.Event]) -> [HTTPRequest] {
        events.compactMap { if case .request(let r) = $0 { return r } else { return nil } }
    }

    private func failure(_ events: [HTTPRequestParser.Event]) -> HTTPParseError? {
        if case .failure(let e)? = events.last { return e }
        return nil
    }

    /// A body of many one-byte chunks, fed a few bytes at a time, then a second request on the
    /// same parser: the body is exact and the parser starts the next request clean.
    func testManySmallChunksFedPieceByPiece() throws {
        let payload = (0..<10_000).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        var text = "POST /graphql HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        for byte in payload { text += "1\r\n" + String(UnicodeScalar(byte)) + "\r\n" }
        text += "0\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n"
        let bytes = Array(text.utf8)
        var parser = HTTPRequestParser()
        var received: [HTTPRequest] = []
        var buffer: [UInt8] = []
        var index = 0
        var fed = 0
        while fed < bytes.count {
            let next = min(bytes.count, fed + 7)
            buffer += bytes[fed..<next]
            fed = next
            parsing: while true {
                switch parser.next(buffer, from: &index) {
                case .request(let request): received.append(request)
                case .continueNeeded: continue
                case .needMoreData: break parsing
                case .failure(let error): XCTFail("\(error)"); return
                }
            }
        }
        XCTAssertEqual(received.count, 2)
        XCTAssertEqual(received.first?.body, payload)
        XCTAssertEqual(received.last?.path, "/health")
        XCTAssertEqual(received.last?.body, [])
    }

    /// Chunk framing has a limit of its own: each chunk costs its size line and two line
    /// ends (5 bytes for `1\r\na\r\n`, as for the last chunk `0\r\n` and the end of trailers).
    func testChunkFramingLimit() throws {
        func body(chunks: Int) -> String {
            "POST /graphql HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + String(repeating: "1\r\na\r\n", count: chunks) + "0\r\n\r\n"
        }
        let limits = HTTPLimits(maxChunkFramingBytes: 50)
        let fits = requests(parseAll(body(chunks: 9), limits: limits))
        XCTAssertEqual(fits.first?.body, Array(String(repeating: "a", count: 9).utf8))
        let error = try XCTUnwrap(failure(parseAll(body(chunks: 10), limits: limits)))
        XCTAssertEqual(error.status, 413)
        XCTAssertEqual(error.message, "Request body sent in too many chunks (chunk framing over 50 bytes)")
        XCTAssertEqual(error.head?.path, "/graphql")

        // The default: 64 KiB of framing, about 13,000 one-byte chunks; the same bytes in one
        // chunk are fine.
        XCTAssertEqual(failure(parseAll(body(chunks: 14_000)))?.status, 413)
        let one =
            "POST /graphql HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            + String(14_000, radix: 16) + "\r\n" + String(repeating: "a", count: 14_000) + "\r\n0\r\n\r\n"
        XCTAssertEqual(requests(parseAll(one)).first?.body.count, 14_000)
    }

    func testSimpleGet() throws {
        let events = parseAll("GET /graphql?query=%7B%20a%20%7D HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n")
        let request = try XCTUnwrap(requests(events).first)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/graphql")
        XCTAssertEqual(request.query, "query=%7B%20a%20%7D")
        XCTAssertEqual(request.queryItems.first?.value, "{ a }")
        XCTAssertEqual(request.headers["ACCEPT"], "*/*")
        XCTAssertTrue(request.keepAlive)
        XCTAssertEqual(request.body, [])
    }

    /// Names are stored lowercased, whatever their case and length (a short name is a small
    /// string, a long one is not); values keep their case and lose surrounding blanks.
    func testHeaderNamesAreStoredLowercased() throws {
        let long = "X-A-Rather-Long-Header-Name-Of-Forty-Bytes"
        let text = "GET / HTTP/1.1\r\nHOST: x\r\nContent-Type:  Application/JSON \r\n\(long): MiXeD\r\nx-9~!: v\r\n\r\n"
        let request = try XCTUnwrap(requests(parseAll(text)).first)
        XCTAssertEqual(request.headers.fields.map(\.name), ["host", "content-type", long.lowercased(), "x-9~!"])
        XCTAssertEqual(request.headers.fields.map(\.value), ["x", "Application/JSON", "MiXeD", "v"])
    }

    func testContentLengthBodyAndPipelining() {
        let events = parseAll(
            "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhelloGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
        let all = requests(events)
        XCTAssertEqual(all.map(\.path), ["/a", "/b"])
        XCTAssertEqual(all.first?.body, Array("hello".utf8))
    }

    func testChunkedBodyWithExtensionsAndTrailers() {
        let text =
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: 1\r\n\r\n"
        let all = requests(parseAll(text))
        XCTAssertEqual(all.first.map { String(decoding: $0.body, as: UTF8.self) }, "hello world")
    }

    func testByteByByteFeedingGivesTheSameRequest() {
        let text = "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
        var parser = HTTPRequestParser()
        var buffer: [UInt8] = []
        var index = 0
        var found: HTTPRequest?
        for byte in text.utf8 {
            buffer.append(byte)
            if case .request(let r) = parser.next(buffer, from: &index) { found = r }
        }
        XCTAssertEqual(found?.body, Array("abc".utf8))
        XCTAssertEqual(index, buffer.count)
    }

    func testSmugglingAndMalformedHeadsAreRejected() {
        let cases: [(String, Int)] = [
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1e3\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
            ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400),
            ("GET / HTTP/1.1\nHost: x\n\n", 400),
            ("GET / HTTP/1.1\r\nHost: x\rY: 1\r\n\r\n", 400),
            ("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
            ("GET / HTTP/1.1\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
            ("G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET nopath HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: x\r\nExpect: something\r\n\r\n", 417),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n", 400),
            ("\u{0}\u{1}\u{2}\r\n\r\n", 400)
        ]
        for (text, status) in cases {
            XCTAssertEqual(failure(parseAll(text))?.status, status, text.debugDescription)
        }
    }

    func testSameContentLengthTwiceIsAccepted() {
        let all = requests(parseAll("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nok"))
        XCTAssertEqual(all.first?.body, Array("ok".utf8))
    }

    func testLimits() {
        let limits = HTTPLimits(maxRequestLineBytes: 64, maxHeadBytes: 256, maxHeaderCount: 5, maxBodyBytes: 10)
        let longLine = "GET /" + String(repeating: "a", count: 100)
        XCTAssertEqual(failure(parseAll(longLine, limits: limits))?.status, 431)
        XCTAssertEqual(failure(parseAll(longLine + " HTTP/1.1\r\nHost: x\r\n\r\n", limits: limits))?.status, 431)
        let bigHead = "GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "b", count: 300)
        XCTAssertEqual(failure(parseAll(bigHead, limits: limits))?.status, 431)
        let many = "GET / HTTP/1.1\r\nHost: x\r\n" + (1...6).map { "X\($0): 1\r\n" }.joined() + "\r\n"
        XCTAssertEqual(failure(parseAll(many, limits: limits))?.status, 431)
        XCTAssertEqual(
            failure(parseAll("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n", limits: limits))?.status, 413)
        let chunked = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n6\r\n"
        XCTAssertEqual(failure(parseAll(chunked, limits: limits))?.status, 413)
        XCTAssertEqual(
            failure(
                parseAll("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n"))?
                .status, 400)
    }

    func testExpectContinueAndConnectionSemantics() {
        let events = parseAll("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n")
        guard case .continueNeeded? = events.first else { return XCTFail("\(events)") }
        XCTAssertEqual(
            requests(parseAll("GET / HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n")).first?.keepAlive, false)
        XCTAssertEqual(requests(parseAll("GET / HTTP/1.0\r\n\r\n")).first?.keepAlive, false)
        XCTAssertEqual(requests(parseAll("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")).first?.keepAlive, true)
        XCTAssertEqual(
            requests(parseAll("\r\n\r\nGET http://example.com/p?q=1 HTTP/1.1\r\nHost: x\r\n\r\n")).first?.path, "/p")
    }

    /// Inputs found by fuzzing: fed byte by byte, they must parse as when whole.
    func testPiecewiseParsingAgreesWithWholeParsing() {
        let limits = HTTPLimits(maxRequestLineBytes: 256, maxHeadBytes: 1024, maxHeaderCount: 16, maxBodyBytes: 2048)
        let inputs: [[UInt8]] = [
            Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            Array("GET /".utf8) + [UInt8](repeating: 0x61, count: 241) + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            [UInt8](repeating: 0x41, count: 256) + Array("\r\nabc".utf8),
            [UInt8](repeating: 0x41, count: 257) + Array("\r\nabc".utf8)
        ]
        for input in inputs {
            func run(step: Int) -> ([String], Int?) {
                var parser = HTTPRequestParser(limits: limits)
                var buffer: [UInt8] = [], index = 0, offset = 0, paths: [String] = []
                while offset < input.count {
                    let end = min(input.count, offset + step)
                    buffer += input[offset..<end]
                    offset = end
                    loop: while true {
                        switch parser.next(buffer, from: &index) {
                        case .request(let r): paths.append(r.target)
                        case .continueNeeded: continue
                        case .needMoreData: break loop
                        case .failure(let e): return (paths, e.status)
                        }
                    }
                }
                return (paths, nil)
            }
            let whole = run(step: input.count), piecewise = run(step: 1)
            XCTAssertEqual(whole.0, piecewise.0)
            XCTAssertEqual(whole.1, piecewise.1)
        }
    }

    func testURLDecoding() {
        XCTAssertEqual(
            URLEncoding.decodeForm("a=1+2&b=%E2%9C%93&c&=x&d=%zz").map { "\($0.name)=\($0.value)" },
            ["a=1 2", "b=✓", "c=", "=x", "d=%zz"])
        XCTAssertEqual(URLEncoding.decode(Substring(PercentEncoding.encode("{ a(b: \"é&\") }"))), "{ a(b: \"é&\") }")
    }
}
