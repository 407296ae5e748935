import JSON

extension ExecutionContext {
    /// Executes the fields of `plan` on `source`, all at once where they are
    /// synchronous (graphql-js `executeFields`).
    func executeObject(_ plan: ObjectPlan, _ source: ResolvedValue, _ path: ObjectPath) -> Completion {
        var entries: [JSONObject.Element] = []
        entries.reserveCapacity(plan.fields.count)
        var holes: [(index: Int, node: PendingNode)] = []
        // Fields whose value is pending: their work runs in the asynchronous phase (no object per field).
        var works: [PendingWork] = []
        // The source opened once for the default resolver's reads (nothing to open without such fields).
        let sourceFields =
            plan.hasPropertyFields ? SourceFields.of(plan.sourceAccess.kind(for: source), source) : NoFields()
        // The fields are visited unretained (the plan owns them; see `UnmanagedFieldList.swift`).
        let finished = plan.unmanagedFields.forEach { field -> Bool in
            switch runField(
                field, sourceFields, source, path, at: entries.count, of: plan.fields.count, pending: &works)
            {
            case .value(let value):
                entries.append((key: field.responseKey, value: value))
            case .bubble:
                return false
            case .pending(let node):
                holes.append((index: entries.count, node: node))
                entries.append((key: field.responseKey, value: .null))
            }
            return true
        }
        if !finished { return .bubble }
        if holes.isEmpty, works.isEmpty { return .value(.object(JSONObject(entries))) }
        return .pending(
            .object(
                PendingObject(
                    entries: entries, holes: holes, works: works, plan: plan, source: source, objectPath: path))
        )
    }

