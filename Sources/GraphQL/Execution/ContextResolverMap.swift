/// The resolvers of a schema whose requests all carry a context of one type, `Context` (a
/// request's loaders and clients, say): each resolver gets the context typed, and with `on:` its
/// source typed, so no resolver casts either. The engine checks both once per call (a source or
/// context of another type is a field error); ``resolvers`` is the plain ``ResolverMap`` the
/// engine runs.
///
/// ```swift
/// var map = ContextResolverMap<RequestContext>()
/// map.field("Item", "name", on: Item.self) { $0.name }                              // typed
/// map.field("Item", "stock", on: Item.self) { item, _, context, _ in                // general
///     context.stock(of: item).map { $0 }                                              // ready or pending
/// }
/// map.rootField("Query", "items") { arguments, context, _ in context.items(arguments).map { $0 } }
/// ```
public struct ContextResolverMap<Context: Sendable>: Sendable {
    /// The bindings, as the engine runs them.
    public var resolvers = ResolverMap()

    /// An empty map.
    public init() {}

    /// Binds a typed resolver: a function of the source (see ``TypedFieldResolver``).
    @inlinable
    public mutating func field<Source: Sendable, Value: Sendable>(
        _ type: String, _ field: String, on sourceType: Source.Type,
        _ resolve: @escaping @Sendable (Source) throws -> Value
    ) {
        resolvers.field(type, field, on: sourceType, resolve)
    }

    /// Binds a typed resolver of a list: its items boxed by code specialised for their type (see
    /// ``TypedFieldResolver/init(on:list:)``).
    @inlinable
    public mutating func field<Source: Sendable, Item: Sendable>(
        _ type: String, _ field: String, on sourceType: Source.Type,
        _ resolve: @escaping @Sendable (Source) throws -> [Item]
    ) {
        resolvers.field(type, field, on: sourceType, resolve)
    }

    /// Binds a resolver of a typed source, with its arguments, the context and ``ResolveInfo``:
    /// its value ready or pending (``Resolution``). Inlinable: the source and context casts are
    /// specialised for the application's types.
    @inlinable
    public mutating func field<Source: Sendable>(
        _ type: String, _ field: String, on sourceType: Source.Type,
        _ resolve: @escaping @Sendable (Source, FieldArguments, Context, ResolveInfo) throws -> Resolution
    ) {
        let typeName = String(describing: sourceType)
        resolvers.bind(type, field) { source, arguments, context, info in
            let context = try Self.typed(context)
            return try withTypedSource(source, as: Source.self, typeName: typeName) {
                try resolve($0, arguments, context, info)
            }
        }
    }

    /// Binds a resolver that reads no source (a root field, or a field computed from arguments).
    @inlinable
    public mutating func rootField(
        _ type: String, _ field: String,
        _ resolve: @escaping @Sendable (FieldArguments, Context, ResolveInfo) throws -> Resolution
    ) {
        resolvers.bind(type, field) { _, arguments, context, info in
            try resolve(arguments, try Self.typed(context), info)
        }
    }

    /// Sets the type resolver of the interface or union `abstractType`.
    public mutating func resolveType(_ abstractType: String, _ resolver: @escaping TypeResolver) {
        resolvers.resolveType(abstractType, resolver)
    }

    /// The context of a call, typed; a field error when the request carries another.
    ///
    /// Read the way a typed resolver reads its source (``typedSource(_:as:)``: in place when the
    /// value is exactly a `Context` held inline, as a class reference is), not by `as? Context`:
    /// that dynamic cast, made once per resolver call, was 1-1.5% of a list query's CPU (see
    /// docs/performance.md, "Fast paths").
    @inlinable @inline(__always)
    static func typed(_ context: ResolvedValue) throws -> Context {
        do {
            return try typedSource(context, as: Context.self)
        } catch {
            throw GraphQLError(message: "Internal error: the request's context is not a \(Context.self).")
        }
    }
}
