import Base
import XCTest

final class EventualTests: XCTestCase {
    struct Failure: Error, Equatable {}

    func testReadyValuesMapNowAndPendingOnesLater() async throws {
        let ready = Eventual<Int>.ready(2).map { $0 * 10 }
        XCTAssertEqual(ready.readyValue, 20)
        let pending = Eventual<Int>.pending { 3 }.map { $0 * 10 }
        XCTAssertNil(pending.readyValue)
        let value = try await pending.value
        XCTAssertEqual(value, 30)
    }

    func testAThrowingTransformOfAReadyValueFailsWhenAwaited() async {
        let failed = Eventual<Int>.ready(1).map { _ -> Int in throw Failure() }
        XCTAssertNil(failed.readyValue)
        do {
            _ = try await failed.value
            XCTFail("expected the error")
        } catch {
            XCTAssertEqual(error as? Failure, Failure())
        }
    }

    func testFlatMapIsReadyOnlyWhenBothAre() async throws {
        XCTAssertEqual(Eventual<Int>.ready(1).flatMap { .ready($0 + 1) }.readyValue, 2)
        let later = Eventual<Int>.ready(1).flatMap { n in Eventual<Int>.pending { n + 1 } }
        XCTAssertNil(later.readyValue)
        let value = try await later.value
        XCTAssertEqual(value, 2)
    }
}

final class PercentEncodingTests: XCTestCase {
    func testEncodeKeepsOnlyUnreservedCharacters() {
        XCTAssertEqual(PercentEncoding.encode("hound/afghan & ~x_y-z.é"), "hound%2Fafghan%20%26%20~x_y-z.%C3%A9")
        XCTAssertEqual(PercentEncoding.encode(""), "")
    }

    func testDecode() {
        XCTAssertEqual(PercentEncoding.decode("a%2Fb%20c+d"), "a/b c+d")
        XCTAssertEqual(PercentEncoding.decode("a+b", plusAsSpace: true), "a b")
        XCTAssertEqual(PercentEncoding.decode("%C3%a9"), "é")
        XCTAssertEqual(PercentEncoding.decode("100%"), "100%", "a lone % stays")
        XCTAssertEqual(PercentEncoding.decode("%zz"), "%zz")
        XCTAssertNil(PercentEncoding.decode("%zz", strict: true))
        XCTAssertNil(PercentEncoding.decode("%4", strict: true))
        for text in ["hound/afghan", "ä b+c%", "\u{0}x"] {
            XCTAssertEqual(PercentEncoding.decode(Substring(PercentEncoding.encode(text))), text)
        }
    }
}

final class StableHashTests: XCTestCase {
    func testFNV1aKnownValues() {
        // FNV-1a 64-bit test vectors.
        XCTAssertEqual(StableHash.fnv1a("".utf8), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(StableHash.fnv1a("a".utf8), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(StableHash.fnv1a("foobar".utf8), 0x8594_4171_f739_67e8)
        XCTAssertEqual(StableHash.hex(0xaf), "00000000000000af")
    }
}
