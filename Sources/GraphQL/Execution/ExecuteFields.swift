import JSON

extension ExecutionContext {
    /// Executes the fields of `plan` on `source`, all at once where they are
    /// synchronous (graphql-js `executeFields`).
    func executeObject(_ plan: ObjectPlan, _ source: ResolvedValue, _ path: ResponsePath?) -> Completion {
        var entries: [JSONObject.Element] = []
        entries.reserveCapacity(plan.fields.count)
        var holes: [(index: Int, node: PendingNode)] = []
        let reader = plan.hasPropertyFields ? SourceReader(source) : .none
        for field in plan.fields {
            let completion: Completion
            if field.isPlainProperty {
                let value = reader.read(field.definition.name)
                completion = complete(field.returnType, value, field, path, .key(field.responseKey))
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
        if holes.isEmpty { return .value(.object(JSONObject(entries))) }
        return .pending(.object(PendingObject(entries: entries, holes: holes)))
    }

    /// Executes the root fields of a mutation one after another: each field,
    /// asynchronous work included, finishes before the next starts.
    func executeSerially(_ plan: ObjectPlan, _ source: ResolvedValue) async -> JSONValue? {
        var entries: [JSONObject.Element] = []
        entries.reserveCapacity(plan.fields.count)
        for field in plan.fields {
            var completion = executeField(field, source, nil)
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

    /// Resolves one field on `source` and completes its value (graphql-js `executeField`).
    @inline(__always)
    func executeField(_ field: FieldPlan, _ source: ResolvedValue, _ parentPath: ResponsePath?) -> Completion {
        let value: ResolvedValue
        switch field.kind {
        case .property:
            guard case .success = field.arguments else { return argumentFailure(field, parentPath) }
            value = SourceReader(source).read(field.definition.name)
        case .sync(let resolve):
            guard case .success(let arguments) = field.arguments else { return argumentFailure(field, parentPath) }
            do {
                value = try resolve(source, arguments, contextValue,
                                    ResolveInfo(plan: field, parentPath: parentPath, execution: self))
            } catch {
                recordError(error, field: field, path: parentPath.appending(.key(field.responseKey)))
                return field.returnType.isNonNull ? .bubble : .value(.null)
            }
        case .async(let resolve):
            return .pending(.field(AsyncFieldTask(plan: field, source: source, parentPath: parentPath, resolve: resolve)))
        case .typeName:
            return .value(.string(field.parentType.name))
        case .introspection(let kind):
            guard case .success(let arguments) = field.arguments else { return argumentFailure(field, parentPath) }
            do {
                value = try resolveIntrospection(kind, source, arguments)
            } catch {
                recordError(error, field: field, path: parentPath.appending(.key(field.responseKey)))
                return field.returnType.isNonNull ? .bubble : .value(.null)
            }
        }
        return complete(field.returnType, value, field, parentPath, .key(field.responseKey))
    }

    private func argumentFailure(_ field: FieldPlan, _ parentPath: ResponsePath?) -> Completion {
        if case .failure(let error) = field.arguments {
            recordError(error, field: field, path: parentPath.appending(.key(field.responseKey)))
        }
        return field.returnType.isNonNull ? .bubble : .value(.null)
    }
}
