import XCTest
import GraphQLServer
@testable import MenagerieCLI

/// `menagerie serve --max-response-bytes` and `MENAGERIE_MAX_RESPONSE_BYTES`.
final class MaxResponseBytesOptionTests: XCTestCase {
    func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(ArgumentError) -> ServeConfiguration
    {
        try ServeConfiguration.parse(arguments, environment: { environment[$0] })
    }

    func testDefaultFlagAndVariable() throws {
        XCTAssertEqual(try parse([]).maxResponseBytes, 16_777_216)
        XCTAssertEqual(ServeCommand.serverConfiguration(try parse([]), metricsHook: nil).maxResponseBytes, 16_777_216)
        XCTAssertEqual(try parse(["--max-response-bytes", "1000"]).maxResponseBytes, 1_000)
        XCTAssertEqual(try parse([], ["MENAGERIE_MAX_RESPONSE_BYTES": "2000"]).maxResponseBytes, 2_000)
        XCTAssertEqual(
            try parse(["--max-response-bytes=3000"], ["MENAGERIE_MAX_RESPONSE_BYTES": "2000"]).maxResponseBytes, 3_000)
        let server = ServeCommand.serverConfiguration(try parse(["--max-response-bytes", "1000"]), metricsHook: nil)
        XCTAssertEqual(server.maxResponseBytes, 1_000)
    }

    func testBadValuesAreClearErrors() {
        let cases: [([String], [String: String], String)] = [
            (
                ["--max-response-bytes", "0"], [:],
                "menagerie serve: '--max-response-bytes' must be a positive integer, got '0'"
            ),
            (
                ["--max-response-bytes", "lots"], [:],
                "menagerie serve: '--max-response-bytes' must be a positive integer, got 'lots'"
            ),
            (
                [], ["MENAGERIE_MAX_RESPONSE_BYTES": "-5"],
                "menagerie serve: MENAGERIE_MAX_RESPONSE_BYTES must be a positive integer, got '-5'"
            )
        ]
        for (arguments, environment, message) in cases {
            XCTAssertThrowsError(try parse(arguments, environment), "\(arguments)") { error in
                XCTAssertEqual((error as? ArgumentError)?.message, message)
            }
        }
    }
}
