import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import XCTest

/// The shipped binary with `--profile` and `MENAGERIE_PROFILE`: a bad value stops it with a
/// message and exit status 2 (no trap); the production profile is in force over the network.
final class ProfileBinaryTests: XCTestCase {
    func testBadProfileExitsWithStatus2() throws {
        for (arguments, environment, message) in [
            (
                ["serve", "--profile", "prod"], [String: String](),
                "menagerie serve: '--profile' must be 'development' or 'production', got 'prod'\n"
            ),
            (
                ["--port", "0"], ["MENAGERIE_PROFILE": "staging"],
                "menagerie serve: MENAGERIE_PROFILE must be 'development' or 'production', got 'staging'\n"
            )
        ] {
            let process = Process()
            process.executableURL = try ProductBinary.locate()
            process.arguments = arguments
            var env = ProcessInfo.processInfo.environment
            env["MENAGERIE_PROFILE"] = nil
            for (key, value) in environment { env[key] = value }
            process.environment = env
            let stderr = Pipe(), stdout = Pipe()
            process.standardError = stderr
            process.standardOutput = stdout
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, "\(arguments)")
            XCTAssertEqual(process.terminationStatus, 2, "\(arguments)")
            XCTAssertEqual(String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), message)
            XCTAssertEqual(stdout.fileHandleForReading.readDataToEndOfFile().count, 0)
        }
    }

    func testProductionFromTheEnvironment() async throws {
        let binary = try ProductBinary(
            arguments: ["--log-level", "info"], environment: ["MENAGERIE_PROFILE": "production"])
        defer { _ = binary.stop() }
        func status(_ target: String) async throws -> (Int, String) {
            let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(binary.port)\(target)"))
            let (data, response) = try await URLSession.shared.data(from: url)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
        let (page, _) = try await status("/")
        XCTAssertEqual(page, 404)
        let (get, body) = try await status("/graphql?query=%7B__typename%7D")
        XCTAssertEqual(get, 400)
        XCTAssertTrue(
            body.hasPrefix(#"{"errors":[{"message":"GET requests are refused to prevent cross-site request forgery"#),
            body)
        let (metrics, _) = try await status("/metrics")
        XCTAssertEqual(metrics, 200)
        XCTAssertTrue(binary.printed.contains("profile=production"), binary.printed)
        XCTAssertTrue(
            binary.printed.contains("introspection=off playground=off get=preflighted suggestions=off max_errors=20"),
            binary.printed)
        XCTAssertEqual(binary.stop(), 0)
    }
}
