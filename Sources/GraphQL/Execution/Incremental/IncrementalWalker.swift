import JSON
import Locking

/// One `@defer` met while collecting fields (graphql-js 17's `DeferUsage`): its label, the
/// deferred fragment it is nested in, and the path of the object it was met on. Compared by
/// identity: each collection of an object's fields makes its own.
final class DeferUsage: Sendable {
    let label: String?
    let parent: DeferUsage?
    let path: [PathComponent]

    init(label: String?, parent: DeferUsage?, path: [PathComponent]) {
        self.label = label
        self.parent = parent
        self.path = path
    }
}

/// One selection of a response key and the deferred fragment it came from (nil: not deferred).
struct FieldDetail: Sendable {
    let node: Field
    let deferUsage: DeferUsage?
}

/// A response key and its selections.
struct FieldEntry: Sendable {
    let key: String
    var details: [FieldDetail]
}

/// Fields of one object that a set of deferred fragments delivers (graphql-js 17's deferred
/// grouped field set).
struct DeferredGroupWork: Sendable {
    let fragments: [DeferUsage]
    let path: [PathComponent]
    let type: GraphQLObjectType
    let source: ResolvedValue
    let fields: [FieldEntry]
}

/// The items of a streamed list after its initial count.
struct StreamWork: Sendable {
    let record: StreamRecord
    /// The items at hand (of an ``ArrivingList``: those of the parts that answered with the
    /// initial data, sent together).
    let items: [any Sendable]
    let startIndex: Int
    let itemType: GraphQLType
    let plan: FieldPlan
    let details: [FieldDetail]
    let deferSet: [DeferUsage]
    /// For an ``ArrivingList``: the parts still to answer.
    var arrival: StreamArrival? = nil
}

/// The rest of a streamed ``ArrivingList``: the parts still to answer (nil: none) and the limit
/// on the list's items (counted from the list's start).
struct StreamArrival: Sendable {
    let feed: PartArrivals?
    let limit: Int?
}

/// A streamed list: where it is and its label.
final class StreamRecord: Sendable {
    let label: String?
    let path: [PathComponent]

    init(label: String?, path: [PathComponent]) {
        self.label = label
        self.path = path
    }
}

/// What an execution found to deliver later, in the order it found it.
enum Discovery: Sendable {
    case fragment(DeferUsage)
    case group(DeferredGroupWork)
    case stream(StreamWork)

    /// Where it is in the response.
    var path: [PathComponent] {
        switch self {
        case .fragment(let usage): return usage.path
        case .group(let group): return group.path
        case .stream(let stream): return stream.record.path
        }
    }
}

/// One part of an incremental execution (the initial result, a deferred group, stream items):
/// its own errors and what it found to deliver later.
final class IncrementalPart: Sendable {
    let context: ExecutionContext
    let found = Locked<[Discovery]>([])
    private let waited = Locked<Bool>(false)

    init(_ context: ExecutionContext) { self.context = context }

    /// Notes that the part waited for a resolver (it did not complete at once).
    func markWaited() { waited.withLock { $0 = true } }

    /// Whether the part waited for a resolver.
    var didWait: Bool { waited.withLock { $0 } }

    func record(_ discovery: Discovery) { found.withLock { $0.append(discovery) } }

    var discoveries: [Discovery] { found.withLock { $0 } }

    /// Cancels the parts still to answer of the streamed lists this part found (when the part, or
    /// the place of those lists, is dropped).
    func cancelArrivals() {
        for case .stream(let work) in discoveries { work.cancelArrivals() }
    }
}

extension StreamWork {
    /// Cancels the parts of the list still to answer (a stream that will not be delivered).
    func cancelArrivals() { arrival?.feed?.cancel() }
}

/// The outcome of one field.
enum IncrementalFieldOutcome: Sendable {
    case value(JSONValue)
    case bubble
    case skip
}

/// Executes operations with `@defer` and `@stream`: a plain walk of the selections that hands
/// every field without incremental directives below it to the engine's executor.
struct IncrementalWalker: Sendable {
    let base: ExecutionContext
    let deferDirective: GraphQLDirective?
    let streamDirective: GraphQLDirective?

    /// A fresh context (its own errors) for one part of the response.
    func makePart() -> IncrementalPart {
        IncrementalPart(
            ExecutionContext(
                executable: base.executable, prepared: base.prepared, variables: base.variables,
                rootValue: base.rootValue, contextValue: base.contextValue, tracker: base.tracker))
    }

