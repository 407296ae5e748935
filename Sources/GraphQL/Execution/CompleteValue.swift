import JSON

extension ExecutionContext {
    /// CompleteValue of the specification for a field value of type `type`
    /// at the position `parentPath` + `component`.
    ///
    /// Non-null positions turn a null into a propagating null (with the
    /// error "Cannot return null for non-nullable field"); nullable positions
    /// stop propagating nulls from below.
    func complete(
        _ type: GraphQLType, _ value: ResolvedValue, _ field: FieldPlan,
        _ parentPath: ResponsePath?, _ component: PathComponent
    ) -> Completion {
        if case .nonNull(let inner) = type {
            let completion = completeNullable(inner, value, field, parentPath, component)
            if case .value(.null) = completion {
                recordError(
                    "Cannot return null for non-nullable field \(field.parentType.name).\(field.definition.name).",
                    field: field, path: parentPath.appending(component))
                return .bubble
            }
            return completion
        }
        switch completeNullable(type, value, field, parentPath, component) {
        case .bubble: return .value(.null)
        case .pending(let node): return .pending(.absorbing(node))
        case let completion: return completion
        }
    }

    /// Completion of a nullable type (propagating nulls from below pass through).
    private func completeNullable(
        _ type: GraphQLType, _ value: ResolvedValue, _ field: FieldPlan,
        _ parentPath: ResponsePath?, _ component: PathComponent
    ) -> Completion {
        guard let value else { return .value(.null) }
        switch type {
        case .named(let named):
            switch named {
            case .scalar(let scalar):
                return completeLeaf { try serializeScalar(scalar, value) }
            case .enum(let enumType):
                return completeLeaf { try serializeEnum(enumType, value) }
            case .object(let objectType):
                if isNullValue(value) { return .value(.null) }
                let plan = field.subplan(for: objectType, in: self, sample: value)
                if let check = plan.isTypeOf {
                    let info = ResolveInfo(plan: field, parentPath: parentPath, execution: self)
                    do {
                        guard try check(value, contextValue, info) else {
                            return fail("Expected value of type \"\(objectType.name)\" but got: \(Inspect.any(value)).")
                        }
                    } catch {
                        recordError(error, field: field, path: parentPath.appending(component))
                        return .bubble
                    }
                }
                return executeObject(plan, value, ObjectPath(parent: parentPath, key: component))
            case .interface, .union:
                if isNullValue(value) { return .value(.null) }
                return completeAbstract(named, value, field, parentPath, component)
            case .inputObject:
                return fail("Cannot complete a value of input type \"\(named.name)\".")
            }
        case .list(let itemType):
            return completeList(itemType, value, field, parentPath, component)
        case .nonNull:
            // A non-null directly inside a non-null does not occur in valid schemas.
            return complete(type, value, field, parentPath, component)
        }

        func completeLeaf(_ serialize: () throws -> JSONValue) -> Completion {
            do {
                return .value(try serialize())
            } catch NullSerialization.null {
                return .value(.null)
            } catch {
                recordError(error, field: field, path: parentPath.appending(component))
                return .bubble
            }
        }

        func fail(_ message: String) -> Completion {
            recordError(message, field: field, path: parentPath.appending(component))
            return .bubble
        }
    }

    func completeList(
        _ itemType: GraphQLType, _ value: any Sendable, _ field: FieldPlan,
        _ parentPath: ResponsePath?, _ component: PathComponent
    ) -> Completion {
        // Fast paths for lists of leaves held as typed Swift arrays.
        if case .nonNull(.named(.scalar(let scalar))) = itemType, scalar === GraphQLScalarType.string,
            isSameType(type(of: value), [String].self)
        {
            return .value(.array(loadExactType(value, as: [String].self).map { .string($0) }))
        }
        let items: [any Sendable]
        if isSameType(type(of: value), ArrivingList.self), let list = value as? ArrivingList {
            // A list in parts: at once when every part is ready, else once they all answered.
            guard let ready = list.readyItems else {
                return .pending(
                    .arriving(
                        ArrivingCompletion(
                            list: list, itemType: itemType, field: field, parentPath: parentPath, component: component
                        )))
            }
            items = ready
        } else if let array = listItems(value) {
            items = array
        } else if let json = value as? JSONValue {
            switch json {
            case .null: return .value(.null)
            case .array(let array): items = array
            default: return notIterable()
            }
        } else if isNullValue(value) {
            return .value(.null)
        } else {
            return notIterable()
        }
        let listPath = ResponsePath(parent: parentPath, component: component)
        // Lists of objects: of a concrete type, one plan lookup for all the items; of an
        // interface or union, each item's type resolved here as `completeNullable` would,
        // without wrapping each item for `complete`.
        let itemNonNull = itemType.isNonNull
        switch itemType {
        case .nonNull(.named(.object(let objectType))), .named(.object(let objectType)):
            let plan = field.subplan(for: objectType, in: self, sample: items.first)
            guard plan.isTypeOf == nil else { break }
            return completeObjectItems(items, field, listPath, nonNull: itemNonNull) { item, index in
                executeObject(plan, item, ObjectPath(parent: listPath, key: .index(index)))
            }
        case .nonNull(.named(let named)) where named.isAbstractType, .named(let named) where named.isAbstractType:
            return completeObjectItems(items, field, listPath, nonNull: itemNonNull) { item, index in
                completeAbstract(named, item, field, listPath, .index(index))
            }
        default:
            break
        }
        var results: [JSONValue] = []
        results.reserveCapacity(items.count)
        var holes: [(index: Int, node: PendingNode)] = []
        for index in items.indices {
            switch complete(itemType, items[index], field, listPath, .index(index)) {
            case .value(let completed): results.append(completed)
            case .bubble: return .bubble
            case .pending(let node):
                holes.append((index: index, node: node))
                results.append(.null)
            }
        }
        if holes.isEmpty { return .value(.array(results)) }
        return .pending(.list(PendingList(items: results, holes: holes)))

        func notIterable() -> Completion {
            recordError(
                "Expected Iterable, but did not find one for field \"\(field.parentType.name).\(field.definition.name)\".",
                field: field, path: parentPath.appending(component))
            return .bubble
        }
    }

