import Foundation
import XCTest
@testable import GraphQL

/// Files of `../shared` (beside the checkout) and of `Expected/`.
enum SchemaFixtures {
    /// The checkout's root directory.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A file of `../shared` (or `../../shared` from a git worktree), or nil when it is not there.
    static func shared(_ path: String) -> String? {
        var directory = packageRoot.deletingLastPathComponent()
        for _ in 0..<2 {
            let url = directory.appendingPathComponent("shared").appendingPathComponent(path)
            if let text = try? String(contentsOf: url, encoding: .utf8) { return text }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// A file of `Tests/GraphQLTests/Type/Expected`.
    static func expected(_ name: String) -> String? {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Expected").appendingPathComponent(name)
        return try? String(contentsOf: url, encoding: .utf8)
    }
}

/// Builds a schema from SDL, failing the test with the errors if it cannot.
func buildOrFail(_ sdl: String, file: StaticString = #filePath, line: UInt = #line) -> GraphQLSchema? {
    do {
        return try buildSchema(sdl)
    } catch {
        XCTFail("build failed: \(error.description)", file: file, line: line)
        return nil
    }
}

/// The messages and locations of the errors of building `sdl` (empty if it builds).
func buildErrors(_ sdl: String) -> [String] {
    do {
        _ = try buildSchema(sdl)
        return []
    } catch {
        return error.errors.map(\.message)
    }
}

/// `printSchema(buildSchema(sdl))`, or nil after failing the test.
func cycle(_ sdl: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    buildOrFail(sdl, file: file, line: line).map(printSchema)
}

/// Errors as `message @ line:column, ...` for compact assertions.
func describe(_ errors: [GraphQLError]) -> [String] {
    errors.map { error in
        error.message
            + (error.locations.isEmpty ? "" : " @ " + error.locations.map(\.description).joined(separator: ", "))
    }
}

/// Asserts that building `sdl` fails with exactly `expected` ("message @ line:column, ...").
func expectBuildErrors(_ sdl: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
    do {
        let schema = try buildSchema(sdl)
        XCTFail(
            "expected build errors, got a schema with validation errors \(describe(validateSchema(schema)))",
            file: file, line: line)
    } catch {
        XCTAssertEqual(describe(error.errors), expected, file: file, line: line)
    }
}

/// Asserts that `sdl` builds, that `validateSchema` gives exactly `errors`,
/// and (unless nil) that `printSchema` gives `printed`.
func expectSchema(_ sdl: String, errors: [String], printed: String?, file: StaticString = #filePath, line: UInt = #line)
{
    guard let schema = buildOrFail(sdl, file: file, line: line) else { return }
    XCTAssertEqual(describe(validateSchema(schema)), errors, file: file, line: line)
    if let printed {
        XCTAssertEqual(printSchema(schema), printed, file: file, line: line)
    }
}
