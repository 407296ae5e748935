import Foundation
import JSON
import XCTest
@testable import GraphQL

/// The results of bench workloads W5 and W6 (`../shared/bench/README.md`):
/// the serialised result must hash to the README's SHA-256.
final class BenchWorkloadTests: XCTestCase {
    static let expectedSHA256 = "dee7ddee84335088057f9fbe300c784518d3fe20e8e7bd3e39ee5c5cc8342dd7"

    final class Item: Sendable {
        let id: String, name: String, price: Double, inStock: Bool, tags: [String], owner: Person
        init(_ i: Int) {
            id = "item-\(i)"; name = "Item \(i)"; price = Double(i) * 1.5; inStock = i % 2 == 0
            tags = ["a", "b"]; owner = Person(i)
        }
    }

    final class Person: FieldValueProviding {
        let id: String, name: String, email: String?
        init(_ i: Int) { id = "p-\(i)"; name = "Person \(i)"; email = i % 3 == 0 ? nil : "person\(i)@example.com" }
        subscript(field name: String) -> ResolvedValue {
            switch name {
            case "id": return self.id
            case "name": return self.name
            case "email": return self.email
            default: return nil
            }
        }
    }

    enum Resolvers { case closures, typed, async }

    func listSchema(_ kind: Resolvers, bench: String) throws -> ExecutableSchema {
        let items = (0..<1000).map(Item.init)
        var resolvers = ResolverMap()
        resolvers.field("Query", "items") { _, args, _, _ in Array(items.prefix(args.int("count") ?? 0)) }
        let fields: [(String, @Sendable (Item) -> any Sendable)] = [
            ("id", { $0.id }), ("name", { $0.name }), ("price", { $0.price }), ("inStock", { $0.inStock }),
            ("tags", { $0.tags }), ("owner", { $0.owner })
        ]
        for (name, read) in fields {
            switch kind {
            // As the W6 harness's resolvers read their source (`typedSource`).
            case .async:
                resolvers.asyncField("Item", name) { source, _, _, _ in read(try typedSource(source, as: Item.self)) }
            case .closures: resolvers.field("Item", name) { source, _, _, _ in (source as? Item).map(read) }
            case .typed: break
            }
        }
        if kind == .typed {
            resolvers.field("Item", "id", on: Item.self) { $0.id }
            resolvers.field("Item", "name", on: Item.self) { $0.name }
            resolvers.field("Item", "price", on: Item.self) { $0.price }
            resolvers.field("Item", "inStock", on: Item.self) { $0.inStock }
            resolvers.field("Item", "tags", on: Item.self) { $0.tags }
            resolvers.field("Item", "owner", on: Item.self) { $0.owner }
        }
        let sdl = try String(contentsOfFile: bench + "/list-schema.graphql", encoding: .utf8)
        return try makeSchema(sdl, resolvers)
    }

    func check(_ kind: Resolvers) async throws {
        guard let bench = sharedBenchDirectory() else { throw MissingSharedData("shared/bench not found") }
        let schema = try listSchema(kind, bench: bench)
        let query = try String(contentsOfFile: bench + "/list-query.graphql", encoding: .utf8)
        let result = try await runQuery(schema, query)
        XCTAssertTrue(result.errors.isEmpty)
        let bytes = result.jsonBytes()
        if let dump = ProcessInfo.processInfo.environment["W5_DUMP"] {
            try Data(bytes).write(to: URL(fileURLWithPath: dump))
        }
        // The README's hash covers the result object `{"data":...}` compactly serialised.
        XCTAssertEqual(bytes.count, 149_921)
        XCTAssertEqual(SHA256.hex(bytes), Self.expectedSHA256)
        XCTAssertEqual(result.data?["items"]?[4]?["owner"]?["email"], "person4@example.com")
    }

    func testW5SynchronousListResultHash() async throws { try await check(.closures) }
    func testW5TypedResolversListResultHash() async throws { try await check(.typed) }
    func testW6AsynchronousListResultHash() async throws { try await check(.async) }
}

/// SHA-256 (FIPS 180-4), for checking result hashes in tests.
enum SHA256 {
    static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
    ]

    static func hex(_ message: [UInt8]) -> String {
        var h: [UInt32] = [
            0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
        ]
        var data = message
        let bitLength = UInt64(message.count) * 8
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8((bitLength >> UInt64(shift)) & 0xff)) }
        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        var w = [UInt32](repeating: 0, count: 64)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 {
                w[i] =
                    UInt32(data[chunk + 4 * i]) << 24 | UInt32(data[chunk + 4 * i + 1]) << 16
                    | UInt32(data[chunk + 4 * i + 2]) << 8 | UInt32(data[chunk + 4 * i + 3])
            }
            for i in 16..<64 {
                let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for i in 0..<64 {
                let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                let ch = (e & f) ^ (~e & g)
                let t1 = hh &+ s1 &+ ch &+ k[i] &+ w[i]
                let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                let maj = (a & b) ^ (a & c) ^ (b & c)
                let t2 = s0 &+ maj
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            h = [h[0] &+ a, h[1] &+ b, h[2] &+ c, h[3] &+ d, h[4] &+ e, h[5] &+ f, h[6] &+ g, h[7] &+ hh]
        }
        return h.map { word in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }
}
