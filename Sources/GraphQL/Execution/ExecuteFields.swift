import JSON

extension ExecutionContext {
    /// Executes the fields of `plan` on `source`, all at once where they are
    /// synchronous (graphql-js `executeFields`).
    func executeObject(_ plan: ObjectPlan, _ source: ResolvedValue, _ path: ObjectPath) -> Completion {
        var entries: [JSONObject.Element] = []
        entries.reserveCapacity(plan.fields.count)
        var holes: [(index: Int, node: PendingNode)] = []
        let reader = plan.hasPropertyFields ? SourceReader(source) : .none
        let fields = plan.fields
        for index in fields.indices {
            // The plan holds its fields for the whole call: no reference counting per field.
            unowned(unsafe) let field = fields[index]
            let completion: Completion
            if field.isPlainProperty {
                let value = reader.read(field.fieldName)
                completion = completeField(field, value, path)
            } else if let resolve = field.syncResolver {
                let value: ResolvedValue
                do {
                    value = try resolve(source, field.coercedArguments, contextValue,
                                        ResolveInfo(plan: field, objectPath: path))
                } catch {
                    recordError(error, field: field, path: path.appending(.key(field.responseKey)))
                    if field.returnsNonNull { return .bubble }
                    entries.append((key: field.responseKey, value: .null))
                    continue
                }
                completion = completeField(field, value, path)
            } else if field.isAsync {
                // Filled later by a worker (a slot of the pending object).
                entries.append((key: field.responseKey, value: .null))
                continue
            } else {
                completion = executeField(field, source, path)
            }
            switch completion {
            case .value(let value):
                entries.append((key: field.responseKey, value: value))
            case .bubble:
                return .bubble
            case .pending(let node):
                holes.append((index: entries.count, node: node))
                entries.append((key: field.responseKey, value: .null))
            }
        }
        if !plan.asyncFieldIndexes.isEmpty {
            return .pending(.object(PendingObject(entries: entries, holes: holes, plan: plan, source: source, path: path)))
        }
        if holes.isEmpty { return .value(.object(JSONObject(entries))) }
        return .pending(.object(PendingObject(entries: entries, holes: holes)))
    }

    /// Executes the root fields of a mutation one after another: each field,
    /// asynchronous work included, finishes before the next starts.
    func executeSerially(_ plan: ObjectPlan, _ source: ResolvedValue) async -> JSONValue? {
        var entries: [JSONObject.Element] = []
        entries.reserveCapacity(plan.fields.count)
        for field in plan.fields {
            var completion = executeField(field, source, .root)
            if case .pending(let node) = completion {
                tracker?.enter()
                let value = await resolvePending(node)
                tracker?.leave()
                completion = value.map { .value($0) } ?? .bubble
            }
            switch completion {
            case .value(let value): entries.append((key: field.responseKey, value: value))
            case .bubble: return nil
            case .pending: return nil  // Unreachable: resolved above.
            }
        }
        return .object(JSONObject(entries))
    }

    /// Completes a field's resolved value, with a fast path for leaves.
    @inline(__always)
    func completeField(_ field: FieldPlan, _ value: ResolvedValue, _ parentPath: ObjectPath) -> Completion {
        if let leaf = field.leaf {
            if let value {
                do {
                    return .value(try serializeLeaf(leaf, value))
                } catch NullSerialization.null {
                    // Null: handled below.
                } catch {
                    recordError(error, field: field, path: parentPath.appending(.key(field.responseKey)))
                    return field.returnsNonNull ? .bubble : .value(.null)
                }
            }
            if field.returnsNonNull {
                recordError("Cannot return null for non-nullable field \(field.parentType.name).\(field.definition.name).",
                            field: field, path: parentPath.appending(.key(field.responseKey)))
                return .bubble
            }
            return .value(.null)
        }
        if let objectType = field.objectType, let value, !isNullValue(value) {
            let plan = field.subplan(for: objectType, in: self)
            if plan.isTypeOf == nil {
                switch executeObject(plan, value, parentPath.child(.key(field.responseKey))) {
                case .value(let completed): return .value(completed)
                case .bubble: return field.returnsNonNull ? .bubble : .value(.null)
                case .pending(let node): return .pending(field.returnsNonNull ? node : .absorbing(node))
                }
            }
        }
        if field.isStringList, let value, isSameType(type(of: value), [String].self) {
            // A list of strings held as a Swift array: no per-item completion, no path.
            return .value(.array(loadExactType(value, as: [String].self).map { .string($0) }))
        }
        return complete(field.returnType, value, field, parentPath.node, .key(field.responseKey))
    }

    /// Resolves one field on `source` and completes its value (graphql-js `executeField`).
    @inline(__always)
    func executeField(_ field: FieldPlan, _ source: ResolvedValue, _ parentPath: ObjectPath) -> Completion {
        let value: ResolvedValue
        switch field.kind {
        case .property:
            guard case .success = field.arguments else { return argumentFailure(field, parentPath) }
            value = SourceReader(source).read(field.fieldName)
        case .sync(let resolve):
            guard case .success(let arguments) = field.arguments else { return argumentFailure(field, parentPath) }
            do {
                value = try resolve(source, arguments, contextValue,
                                    ResolveInfo(plan: field, objectPath: parentPath))
            } catch {
                recordError(error, field: field, path: parentPath.appending(.key(field.responseKey)))
                return field.returnType.isNonNull ? .bubble : .value(.null)
            }
        case .async:
            return .pending(.field(AsyncFieldTask(plan: field, source: source, objectPath: parentPath)))
        case .typeName:
            return .value(.string(field.parentType.name))
        case .introspection(let kind):
            // `__Type.kind` is always a valid `__TypeKind` value: no enum serialisation needed.
            if case .typeKind = kind, let type = source as? GraphQLType {
                return .value(.string(type.kind.rawValue))
            }
            guard case .success(let arguments) = field.arguments else { return argumentFailure(field, parentPath) }
            do {
                value = try resolveIntrospection(kind, source, arguments)
            } catch {
                recordError(error, field: field, path: parentPath.appending(.key(field.responseKey)))
                return field.returnType.isNonNull ? .bubble : .value(.null)
            }
        }
        return completeField(field, value, parentPath)
    }

    private func argumentFailure(_ field: FieldPlan, _ parentPath: ObjectPath) -> Completion {
        if case .failure(let error) = field.arguments {
            recordError(error, field: field, path: parentPath.appending(.key(field.responseKey)))
        }
        return field.returnType.isNonNull ? .bubble : .value(.null)
    }
}
