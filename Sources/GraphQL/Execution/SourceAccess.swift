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
        /// A ``FieldValueProviding`` type (its values are opened with a cast to
        /// the concrete type, cheaper than a conformance lookup).
        case provider(any FieldValueProviding.Type)
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
    /// The type's identity, compared by ``SourceAccessCache``.
    let typeID: ObjectIdentifier
    let kind: Kind

    private init(type: any Any.Type, kind: Kind) {
        self.type = type
        self.typeID = ObjectIdentifier(type)
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
            return .provider(provider)
        }
        if source is [String: any Sendable] { return .dictionary }
        if source is [String: (any Sendable)?] { return .optionalDictionary }
        return .dynamic
    }
}

/// How an object plan reads its sources: the access of the type of the source it was planned
/// for (``known``, a plain stored reference: no atomic load, nothing to look up), else the first
/// permanent ``SourceAccess`` it used (one atomic load); a source of another type goes through
/// the registry.
///
/// An object plan nearly always sees sources of one type, and it is built when the first of them
/// is completed, so ``known`` nearly always answers.
struct SourceAccessCache: ~Copyable, Sendable {
    /// The access of the source the plan was built for (nil: none, or not permanent).
    private let known: SourceAccess?
    private let first = AtomicLazyReference<SourceAccess>()

    /// A cache that knows the access of `sample`'s type (when that is kept for the life of the process).
    init(sample: ResolvedValue) {
        guard let value = sample else {
            known = nil
            return
        }
        let (access, isPermanent) = SourceAccess.of(value)
        known = isPermanent ? access : nil
    }

    /// How to read the fields of `source` (nil for a nil source).
    @inline(__always)
    func kind(for source: ResolvedValue) -> SourceAccess.Kind? {
        guard let value = source else { return nil }
        let typeID = ObjectIdentifier(type(of: value))
        if let known, known.typeID == typeID { return known.kind }
        if let cached = first.load(), cached.typeID == typeID { return cached.kind }
        return slowKind(for: value)
    }

    @inline(never)
    private func slowKind(for value: any Sendable) -> SourceAccess.Kind {
        let (access, isPermanent) = SourceAccess.of(value)
        if isPermanent { _ = first.storeIfNil(access) }
        return access.kind
    }
}
