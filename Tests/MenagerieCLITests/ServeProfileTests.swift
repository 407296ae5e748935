import XCTest
import GraphQL
import GraphQLServer
import Menagerie
@testable import MenagerieCLI

/// `menagerie serve --profile` and `MENAGERIE_PROFILE`: what each profile sets, precedence, bad values.
final class ServeProfileTests: XCTestCase {
    func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(ArgumentError) -> ServeConfiguration
    {
        try ServeConfiguration.parse(arguments, environment: { environment[$0] })
    }

    func testDefaultIsDevelopmentWithEverythingOn() throws {
        for c in [
            try parse([]), try parse(["--profile", "development"]), try parse([], ["MENAGERIE_PROFILE": "development"])
        ] {
            XCTAssertEqual(c.profile, .development)
            XCTAssertTrue(c.introspection)
            XCTAssertTrue(c.playground)
            XCTAssertEqual(c.getRequests, .allowed)
            XCTAssertEqual(c.errorReporting, .complete)
            XCTAssertEqual(
                c.errorReporting, ErrorReporting(suggestions: true, collapsesRepeatedDirectives: false, maxErrors: nil))
            let server = ServeCommand.serverConfiguration(c, metricsHook: nil)
            XCTAssertTrue(server.playgroundEnabled)
            XCTAssertEqual(server.getRequests, .allowed)
        }
        // Development is exactly the configuration of no profile at all.
        XCTAssertEqual(try parse(["--profile", "development"]), try parse([]))
    }

    func testProductionFromTheFlagOrTheEnvironment() throws {
        for c in [
            try parse(["--profile", "production"]), try parse(["--profile=production"]),
            try parse([], ["MENAGERIE_PROFILE": "production"])
        ] {
            XCTAssertEqual(c.profile, .production)
            XCTAssertFalse(c.introspection)
            XCTAssertFalse(c.playground)
            XCTAssertEqual(c.getRequests, .preflightRequired)
            XCTAssertEqual(
                c.errorReporting, ErrorReporting(suggestions: false, collapsesRepeatedDirectives: true, maxErrors: 20))
            let server = ServeCommand.serverConfiguration(c, metricsHook: nil)
            XCTAssertFalse(server.playgroundEnabled)
            XCTAssertEqual(server.getRequests, .preflightRequired)
            // Nothing else changes: limits, timeout, body size, CORS.
            XCTAssertEqual(c.queryLimits, try parse([]).queryLimits)
            XCTAssertEqual(c.requestTimeout, .seconds(30))
            XCTAssertEqual(c.maxBodyBytes, 2_097_152)
        }
        // The flag wins over the variable, both ways.
        XCTAssertEqual(
            try parse(["--profile", "development"], ["MENAGERIE_PROFILE": "production"]).profile, .development)
        XCTAssertEqual(
            try parse(["--profile", "production"], ["MENAGERIE_PROFILE": "development"]).profile, .production)
    }

    /// A profile sets defaults; explicit flags and variables still win.
    func testExplicitSettingsWinOverTheProfile() throws {
        XCTAssertTrue(try parse(["--profile", "production"], ["MENAGERIE_INTROSPECTION": "on"]).introspection)
        XCTAssertFalse(
            try parse(["--profile", "production", "--no-introspection"], ["MENAGERIE_INTROSPECTION": "on"])
                .introspection)
        XCTAssertFalse(try parse([], ["MENAGERIE_INTROSPECTION": "off"]).introspection)
        XCTAssertFalse(try parse(["--no-playground"]).playground)
        XCTAssertFalse(try parse(["--profile", "production", "--no-playground"]).playground)
        let limited = try parse(["--profile", "production", "--max-aliases", "5"], ["MENAGERIE_MAX_DEPTH": "8"])
        XCTAssertEqual(limited.queryLimits, QueryLimits(maxDepth: 8, maxFields: 5_000, maxAliases: 5))
    }

    func testBadProfilesAreClearErrorsWithExitStatus2() async throws {
        let cases: [([String], [String: String], String)] = [
            (
                ["--profile", "prod"], [:],
                "menagerie serve: '--profile' must be 'development' or 'production', got 'prod'"
            ),
            (
                ["--profile", "Production"], [:],
                "menagerie serve: '--profile' must be 'development' or 'production', got 'Production'"
            ),
            (["--profile="], [:], "menagerie serve: '--profile' must be 'development' or 'production', got ''"),
            (
                [], ["MENAGERIE_PROFILE": "staging"],
                "menagerie serve: MENAGERIE_PROFILE must be 'development' or 'production', got 'staging'"
            ),
            (["--profile"], [:], "menagerie serve: option '--profile' needs a value")
        ]
        for (arguments, environment, message) in cases {
            XCTAssertThrowsError(try parse(arguments, environment), "\(arguments)") { error in
                XCTAssertEqual((error as? ArgumentError)?.message, message)
            }
        }
        // A bad flag wins over a good variable's absence or presence alike: still an error.
        XCTAssertThrowsError(try parse(["--profile", "x"], ["MENAGERIE_PROFILE": "production"]))
        // The command stops with status 2 (the message goes to standard error), no trap.
        let status = await ServeCommand.run(["--profile", "prod", "--port", "0"])
        XCTAssertEqual(status, 2)
    }

    func testHelpDescribesTheProfile() {
        XCTAssertTrue(
            ServeCommand.help.contains(
                """
                  --profile NAME         development (the default: everything on) or production: introspection off,
                """))
        XCTAssertTrue(ServeCommand.help.contains("Env MENAGERIE_PROFILE (the flag wins). A profile only sets defaults"))
    }
}
