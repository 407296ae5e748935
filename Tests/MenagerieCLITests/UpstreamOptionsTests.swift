import GraphQLServer
import Upstreams
import UpstreamStubs
import MenagerieUpstreams
import XCTest
@testable import MenagerieCLI

/// The upstream options, read in one place (``UpstreamOptions``) for `serve`, `query` and
/// `check`: every flag and `MENAGERIE_*` variable means the same in each.
final class UpstreamOptionsTests: XCTestCase {
    /// The configuration `command` reads from `arguments` and `environment`.
    func read(_ command: String, _ arguments: [String], _ environment: [String: String] = [:]) throws(ArgumentError)
        -> UpstreamsConfiguration
    {
        let scanned = try Arguments(arguments, valued: UpstreamOptions.flags, maxPositionals: 0, command: command)
        return try UpstreamOptions.configuration(scanned, environment: { environment[$0] }, command: command)
    }

    func message(
        _ arguments: [String], _ environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
    ) -> String {
        do {
            _ = try read("serve", arguments, environment)
            XCTFail("expected an error for \(arguments) \(environment)", file: file, line: line)
            return ""
        } catch {
            return error.message
        }
    }

    func testLiveModeKeepsTheZooEmbedded() throws {
        let live = try read("serve", ["--upstreams", "live"])
        XCTAssertEqual(live.modes[.dogCEO], .live)
        XCTAssertEqual(live.baseURL(.dogCEO), "https://dog.ceo/api")
        XCTAssertEqual(live.modes[.theDogAPI], .live)
        XCTAssertEqual(live.modes[.dnd5e], .live)
        XCTAssertEqual(live.modes[.zoo], .embedded)
        let withZoo = try read("serve", ["--upstreams", "live", "--zoo-url", "http://127.0.0.1:9/"])
        XCTAssertEqual(withZoo.modes[.zoo], .live)
        XCTAssertEqual(withZoo.baseURL(.zoo), "http://127.0.0.1:9")
        XCTAssertEqual(try read("serve", [], ["MENAGERIE_UPSTREAMS": "live"]), live)
    }

    func testAnyMixOfSources() throws {
        let mixed = try read(
            "query", ["--upstreams", "live", "--dog-ceo-url", "embedded", "--dnd-url", "http://127.0.0.1:7/graphql"],
            ["MENAGERIE_THEDOGAPI_URL": "embedded"])
        XCTAssertEqual(mixed.modes, [.dogCEO: .embedded, .theDogAPI: .embedded, .zoo: .embedded, .dnd5e: .live])
        XCTAssertEqual(mixed.baseURL(.dnd5e), "http://127.0.0.1:7/graphql")
        let oneLive = try read("check", ["--dnd-url", "live"])
        XCTAssertEqual(oneLive.modes, [.dogCEO: .embedded, .theDogAPI: .embedded, .zoo: .embedded, .dnd5e: .live])
        XCTAssertEqual(oneLive.baseURL(.dnd5e), "https://www.dnd5eapi.co/graphql/2014")
        // A flag wins over its variable.
        let flagWins = try read("serve", ["--zoo-url", "embedded"], ["MENAGERIE_ZOO_URL": "http://127.0.0.1:9"])
        XCTAssertEqual(flagWins.modes[.zoo], .embedded)
    }

    func testEveryCommandReadsTheSameVariables() throws {
        let environment = [
            "MENAGERIE_THEDOGAPI_KEY": "key-a", "MENAGERIE_ZOO_URL": "http://127.0.0.1:9",
            "MENAGERIE_MAX_UPSTREAM_REQUESTS": "12", "MENAGERIE_UPSTREAM_TIMEOUT": "2.5",
            "MENAGERIE_UPSTREAM_RETRIES": "1"
        ]
        let serve = try ServeConfiguration.parse([], environment: { environment[$0] }).upstreams
        let query = try read("query", [], environment)
        let check = try read("check", [], environment)
        XCTAssertEqual(serve, query)
        XCTAssertEqual(serve, check)
        XCTAssertEqual(serve.theDogAPIKey?.value, "key-a")
        XCTAssertEqual(serve.maxUpstreamRequests, 12)
        XCTAssertEqual(serve.settings[.zoo]?.timeout, .milliseconds(2500))
        XCTAssertEqual(serve.settings[.dnd5e]?.retry.maxAttempts, 1)
        XCTAssertEqual(serve.modes[.zoo], .live)
    }