    /// Resolves and completes one field of an object (a pending field gives a null placeholder
    /// at `index`, and its work goes to `pending`: filled later).
    ///
    /// Reference counting rules (measured): stored closures are called
    /// through optional chaining (no copy of the closure), an optional source
    /// is never bound with `if let` (a copy), resolved values are moved on.
    @inline(__always)
    private func runField(
        _ field: FieldPlan, _ sourceFields: any FieldValueProviding, _ source: ResolvedValue,
        _ path: ObjectPath, at index: Int, of count: Int, pending: inout [PendingWork]
    ) -> Completion {
        switch field.strategy {
        case .property:
            return completeField(field, sourceFields[field: field.fieldName], path)
        case .typed:
            var other: ResolvedValue = nil
            let leaf: TypedLeaf
            do {
                guard let result = try field.typedCall?(source, &other) else { return .value(.null) }
                leaf = result
            } catch {
                return handleFieldError(error, field, path)
            }
            return completeTyped(field, leaf, consume other, path)
        case .general:
            if pending.isEmpty { pending.reserveCapacity(count - index) }
            if field.callsLater.load(ordering: .relaxed) {
                pending.append(PendingWork(index: index, work: .later))
                return .value(.null)
            }
            let resolution: Resolution
            do {
                guard
                    let result = try field.generalResolver?(
                        source, field.coercedArguments, contextValue,
                        ResolveInfo(plan: field, objectPath: path, execution: self))
                else {
                    return .value(.null)
                }
                resolution = result
            } catch {
                return handleFieldError(error, field, path)
            }
            switch consume resolution {
            case .ready(let value):
                return completeField(field, value, path)
            case .pending(let work):
                pending.append(PendingWork(index: index, work: .closure(work)))
                return .value(.null)
            case .awaiting(let resolve):
                field.callsLater.store(true, ordering: .relaxed)
                pending.append(PendingWork(index: index, work: .call(resolve)))
                return .value(.null)
            }
        case .other:
            return executeField(field, source, path)
        }
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
            case .pending: return nil // Unreachable: resolved above.
            }
        }
        return .object(JSONObject(entries))
    }

    /// Completes a field's resolved value, with fast paths for leaves,
    /// objects of a concrete type and lists of strings.
    @inline(__always)
    func completeField(_ field: FieldPlan, _ value: consuming ResolvedValue, _ parentPath: ObjectPath) -> Completion {
        guard let value else { return completeNull(field, parentPath) }
        if let leaf = field.leaf {
            do {
                return .value(try serializeLeaf(leaf, value))
            } catch NullSerialization.null {
                return completeNull(field, parentPath)
            } catch {
                return handleFieldError(error, field, parentPath)
            }
        }
        if field.objectType != nil,
            let completion = field.withNamedObjectSubplan(
                in: self, for: value,
                { subplan -> Completion? in
                    if isNullValue(value) { return completeNull(field, parentPath) }
                    guard subplan.isTypeOf == nil else { return nil } // Checked on the general path.
                    switch executeObject(subplan, value, parentPath.child(.key(field.responseKey))) {
                    case .value(let completed): return .value(completed)
                    case .bubble: return field.returnsNonNull ? .bubble : .value(.null)
                    case .pending(let node): return .pending(field.returnsNonNull ? node : .absorbing(node))
                    }
                })
        {
            if let completion { return completion }
            return complete(field.returnType, value, field, parentPath.node, .key(field.responseKey))
        }
        if field.isStringList, isSameType(type(of: value), [String].self) {
            // A list of strings held as a Swift array: no per-item completion, no path.
            return .value(.array(loadExactType(value, as: [String].self).map { .string($0) }))
        }
        return complete(field.returnType, value, field, parentPath.node, .key(field.responseKey))
    }

    /// A null field value: null, or an error that propagates when the field is non-null.
    private func completeNull(_ field: FieldPlan, _ parentPath: ObjectPath) -> Completion {
        guard field.returnsNonNull else { return .value(.null) }
        recordError(
            "Cannot return null for non-nullable field \(field.parentType.name).\(field.definition.name).",
            field: field, path: parentPath.appending(.key(field.responseKey)))
        return .bubble
    }

    /// Completes a typed resolver's value: unboxed leaves of the field's own
    /// leaf type directly, anything else through ``completeField(_:_:_:)``
    /// (`other` holds the value of ``TypedLeaf/other``).
    @inline(__always)
    func completeTyped(
        _ field: FieldPlan, _ leaf: consuming TypedLeaf, _ other: consuming ResolvedValue,
        _ parentPath: ObjectPath
    ) -> Completion {
        switch consume leaf {
        case .string(let string):
            if field.leafTag == .string || field.leafTag == .id { return .value(.string(string)) }
            return completeField(field, string, parentPath)
        case .int(let int):
            if field.leafTag == .int, int >= graphQLMinInt, int <= graphQLMaxInt { return .value(.int(int)) }
            return completeField(field, int, parentPath)
        case .double(let double):
            if field.leafTag == .float, double.isFinite { return .value(.double(double)) }
            return completeField(field, double, parentPath)
        case .bool(let bool):
            if field.leafTag == .boolean { return .value(.bool(bool)) }
            return completeField(field, bool, parentPath)
        case .stringList(let strings):
            if field.isStringList { return .value(.array(strings.map { .string($0) })) }
            return completeField(field, strings, parentPath)
        case .null:
            return completeField(field, nil, parentPath)
        case .other:
            return completeField(field, other, parentPath)
        }
    }

    /// Resolves one field on `source` and completes its value (graphql-js `executeField`).
    @inline(__always)
    func executeField(_ field: FieldPlan, _ source: ResolvedValue, _ parentPath: ObjectPath) -> Completion {
        let value: ResolvedValue
        switch field.kind {
        case .property:
            guard case .success = field.arguments else { return argumentFailure(field, parentPath) }
            value = SourceFields.of(source)[field: field.fieldName]
        case .general(let resolve):
            guard case .success(let arguments) = field.arguments else { return argumentFailure(field, parentPath) }
            do {
                return completeResolution(
                    field,
                    try resolve(
                        source, arguments, contextValue,
                        ResolveInfo(plan: field, objectPath: parentPath, execution: self)),
                    source, parentPath)
            } catch {
                return handleFieldError(error, field, parentPath)
            }
        case .typed(let resolve):
            guard case .success = field.arguments else { return argumentFailure(field, parentPath) }
            do {
                var other: ResolvedValue = nil
                let leaf = try resolve.call(source, &other)
                return completeTyped(field, leaf, other, parentPath)
            } catch {
                return handleFieldError(error, field, parentPath)
            }
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
                return handleFieldError(error, field, parentPath)
            }
        }
        return completeField(field, value, parentPath)
    }

    /// A resolver's value: completed now when ready; pending work becomes a hole, filled in the
    /// asynchronous phase (``AsyncFieldTask``).
    @inline(__always)
    func completeResolution(
        _ field: FieldPlan, _ resolution: consuming Resolution, _ source: ResolvedValue,
        _ parentPath: ObjectPath
    ) -> Completion {
        switch consume resolution {
        case .ready(let value):
            return completeField(field, value, parentPath)
        case .pending(let work):
            return .pending(
                .field(AsyncFieldTask(plan: field, work: .closure(work), source: source, objectPath: parentPath)))
        case .awaiting(let resolve):
            return .pending(
                .field(AsyncFieldTask(plan: field, work: .call(resolve), source: source, objectPath: parentPath)))
        }
    }

    /// A field error (graphql-js `handleFieldError`): recorded at the field's path; the field is
    /// null, or the null propagates when the field is non-null.
    func handleFieldError(_ error: any Error, _ field: FieldPlan, _ parentPath: ObjectPath) -> Completion {
        recordError(error, field: field, path: parentPath.appending(.key(field.responseKey)))
        return field.returnsNonNull ? .bubble : .value(.null)
    }

    private func argumentFailure(_ field: FieldPlan, _ parentPath: ObjectPath) -> Completion {
        guard case .failure(let error) = field.arguments else { return field.returnsNonNull ? .bubble : .value(.null) }
        return handleFieldError(error, field, parentPath)
    }
}
