import XCTest
import GraphQLServer
@testable import MenagerieCLI

/// `menagerie serve --apq-capacity` and `MENAGERIE_APQ_CAPACITY`.
final class APQCapacityOptionTests: XCTestCase {
    func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(ArgumentError) -> ServeConfiguration
    {
        try ServeConfiguration.parse(arguments, environment: { environment[$0] })
    }

    func store(_ configuration: ServeConfiguration) -> InMemoryPersistedQueryStore? {
        ServeCommand.serverConfiguration(configuration, metricsHook: nil).persistedQueries
            as? InMemoryPersistedQueryStore
    }

    func testDefaultFlagVariableAndOff() throws {
        XCTAssertEqual(try parse([]).persistedQueryCapacity, 10_000)
        XCTAssertEqual(store(try parse([]))?.capacity, 10_000)
        XCTAssertEqual(store(try parse([]))?.maxBytes, 32 << 20)
        XCTAssertEqual(store(try parse(["--apq-capacity", "5"]))?.capacity, 5)
        XCTAssertEqual(store(try parse([], ["MENAGERIE_APQ_CAPACITY": "7"]))?.capacity, 7)
        XCTAssertEqual(store(try parse(["--apq-capacity=9"], ["MENAGERIE_APQ_CAPACITY": "7"]))?.capacity, 9)
        XCTAssertNil(
            ServeCommand.serverConfiguration(try parse(["--apq-capacity", "0"]), metricsHook: nil).persistedQueries)
    }

    func testBadValuesAreClearErrors() {
        let cases: [([String], [String: String], String)] = [
            (["--apq-capacity", "-1"], [:], "menagerie serve: '--apq-capacity' must be an integer ≥ 0, got '-1'"),
            (["--apq-capacity", "many"], [:], "menagerie serve: '--apq-capacity' must be an integer ≥ 0, got 'many'"),
            (
                [], ["MENAGERIE_APQ_CAPACITY": "x"],
                "menagerie serve: MENAGERIE_APQ_CAPACITY must be an integer ≥ 0, got 'x'"
            )
        ]
        for (arguments, environment, message) in cases {
            XCTAssertThrowsError(try parse(arguments, environment), "\(arguments)") { error in
                XCTAssertEqual((error as? ArgumentError)?.message, message)
            }
        }
    }

    func testHelpMentionsTheOption() {
        XCTAssertTrue(ServeCommand.help.contains("--apq-capacity N"))
        XCTAssertTrue(ServeCommand.help.contains("MENAGERIE_APQ_CAPACITY"))
    }
}
