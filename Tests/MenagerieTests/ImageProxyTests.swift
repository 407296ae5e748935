import XCTest
import UpstreamStubs
@testable import Menagerie

/// The image endpoint's URL policy and its placeholder mode (no network).
final class ImageProxyTests: XCTestCase {
    let proxy = ImageProxy(mode: .placeholder)

    func rejection(_ url: String, policy: ImageURLPolicy = .menagerie) -> ImageURLRejection? {
        if case .failure(let rejection) = policy.check(url) { return rejection }
        return nil
    }

    func testAllowedURLsAreCanonical() throws {
        let url = try ImageURLPolicy.menagerie.check(
            "HTTPS://Images.Dog.CEO/breeds/hound-afghan/n02088094_1003.jpg#frag"
        ).get()
        XCTAssertEqual(url.string, "https://images.dog.ceo/breeds/hound-afghan/n02088094_1003.jpg")
        XCTAssertEqual(
            try ImageURLPolicy.menagerie.check("https://upload.wikimedia.org:443/a.jpg?width=2").get().string,
            "https://upload.wikimedia.org:443/a.jpg?width=2")
        XCTAssertEqual(
            try ImageURLPolicy.menagerie.check("https://www.dnd5eapi.co").get().string, "https://www.dnd5eapi.co/")
        for host in ["cdn2.thedogapi.com", "storage.googleapis.com"] {
            XCTAssertNoThrow(try ImageURLPolicy.menagerie.check("https://\(host)/x.png").get())
        }
    }

    func testMalformedURLsAre400() {
        for url in [
            "", "images.dog.ceo/x.jpg", "/breeds/x.jpg", "https://", "https:///x.jpg", "https://images.dog.ceo/a b.jpg",
            "https://images.dog.ceo/a\\b.jpg", "https://images.dog.ceo:/x", "https://images.dog.ceo:44a/x",
            "https://images.dog.ceo/\u{e9}.jpg", "1https://images.dog.ceo/x", String(repeating: "a", count: 3000)
        ] {
            XCTAssertEqual(rejection(url)?.status, 400, url)
        }
    }

    func testForbiddenURLsAre403() {
        for url in [
            "http://images.dog.ceo/x.jpg", "ftp://images.dog.ceo/x.jpg", "javascript://images.dog.ceo/%0aalert(1)",
            "https://evil.example/x.jpg", "https://images.dog.ceo.evil.example/x.jpg", "https://images.dog.ceo./x.jpg",
            "https://user:pw@images.dog.ceo/x.jpg", "https://images.dog.ceo@evil.example/x.jpg",
            "https://images.dog.ceo:8443/x.jpg", "https://images.dog.ceo:80/x.jpg", "https://127.0.0.1/x.jpg",
            "https://[::1]/x.jpg", "https://localhost/x.jpg", "https://dog.ceo/api/breeds/list/all"
        ] {
            XCTAssertEqual(rejection(url)?.status, 403, url)
        }
    }

    func testQueryItems() async {
        let missing = await proxy.answer(queryItems: [])
        XCTAssertEqual(missing.status, 400)
        XCTAssertEqual(missing.header("Content-Type"), "text/plain; charset=utf-8")
        XCTAssertEqual(String(decoding: missing.body, as: UTF8.self), "Missing image URL: use /images?url=…\n")
        let twice = await proxy.answer(queryItems: [
            ("url", "https://images.dog.ceo/a.jpg"), ("url", "https://images.dog.ceo/b.jpg")
        ])
        XCTAssertEqual(twice.status, 400)
        let forbidden = await proxy.answer(queryItems: [("url", "https://evil.example/x.jpg")])
        XCTAssertEqual(forbidden.status, 403)
        XCTAssertEqual(String(decoding: forbidden.body, as: UTF8.self), "Host 'evil.example' is not allowed.\n")
    }