    // MARK: Collecting fields

    /// The fields of `selections` (each with the deferred fragment it is in) on `type`, and the
    /// deferred fragments met (graphql-js 17 `collectFields` / `collectSubfields`).
    func collect(
        _ type: GraphQLObjectType, _ selections: [(SelectionSet, DeferUsage?)], path: [PathComponent]
    ) -> (fields: [FieldEntry], newUsages: [DeferUsage]) {
        var fields: [FieldEntry] = []
        var index: [String: Int] = [:]
        var usages: [DeferUsage] = []
        // Fragment name → the deferred fragments (nil: none) it was visited under.
        var visited: [String: [DeferUsage?]] = [:]
        func visit(_ selectionSet: SelectionSet, _ usage: DeferUsage?) {
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field):
                    guard base.shouldInclude(field.directives) else { continue }
                    let key = field.responseKey
                    if let at = index[key] {
                        fields[at].details.append(FieldDetail(node: field, deferUsage: usage))
                    } else {
                        index[key] = fields.count
                        fields.append(FieldEntry(key: key, details: [FieldDetail(node: field, deferUsage: usage)]))
                    }
                case .inlineFragment(let fragment):
                    guard base.shouldInclude(fragment.directives),
                        fragmentMatches(fragment.typeCondition, type)
                    else { continue }
                    if let label = deferLabel(fragment.directives) {
                        let new = DeferUsage(label: label.label, parent: usage, path: path)
                        usages.append(new)
                        visit(fragment.selectionSet, new)
                    } else {
                        visit(fragment.selectionSet, usage)
                    }
                case .fragmentSpread(let spread):
                    let name = spread.name.value
                    guard base.shouldInclude(spread.directives), let fragment = base.fragments[name],
                        fragmentMatches(fragment.typeCondition, type)
                    else { continue }
                    let deferred = deferLabel(spread.directives)
                    let seen = visited[name] ?? []
                    if seen.contains(where: { $0 == nil }) { continue }
                    // A non-deferred spread after deferred ones is visited again; a deferred one is
                    // visited once per spread (each makes its own usage).
                    if let deferred {
                        let new = DeferUsage(label: deferred.label, parent: usage, path: path)
                        usages.append(new)
                        visited[name, default: []].append(new)
                        visit(fragment.selectionSet, new)
                    } else {
                        if let usage, seen.contains(where: { $0 === usage }) { continue }
                        visited[name, default: []].append(usage)
                        visit(fragment.selectionSet, usage)
                    }
                }
            }
        }
        for (selectionSet, usage) in selections { visit(selectionSet, usage) }
        return (fields, usages)
    }

    /// `@defer`'s label when the directive is there and active (`if` not false).
    func deferLabel(_ directives: [Directive]) -> (label: String?, Void)? {
        guard let deferDirective, let node = directives.first(where: { $0.name.value == "defer" }) else {
            return nil
        }
        guard
            let arguments = try? base.executable.coercer.argumentValues(
                deferDirective.args, node.arguments, variables: base.variables, source: base.source,
                owner: node.loc)
        else { return nil }
        if arguments.bool("if") == false { return nil }
        return (arguments.string("label"), ())
    }

    /// `@stream`'s label and initial count when the directive is on `field` and active.
    func streamArguments(_ field: Field) -> (label: String?, initialCount: Int)? {
        guard let streamDirective, let node = field.directives.first(where: { $0.name.value == "stream" }) else {
            return nil
        }
        guard
            let arguments = try? base.executable.coercer.argumentValues(
                streamDirective.args, node.arguments, variables: base.variables, source: base.source,
                owner: node.loc)
        else { return nil }
        if arguments.bool("if") == false { return nil }
        return (arguments.string("label"), arguments.int("initialCount") ?? -1)
    }

    /// Whether `@defer` or `@stream` appears anywhere below `selectionSet` (fragments included).
    func hasIncrementalDirectives(_ selectionSet: SelectionSet?) -> Bool {
        guard let selectionSet else { return false }
        return usesIncrementalDirectives(selectionSet) { base.fragments[$0] }
    }

    /// Whether a fragment with type condition `condition` applies to `type`.
    func fragmentMatches(_ condition: NamedType?, _ type: GraphQLObjectType) -> Bool {
        guard let condition else { return true }
        let name = condition.name.value
        if name == type.name { return true }
        guard let conditionType = base.schema.type(named: name) else { return false }
        switch conditionType {
        case .interface, .union: return base.schema.isSubType(conditionType, .object(type))
        default: return false
        }
    }

    /// The object type of `value` for the abstract type `abstractType` (the type resolver, the
    /// value's `__typename`, or the possible types' `isTypeOf`), as the executor finds it.
    func runtimeType(
        _ abstractType: GraphQLNamedType, _ value: any Sendable, _ field: FieldPlan, _ context: ExecutionContext,
        path: [PathComponent]
    ) throws -> GraphQLObjectType {
        let info = ResolveInfo(plan: field, parentPath: Self.responsePath(Array(path.dropLast())), execution: context)
        var typeName: String?
        if let resolver = base.executable.typeResolvers[abstractType.name] {
            typeName = try resolver(value, context.contextValue, info)
        } else {
            switch value {
            case let named as any GraphQLTypeNameProviding: typeName = named.graphQLTypeName
            case let json as JSONValue: typeName = json["__typename"]?.stringValue
            case let object as JSONObject: typeName = object["__typename"]?.stringValue
            case let dictionary as [String: any Sendable]: typeName = dictionary["__typename"] as? String
            case let provider as any FieldValueProviding: typeName = provider[field: "__typename"] as? String
            default: typeName = nil
            }
            if typeName == nil {
                for candidate in base.schema.possibleTypes(of: abstractType) {
                    if let check = base.executable.isTypeOfChecks[candidate.name],
                        try check(value, context.contextValue, info)
                    {
                        typeName = candidate.name
                        break
                    }
                }
            }
        }
        guard let typeName else {
            throw GraphQLError(
                message:
                    "Abstract type \"\(abstractType.name)\" must resolve to an Object type at runtime for field \"\(field.parentType.name).\(field.definition.name)\". Either the \"\(abstractType.name)\" type should provide a \"resolveType\" function or each possible type should provide an \"isTypeOf\" function."
            )
        }
        guard let resolved = base.schema.type(named: typeName) else {
            throw GraphQLError(
                message:
                    "Abstract type \"\(abstractType.name)\" was resolved to a type \"\(typeName)\" that does not exist inside the schema."
            )
        }
        guard case .object(let objectType) = resolved else {
            throw GraphQLError(
                message: "Abstract type \"\(abstractType.name)\" was resolved to a non-object type \"\(typeName)\".")
        }
        guard base.schema.isPossibleType(abstractType, objectType) else {
            throw GraphQLError(
                message: "Runtime Object type \"\(typeName)\" is not a possible type for \"\(abstractType.name)\".")
        }
        return objectType
    }

    // MARK: Execution plan

    /// graphql-js 17 `getFilteredDeferUsageSet`: the deferred fragments a field belongs to (empty:
    /// not deferred), without those nested in another of the set.
    static func filteredUsages(_ details: [FieldDetail]) -> [DeferUsage] {
        var set: [DeferUsage] = []
        for detail in details {
            guard let usage = detail.deferUsage else { return [] }
            if !set.contains(where: { $0 === usage }) { set.append(usage) }
        }
        return set.filter { usage in
            var parent = usage.parent
            while let current = parent {
                if set.contains(where: { $0 === current }) { return false }
                parent = current.parent
            }
            return true
        }
    }

    static func sameSet(_ lhs: [DeferUsage], _ rhs: [DeferUsage]) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { usage in rhs.contains { $0 === usage } }
    }

    /// Collects the fields of an object, records the deferred fragments and groups it finds, and
    /// executes the fields that belong to the current part (`deferSet`).
    func executeObject(
        _ part: IncrementalPart, _ type: GraphQLObjectType, _ source: ResolvedValue, path: [PathComponent],
        selections: [(SelectionSet, DeferUsage?)], deferSet: [DeferUsage]
    ) async -> JSONValue? {
        let (fields, newUsages) = collect(type, selections, path: path)
        for usage in newUsages { part.record(.fragment(usage)) }
        var current: [FieldEntry] = []
        var groups: [(set: [DeferUsage], fields: [FieldEntry])] = []
        for entry in fields {
            let set = Self.filteredUsages(entry.details)
            if Self.sameSet(set, deferSet) {
                current.append(entry)
            } else if let at = groups.firstIndex(where: { Self.sameSet($0.set, set) }) {
                groups[at].fields.append(entry)
            } else {
                groups.append((set, [entry]))
            }
        }
        for group in groups {
            part.record(
                .group(
                    DeferredGroupWork(
                        fragments: group.set, path: path, type: type, source: source, fields: group.fields)))
        }
        return await executeFields(part, type, source, path: path, fields: current, deferSet: deferSet)
    }

    /// Executes `fields` of one object one after another (nil: a null propagates past it).
    func executeFields(
        _ part: IncrementalPart, _ type: GraphQLObjectType, _ source: ResolvedValue, path: [PathComponent],
        fields: [FieldEntry], deferSet: [DeferUsage]
    ) async -> JSONValue? {
        var entries: [JSONObject.Element] = []
        // Mutation root fields run one after another; other fields concurrently, each in an
        // immediate child task (a field that does not wait runs inline). What they find is
        // recorded as it is found (field order when nothing waits), as graphql-js 17 does.
        if fields.count < 2 || (path.isEmpty && base.operation.operation == .mutation) {
            for entry in fields {
                switch await executeField(part, type, source, path: path, entry: entry, deferSet: deferSet) {
                case .value(let value): entries.append((key: entry.key, value: value))
                case .bubble: return nil
                case .skip: continue
                }
            }
            return .object(JSONObject(entries))
        }
        let tracker = base.tracker
        let outcomes = await withTaskGroup(of: (Int, IncrementalFieldOutcome).self) { group in
            for (index, entry) in fields.enumerated() {
                tracker?.enter()
                group.addImmediateTask {
                    let outcome = await self.executeField(
                        part, type, source, path: path, entry: entry, deferSet: deferSet)
                    tracker?.leave()
                    return (index, outcome)
                }
            }
            // The parent only waits for its children now: not counted meanwhile.
            tracker?.leave()
            var results = [IncrementalFieldOutcome?](repeating: nil, count: fields.count)
            for await (index, outcome) in group { results[index] = outcome }
            tracker?.enter()
            return results
        }
        var bubbled = false
        for (index, result) in outcomes.enumerated() {
            guard let outcome = result else { continue }
            switch outcome {
            case .value(let value): entries.append((key: fields[index].key, value: value))
            case .bubble: bubbled = true
            case .skip: continue
            }
        }
        return bubbled ? nil : .object(JSONObject(entries))
    }

    /// The executor's path type for `path`.
    static func objectPath(_ path: [PathComponent]) -> ObjectPath {
        guard let last = path.last else { return .root }
        var parent: ResponsePath?
        for component in path.dropLast() { parent = ResponsePath(parent: parent, component: component) }
        return ObjectPath(parent: parent, key: last)
    }

    static func responsePath(_ path: [PathComponent]) -> ResponsePath? {
        var node: ResponsePath?
        for component in path { node = ResponsePath(parent: node, component: component) }
        return node
    }

    func executeField(
        _ part: IncrementalPart, _ type: GraphQLObjectType, _ source: ResolvedValue, path: [PathComponent],
        entry: FieldEntry, deferSet: [DeferUsage]
    ) async -> IncrementalFieldOutcome {
        let context = part.context
        let plan = context.buildObjectPlan(
            type, selectionSets: [SelectionSet(selections: entry.details.map { .field($0.node) })], sample: source)
        guard let field = plan.fields.first else { return .skip }
        let objectPath = Self.objectPath(path)
        let stream = streamArguments(entry.details[0].node)
        let sameUsage = entry.details.allSatisfy { $0.deferUsage === entry.details[0].deferUsage }
        var simple =
            stream == nil && sameUsage && !entry.details.contains { hasIncrementalDirectives($0.node.selectionSet) }
        switch field.kind {
        case .introspection, .typeName: simple = true
        default: break
        }
        if simple {
            switch context.executeField(field, source, objectPath) {
            case .value(let value): return .value(value)
            case .bubble: return .bubble
            case .pending(let node):
                part.markWaited()
                guard let value = await context.resolvePending(node) else { return .bubble }
                return .value(value)
            }
        }
        let fieldPath = path + [.key(entry.key)]
        let value: ResolvedValue
        do {
            value = try await resolve(field, source, objectPath, part)
        } catch {
            context.recordError(error, field: field, path: fieldPath)
            return field.returnsNonNull ? .bubble : .value(.null)
        }
        let completed = await complete(
            part, field.returnType, value, field: field, details: entry.details, path: fieldPath,
            deferSet: deferSet, stream: stream)
        guard let completed else { return .bubble }
        return .value(completed)
    }

    /// A field's value from its resolver (awaited when pending).
    func resolve(
        _ field: FieldPlan, _ source: ResolvedValue, _ objectPath: ObjectPath, _ part: IncrementalPart
    ) async throws -> ResolvedValue {
        let context = part.context
        if case .failure(let error) = field.arguments { throw error }
        switch field.kind {
        case .property, .typeName, .introspection:
            return SourceFields.of(source)[field: field.fieldName]
        case .typed(let resolve):
            var other: ResolvedValue = nil
            switch try resolve.call(source, &other) {
            case .string(let string): return string
            case .int(let int): return int
            case .double(let double): return double
            case .bool(let bool): return bool
            case .stringList(let strings): return strings
            case .null: return nil
            case .other: return other
            }
        case .general(let resolve):
            let info = ResolveInfo(plan: field, objectPath: objectPath, execution: context)
            switch try resolve(source, field.coercedArguments, context.contextValue, info) {
            case .ready(let value): return value
            case .pending(let work):
                // As in the executor: the unit stays counted (a loader's wait uncounts it itself).
                part.markWaited()
                return try await work()
            case .awaiting(let call):
                // As in the executor: the unit stays counted (a loader's wait uncounts it itself).
                part.markWaited()
                return try await call(source, field.coercedArguments, context.contextValue, info)
            }
        }
    }

    /// The plain list of an ``ArrivingList`` not streamed: its parts in part order, cut to its
    /// limit (nil: every part failed); the failed parts' errors are recorded at `path`.
    func gather(_ part: IncrementalPart, _ list: ArrivingList, _ field: FieldPlan, _ path: [PathComponent]) async
        -> [any Sendable]?
    {
        if let ready = list.readyItems { return ready }
        part.markWaited()
        let (items, errors) = list.assemble(await list.outcomes(tracker: base.tracker))
        for error in errors { part.context.recordError(error, field: field, path: path) }
        return items
    }

    /// The items of a streamed ``ArrivingList`` known when its initial payload is made, in the
    /// order the parts answered (those ready at once first, in part order): at least
    /// `initialCount` of them when the parts have them (waiting for parts as needed), with those
    /// of every part that has answered meanwhile; and the parts still to answer. Nil when every
    /// part failed before the initial payload. The failed parts' errors are recorded at `path`.
    func gatherStreamed(
        _ part: IncrementalPart, _ list: ArrivingList, initialCount: Int, _ field: FieldPlan, _ path: [PathComponent]
    ) async -> (items: [any Sendable], arrival: StreamArrival?)? {
        let feed = PartArrivals(list, tracker: base.tracker)
        if list.parts.contains(where: { $0.readyValue == nil }) { part.markWaited() }
        var items: [any Sendable] = []
        var failures = 0
        var last = list.parts.isEmpty
        var full = list.limit == 0
        func add(_ outcome: ArrivingList.Outcome, isLast: Bool) {
            last = isLast
            switch outcome {
            case .success(let found):
                guard let limit = list.limit else {
                    items += found
                    return
                }
                items += found.prefix(limit - items.count)
                full = items.count >= limit
            case .failure(let error):
                failures += 1
                part.context.recordError(error, field: field, path: path)
            }
        }
        // (The parts run in tasks of their own: a cancelled request cancels them.)
        await withTaskCancellationHandler {
            while !last, !full, items.count < initialCount {
                guard let (outcome, isLast) = await feed.next(tracker: base.tracker) else { break }
                add(outcome, isLast: isLast)
            }
        } onCancel: {
            feed.cancel()
        }
        // Parts that answered meanwhile (all the ready ones among them) go with these items.
        for (outcome, isLast) in feed.takeArrived() where !full { add(outcome, isLast: isLast) }
        if last || full || feed.isExhausted { feed.cancel() }
        if last, !list.parts.isEmpty, failures == list.parts.count { return nil }
        let rest = last || full || feed.isExhausted ? nil : feed
        return (items, StreamArrival(feed: rest, limit: list.limit))
    }

    /// CompleteValue for a field with incremental directives at or below it (nil: a null
    /// propagates past this position).
    func complete(
        _ part: IncrementalPart, _ type: GraphQLType, _ value: ResolvedValue, field: FieldPlan,
        details: [FieldDetail], path: [PathComponent], deferSet: [DeferUsage],
        stream: (label: String?, initialCount: Int)?
    ) async -> JSONValue? {
        if case .nonNull(let inner) = type {
            let completed = await completeNullable(
                part, inner, value, field: field, details: details, path: path, deferSet: deferSet, stream: stream)
            if case .null? = completed {
                part.context.recordError(
                    "Cannot return null for non-nullable field \(field.parentType.name).\(field.definition.name).",
                    field: field, path: path)
                return nil
            }
            return completed
        }
        return await completeNullable(
            part, type, value, field: field, details: details, path: path, deferSet: deferSet, stream: stream)
            ?? .null
    }

    private func completeNullable(
        _ part: IncrementalPart, _ type: GraphQLType, _ value: ResolvedValue, field: FieldPlan,
        details: [FieldDetail], path: [PathComponent], deferSet: [DeferUsage],
        stream: (label: String?, initialCount: Int)?
    ) async -> JSONValue? {
        guard let value, !isNullValue(value) else { return .null }
        let context = part.context
        switch type {
        case .nonNull(let inner):
            return await complete(
                part, .nonNull(inner), value, field: field, details: details, path: path, deferSet: deferSet,
                stream: stream)
        case .list(let itemType):
            let items: [any Sendable]
            var arrival: StreamArrival?
            if let list = value as? ArrivingList {
                if let stream, stream.initialCount < 0 {
                    context.recordError(
                        GraphQLError(message: "initialCount must be a positive integer"), field: field, path: path)
                    return nil
                }
                let gathered: (items: [any Sendable], arrival: StreamArrival?)?
                if let stream {
                    gathered = await gatherStreamed(part, list, initialCount: stream.initialCount, field, path)
                } else {
                    gathered = await gather(part, list, field, path).map { ($0, nil) }
                }
                guard let gathered else { return nil }
                items = gathered.items
                arrival = gathered.arrival
            } else if let array = listItems(value) {
                items = array
            } else if case .array(let array)? = value as? JSONValue {
                items = array
            } else {
                context.recordError(
                    "Expected Iterable, but did not find one for field \"\(field.parentType.name).\(field.definition.name)\".",
                    field: field, path: path)
                return nil
            }
            if let stream, stream.initialCount < 0 {
                context.recordError(
                    GraphQLError(message: "initialCount must be a positive integer"), field: field, path: path)
                return nil
            }
            let count = stream.map { min($0.initialCount, items.count) } ?? items.count
            var results: [JSONValue] = []
            for index in 0..<count {
                guard
                    let item = await complete(
                        part, itemType, items[index], field: field, details: details, path: path + [.index(index)],
                        deferSet: deferSet, stream: nil)
                else {
                    arrival?.feed?.cancel()
                    return nil
                }
                results.append(item)
            }
            if let stream, items.count > count || arrival?.feed != nil {
                part.record(
                    .stream(
                        StreamWork(
                            record: StreamRecord(label: stream.label, path: path), items: Array(items[count...]),
                            startIndex: count, itemType: itemType, plan: field,
                            // As in graphql-js 17, the items belong to no deferred fragment.
                            details: details.map { FieldDetail(node: $0.node, deferUsage: nil) }, deferSet: [],
                            arrival: arrival)))
            }
            return .array(results)
        case .named(let named):
            let objectType: GraphQLObjectType
            switch named {
            case .object(let object):
                objectType = object
            case .interface, .union:
                do {
                    objectType = try runtimeType(named, value, field, context, path: path)
                } catch {
                    context.recordError(error, field: field, path: path)
                    return nil
                }
            default:
                switch context.complete(
                    .named(named), value, field, Self.responsePath(Array(path.dropLast())), path.last ?? .key(""))
                {
                case .value(let value): return value
                case .bubble: return nil
                case .pending(let node):
                    part.markWaited()
                    return await context.resolvePending(node)
                }
            }
            return await executeObject(
                part, objectType, value, path: path,
                selections: details.compactMap { detail in detail.node.selectionSet.map { ($0, detail.deferUsage) } },
                deferSet: deferSet)
        }
    }
}
