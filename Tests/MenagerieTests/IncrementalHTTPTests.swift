import Foundation
import GraphQLServer
import HTTPServer
import JSON
import MenagerieUpstreams
import UpstreamStubs
import Upstreams
import XCTest

@testable import Menagerie

/// `@defer` and `@stream` over HTTP, through the real server: `multipart/mixed` parts (read by
/// a parser written for these tests), Apollo's older format, `406` for a client that takes no
/// parts, and every query fixture with `@defer` at each of its fragments, whose parts put
/// together equal the fixture's whole answer.
final class IncrementalHTTPTests: XCTestCase {
    private func embeddedServer() throws -> (GraphQLServer<MenagerieService>, Int) {
        let app = try MenagerieApp(configuration: UpstreamsConfiguration(mode: .embedded))
        var http = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        http.eventLoopCount = 1
        var configuration = GraphQLServerConfiguration(http: http)
        configuration.logLevel = .off
        let server = GraphQLServer(service: MenagerieService(app: app), configuration: configuration)
        return (server, try server.start())
    }

    /// Objects with their keys sorted, recursively (parts append deferred fields after the others).
    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(
                JSONObject(object.entries.sorted { $0.key < $1.key }.map { (key: $0.key, value: canonical($0.value)) }))
        case .array(let items): return .array(items.map(canonical))
        default: return value
        }
    }

    func testDeferredFactsArriveAsPartsThatMakeTheWholeAnswer() async throws {
        let (server, port) = try embeddedServer()
        let deferred = #"{ breeds(limit: 3) { items { name ... @defer(label: "facts") { facts { lifeSpan } } } } }"#
        let plain = "{ breeds(limit: 3) { items { name facts { lifeSpan } } } }"
        let answer = try MultipartClient.post(port: port, query: deferred, accept: "multipart/mixed, application/json")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.headers["content-type"], #"multipart/mixed; boundary="-""#)
        XCTAssertEqual(answer.headers["transfer-encoding"], "chunked")
        XCTAssertEqual(answer.headers["cache-control"], "no-store")
        let parts = try XCTUnwrap(answer.parts, String(decoding: answer.body, as: UTF8.self))
        XCTAssertGreaterThanOrEqual(parts.count, 2)
        let initial = try XCTUnwrap(parts.first)
        XCTAssertEqual(initial["hasNext"], .bool(true))
        XCTAssertEqual(initial["pending"]?.arrayValue?.count, 3)
        XCTAssertEqual(initial["pending"]?[0]?["label"], .string("facts"))
        XCTAssertNil(
            initial["data"]?["breeds"]?["items"]?[0]?["facts"], "the deferred field is not in the initial part")
        XCTAssertEqual(parts.last?["hasNext"], .bool(false))
        var merge = IncrementalMerge(initial: initial)
        for part in parts.dropFirst() { merge.apply(part) }
        let whole = try MultipartClient.post(port: port, query: plain, accept: "application/json")
        XCTAssertEqual(whole.headers["content-type"], "application/json; charset=utf-8")
        XCTAssertEqual(Self.canonical(merge.response), Self.canonical(try JSONParser.parse(whole.body)))
        await server.shutdown(gracePeriod: .seconds(1))
    }

    func testApolloClientsGetTheirFormat() async throws {
        let (server, port) = try embeddedServer()
        let answer = try MultipartClient.post(
            port: port,
            query: #"{ breeds(limit: 1) { items { name ... @defer(label: "f") { facts { lifeSpan } } } } }"#,
            accept: "multipart/mixed;deferSpec=20220824,application/json")
        let parts = try XCTUnwrap(answer.parts)
        XCTAssertEqual(
            parts.map { JSONValue.object($0).serialized() },
            [
                #"{"data":{"breeds":{"items":[{"name":"Affenpinscher"}]}},"hasNext":true}"#,
                #"{"incremental":[{"data":{"facts":{"lifeSpan":"10 - 12 years"}},"path":["breeds","items",0],"label":"f"}],"hasNext":false}"#
            ])
        await server.shutdown(gracePeriod: .seconds(1))
    }

    func testAClientThatTakesNoPartsGets406AndAnOperationWithNothingDeferredIsPlainJSON() async throws {
        let (server, port) = try embeddedServer()
        let refused = try MultipartClient.post(
            port: port, query: "{ breeds(limit: 1) { items { name ... @defer { facts { lifeSpan } } } } }",
            accept: "application/graphql-response+json, application/json")
        XCTAssertEqual(refused.status, 406)
        XCTAssertEqual(
            try JSONParser.parse(refused.body)["errors"]?[0]?["extensions"]?["code"], .string("NOT_ACCEPTABLE"))
        // `if: false`: nothing deferred, one JSON answer whatever the client accepts.
        let plain = try MultipartClient.post(
            port: port, query: "{ breeds(limit: 1) { items { name ... @defer(if: false) { facts { lifeSpan } } } } }",
            accept: "multipart/mixed")
        XCTAssertEqual(plain.status, 200)
        XCTAssertEqual(plain.headers["content-type"], "application/json; charset=utf-8")
        XCTAssertEqual(
            String(decoding: plain.body, as: UTF8.self),
            #"{"data":{"breeds":{"items":[{"name":"Affenpinscher","facts":{"lifeSpan":"10 - 12 years"}}]}}}"#)
        await server.shutdown(gracePeriod: .seconds(1))
    }

    func testStreamedMonsterPages() async throws {
        let (server, port) = try embeddedServer()
        let answer = try MultipartClient.post(
            port: port, query: "{ monsters(limit: 4) { items @stream(initialCount: 1) { name } } }",
            accept: "multipart/mixed")
        let parts = try XCTUnwrap(answer.parts)
        let initial = try XCTUnwrap(parts.first)
        XCTAssertEqual(initial["data"]?["monsters"]?["items"]?.arrayValue?.count, 1)
        var merge = IncrementalMerge(initial: initial)
        for part in parts.dropFirst() { merge.apply(part) }
        let whole = try MultipartClient.post(
            port: port, query: "{ monsters(limit: 4) { items { name } } }", accept: "application/json")
        XCTAssertEqual(Self.canonical(merge.response), Self.canonical(try JSONParser.parse(whole.body)))
        await server.shutdown(gracePeriod: .seconds(1))
    }

    /// `search` under `@stream`, against the recorded-data stub upstreams with D&D's answers 1 s
    /// late: each source's matches go out as the source answers, the breeds ("wolf") and the
    /// animals ("bear") in a part before the one with the monsters; put together, the plain answer.
    func testStreamedSearchSendsEachSourceAsItAnswers() async throws {
        let key = "incremental-search-key"
        let stubs = try RecordedUpstreams(apiKey: key)
        defer { stubs.stop() }
        try await stubs.setSlow(.dnd5e)
        var configuration = UpstreamsConfiguration(mode: .embedded)
        for upstream in UpstreamID.allCases { configuration.setURL(stubs.baseURL(upstream), for: upstream) }
        configuration.theDogAPIKey = APIKey(key)
        let server = try FixtureServer()
        server.use(try MenagerieApp(configuration: configuration))
        let query =
            #"{ w: search(text: "wolf") @stream { __typename name } b: search(text: "bear") @stream { __typename name } }"#
        let answer = try MultipartClient.post(port: server.port, query: query, accept: "multipart/mixed")
        XCTAssertEqual(answer.status, 200)
        let parts = try XCTUnwrap(answer.parts, String(decoding: answer.body, as: UTF8.self))
        let initial = try XCTUnwrap(parts.first)
        XCTAssertEqual(
            JSONValue.object(initial).serialized(),
            #"{"data":{"w":[],"b":[]},"pending":[{"id":"0","path":["w"]},{"id":"1","path":["b"]}],"hasNext":true}"#)
        // For each stream, the part (its index) and the types of each `items` entry, in order.
        var entries: [String: [(part: Int, types: Set<String>)]] = [:]
        for (index, part) in parts.enumerated() {
            for case .object(let entry) in part["incremental"]?.arrayValue ?? [] {
                guard let id = entry["id"]?.stringValue, let items = entry["items"]?.arrayValue else { continue }
                XCTAssertNil(entry["errors"], "\(entry)")
                entries[id, default: []].append((index, Set(items.compactMap { $0["__typename"]?.stringValue })))
            }
        }
        for (id, first) in [("0", "Breed"), ("1", "Animal")] {
            let list = try XCTUnwrap(entries[id], "no items for stream \(id): \(parts)")
            XCTAssertEqual(list.map(\.types), [[first], ["Monster"]], "stream \(id): one entry per source")
            XCTAssertLessThan(list[0].part, list[1].part, "stream \(id): the monsters come later")
        }
        XCTAssertEqual(parts.last?["hasNext"], .bool(false))
        var merge = IncrementalMerge(initial: initial)
        for part in parts.dropFirst() { merge.apply(part) }
        let whole = try MultipartClient.post(
            port: server.port, query: query.replacingOccurrences(of: " @stream", with: ""), accept: "application/json")
        XCTAssertEqual(Self.canonical(merge.response), Self.canonical(try JSONParser.parse(whole.body)))
        await server.stop()
    }

    /// Every query fixture whose answer has no errors, with `@defer` at each inline fragment and
    /// fragment spread: the parts put together equal the fixture's whole answer.
    func testEveryFixtureDeferredAtEachFragment() async throws {
        let stubs = try StubUpstreams()
        defer { stubs.stop() }
        let server = try FixtureServer()
        let files = try FileManager.default.contentsOfDirectory(atPath: FixtureTests.directory.path)
        var checked = 0
        for file in files.sorted() where file.hasSuffix(".graphql") {
            let name = String(file.dropLast(".graphql".count))
            let directory = FixtureTests.directory
            func text(_ suffix: String) -> String? {
                try? String(contentsOf: directory.appendingPathComponent(name + suffix), encoding: .utf8)
            }
            guard let query = text(".graphql"), let expectedText = text(".json"), text(".faults.json") == nil else {
                continue
            }
            let expected = try JSONParser.parse(expectedText)
            // (A non-null field's error inside a deferred part nulls that part, not its parent.)
            guard expected["errors"] == nil, expected["data"] != nil, !query.contains("@stream") else { continue }
            let variables = try text(".variables.json").map { try JSONParser.parse($0).objectValue ?? JSONObject() }
            let operation = text(".operation")?.trimmingCharacters(in: .whitespacesAndNewlines)
            var deferred = Self.deferringEveryFragment(query)
            if deferred == query { deferred = Self.deferringEverySelectionSet(query) }
            guard deferred != query else { continue }
            stubs.reset()
            var configuration = UpstreamsConfiguration(mode: .live)
            for upstream in UpstreamID.allCases { configuration.setURL(stubs.baseURL(upstream), for: upstream) }
            configuration.theDogAPIKey = APIKey(FixtureTests.apiKey)
            server.use(try MenagerieApp(configuration: configuration))
            let answer = try MultipartClient.post(
                port: server.port, query: deferred, accept: "multipart/mixed", variables: variables,
                operationName: operation)
            XCTAssertEqual(answer.status, 200, name)
            let merged: JSONValue
            if answer.headers["content-type"]?.hasPrefix("multipart/mixed") == true {
                let parts = try XCTUnwrap(answer.parts, "\(name): malformed parts")
                var merge = IncrementalMerge(initial: try XCTUnwrap(parts.first, name))
                for part in parts.dropFirst() { merge.apply(part) }
                XCTAssertFalse(merge.hasNext, "\(name): the last part says more follows")
                merged = merge.response
            } else {
                merged = try JSONParser.parse(answer.body) // nothing ended up deferred
            }
            XCTAssertEqual(
                Self.canonical(merged), Self.canonical(expected), "\(name): the parts differ from the answer")
            checked += 1
        }
        print("IncrementalHTTPTests: \(checked) fixtures checked with @defer")
        XCTAssertGreaterThanOrEqual(checked, 30, "fixtures checked")
        await server.stop()
    }

    /// `query` with each field's selections (below the operation's) wrapped in `... @defer { }`.
    static func deferringEverySelectionSet(_ query: String) -> String {
        var out = ""
        var wrapped: [Bool] = []
        var parentheses = 0
        var inString = false
        var previous: Character = " "
        for character in query {
            if inString {
                out.append(character)
                if character == "\"" && previous != "\\" { inString = false }
                previous = character
                continue
            }
            switch character {
            case "\"":
                inString = true
                out.append(character)
            case "(":
                parentheses += 1
                out.append(character)
            case ")":
                parentheses -= 1
                out.append(character)
            case "{":
                let before = out.last(where: { !$0.isWhitespace })
                let isField =
                    parentheses == 0 && !wrapped.isEmpty
                    && (before.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ")" } ?? false)
                    && !out.hasSuffix("fragment")
                wrapped.append(isField)
                out += isField ? "{ ... @defer {" : "{"
            case "}":
                out += (wrapped.popLast() ?? false) ? "} }" : "}"
            default:
                out.append(character)
            }
            previous = character
        }
        return out
    }

    /// `query` with `@defer` after each inline fragment's type condition (or bare `...`) and each
    /// fragment spread's name.
    static func deferringEveryFragment(_ query: String) -> String {
        var out = ""
        var rest = Substring(query)
        while let range = rest.range(of: "...") {
            out += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let afterSpaces = rest.drop(while: { $0 == " " })
            if afterSpaces.hasPrefix("on ") {
                // `... on Type`: after the type name.
                let typeStart = afterSpaces.dropFirst(3).drop(while: { $0 == " " })
                let name = typeStart.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
                let end = typeStart.index(typeStart.startIndex, offsetBy: name.count)
                out += rest[..<end] + " @defer"
                rest = rest[end...]
            } else if afterSpaces.first.map({ $0.isLetter || $0 == "_" }) == true {
                // `...Name`: after the fragment's name.
                let name = afterSpaces.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
                let end = afterSpaces.index(afterSpaces.startIndex, offsetBy: name.count)
                out += rest[..<end] + " @defer"
                rest = rest[end...]
            } else {
                out += " @defer" // `... {` or `... @include(…)`
            }
        }
        return out + rest
    }
}
