@testable import Upstreams
import XCTest

final class SharedCacheEntryTests: XCTestCase {
    let entry = SharedCacheEntry(
        upstream: "dog-ceo", request: "GET https://dog.ceo/api/breeds/list/all",
        response: UpstreamResponse(status: 200, headers: [UpstreamHeader("Content-Type", "application/json"),
                                                          UpstreamHeader("Set-Cookie", "a=b"),
                                                          UpstreamHeader("Cache-Control", "max-age=60")],
                                   body: Array("{\"message\":{}}".utf8)),
        freshUntil: 1_800_000_000.25, staleUntil: 1_800_003_600.25)

    func testRoundTripKeepsOnlyTheHeadersThePipelineReads() throws {
        let decoded = try XCTUnwrap(SharedCacheEntry(decoding: entry.encoded()))
        XCTAssertEqual(decoded, entry)
        XCTAssertEqual(decoded.response.headers.map(\.name), ["Content-Type", "Cache-Control"])
        XCTAssertEqual(decoded.freshUntil, 1_800_000_000.25)
        XCTAssertEqual(decoded.staleUntil, 1_800_003_600.25)
        XCTAssertEqual(decoded.request, "GET https://dog.ceo/api/breeds/list/all")
    }

    func testAnythingElseDoesNotDecode() {
        let bytes = entry.encoded()
        XCTAssertNil(SharedCacheEntry(decoding: []))
        XCTAssertNil(SharedCacheEntry(decoding: Array("garbage".utf8)))
        XCTAssertNil(SharedCacheEntry(decoding: bytes + [0]), "trailing bytes")
        for cut in [1, 5, 13, 30, bytes.count - 1] {
            XCTAssertNil(SharedCacheEntry(decoding: Array(bytes.prefix(cut))), "cut at \(cut)")
        }
        var otherVersion = bytes
        otherVersion[4] = 2
        XCTAssertNil(SharedCacheEntry(decoding: otherVersion))
        var hugeLength = bytes
        // The upstream's length field (after magic, version, two dates, status) claims 4 GB.
        for index in 23..<27 { hugeLength[index] = 0xFF }
        XCTAssertNil(SharedCacheEntry(decoding: hugeLength))
    }
}
