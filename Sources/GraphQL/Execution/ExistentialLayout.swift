/// Reads of the Swift runtime's type metadata and existential layout (unsafe by design).
///
/// The executor's hottest checks on resolved values (`(any Sendable)?` existentials) are done
/// without the runtime's dynamic casts or conformance lookups:
/// `withTypedSource` hands a typed resolver its source in place when the existential holds
/// exactly a `Source` stored inline (type metadata word compared, value borrowed from the inline
/// buffer), and so does `typedSource(_:as:)` for any other resolver (through the same function
/// and check: no raw read of its own; the introspection resolvers read their sources through it);
/// `loadExactType` reads a value whose exact type the caller checked; `isOptionalType`
/// reads a metadata's kind; `isStoredInline` reads a type's value witness flags.
///
/// Kept because it was measured faster: with this file and `UnmanagedFieldList.swift` removed,
/// W5 and W6 ran under their graphql-js targets (see docs/performance.md, "Fast paths").
///
/// - Unsafe: raw loads from an existential container and from type metadata (`unsafeBitCast` of
///   a metatype to a pointer, `load(fromByteOffset:as:)`, `assumingMemoryBound(to:)`), which trust
///   the ABI's layout instead of the compiler's type checks.
/// - Invariant: the stable Swift ABI on 64-bit Linux, unchanged since Swift 5.0: an existential
///   container `any P` (P without class constraint) is three words of inline value buffer, then
///   the type metadata pointer, then the witness tables; `Optional<any Sendable>` uses a null
///   metadata pointer for `nil` (4 words in all). A type is stored inline iff its value witness
///   flags (after the eight witness functions, the size and the stride) lack `IsNonInline`
///   (0x20000). The metadata kind word of an `Optional` is `MetadataKind::Optional` (0x202).
///   Callers only load a `T` from an existential whose dynamic type is exactly `T` and inline.
///   `ExistentialLayout.isExpected` guards the container size (else: casts).
/// - Checked by: `ExistentialLayoutTests` (GraphQLTests): `testContainerLayout`,
///   `testInlineStorageOfCommonTypes`, `testOptionalMetadataKind`, `testLoadExactType`, and the
///   typed-resolver tests (`TypedResolverTests`), which fail if a source is read from the wrong
///   place; CI runs GraphQLTests under AddressSanitizer (`.ci/run`, step 3).

/// Calls `body` with `source` as a `Source`: borrowed in place when the
/// existential holds exactly a `Source` stored inline (no copy, no dynamic
/// cast), else through a dynamic cast; a source of another type is an error
/// (`typeName` is only worked out then).
@inlinable @inline(__always)
func withTypedSource<Source, Result>(
    _ source: ResolvedValue, as sourceType: Source.Type, typeName: @autoclosure () -> String,
    _ body: (Source) throws -> Result
) throws -> Result {
    try withUnsafePointer(to: source) { pointer in
        let raw = UnsafeRawPointer(pointer)
        if isExactInlineValue(raw, of: Source.self) {
            return try body(raw.assumingMemoryBound(to: Source.self).pointee)
        }
        guard let typed = pointer.pointee.flatMap({ $0 as? Source }) else {
            throw sourceTypeMismatch(typeName(), pointer.pointee)
        }
        return try body(typed)
    }
}

/// Whether the `(any Sendable)?` at `raw` holds a value of exactly the type
/// `type`, stored in the existential's inline buffer.
@usableFromInline
func isExactInlineValue(_ raw: UnsafeRawPointer, of type: any Any.Type) -> Bool {
    guard let metadata = ExistentialLayout.metadata(raw) else { return false }
    return metadata == unsafeBitCast(type, to: UnsafeRawPointer.self) && isStoredInline(type)
}

/// The layout of a `(any Sendable)?` (stable ABI): the value buffer (three
/// words), then the type metadata pointer, null for `nil`.
enum ExistentialLayout {
    /// Whether the layout is the expected one (a constant).
    @inline(__always) static var isExpected: Bool {
        MemoryLayout<ResolvedValue>.size == 4 * MemoryLayout<UnsafeRawPointer>.size
    }

    /// The type metadata of the value in the container at `raw` (nil for `nil`).
    @inline(__always) static func metadata(_ raw: UnsafeRawPointer) -> UnsafeRawPointer? {
        guard isExpected else { return nil }
        return raw.load(fromByteOffset: 3 * MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer?.self)
    }
}

/// The value witness flag "does not fit an existential's inline buffer"
/// (`ValueWitnessFlags::IsNonInline`, stable ABI).
private let nonInlineFlag: UInt32 = 0x0002_0000

/// Whether values of `type` are stored in an existential's inline buffer
/// (read from the type's value witness table: flags follow the eight witness
/// functions, the size and the stride).
func isStoredInline(_ type: any Any.Type) -> Bool {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let witnesses = metadata.load(fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    let flags = witnesses.load(
        fromByteOffset: 8 * MemoryLayout<UnsafeRawPointer>.size + 2 * MemoryLayout<Int>.size,
        as: UInt32.self)
    return flags & nonInlineFlag == 0
}

/// The metadata kind of `Optional` (`MetadataKind::Optional`, stable ABI).
private let optionalMetadataKind: UInt = 0x202

/// Whether `type` is an `Optional` type.
@inline(__always) func isOptionalType(_ type: any Any.Type) -> Bool {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    return metadata.load(as: UInt.self) == optionalMetadataKind
}

/// The value held by the existential `value`, whose dynamic type the caller
/// has checked to be exactly `T` (``isSameType(_:_:)``), read without a
/// dynamic cast. Only for types stored inline in an existential's buffer
/// (at most three words, word-aligned, bitwise-takable: `String`, `Int`,
/// `Double`, `Bool`, arrays, class references).
@inline(__always) func loadExactType<T>(_ value: any Sendable, as type: T.Type) -> T {
    withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: T.self) }
}
