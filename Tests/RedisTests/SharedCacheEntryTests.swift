@testable import Upstreams
import XCTest

final class SharedCacheEntryTests: XCTestCase {
    let entry = SharedCacheEntry(
        upstream: "dog-ceo", request: "GET https://dog.ceo/api/breeds/list/all",
        response: UpstreamResponse(
            status: 200,
            headers: [
                UpstreamHeader("Content-Type", "application/json"),
                UpstreamHeader("Set-Cookie", "a=b"),
                UpstreamHeader("Cache-Control", "max-age=60")
            ],
            body: Array("{\"message\":{}}".utf8)),
        freshUntil: .milliseconds(1_800_000_000_250), staleUntil: .milliseconds(1_800_003_600_250))

    func testRoundTripKeepsOnlyTheHeadersThePipelineReads() throws {
        let decoded = try XCTUnwrap(SharedCacheEntry(decoding: entry.encoded()))
        XCTAssertEqual(decoded, entry)
        XCTAssertEqual(decoded.response.headers.map(\.name), ["Content-Type", "Cache-Control"])
        XCTAssertEqual(decoded.freshUntil, .milliseconds(1_800_000_000_250))
        XCTAssertEqual(decoded.staleUntil, .milliseconds(1_800_003_600_250))
        XCTAssertEqual(decoded.request, "GET https://dog.ceo/api/breeds/list/all")
    }

    func testTimesAreMillisecondsSince1970() {
        // After `MNGR` and the version: fresh-until and stale-until, 8 bytes each, big-endian.
        let bytes = entry.encoded()
        func milliseconds(at offset: Int) -> Int64 {
            Int64(bitPattern: bytes[offset..<offset + 8].reduce(0) { $0 << 8 | UInt64($1) })
        }
        XCTAssertEqual(milliseconds(at: 5), 1_800_000_000_250)
        XCTAssertEqual(milliseconds(at: 13), 1_800_003_600_250)
        // A fraction of a millisecond is rounded to the nearest.
        var finer = entry
        finer.freshUntil = .milliseconds(1_800_000_000_250) + .microseconds(600)
        let decoded = SharedCacheEntry(decoding: finer.encoded())
        XCTAssertEqual(decoded?.freshUntil, .milliseconds(1_800_000_000_251))
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