    /// The items of a list of objects, each (when not null) completed by `completeItem` (given
    /// the item and its index): a null or bubbling item is the list's null when the items are
    /// non-null (`nonNull`), else a null in its place, as ``complete(_:_:_:_:_:)`` makes it.
    @inline(__always)
    private func completeObjectItems(
        _ items: [any Sendable], _ field: FieldPlan, _ listPath: ResponsePath, nonNull: Bool,
        _ completeItem: (any Sendable, Int) -> Completion
    ) -> Completion {
        var results: [JSONValue] = []
        results.reserveCapacity(items.count)
        var holes: [(index: Int, node: PendingNode)] = []
        for index in items.indices {
            let item = items[index]
            var completion: Completion
            if isNullValue(item) {
                if nonNull {
                    recordError(
                        "Cannot return null for non-nullable field \(field.parentType.name).\(field.definition.name).",
                        field: field, path: listPath.components + [.index(index)])
                    return .bubble
                }
                completion = .value(.null)
            } else {
                completion = completeItem(item, index)
            }
            switch completion {
            case .value(let completed): results.append(completed)
            case .bubble:
                if nonNull { return .bubble }
                results.append(.null)
            case .pending(let node):
                holes.append((index: index, node: nonNull ? node : .absorbing(node)))
                results.append(.null)
            }
        }
        if holes.isEmpty { return .value(.array(results)) }
        return .pending(.list(PendingList(items: results, holes: holes)))
    }

    /// A value (not null) of the interface or union `type`: its object type resolved, then
    /// executed with that type's plan (graphql-js `completeAbstractValue`).
    @inline(__always)
    private func completeAbstract(
        _ type: GraphQLNamedType, _ value: any Sendable, _ field: FieldPlan,
        _ parentPath: ResponsePath?, _ component: PathComponent
    ) -> Completion {
        let runtimeType: GraphQLObjectType
        do {
            runtimeType = try resolveRuntimeType(type, value, field, parentPath)
        } catch {
            recordError(error, field: field, path: parentPath.appending(component))
            return .bubble
        }
        let plan = field.subplan(for: runtimeType, in: self, sample: value)
        return executeObject(plan, value, ObjectPath(parent: parentPath, key: component))
    }

    /// The object type of a value of the abstract type `type` (graphql-js
    /// `completeAbstractValue` / `ensureValidRuntimeType`).
    private func resolveRuntimeType(
        _ type: GraphQLNamedType, _ value: any Sendable, _ field: FieldPlan,
        _ parentPath: ResponsePath?
    ) throws -> GraphQLObjectType {
        let info = ResolveInfo(plan: field, parentPath: parentPath, execution: self)
        var typeName: String?
        let table = field.possibleTypes(of: type, in: self)
        let resolver: TypeResolver?
        if let table { resolver = table.typeResolver } else { resolver = executable.typeResolvers[type.name] }
        if let resolver {
            typeName = try resolver(value, contextValue, info)
        } else {
            typeName = defaultTypeName(value)
            if typeName == nil {
                for candidate in schema.possibleTypes(of: type) {
                    if let check = executable.isTypeOfChecks[candidate.name], try check(value, contextValue, info) {
                        typeName = candidate.name
                        break
                    }
                }
            }
        }
        if let typeName, let known = table?.type(named: typeName) { return known }
        guard let typeName else {
            throw GraphQLError(
                message:
                    "Abstract type \"\(type.name)\" must resolve to an Object type at runtime for field \"\(field.parentType.name).\(field.definition.name)\". Either the \"\(type.name)\" type should provide a \"resolveType\" function or each possible type should provide an \"isTypeOf\" function."
            )
        }
        guard let runtimeType = schema.type(named: typeName) else {
            throw GraphQLError(
                message:
                    "Abstract type \"\(type.name)\" was resolved to a type \"\(typeName)\" that does not exist inside the schema."
            )
        }
        guard case .object(let objectType) = runtimeType else {
            throw GraphQLError(
                message: "Abstract type \"\(type.name)\" was resolved to a non-object type \"\(typeName)\".")
        }
        guard schema.isPossibleType(type, objectType) else {
            throw GraphQLError(
                message: "Runtime Object type \"\(typeName)\" is not a possible type for \"\(type.name)\".")
        }
        return objectType
    }

    /// The `__typename` a value carries, if any.
    private func defaultTypeName(_ value: any Sendable) -> String? {
        switch value {
        case let named as any GraphQLTypeNameProviding: return named.graphQLTypeName
        case let json as JSONValue: return json["__typename"]?.stringValue
        case let object as JSONObject: return object["__typename"]?.stringValue
        case let dictionary as [String: any Sendable]: return dictionary["__typename"] as? String
        case let provider as any FieldValueProviding: return provider[field: "__typename"] as? String
        default: return nil
        }
    }
}
