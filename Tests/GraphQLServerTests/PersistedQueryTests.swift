import GraphQLServer
import HTTPServer
import JSON
import XCTest

/// Automatic persisted queries over POST and GET, with Apollo Server's answers.
final class PersistedQueryTests: XCTestCase {
    static func handler(store: (any PersistedQueryStore)? = InMemoryPersistedQueryStore()) -> GraphQLHTTPHandler<
        FakeService
    > {
        var configuration = GraphQLServerConfiguration()
        configuration.logLevel = .off
        configuration.persistedQueries = store
        return GraphQLHTTPHandler(service: FakeService(), configuration: configuration)
    }

    static func extensions(_ hash: String, version: JSONValue = 1) -> String {
        #"{"persistedQuery":{"version":\#(version.serialized()),"sha256Hash":"\#(hash)"}}"#
    }

    static func post(
        _ handler: GraphQLHTTPHandler<FakeService>, query: String?, extensions: String,
        accept: String? = nil
    ) async -> HTTPResponse {
        var body = "{"
        if let query { body += #""query":\#(JSONValue.string(query).serialized()),"# }
        body += #""extensions":\#(extensions)}"#
        var headers: HTTPHeaders = ["host": "x", "content-type": "application/json"]
        if let accept { headers.add("accept", accept) }
        return await handler.respond(
            to: HTTPRequest(method: "POST", target: "/graphql", headers: headers, body: Array(body.utf8)))
    }

    static func get(_ handler: GraphQLHTTPHandler<FakeService>, query: String?, extensions: String) async
        -> HTTPResponse
    {
        var target = "/graphql?extensions=" + encode(extensions)
        if let query { target += "&query=" + encode(query) }
        return await handler.respond(to: HTTPRequest(method: "GET", target: target, headers: ["host": "x"]))
    }

    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if c.isLetter && byte < 128 || c.isNumber && byte < 128 || "-_.~".contains(c) {
                out.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            }
        }
        return out
    }

    func json(_ response: HTTPResponse) throws -> JSONValue { try JSONParser.parse(response.body) }

    func body(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    let query = "{ dogs { name } }"
    var hash: String { SHA256.hexHash(query) }

    func testUnknownHashIsPersistedQueryNotFoundOverPostAndGet() async throws {
        let handler = Self.handler()
        for accept in [nil, "application/graphql-response+json"] {
            let response = await Self.post(handler, query: nil, extensions: Self.extensions(hash), accept: accept)
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(
                body(response),
                #"{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}"#)
            XCTAssertEqual(response.headers["cache-control"], "private, no-cache, must-revalidate")
        }
        let viaGet = await Self.get(handler, query: nil, extensions: Self.extensions(hash))
        XCTAssertEqual(viaGet.status, 200)
        XCTAssertEqual(try json(viaGet)["errors"]?[0]?["extensions"]?["code"], "PERSISTED_QUERY_NOT_FOUND")
        XCTAssertEqual(viaGet.headers["cache-control"], "private, no-cache, must-revalidate")
        XCTAssertNil(viaGet.headers["etag"])
        XCTAssertEqual(handler.metrics.persistedQueries.misses, 3)
        XCTAssertEqual(handler.metrics.persistedQueries.hits, 0)
    }

    func testRegisterThenHashOnlyRunsTheStoredQuery() async throws {
        let store = InMemoryPersistedQueryStore()
        let handler = Self.handler(store: store)
        let registered = await Self.post(handler, query: query, extensions: Self.extensions(hash))
        XCTAssertEqual(registered.status, 200)
        XCTAssertEqual(try json(registered)["data"]?["query"]?.stringValue, query)
        XCTAssertEqual(store.lookup(hash), query)
        XCTAssertEqual(handler.metrics.persistedQueries.registrations, 1)

        let byPost = await Self.post(handler, query: nil, extensions: Self.extensions(hash))
        XCTAssertEqual(byPost.status, 200)
        XCTAssertEqual(try json(byPost)["data"]?["query"]?.stringValue, query)
        // The request's extensions reach the service as sent.
        XCTAssertEqual(try json(byPost)["data"]?["extensions"]?["persistedQuery"]?["sha256Hash"]?.stringValue, hash)
        let byGet = await Self.get(handler, query: nil, extensions: Self.extensions(hash))
        XCTAssertEqual(byGet.status, 200)
        XCTAssertEqual(try json(byGet)["data"]?["query"]?.stringValue, query)
        XCTAssertEqual(try json(byGet)["data"]?["method"]?.stringValue, "GET")
        XCTAssertEqual(handler.metrics.persistedQueries.hits, 2)
        XCTAssertEqual(handler.metrics.persistedQueries.misses, 0)

        let metrics = handler.metrics.render()
        XCTAssertTrue(metrics.contains("menagerie_apq_hits_total 2\n"), metrics)
        XCTAssertTrue(metrics.contains("menagerie_apq_misses_total 0\n"), metrics)
        XCTAssertTrue(metrics.contains("menagerie_apq_registrations_total 1\n"), metrics)
        XCTAssertTrue(metrics.contains("menagerie_apq_entries 1\n"), metrics)
        XCTAssertTrue(metrics.contains("menagerie_apq_bytes \(InMemoryPersistedQueryStore.cost(of: query))\n"), metrics)
    }

    func testRegisterOverGet() async throws {
        let handler = Self.handler()
        let registered = await Self.get(handler, query: query, extensions: Self.extensions(hash))
        XCTAssertEqual(registered.status, 200)
        let hashOnly = await Self.get(handler, query: nil, extensions: Self.extensions(hash))
        XCTAssertEqual(try json(hashOnly)["data"]?["query"]?.stringValue, query)
    }

    func testHashThatDoesNotMatchIsRefusedAndNotStored() async throws {
        let handler = Self.handler()
        let otherHash = SHA256.hexHash("{ cats { name } }")
        for response in [
            await Self.post(handler, query: query, extensions: Self.extensions(otherHash)),
            await Self.get(handler, query: query, extensions: Self.extensions(otherHash)),
            // The hash is compared as sent: lowercase hexadecimal only.
            await Self.post(handler, query: query, extensions: Self.extensions(hash.uppercased()))
        ] {
            XCTAssertEqual(response.status, 400)
            XCTAssertEqual(
                body(response),
                #"{"errors":[{"message":"provided sha does not match query","extensions":{"code":"BAD_REQUEST"}}]}"#)
            XCTAssertEqual(response.headers["cache-control"], "no-store")
        }
        let hashOnly = await Self.post(handler, query: nil, extensions: Self.extensions(otherHash))
        XCTAssertEqual(try json(hashOnly)["errors"]?[0]?["message"], "PersistedQueryNotFound")
        XCTAssertEqual(handler.metrics.persistedQueries.registrations, 0)
    }

    func testUnsupportedVersionsAndMalformedExtensions() async throws {
        let handler = Self.handler()
        for extensions in [
            Self.extensions(hash, version: 2), Self.extensions(hash, version: "1"),
            #"{"persistedQuery":{"sha256Hash":"\#(hash)"}}"#, #"{"persistedQuery":"\#(hash)"}"#
        ] {
            for response in [
                await Self.post(handler, query: query, extensions: extensions),
                await Self.get(handler, query: nil, extensions: extensions)
            ] {
                XCTAssertEqual(response.status, 400, extensions)
                XCTAssertEqual(
                    body(response),
                    #"{"errors":[{"message":"Unsupported persisted query version","extensions":{"code":"BAD_REQUEST"}}]}"#
                )
            }
        }
        // 1.0 is version 1.
        let decimal = await Self.post(handler, query: query, extensions: Self.extensions(hash, version: .double(1)))
        XCTAssertEqual(decimal.status, 200)
        let noHash = await Self.post(handler, query: query, extensions: #"{"persistedQuery":{"version":1}}"#)
        XCTAssertEqual(noHash.status, 400)
        XCTAssertEqual(
            try json(noHash)["errors"]?[0]?["message"], "The persistedQuery extension needs a sha256Hash string.")
        // `persistedQuery: null` is no persisted query: a query is needed then.
        let nullExtension = await Self.post(handler, query: nil, extensions: #"{"persistedQuery":null}"#)
        XCTAssertEqual(nullExtension.status, 400)
        XCTAssertEqual(
            try json(nullExtension)["errors"]?[0]?["message"],
            "Missing 'query' parameter: a GraphQL document string is required.")
    }

    func testWithoutAStorePersistedQueriesAreNotSupported() async throws {
        let handler = Self.handler(store: nil)
        for response in [
            await Self.post(handler, query: nil, extensions: Self.extensions(hash)),
            await Self.post(handler, query: query, extensions: Self.extensions(hash)),
            await Self.get(handler, query: nil, extensions: Self.extensions(hash))
        ] {
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(
                body(response),
                #"{"errors":[{"message":"PersistedQueryNotSupported","extensions":{"code":"PERSISTED_QUERY_NOT_SUPPORTED"}}]}"#
            )
            XCTAssertEqual(response.headers["cache-control"], "private, no-cache, must-revalidate")
        }
        // Plain queries are unaffected.
        let plain = await Self.post(handler, query: query, extensions: "{}")
        XCTAssertEqual(plain.status, 200)
        XCTAssertFalse(handler.metrics.render().contains("menagerie_apq_entries"))
    }

    /// A query is stored only once it validated (and, over GET, is a query); a stored query is
    /// validated again each time it runs.
    func testValidationAppliesBeforeStoringAndToStoredQueries() async throws {
        let store = InMemoryPersistedQueryStore()
        let handler = Self.handler(store: store)
        let invalid = "{ invalid }"
        let refused = await Self.post(handler, query: invalid, extensions: Self.extensions(SHA256.hexHash(invalid)))
        XCTAssertEqual(try json(refused)["errors"]?[0]?["message"], #"Cannot query field "invalid" on type "Query"."#)
        XCTAssertNil(store.lookup(SHA256.hexHash(invalid)))

        let mutation = "mutation { adopt }"
        let overGet = await Self.get(handler, query: mutation, extensions: Self.extensions(SHA256.hexHash(mutation)))
        XCTAssertEqual(overGet.status, 405)
        XCTAssertNil(store.lookup(SHA256.hexHash(mutation)))
        XCTAssertEqual(handler.metrics.persistedQueries.registrations, 0)

        // A store shared with other processes may hold anything: what it holds is validated.
        store.insert(hash: SHA256.hexHash(invalid), query: invalid)
        let stored = await Self.post(handler, query: nil, extensions: Self.extensions(SHA256.hexHash(invalid)))
        XCTAssertEqual(try json(stored)["errors"]?[0]?["message"], #"Cannot query field "invalid" on type "Query"."#)
        XCTAssertNil(try json(stored)["data"])
    }

    func testStoreIsBoundedByEntriesAndBytes() {
        let byEntries = InMemoryPersistedQueryStore(capacity: 2, maxBytes: 1 << 20)
        byEntries.insert(hash: "a", query: "{ a }")
        byEntries.insert(hash: "b", query: "{ b }")
        XCTAssertEqual(byEntries.lookup("a"), "{ a }") // now the most recently used
        byEntries.insert(hash: "c", query: "{ c }")
        XCTAssertEqual(byEntries.count, 2)
        XCTAssertNil(byEntries.lookup("b"), "the least recently used goes first")
        XCTAssertEqual(byEntries.lookup("a"), "{ a }")
        XCTAssertEqual(byEntries.lookup("c"), "{ c }")

        let query = String(repeating: "x", count: 1000)
        let cost = InMemoryPersistedQueryStore.cost(of: query)
        let byBytes = InMemoryPersistedQueryStore(capacity: 100, maxBytes: cost * 3)
        for index in 0..<5 { byBytes.insert(hash: "h\(index)", query: query) }
        XCTAssertEqual(byBytes.count, 3)
        XCTAssertEqual(byBytes.bytes, cost * 3)
        XCTAssertNil(byBytes.lookup("h0"))
        XCTAssertNil(byBytes.lookup("h1"))
        XCTAssertEqual(byBytes.lookup("h4"), query)
        // A query costing more than the whole budget is not stored (and evicts nothing).
        byBytes.insert(hash: "huge", query: String(repeating: "y", count: cost * 3))
        XCTAssertNil(byBytes.lookup("huge"))
        XCTAssertEqual(byBytes.count, 3)

        let off = InMemoryPersistedQueryStore(capacity: 0)
        off.insert(hash: "a", query: "{ a }")
        XCTAssertEqual(off.count, 0)
        XCTAssertEqual(InMemoryPersistedQueryStore().capacity, 10_000)
        XCTAssertEqual(InMemoryPersistedQueryStore().maxBytes, 32 << 20)
    }

    /// Through the server, the oldest hash is forgotten: its client gets `PersistedQueryNotFound`
    /// and registers it again.
    func testEvictedHashIsNotFoundAgain() async throws {
        let handler = Self.handler(store: InMemoryPersistedQueryStore(capacity: 2))
        let queries = ["{ a }", "{ b }", "{ c }"]
        for query in queries {
            _ = await Self.post(handler, query: query, extensions: Self.extensions(SHA256.hexHash(query)))
        }
        let evicted = await Self.post(handler, query: nil, extensions: Self.extensions(SHA256.hexHash("{ a }")))
        XCTAssertEqual(try json(evicted)["errors"]?[0]?["message"], "PersistedQueryNotFound")
        let kept = await Self.post(handler, query: nil, extensions: Self.extensions(SHA256.hexHash("{ c }")))
        XCTAssertEqual(try json(kept)["data"]?["query"], "{ c }")
    }

    /// Two "replicas", each with its own in-process store in front of one shared store: a hash
    /// registered through one runs through the other; a shared entry that is not its hash's
    /// text is a miss.
    func testLayeredStoresShareRegistrationsBetweenReplicas() async throws {
        let shared = InMemoryPersistedQueryStore()
        let nearA = InMemoryPersistedQueryStore(), nearB = InMemoryPersistedQueryStore()
        let replicaA = Self.handler(store: LayeredPersistedQueryStore(near: nearA, far: shared))
        let replicaB = Self.handler(store: LayeredPersistedQueryStore(near: nearB, far: shared))
        _ = await Self.post(replicaA, query: query, extensions: Self.extensions(hash))
        XCTAssertEqual(shared.lookup(hash), query)
        XCTAssertNil(nearB.lookup(hash))
        let viaB = await Self.get(replicaB, query: nil, extensions: Self.extensions(hash))
        XCTAssertEqual(try json(viaB)["data"]?["query"]?.stringValue, query)
        XCTAssertEqual(nearB.lookup(hash), query, "a shared hit is kept in process")

        let forged = SHA256.hexHash("{ other }")
        shared.insert(hash: forged, query: query)
        let refused = await Self.post(replicaB, query: nil, extensions: Self.extensions(forged))
        XCTAssertEqual(try json(refused)["errors"]?[0]?["message"], "PersistedQueryNotFound")
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