    func testTheKeyAndItsOlderName() throws {
        XCTAssertEqual(try read("query", [], ["THE_DOG_API_KEY": "old"]).theDogAPIKey?.value, "old")
        XCTAssertEqual(
            try read("query", [], ["THE_DOG_API_KEY": "old", "MENAGERIE_THEDOGAPI_KEY": "new"]).theDogAPIKey?.value,
            "new")
        XCTAssertNil(try read("query", [], ["MENAGERIE_THEDOGAPI_KEY": "  "]).theDogAPIKey)
    }

    func testTheBudget() throws {
        XCTAssertEqual(try read("serve", []).maxUpstreamRequests, UpstreamsConfiguration.defaultMaxUpstreamRequests)
        XCTAssertEqual(try read("serve", ["--max-upstream-requests", "7"]).maxUpstreamRequests, 7)
        XCTAssertNil(try read("serve", ["--max-upstream-requests", "off"]).maxUpstreamRequests)
        XCTAssertNil(try read("serve", [], ["MENAGERIE_MAX_UPSTREAM_REQUESTS": "0"]).maxUpstreamRequests)
        for bad in ["-1", "1.5", "x", "100001", "+3"] {
            XCTAssertTrue(
                message(["--max-upstream-requests", bad]).contains(
                    "'--max-upstream-requests' must be a number of requests"), bad)
        }
    }

    func testOutboundPaces() throws {
        let live = try read("serve", ["--upstreams", "live", "--zoo-url", "http://127.0.0.1:9"])
        XCTAssertEqual(live.rate(.dnd5e), RatePolicy(perSecond: 40, burst: 40))
        XCTAssertEqual(live.rate(.theDogAPI), RatePolicy(count: 10, per: .seconds(60)))
        XCTAssertNil(live.rate(.zoo), "a server of one's own: no pace unless set")
        XCTAssertNil(try read("serve", []).rate(.dnd5e), "embedded: in process")
        let set = try read(
            "serve", ["--dnd-url", "http://127.0.0.1:9", "--upstream-rates", "dnd5e=5/s, thedogapi=off"],
            ["MENAGERIE_THEDOGAPI_URL": "live"])
        XCTAssertEqual(set.rate(.dnd5e), RatePolicy(perSecond: 5, burst: 5))
        XCTAssertNil(set.rate(.theDogAPI))
        XCTAssertEqual(
            try read("serve", ["--upstreams", "live"], ["MENAGERIE_UPSTREAM_RATES": "dog-ceo=120/min"]).rate(.dogCEO),
            RatePolicy(count: 120, per: .seconds(60)))
        XCTAssertTrue(message(["--upstream-rates", "dnd=5/s"]).contains("'dnd=5/s' is not NAME=RATE"))
        XCTAssertTrue(
            message(["--upstream-rates", "dnd5e=fast"]).contains("the rate of dnd5e must be N/s, N/min or off"))
    }

