import Redis
import XCTest

final class RedisURLTests: XCTestCase {
    func testForms() throws {
        XCTAssertEqual(try RedisURL(parsing: "redis://localhost"), RedisURL(host: "localhost"))
        XCTAssertEqual(
            try RedisURL(parsing: "redis://10.0.0.5:6380/2"), RedisURL(host: "10.0.0.5", port: 6380, database: 2))
        XCTAssertEqual(try RedisURL(parsing: "redis://:s3cret@redis:6379"), RedisURL(host: "redis", password: "s3cret"))
        XCTAssertEqual(
            try RedisURL(parsing: "redis://app:p%40ss%3Aw%2Ford@redis:7000/0"),
            RedisURL(host: "redis", port: 7000, user: "app", password: "p@ss:w/ord"))
        XCTAssertEqual(try RedisURL(parsing: "redis://[::1]:6379/1"), RedisURL(host: "::1", database: 1))
        XCTAssertEqual(try RedisURL(parsing: "REDIS://h/"), RedisURL(host: "h"))
        XCTAssertEqual(try RedisURL(parsing: "redis://pw@h"), RedisURL(host: "h", password: "pw"))
    }

    func testTLSIsRefusedWithAClearMessage() {
        XCTAssertThrowsError(try RedisURL(parsing: "rediss://:secret@redis:6380")) { error in
            let message = (error as? RedisURLError)?.message ?? ""
            XCTAssertTrue(message.contains("rediss:// (TLS) is not supported"), message)
            XCTAssertFalse(message.contains("secret"), "the password never appears in a message")
        }
    }

    func testBadURLs() {
        for text in [
            "http://redis:6379", "redis://", "redis://:6379", "redis://h:0", "redis://h:65536", "redis://h:port",
            "redis://h/db", "redis://h/-1", "redis://h?timeout=1", "redis://[::1", "redis://a b", "redis://:x%zz@h",
            "localhost:6379"
        ] {
            XCTAssertThrowsError(try RedisURL(parsing: text), text)
        }
    }

    func testDescriptionHidesThePassword() throws {
        XCTAssertEqual(
            try RedisURL(parsing: "redis://app:secret@redis:6379/3").description, "redis://app:***@redis:6379/3")
        XCTAssertEqual(try RedisURL(parsing: "redis://:secret@[::1]").description, "redis://:***@[::1]:6379")
        XCTAssertEqual(try RedisURL(parsing: "redis://h").description, "redis://h:6379")
        XCTAssertThrowsError(try RedisURL(parsing: "redis://u:secret@h:99999")) { error in
            XCTAssertFalse(String(describing: error).contains("secret"))
        }
    }
}
