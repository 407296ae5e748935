import XCTest
import GraphQL
import GraphQLServer
@testable import MenagerieCLI

/// `menagerie serve`'s `--request-timeout` and cost-limit options (flags and environment).
final class ServeOptionsTests: XCTestCase {
    func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(ArgumentError) -> ServeConfiguration
    {
        try ServeConfiguration.parse(arguments, environment: { environment[$0] })
    }

    func message(
        _ arguments: [String], _ environment: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) -> String? {
        do {
            _ = try parse(arguments, environment)
            XCTFail("expected an error for \(arguments) \(environment)", file: file, line: line)
            return nil
        } catch {
            return error.message
        }
    }

    func testDefaults() throws {
        let c = try parse([])
        XCTAssertEqual(c.requestTimeout, .seconds(30))
        XCTAssertEqual(c.queryLimits, QueryLimits(maxDepth: 20, maxFields: 5_000, maxAliases: 50))
        let server = ServeCommand.serverConfiguration(c, metricsHook: nil)
        XCTAssertEqual(server.requestTimeout, .seconds(30))
    }

    func testRequestTimeoutFromFlagAndEnvironment() throws {
        XCTAssertEqual(try parse(["--request-timeout", "5"]).requestTimeout, .seconds(5))
        XCTAssertEqual(try parse(["--request-timeout=2.5"]).requestTimeout, .milliseconds(2_500))
        XCTAssertEqual(try parse(["--request-timeout", "0.001"]).requestTimeout, .milliseconds(1))
        XCTAssertEqual(try parse(["--request-timeout", "86400"]).requestTimeout, .seconds(86_400))
        XCTAssertNil(try parse(["--request-timeout", "0"]).requestTimeout)
        XCTAssertNil(try parse(["--request-timeout", "off"]).requestTimeout)
        XCTAssertEqual(try parse([], ["MENAGERIE_REQUEST_TIMEOUT": "7"]).requestTimeout, .seconds(7))
        XCTAssertNil(try parse([], ["MENAGERIE_REQUEST_TIMEOUT": "off"]).requestTimeout)
        // The flag wins over the environment.
        XCTAssertEqual(
            try parse(["--request-timeout", "3"], ["MENAGERIE_REQUEST_TIMEOUT": "7"]).requestTimeout, .seconds(3))
        let c = try parse(["--request-timeout", "0"])
        XCTAssertNil(ServeCommand.serverConfiguration(c, metricsHook: nil).requestTimeout)
        XCTAssertEqual(ServeConfiguration.describe(.milliseconds(2_500)), "2.5")
        XCTAssertEqual(ServeConfiguration.describe(.seconds(30)), "30")
        XCTAssertEqual(ServeConfiguration.describe(nil), "off")
    }

    func testEventLoopBudgetFromFlagAndEnvironment() throws {
        XCTAssertEqual(try parse([]).eventLoopBudget, .milliseconds(1))
        XCTAssertEqual(
            ServeCommand.serverConfiguration(try parse([]), metricsHook: nil).eventLoopBudget, .milliseconds(1))
        XCTAssertEqual(try parse(["--event-loop-budget", "5"]).eventLoopBudget, .milliseconds(5))
        XCTAssertEqual(try parse(["--event-loop-budget", "100"]).eventLoopBudget, .milliseconds(100))
        XCTAssertNil(try parse(["--event-loop-budget", "0"]).eventLoopBudget)
        XCTAssertNil(try parse(["--event-loop-budget", "off"]).eventLoopBudget)
        XCTAssertNil(
            ServeCommand.serverConfiguration(try parse(["--event-loop-budget", "off"]), metricsHook: nil)
                .eventLoopBudget)
        XCTAssertEqual(try parse([], ["MENAGERIE_EVENT_LOOP_BUDGET": "2"]).eventLoopBudget, .milliseconds(2))
        XCTAssertEqual(
            try parse(["--event-loop-budget", "3"], ["MENAGERIE_EVENT_LOOP_BUDGET": "off"]).eventLoopBudget,
            .milliseconds(3))
        let expected = "must be whole milliseconds from 0 to 100, or 'off'; got"
        for bad in ["-1", "101", "", "1.5", "abc", "9999999999999999999999"] {
            XCTAssertEqual(
                message(["--event-loop-budget", bad]), "menagerie serve: '--event-loop-budget' \(expected) '\(bad)'",
                bad)
        }
        XCTAssertEqual(
            message([], ["MENAGERIE_EVENT_LOOP_BUDGET": "soon"]),
            "menagerie serve: MENAGERIE_EVENT_LOOP_BUDGET \(expected) 'soon'")
    }

    func testBadRequestTimeouts() {
        let expected = "must be seconds (like 30 or 2.5) up to 86400, or 0 or 'off' for no limit; got"
        for bad in [
            "-1", "abc", "", "nan", "inf", "1e3", "0x10", "+5", "86401", "1.2.3", ".", " 5",
            "99999999999999999999999999999999999999"
        ] {
            XCTAssertEqual(
                message(["--request-timeout", bad]),
                "menagerie serve: '--request-timeout' \(expected) '\(bad)'", bad)
        }
        XCTAssertEqual(
            message([], ["MENAGERIE_REQUEST_TIMEOUT": "soon"]),
            "menagerie serve: MENAGERIE_REQUEST_TIMEOUT \(expected) 'soon'")
        XCTAssertEqual(
            message(["--request-timeout", "0.0001"]),
            "menagerie serve: '--request-timeout' must be at least 0.001 seconds (or 0 or 'off' for no limit); got '0.0001'"
        )
        XCTAssertEqual(message(["--request-timeout"]), "menagerie serve: option '--request-timeout' needs a value")
    }

