/// Resolvers bound by type name and field name, plus the hooks for abstract
/// types and custom scalars of a schema built from SDL.
///
/// ```swift
/// var resolvers = ResolverMap()
/// resolvers.field("Query", "items") { _, args, _, _ in store.items(args.int("count") ?? 10) }
/// resolvers.asyncField("Item", "price") { source, _, _, _ in await prices.load(source) }
/// resolvers.bind("Item", "stock") { source, _, _, _ in stock.answer(for: source) }   // ready or pending
/// resolvers.resolveType("Animal") { value, _, _ in (value as? Dog) != nil ? "Dog" : "Cat" }
/// ```
///
/// Fields without a resolver use the default resolver: it reads the field
/// from a ``FieldValueProviding`` value, a `[String: any Sendable]`
/// dictionary, a ``JSONObject`` or a ``JSONValue`` object.
public struct ResolverMap: Sendable {
    /// Field resolvers: type name → field name → resolver.
    public var fields: [String: [String: FieldResolver]] = [:]
    /// Type resolvers of interfaces and unions, by abstract type name.
    public var typeResolvers: [String: TypeResolver] = [:]
    /// `isTypeOf` checks of object types, by object type name.
    public var isTypeOfChecks: [String: IsTypeOfCheck] = [:]
    /// Custom scalar coercions, by scalar name.
    public var scalars: [String: ScalarCoercion] = [:]

    /// An empty map: every field uses the default resolver.
    public init() {}

    /// The resolver of `type.field`, if one is bound.
    public subscript(type: String, field: String) -> FieldResolver? {
        get { fields[type]?[field] }
        set { fields[type, default: [:]][field] = newValue }
    }

    /// Binds `resolver` to the field `field` of the object (or interface) type `type`.
    public mutating func bind(_ type: String, _ field: String, _ resolver: FieldResolver) {
        fields[type, default: [:]][field] = resolver
    }

    /// Binds a resolver to `type.field`: its value ready now or pending (see ``Resolution``).
    public mutating func bind(_ type: String, _ field: String, _ resolve: @escaping GeneralFieldResolver) {
        bind(type, field, .general(resolve))
    }

    /// Binds a resolver whose value is always at hand to `type.field`.
    public mutating func field(_ type: String, _ field: String, _ resolve: @escaping SyncFieldResolver) {
        bind(
            type, field,
            .general { source, arguments, context, info in
                .ready(try resolve(source, arguments, context, info))
            })
    }

    /// Binds a typed resolver to `type.field`: a function of the
    /// source, e.g. `resolvers.field("Item", "name", on: Item.self) { $0.name }`.
    ///
    /// The cheapest way to resolve a field from a Swift value (see
    /// ``TypedFieldResolver``). A source of another type is a field error.
    @inlinable
    public mutating func field<Source: Sendable, Value: Sendable>(
        _ type: String, _ field: String, on sourceType: Source.Type,
        _ resolve: @escaping @Sendable (Source) throws -> Value
    ) {
        bind(type, field, .typed(TypedFieldResolver(on: sourceType, resolve)))
    }

    /// Binds a typed resolver of a list to `type.field`, e.g.
    /// `resolvers.field("Order", "items", on: Order.self) { $0.items }`: the items are boxed by
    /// code specialised for their type (see ``TypedFieldResolver/init(on:list:)``). Chosen over
    /// the general overload for every resolver that returns an array.
    @inlinable
    public mutating func field<Source: Sendable, Item: Sendable>(
        _ type: String, _ field: String, on sourceType: Source.Type,
        _ resolve: @escaping @Sendable (Source) throws -> [Item]
    ) {
        bind(type, field, .typed(TypedFieldResolver(on: sourceType, list: resolve)))
    }

    /// Binds a resolver whose value is always awaited to `type.field`.
    public mutating func asyncField(_ type: String, _ field: String, _ resolve: @escaping AsyncFieldResolver) {
        bind(type, field, .general { _, _, _, _ in .awaiting(resolve) })
    }

    /// Sets the type resolver of the interface or union `abstractType`.
    public mutating func resolveType(_ abstractType: String, _ resolver: @escaping TypeResolver) {
        typeResolvers[abstractType] = resolver
    }

    /// Sets the `isTypeOf` check of the object type `objectType`.
    public mutating func isTypeOf(_ objectType: String, _ check: @escaping IsTypeOfCheck) {
        isTypeOfChecks[objectType] = check
    }

    /// Sets the coercion of the custom scalar `scalar`.
    public mutating func scalar(_ scalar: String, _ coercion: ScalarCoercion) {
        scalars[scalar] = coercion
    }

    /// Adds every binding of `other`, replacing bindings of the same names.
    public mutating func merge(_ other: ResolverMap) {
        for (type, fields) in other.fields {
            for (field, resolver) in fields { self.fields[type, default: [:]][field] = resolver }
        }
        typeResolvers.merge(other.typeResolvers) { $1 }
        isTypeOfChecks.merge(other.isTypeOfChecks) { $1 }
        scalars.merge(other.scalars) { $1 }
    }
}