    func testBadConfigurationIsAClearMessage() {
        XCTAssertEqual(
            message(["--zoo-url", "live"]),
            "menagerie serve: '--zoo-url' cannot be 'live': the Zoo Animal API has no public host any more (it was on Heroku's free tier); give the URL of a compatible server, or 'embedded'"
        )
        XCTAssertTrue(
            message([], ["MENAGERIE_ZOO_URL": "live"]).hasPrefix("menagerie serve: MENAGERIE_ZOO_URL cannot be 'live'"))
        XCTAssertEqual(
            message(["--dog-ceo-url", "dog.ceo"]),
            "menagerie serve: '--dog-ceo-url' must be 'embedded', 'live' or an http(s) URL, got 'dog.ceo'")
        XCTAssertTrue(message(["--dnd-url", "http://"]).contains("must be 'embedded', 'live' or an http(s) URL"))
        XCTAssertTrue(message(["--dnd-url", "http://a b"]).contains("must be 'embedded', 'live' or an http(s) URL"))
        XCTAssertEqual(
            message(["--upstreams", "remote"]),
            "menagerie serve: '--upstreams' must be 'embedded' or 'live', got 'remote'")
        XCTAssertTrue(
            message([], ["MENAGERIE_UPSTREAM_TIMEOUT": "soon"]).contains("MENAGERIE_UPSTREAM_TIMEOUT must be seconds"))
        XCTAssertTrue(
            message([], ["MENAGERIE_UPSTREAM_RETRIES": "0"]).contains(
                "MENAGERIE_UPSTREAM_RETRIES must be a number of attempts"))
    }

    func testStartupLinesNameEachSourceAndNeverTheKey() throws {
        var configuration = try read("serve", ["--upstreams", "live"])
        let lines = UpstreamOptions.startupLines(configuration)
        XCTAssertEqual(lines.map { $0.1.first { $0.0 == "name" }?.1 }, ["dog-ceo", "thedogapi", "zoo", "dnd5e"])
        XCTAssertEqual(lines.map { $0.1.first { $0.0 == "source" }?.1 }, ["live", "live", "embedded", "live"])
        XCTAssertEqual(lines[1].0, .warning, "live without a key")
        XCTAssertTrue(
            lines[1].1.contains {
                $0 == ("note", "The Dog API refuses requests without a key: set MENAGERIE_THEDOGAPI_KEY")
            })
        XCTAssertTrue(lines[2].1.contains { $0.0 == "note" && $0.1.contains("no public host") })
        configuration.theDogAPIKey = APIKey("secret-value")
        let keyed = UpstreamOptions.startupLines(configuration)
        XCTAssertEqual(keyed[1].0, .info)
        XCTAssertTrue(keyed[1].1.contains { $0 == ("key", "set") })
        XCTAssertFalse(keyed.flatMap(\.1).contains { $0.1.contains("secret-value") })
    }

    func testServeAndCheckAcceptTheSameUpstreamFlags() {
        XCTAssertTrue(UpstreamOptions.flags.isSubset(of: ServeOption.valued))
        for flag in UpstreamOptions.flags {
            XCTAssertTrue(QueryCommand.help.contains("--" + flag), flag)
            XCTAssertTrue(CheckCommand.help.contains("--" + flag), flag)
        }
    }

    func testCheckUsage() async {
        let code1 = await CheckCommand.run(["--timeout", "soon"])
        XCTAssertEqual(code1, 2)
        let code2 = await CheckCommand.run(["--zoo-url", "live"])
        XCTAssertEqual(code2, 2)
        let code3 = await CheckCommand.run(["extra"])
        XCTAssertEqual(code3, 2)
        let code4 = await CheckCommand.run(["--upstreams", "embedded"])
        XCTAssertEqual(code4, 0, "nothing live: nothing to fail")
    }

    func testCheckExitsOneWhenALiveUpstreamIsNotUsable() async throws {
        let dogCEO = try StubServer { _ in .json(#"{"message":{"akita":[],"hound":["afghan"]},"status":"success"}"#) }
        defer { dogCEO.stop() }
        let code5 = await CheckCommand.run(["--dog-ceo-url", dogCEO.baseURL + "/api"])
        XCTAssertEqual(code5, 0)
        XCTAssertEqual(dogCEO.requests.map(\.path), ["/api/breeds/list/all"])
        let notDogCEO = try StubServer { _ in .json(#"{"status":"error","message":"maintenance"}"#) }
        defer { notDogCEO.stop() }
        let code6 = await CheckCommand.run(["--dog-ceo-url", notDogCEO.baseURL + "/api"])
        XCTAssertEqual(code6, 1)
        let code7 = await CheckCommand.run(["--dog-ceo-url", "http://127.0.0.1:1/api", "--timeout", "2"])
        XCTAssertEqual(code7, 1)
    }
}
