import JSON
import Locking
import Synchronization

/// How the default resolver reads fields from the source values of one
/// dynamic type, worked out once per type.
///
/// Classifying a value (`as? any FieldValueProviding` is a protocol
/// conformance lookup) costs far more than reading a field, so the result is
/// kept per type for the life of the process (in ``registry``) and each
/// object plan remembers the last one it used (``SourceAccessCache``).
final class SourceAccess: Sendable {
    enum Kind: Sendable {
        /// A ``FieldValueProviding`` type; `inline` when its values are stored
        /// in an existential's inline buffer (then read in place, without a cast).
        case provider(any FieldValueProviding.Type, inline: Bool)
        case jsonValue
        case jsonObject
        case dictionary
        case optionalDictionary
        /// None of the above for the type itself (e.g. an optional holding a
        /// provider, or a value nothing can be read from): each source is
        /// cast as it comes, which looks through optionals and other boxes.
        case dynamic
    }

    /// The dynamic type this access is for.
    let type: any Any.Type
    /// The type's metadata pointer (as an existential holding it stores it).
    nonisolated(unsafe) let metadata: UnsafeRawPointer
    let kind: Kind

    private init(type: any Any.Type, kind: Kind) {
        self.type = type
        self.metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        self.kind = kind
    }

    /// The most types the registry keeps (beyond: classified on each use).
    private static let registryCapacity = 4096

    /// Accesses by type; never shrinks, so an entry outlives every plan that caches it.
    private static let registry = Locked<[ObjectIdentifier: SourceAccess]>([:])

    /// The access for the dynamic type of `source`, and whether it is kept
    /// for the life of the process (only such accesses may be cached unretained).
    static func of(_ source: any Sendable) -> (access: SourceAccess, isPermanent: Bool) {
        let type = Swift.type(of: source)
        let key = ObjectIdentifier(type)
        if let known = registry.withLock({ $0[key] }) { return (known, true) }
        let access = SourceAccess(type: type, kind: classify(source, type))
        return registry.withLock { entries in
            if let known = entries[key] { return (known, true) }
            guard entries.count < registryCapacity else { return (access, false) }
            entries[key] = access
            return (access, true)
        }
    }

    private static func classify(_ source: any Sendable, _ type: any Any.Type) -> Kind {
        if isSameType(type, JSONValue.self) { return .jsonValue }
        if isSameType(type, JSONObject.self) { return .jsonObject }
        if let provider = type as? any FieldValueProviding.Type {
            return .provider(provider, inline: isStoredInline(type))
        }
        if source is [String: any Sendable] { return .dictionary }
        if source is [String: (any Sendable)?] { return .optionalDictionary }
        return .dynamic
    }
}

/// The last ``SourceAccess`` an object plan used, read without a lock or
/// reference counting (the access is permanent, see ``SourceAccess/of(_:)``).
struct SourceAccessCache: ~Copyable, Sendable {
    private let bits = Atomic<UInt>(0)

    init() {}

    /// How to read the fields of `source` (nil for a nil source).
    @inline(__always)
    func kind(for source: ResolvedValue) -> SourceAccess.Kind? {
        guard ExistentialLayout.isExpected else {
            guard let value = source else { return nil }
            return SourceAccess.of(value).access.kind
        }
        guard let metadata = withUnsafePointer(to: source, { ExistentialLayout.metadata(UnsafeRawPointer($0)) }) else {
            return nil
        }
        if let pointer = UnsafeRawPointer(bitPattern: bits.load(ordering: .acquiring)) {
            let cached = Unmanaged<SourceAccess>.fromOpaque(pointer)._withUnsafeGuaranteedRef { access in
                access.metadata == metadata ? access.kind : nil
            }
            if let cached { return cached }
        }
        return slowKind(for: source)
    }

    @inline(never)
    private func slowKind(for source: ResolvedValue) -> SourceAccess.Kind? {
        guard let value = source else { return nil }
        let (access, isPermanent) = SourceAccess.of(value)
        if isPermanent {
            bits.store(UInt(bitPattern: Unmanaged.passUnretained(access).toOpaque()), ordering: .releasing)
        }
        return access.kind
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
    let flags = witnesses.load(fromByteOffset: 8 * MemoryLayout<UnsafeRawPointer>.size + 2 * MemoryLayout<Int>.size,
                               as: UInt32.self)
    return flags & nonInlineFlag == 0
}
