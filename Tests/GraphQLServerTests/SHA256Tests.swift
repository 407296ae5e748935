import Foundation
import GraphQLServer
import XCTest

/// SHA-256 against the FIPS 180-4 examples, against Python's `hashlib` (digests computed once
/// and kept here) and against `sha256sum` run now on pseudo-random inputs.
final class SHA256Tests: XCTestCase {
    func testStandardVectors() {
        XCTAssertEqual(SHA256.hexHash(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hexHash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hexHash("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            SHA256.hexHash(
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
            ),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        XCTAssertEqual(
            SHA256.hex(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // The hash Apollo's documentation uses for `{__typename}`.
        XCTAssertEqual(
            SHA256.hexHash("{__typename}"), "ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38")
    }

    /// Byte `i` of the input of length `n`, as the Python that computed the digests made it:
    /// `bytes([(i*31 + n*17 + (i*i) % 251) & 0xFF for i in range(n)])`.
    static func input(_ n: Int) -> [UInt8] {
        (0..<n).map { i in UInt8((i * 31 + n * 17 + (i * i) % 251) & 0xFF) }
    }

    /// `hashlib.sha256(input(n)).hexdigest()` for lengths around the block and padding edges.
    static let hashlibDigests: [(Int, String)] = [
        (0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (1, "4a64a107f0cb32536e5bce6c98c393db21cca7f4ea187ba8c4dca8b51d4ea80a"),
        (3, "ab082071b43ec2fcffa035e3890f60087bbdae9fdc21b5846c4a87b4fc6f110d"),
        (55, "8f4e17c56679a5d74c15df6bb4fd9fa2b3a3d9a46d9eff1561667fef7437f054"),
        (56, "e303cb5e276e518b281a05c440e8b37184d1dc3f7d89a0b4c1c7fd2e3d391d95"),
        (57, "033deffa690bcf3f89eddb3ec485109d265ab33709645ce5add0fb79725411c5"),
        (63, "aeb42ade57b203f9b43706d9db1f48191bf483cc0e0a7dc39bc2185e9f5c6dd0"),
        (64, "e9f6777586cff396c9244d1be6331dbc42edb72dc47d080a5d4eefe3dab02fac"),
        (65, "b61e933da19e50b99bfdb4e9c4435300fc455a69cf9ede9c60d828fa695aa0f8"),
        (111, "376cf570f45c641e41cd7f09e9129a2bbe4ea27899e2f0b7305e1efd03ad865f"),
        (119, "a0c79561bbf2e3454b410d534518ed36a3069b7877ffbddddd7d59894a3a3eee"),
        (120, "13f0d51b7087447922fefde151934e548ec34ceef3633b1e3f83ad684a493ba6"),
        (127, "6477a51d653a6a0951953e284a686295e9eae3682523ec69abbfccfd5aa3b59b"),
        (128, "c12d94fcad8731749aee5bc0e7510d5bc077e2107cce35db20a097e6949f61a9"),
        (129, "edb64df128d7436a49a2d637769b1b3cce86ffea33e9d3f2c36d5296570a9362"),
        (200, "3af8d48aab3ce0fb7842129705c3d58960b9ec28ac5edf429f98d94b0ebe1126"),
        (1000, "45a841be59fc8ffd856c0ccf439180362768144bd6d4078f81b722ecc185effa"),
        (4096, "26fe483991c25202afb6d3f7832b114e92c95682a863574386311bc3906facad"),
        (10007, "7ce7d860ac977f2f43c02902a925999360a92537308a226fcfa8e9436a8f03aa")
    ]

    func testAgainstHashlibDigests() {
        for (length, digest) in Self.hashlibDigests {
            XCTAssertEqual(SHA256.hex(SHA256.hash(Self.input(length))), digest, "length \(length)")
        }
    }

    /// Fed in pieces of every size, the digest is the same as at once.
    func testIncrementalUpdatesAgree() {
        let input = Self.input(1000)
        let whole = SHA256.hash(input)
        for piece in [1, 7, 55, 63, 64, 65, 130, 999] {
            var hasher = SHA256()
            var start = 0
            while start < input.count {
                let end = min(input.count, start + piece)
                hasher.update(Array(input[start..<end]))
                start = end
            }
            XCTAssertEqual(hasher.finalize(), whole, "pieces of \(piece)")
        }
    }

    /// Random inputs against the system's `sha256sum` (coreutils), run now.
    func testAgainstSha256sumOnRandomInputs() throws {
        let tool = "/usr/bin/sha256sum"
        XCTAssertTrue(
            FileManager.default.isExecutableFile(atPath: tool), "sha256sum is the reference; it must be installed")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<12 {
            let length = Int.random(in: 0...5000, using: &generator)
            let input = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            let stdin = Pipe(), stdout = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            try process.run()
            stdin.fileHandleForWriting.write(Data(input))
            try stdin.fileHandleForWriting.close()
            let output = stdout.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let expected = String(decoding: output, as: UTF8.self).prefix(64)
            XCTAssertEqual(SHA256.hex(SHA256.hash(input)), String(expected), "random input of \(length) bytes")
        }
    }
}