    func testQueryLimitsFromFlagsAndEnvironment() throws {
        let flags = try parse(["--max-depth", "5", "--max-fields=100", "--max-aliases", "0"])
        XCTAssertEqual(flags.queryLimits, QueryLimits(maxDepth: 5, maxFields: 100, maxAliases: 0))
        let environment = try parse(
            [], ["MENAGERIE_MAX_DEPTH": "7", "MENAGERIE_MAX_FIELDS": "70", "MENAGERIE_MAX_ALIASES": "3"])
        XCTAssertEqual(environment.queryLimits, QueryLimits(maxDepth: 7, maxFields: 70, maxAliases: 3))
        let both = try parse(["--max-depth", "9"], ["MENAGERIE_MAX_DEPTH": "7", "MENAGERIE_MAX_ALIASES": "4"])
        XCTAssertEqual(both.queryLimits, QueryLimits(maxDepth: 9, maxFields: 5_000, maxAliases: 4))
    }

    func testBadQueryLimits() {
        for (flag, bad) in [
            ("max-depth", "0"), ("max-depth", "-3"), ("max-depth", "ten"), ("max-fields", "0"),
            ("max-fields", "1.5"), ("max-fields", "99999999999999999999999"), ("max-depth", "")
        ] {
            XCTAssertEqual(
                message(["--\(flag)", bad]),
                "menagerie serve: '--\(flag)' must be a positive integer, got '\(bad)'", "\(flag) \(bad)")
        }
        XCTAssertEqual(
            message(["--max-aliases", "-1"]),
            "menagerie serve: '--max-aliases' must be an integer ≥ 0, got '-1'")
        XCTAssertEqual(
            message([], ["MENAGERIE_MAX_FIELDS": "lots"]),
            "menagerie serve: MENAGERIE_MAX_FIELDS must be a positive integer, got 'lots'")
        XCTAssertEqual(message(["--max-aliases"]), "menagerie serve: option '--max-aliases' needs a value")
    }

    /// `query` and `validate` read the same options with the same defaults.
    func testQueryAndValidateOptions() throws {
        let scanned = try Arguments(["--max-fields", "12", "doc.graphql"], valued: LimitOptions.flags, command: "query")
        XCTAssertEqual(
            try LimitOptions.queryLimits(
                scanned, environment: { $0 == "MENAGERIE_MAX_DEPTH" ? "4" : nil },
                command: "query"),
            QueryLimits(maxDepth: 4, maxFields: 12, maxAliases: 50))
        let none = try Arguments([], valued: LimitOptions.flags, command: "validate")
        XCTAssertEqual(
            try LimitOptions.queryLimits(none, environment: { _ in nil }, command: "validate"), QueryLimits())
        let bad = try Arguments(["--max-depth", "0"], valued: LimitOptions.flags, command: "validate")
        XCTAssertThrowsError(try LimitOptions.queryLimits(bad, environment: { _ in nil }, command: "validate")) {
            error in
            XCTAssertEqual(
                (error as? ArgumentError)?.message,
                "menagerie validate: '--max-depth' must be a positive integer, got '0'")
        }
    }

    func testValidateAppliesLimitsAfterTheRules() {
        let schema = "type Query { a: A } type A { b: A, c: Int }"
        let deep = "{ a { b { b { c } } } }"
        XCTAssertEqual(ValidateCommand.validationErrors(schemaSDL: schema, document: deep, limits: QueryLimits()), [])
        XCTAssertEqual(
            ValidateCommand.validationErrors(
                schemaSDL: schema, document: deep,
                limits: QueryLimits(maxDepth: 3)
            ).map(\.message),
            ["The operation nests selections 4 levels deep; the limit is 3."])
        XCTAssertEqual(ValidateCommand.validationErrors(schemaSDL: schema, document: deep, limits: nil), [])
        // Rule errors come first; limits are measured on valid documents only.
        XCTAssertEqual(
            ValidateCommand.validationErrors(
                schemaSDL: schema, document: "{ a { b { x } } }",
                limits: QueryLimits(maxDepth: 1)
            ).map(\.message),
            ["Cannot query field \"x\" on type \"A\". Did you mean \"b\" or \"c\"?"])
    }

    func testShutdownDelay() throws {
        XCTAssertEqual(try parse([]).shutdownDelay, .zero)
        XCTAssertEqual(try parse(["--shutdown-delay", "5"]).shutdownDelay, .seconds(5))
        XCTAssertEqual(try parse(["--shutdown-delay=0.5"]).shutdownDelay, .milliseconds(500))
        XCTAssertEqual(try parse([], ["MENAGERIE_SHUTDOWN_DELAY": "2"]).shutdownDelay, .seconds(2))
        XCTAssertEqual(
            try parse(["--shutdown-delay", "1"], ["MENAGERIE_SHUTDOWN_DELAY": "2"]).shutdownDelay, .seconds(1))
        for bad in ["-1", "soon", "301", "1e2", ""] {
            XCTAssertEqual(
                message(["--shutdown-delay", bad]),
                "menagerie serve: '--shutdown-delay' must be seconds (like 5 or 0.5) from 0 to 300; got '\(bad)'", bad)
        }
        XCTAssertEqual(
            message([], ["MENAGERIE_SHUTDOWN_DELAY": "x"]),
            "menagerie serve: MENAGERIE_SHUTDOWN_DELAY must be seconds (like 5 or 0.5) from 0 to 300; got 'x'")
    }
}