    func testPlaceholderNamesTheBreedTheFileAndTheHost() async {
        let answer = await proxy.answer(url: "https://images.dog.ceo/breeds/hound-afghan/n02088094_1003.jpg")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.header("Content-Type"), "image/svg+xml")
        XCTAssertEqual(answer.header("Content-Security-Policy"), "default-src 'none'; style-src 'unsafe-inline'")
        XCTAssertEqual(answer.header("X-Content-Type-Options"), "nosniff")
        let svg = String(decoding: answer.body, as: UTF8.self)
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"240\""), svg)
        XCTAssertTrue(svg.contains(">hound-afghan</text>"), svg)
        XCTAssertTrue(svg.contains(">n02088094_1003.jpg</text>"), svg)
        XCTAssertTrue(svg.contains(">images.dog.ceo</text>"), svg)

        let monster = String(
            decoding: await proxy.answer(url: "https://www.dnd5eapi.co/api/images/monsters/adult-red-dragon.png").body,
            as: UTF8.self)
        XCTAssertTrue(monster.contains(">adult-red-dragon</text>"), monster)
        let wiki = String(
            decoding: await proxy.answer(
                url: "https://upload.wikimedia.org/wikipedia/commons/a/ab/Red_Panda%28Ailurus_fulgens%29.jpg"
            ).body,
            as: UTF8.self)
        XCTAssertTrue(wiki.contains(">Red Panda(Ailurus fulgens)</text>"), wiki)
    }

    func testPlaceholderEscapesEverythingItDraws() async {
        let answer = await proxy.answer(
            url:
                "https://images.dog.ceo/breeds/%3Cscript%3Ealert('x')%3C%2Fscript%3E/%22a%26b%27%3Csvg%20onload=alert(1)%3E%00%0A.jpg?q=%3C"
        )
        XCTAssertEqual(answer.status, 200)
        let svg = String(decoding: answer.body, as: UTF8.self)
        XCTAssertFalse(svg.contains("<script"), svg)
        XCTAssertFalse(svg.lowercased().contains("<svg onload"), svg)
        XCTAssertEqual(svg.components(separatedBy: "<svg").count, 2, svg)
        XCTAssertTrue(svg.contains("&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;"), svg)
        XCTAssertTrue(svg.contains("&quot;a&amp;b&apos;&lt;svg onload=alert(1)&gt;\u{FFFD}\u{FFFD}.jpg"), svg)
        XCTAssertFalse(svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, svg)
        XCTAssertEqual(ImagePlaceholder.escape("<&>\"'\u{7}\u{FFFE}ok"), "&lt;&amp;&gt;&quot;&apos;\u{FFFD}\u{FFFD}ok")
    }

    func testLongNamesAreShortened() async {
        let long = String(repeating: "x", count: 200)
        let svg = String(
            decoding: await proxy.answer(url: "https://cdn2.thedogapi.com/images/\(long).jpg").body, as: UTF8.self)
        XCTAssertTrue(svg.contains(">" + String(repeating: "x", count: 35) + "…</text>"), svg)
        XCTAssertFalse(svg.contains(String(repeating: "x", count: 37)))
    }

    func testImageMediaTypes() {
        XCTAssertEqual(ImageProxy.imageMediaType("image/jpeg"), "image/jpeg")
        XCTAssertEqual(ImageProxy.imageMediaType("Image/PNG; charset=binary"), "image/png")
        for raster in ["image/gif", "image/webp", "image/avif", "IMAGE/JPEG"] {
            XCTAssertEqual(ImageProxy.imageMediaType(raster), raster.lowercased())
        }
        for bad in [
            "image/svg+xml", "image/xhtml+xml", "image/anything+xml", "image/vnd.microsoft.icon", "image/x-icon",
            "text/html", "image/", "image", "", "application/octet-stream", "image/png\r\nX: y", "image/jp\"eg"
        ] {
            XCTAssertNil(ImageProxy.imageMediaType(bad), bad)
        }
    }

    func testCacheDropsTheLeastRecentlyUsed() {
        let cache = ImageCache(capacity: 10)
        cache.store(FetchedImage(contentType: "image/png", bytes: [UInt8](repeating: 1, count: 4)), for: "a")
        cache.store(FetchedImage(contentType: "image/png", bytes: [UInt8](repeating: 2, count: 4)), for: "b")
        XCTAssertNotNil(cache.image(for: "a"))
        cache.store(FetchedImage(contentType: "image/png", bytes: [UInt8](repeating: 3, count: 4)), for: "c")
        XCTAssertNotNil(cache.image(for: "a"))
        XCTAssertNil(cache.image(for: "b"))
        XCTAssertNotNil(cache.image(for: "c"))
        XCTAssertEqual(cache.totalBytes, 8)
        cache.store(FetchedImage(contentType: "image/png", bytes: [UInt8](repeating: 4, count: 11)), for: "huge")
        XCTAssertNil(cache.image(for: "huge"))
        XCTAssertEqual(cache.count, 2)
    }
}
