import JSON
import XCTest
@testable import GraphQL

/// Self-checks of the runtime layout that `ExistentialLayout.swift` relies on:
/// they fail if a toolchain changes the existential container, the value
/// witness flags or the metadata kinds.
final class ExistentialLayoutTests: XCTestCase {
    final class Box: Sendable { let value = 42 }
    struct Wide: Sendable { let a = 1, b = 2, c = 3, d = 4 }

    func testContainerLayout() {
        XCTAssertTrue(ExistentialLayout.isExpected)
        let values: [ResolvedValue] = [7, "seven", 7.5, true, ["a"], Box(), Wide(), JSONValue.int(1), nil]
        let types: [(any Any.Type)?] = [
            Int.self, String.self, Double.self, Bool.self, [String].self, Box.self,
            Wide.self, JSONValue.self, nil
        ]
        for (value, type) in zip(values, types) {
            let metadata = withUnsafePointer(to: value) { ExistentialLayout.metadata(UnsafeRawPointer($0)) }
            XCTAssertEqual(
                metadata, type.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }, "\(String(describing: type))")
        }
    }

    func testInlineStorageOfCommonTypes() {
        XCTAssertTrue(isStoredInline(Box.self))
        XCTAssertTrue(isStoredInline(String.self))
        XCTAssertTrue(isStoredInline(Int.self))
        XCTAssertTrue(isStoredInline([String].self))
        XCTAssertTrue(isStoredInline(JSONValue.self))
        XCTAssertFalse(isStoredInline(Wide.self))
        XCTAssertFalse(isStoredInline((Int, Int, Int, Int).self))
    }

    func testExactInlineValue() {
        let box = Box()
        let values: [ResolvedValue] = [box, 1, Wide(), nil]
        let expected = [true, false, false, false]
        for (value, isBox) in zip(values, expected) {
            XCTAssertEqual(
                withUnsafePointer(to: value) { isExactInlineValue(UnsafeRawPointer($0), of: Box.self) }, isBox)
        }
        let read = try? withTypedSource(box, as: Box.self, typeName: "Box") { $0 }
        XCTAssertTrue(read === box)
        XCTAssertEqual(try? withTypedSource(Wide(), as: Wide.self, typeName: "Wide") { $0.d }, 4)
    }

    func testOptionalMetadataKind() {
        XCTAssertTrue(isOptionalType(Int?.self))
        XCTAssertTrue(isOptionalType(Box?.self))
        XCTAssertTrue(isOptionalType(String??.self))
        XCTAssertFalse(isOptionalType(Int.self))
        XCTAssertFalse(isOptionalType(Box.self))
        XCTAssertFalse(isOptionalType([Int?].self))
        XCTAssertFalse(isOptionalType(JSONValue.self))
    }

    func testLoadExactType() {
        XCTAssertEqual(
            loadExactType("a string longer than fifteen bytes" as any Sendable, as: String.self),
            "a string longer than fifteen bytes")
        XCTAssertEqual(loadExactType(-5 as any Sendable, as: Int.self), -5)
        XCTAssertEqual(loadExactType(2.5 as any Sendable, as: Double.self), 2.5)
        XCTAssertEqual(loadExactType(true as any Sendable, as: Bool.self), true)
        XCTAssertEqual(loadExactType(["x", "y"] as any Sendable, as: [String].self), ["x", "y"])
        let box = Box()
        XCTAssertTrue(loadExactType(box as any Sendable, as: Box.self) === box)
    }
}
