extension ValidationRule {
    /// Fields with the same response name can be merged: same field, same
    /// arguments, compatible types and mergeable sub-selections.
    public static let overlappingFieldsCanBeMerged = ValidationRule(name: "OverlappingFieldsCanBeMergedRule") {
        OverlappingFieldsCanBeMergedRule(context: $0)
    }

    /// The same rule comparing every pair one by one, as graphql-js does (for tests).
    static let overlappingFieldsCanBeMergedPairwise = ValidationRule(name: "OverlappingFieldsCanBeMergedRule") {
        OverlappingFieldsCanBeMergedRule(context: $0, shortcuts: false)
    }
}

/// graphql-js's algorithm (comparisons "within" a selection set and
/// "between" sets and fragments, with the same memo of compared
/// fields/fragment pairs, CVE-2023-26144), plus one guard against quadratic
/// work: when many fields share a response name and are repeats of each other
/// (same parent type, name, arguments and sub-selection), one representative
/// comparison per pair of distinct shapes stands for all of them. Only when
/// such a comparison finds a conflict are all pairs compared, one by one, in
/// graphql-js's order, so the errors are exactly graphql-js's.
final class OverlappingFieldsCanBeMergedRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterSelectionSet]

    /// Groups at least this large are first compared by shape.
    let shapeGroupThreshold: Int
    /// Whether the shape shortcuts (repeated fields, clean fragment subtrees) are on.
    let shortcuts: Bool

    // Memo of graphql-js: (field map, fragment name) pairs and fragment pairs
    // already compared, flagged with whether they were compared as mutually exclusive.
    private struct Memo {
        var fieldMapAndFragment: [FieldMapFragmentKey: Bool] = [:]
        var fragmentPairs: [FragmentPairKey: Bool] = [:]
    }
    private var memo = Memo()
    /// Scratch space of `hasOnlyDistinctFields`.
    private var keyBuffer: [String] = []
    /// Set once any comparison found a conflict (then no new clean subtrees are recorded).
    private var anyConflictFound = false
    /// (field map shape, fragment) pairs whose whole fragment subtree compared clean.
    private var cleanSubtrees: Set<CleanKey> = []
    /// Pairs of fragment classes whose whole subtree compared clean.
    private var cleanFragmentPairs: Set<PairClassKey> = []
    private var fragmentClasses: [String: Int] = [:]
    /// ``comparesCleanWithItsTwin(_:)`` by field map id.
    private var twinClean: [Int: Bool] = [:]
    private var classIDs: [String: Int] = [:]

    struct CleanKey: Hashable {
        var shape: String
        var fragment: String
        var exclusive: Bool
    }
    private var cache: [Int: FieldsAndFragmentNames] = [:]
    private var nextFieldMapID = 0

    /// Whether `@stream` takes part in the comparison (the schema declares it: graphql-js 17).
    let checksStreams: Bool

    init(context: ValidationContext, shortcuts: Bool = true) {
        self.context = context
        self.shortcuts = shortcuts
        self.checksStreams = context.schema.directive(named: "stream") != nil
        self.shapeGroupThreshold = shortcuts ? 8 : .max
    }

    func enterSelectionSet(_ node: SelectionSet) {
        // Most selection sets have distinct response keys and no fragment
        // spreads: nothing in them can conflict, so skip building their field map.
        keyBuffer.removeAll(keepingCapacity: true)
        if Self.hasOnlyDistinctFields(node, keys: &keyBuffer) { return }
        var sink = ConflictSink(context: context, reportsDirectly: true)
        findConflictsWithinSelectionSet(&sink, parentType: context.parentType, selectionSet: node)
    }

    /// True when `set` (inline fragments included) has no fragment spread and
    /// no response key twice. Gives up (false) on large sets.
    static func hasOnlyDistinctFields(_ set: SelectionSet, keys: inout [String]) -> Bool {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                let key = field.alias?.value ?? field.name.value
                if keys.count >= 16 || keys.contains(key) { return false }
                keys.append(key)
            case .fragmentSpread:
                return false
            case .inlineFragment(let inline):
                if !hasOnlyDistinctFields(inline.selectionSet, keys: &keys) { return false }
            }
        }
        return true
    }

    // MARK: Types

    struct NodeAndDef {
        var parentType: GraphQLNamedType?
        var node: Field
        var def: GraphQLField?
    }

    /// The fields of a selection set (inline fragments included), grouped by response key.
    final class FieldMap {
        let id: Int
        /// The fields in selection order.
        var fields: [NodeAndDef] = []
        /// Their response keys, parallel to `fields`.
        var fieldKeys: [String] = []
        /// Distinct response keys in order of first appearance.
        var keys: [String] = []
        /// For each of `keys`, the indexes of its fields.
        var groups: [[Int]] = []
        /// Key to index in `keys`, for large maps only (small ones are searched).
        private var index: [String: Int]?

        init(id: Int) { self.id = id }

        static let linearLimit = 12

        func add(_ field: NodeAndDef, key: String) {
            fields.append(field)
            fieldKeys.append(key)
        }

        /// A text equal for field maps with the same fields (parent types,
        /// names, arguments, sub-selections), computed once.
        lazy var shape: String = {
            var text = ""
            for field in fields {
                text += field.parentType?.name ?? "?"
                text += "|"
                FieldShape.append(field.node, to: &text)
                text += ";"
            }
            return text
        }()

        /// Groups the fields once they are all added.
        func finish() {
            if fields.count <= Self.linearLimit {
                for (position, key) in fieldKeys.enumerated() {
                    if let existing = keys.firstIndex(of: key) {
                        groups[existing].append(position)
                    } else {
                        keys.append(key)
                        groups.append([position])
                    }
                }
            } else {
                var index: [String: Int] = [:]
                for (position, key) in fieldKeys.enumerated() {
                    if let existing = index[key] {
                        groups[existing].append(position)
                    } else {
                        index[key] = keys.count
                        keys.append(key)
                        groups.append([position])
                    }
                }
                self.index = index
            }
        }

        /// The fields with response key `key`.
        func group(_ key: String) -> [NodeAndDef]? {
            let found: Int?
            if let index { found = index[key] } else { found = keys.firstIndex(of: key) }
            guard let found else { return nil }
            return groups[found].map { fields[$0] }
        }

        /// The fields of the `position`-th key.
        func group(at position: Int) -> [NodeAndDef] {
            groups[position].map { fields[$0] }
        }
    }

    struct FieldsAndFragmentNames {
        var fieldMap: FieldMap
        var fragmentNames: [String]
    }

    struct FieldMapFragmentKey: Hashable {
        var fieldMap: Int
        var fragment: String
    }

    struct FragmentPairKey: Hashable {
        var first: String
        var second: String
    }

    indirect enum ReasonMessage {
        case text(String)
        case subreasons([ConflictReason])
    }

    struct ConflictReason {
        var responseName: String
        var message: ReasonMessage
    }

    struct Conflict {
        var reason: ConflictReason
        var fields1: [Location?]
        var fields2: [Location?]
    }

    /// Where conflicts go: reported at once (top level, so that the error
    /// limit can stop the work early) or gathered for a parent conflict.
    struct ConflictSink {
        let context: ValidationContext
        let reportsDirectly: Bool
        var conflicts: [Conflict] = []

        init(context: ValidationContext, reportsDirectly: Bool) {
            self.context = context
            self.reportsDirectly = reportsDirectly
        }

        mutating func add(_ conflict: Conflict) {
            if reportsDirectly {
                context.report(
                    "Fields \"\(conflict.reason.responseName)\" conflict because \(Self.message(conflict.reason.message)). Use different aliases on the fields to fetch both if this was intentional.",
                    nodes: conflict.fields1 + conflict.fields2)
            } else {
                conflicts.append(conflict)
            }
        }

        var isStopped: Bool { context.isAborted }

        static func message(_ reason: ReasonMessage) -> String {
            switch reason {
            case .text(let text): return text
            case .subreasons(let reasons):
                return reasons.map { "subfields \"\($0.responseName)\" conflict because " + message($0.message) }
                    .joined(separator: " and ")
            }
        }
    }

    // MARK: Memo

    private func hasFieldMapAndFragment(_ map: FieldMap, _ fragment: String, _ exclusive: Bool) -> Bool {
        guard let stored = memo.fieldMapAndFragment[FieldMapFragmentKey(fieldMap: map.id, fragment: fragment)] else {
            return false
        }
        return exclusive ? true : stored == exclusive
    }

    private func fragmentPairKey(_ a: String, _ b: String) -> FragmentPairKey {
        a < b ? FragmentPairKey(first: a, second: b) : FragmentPairKey(first: b, second: a)
    }

    private func hasFragmentPair(_ a: String, _ b: String, _ exclusive: Bool) -> Bool {
        guard let stored = memo.fragmentPairs[fragmentPairKey(a, b)] else { return false }
        return exclusive ? true : stored == exclusive
    }

    // MARK: Collecting fields

    fileprivate func fieldsAndFragmentNames(parentType: GraphQLNamedType?, selectionSet: SelectionSet)
        -> FieldsAndFragmentNames
    {
        let key = selectionSet.validationIdentity
        if let cached = cache[key] { return cached }
        let map = FieldMap(id: nextFieldMapID)
        nextFieldMapID += 1
        var fragmentNames: [String] = []
        var seenFragments: Set<String> = []
        collect(
            parentType: parentType, selectionSet: selectionSet, into: map, fragmentNames: &fragmentNames,
            seen: &seenFragments)
        map.finish()
        let result = FieldsAndFragmentNames(fieldMap: map, fragmentNames: fragmentNames)
        cache[key] = result
        return result
    }

    private func referencedFieldsAndFragmentNames(_ fragment: FragmentDefinition) -> FieldsAndFragmentNames {
        if let cached = cache[fragment.selectionSet.validationIdentity] { return cached }
        let type = context.namedType(fragment.typeCondition)
        return fieldsAndFragmentNames(parentType: type, selectionSet: fragment.selectionSet)
    }

    private func collect(
        parentType: GraphQLNamedType?, selectionSet: SelectionSet, into map: FieldMap,
        fragmentNames: inout [String], seen: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                var def: GraphQLField?
                if let parentType {
                    switch parentType {
                    case .object, .interface: def = parentType.field(named: field.name.value)
                    default: break
                    }
                }
                map.add(NodeAndDef(parentType: parentType, node: field, def: def), key: field.responseKey)
            case .fragmentSpread(let spread):
                if seen.insert(spread.name.value).inserted { fragmentNames.append(spread.name.value) }
            case .inlineFragment(let inline):
                let type = inline.typeCondition.map { context.namedType($0) } ?? parentType
                collect(
                    parentType: type, selectionSet: inline.selectionSet, into: map, fragmentNames: &fragmentNames,
                    seen: &seen)
            }
        }
    }

    // MARK: Finding conflicts

    private func findConflictsWithinSelectionSet(
        _ sink: inout ConflictSink, parentType: GraphQLNamedType?,
        selectionSet: SelectionSet
    ) {
        let collected = fieldsAndFragmentNames(parentType: parentType, selectionSet: selectionSet)
        collectConflictsWithin(&sink, collected.fieldMap)
        let names = collected.fragmentNames
        // The class of each spread fragment, to skip pairs of classes known clean.
        var classes: [Int] = []
        if shortcuts && names.count > 2 {
            classes = names.map { name in
                context.fragment(named: name).map { fragmentClass(name, referencedFieldsAndFragmentNames($0)) } ?? -1
            }
        }
        let distinctClasses = Array(Set(classes))
        let allClassesKnown = !distinctClasses.contains(-1)
        for i in names.indices {
            if sink.isStopped { return }
            collectConflictsBetweenFieldsAndFragment(&sink, exclusive: false, collected.fieldMap, names[i])
            // Skip the whole row when its class is known clean with every class.
            if !classes.isEmpty, allClassesKnown,
                distinctClasses.allSatisfy({
                    isCleanPair(PairClassKey(first: classes[i], second: $0, exclusive: false))
                })
            {
                continue
            }
            for j in (i + 1)..<names.count {
                if sink.isStopped { return }
                if !classes.isEmpty, classes[i] >= 0, classes[j] >= 0,
                    isCleanPair(PairClassKey(first: classes[i], second: classes[j], exclusive: false))
                {
                    continue
                }
                collectConflictsBetweenFragments(&sink, exclusive: false, names[i], names[j])
            }
        }
    }

    /// Compares `fieldMap` with a fragment, then with each fragment that one
    /// spreads, depth first (graphql-js's recursion, on an explicit stack so
    /// that long fragment chains cannot overflow the call stack).
    ///
    /// While no conflict has been found at all, a finished fragment subtree
    /// is remembered as clean for field maps of the same shape, and skipped for
    /// them: without it, a chain of N fragments costs N² comparisons.
    private func collectConflictsBetweenFieldsAndFragment(
        _ sink: inout ConflictSink, exclusive: Bool,
        _ fieldMap: FieldMap, _ fragmentName: String
    ) {
        // Fast exits before any bookkeeping: already compared, or known clean.
        if hasFieldMapAndFragment(fieldMap, fragmentName, exclusive) { return }
        if shortcuts && isCleanSubtree(fieldMap, fragmentName, exclusive) {
            memo.fieldMapAndFragment[FieldMapFragmentKey(fieldMap: fieldMap.id, fragment: fragmentName)] = exclusive
            return
        }
        struct Frame {
            var name: String
            var children: [String]
            var next: Int
        }
        var stack: [Frame] = []
        // Facts are recorded only from a traversal that compared everything
        // itself: no skip of the field map's own fragment, and no skip of a
        // pair compared before this traversal.
        var recordFacts = shortcuts
        var entered: Set<String> = []
        func enter(_ name: String, _ sink: inout ConflictSink) {
            if hasFieldMapAndFragment(fieldMap, name, exclusive) {
                if !entered.contains(name) { recordFacts = false }
                return
            }
            memo.fieldMapAndFragment[FieldMapFragmentKey(fieldMap: fieldMap.id, fragment: name)] = exclusive
            entered.insert(name)
            if shortcuts && isCleanSubtree(fieldMap, name, exclusive) { return }
            guard let fragment = context.fragment(named: name) else { return }
            let referenced = referencedFieldsAndFragmentNames(fragment)
            if fieldMap === referenced.fieldMap {
                // graphql-js does not compare a map with itself. The facts recorded below
                // stand for maps of the same shape, which would compare with this one: they
                // still hold when that comparison provably finds nothing (without this, a ring
                // of n fragments spreading each other costs n² comparisons).
                if !(shortcuts && comparesCleanWithItsTwin(fieldMap)) { recordFacts = false }
                return
            }
            collectConflictsBetween(&sink, exclusive: exclusive, fieldMap, referenced.fieldMap)
            stack.append(Frame(name: name, children: referenced.fragmentNames, next: 0))
        }
        enter(fragmentName, &sink)
        while let top = stack.last {
            if sink.isStopped { return }
            if top.next < top.children.count {
                stack[stack.count - 1].next += 1
                enter(top.children[top.next], &sink)
            } else {
                stack.removeLast()
                if !anyConflictFound && recordFacts {
                    cleanSubtrees.insert(CleanKey(shape: fieldMap.shape, fragment: top.name, exclusive: exclusive))
                }
            }
        }
    }

    /// Whether comparing `map` with a field map of the same shape can find no conflict:
    /// each response key's fields, doubled, merge cleanly (``mergesCleanly(_:depth:_:)``
    /// checks more pairs than graphql-js, so `true` is always right). Kept per map.
    private func comparesCleanWithItsTwin(_ map: FieldMap) -> Bool {
        if let known = twinClean[map.id] { return known }
        var clean = true
        for position in map.keys.indices {
            let group = map.group(at: position)
            if !Self.mergesCleanly(group + group, depth: 0, self) {
                clean = false
                break
            }
        }
        twinClean[map.id] = clean
        return clean
    }

    /// Compares two fragments, then the first with each fragment the second
    /// spreads, then each fragment the first spreads with the second (depth
    /// first, on an explicit stack).
    ///
    /// Like field maps, a pair of fragment *classes* (same fields, same
    /// spreads) whose whole subtree compared clean is remembered and skipped:
    /// without it, N sibling spreads of look-alike fragments cost N² comparisons.
    private func collectConflictsBetweenFragments(
        _ sink: inout ConflictSink, exclusive: Bool,
        _ firstName: String, _ secondName: String
    ) {
        struct Frame {
            var classes: PairClassKey?
            var children: [(String, String)]
            var next: Int
        }
        var stack: [Frame] = []
        var recordFacts = shortcuts
        var entered: Set<FragmentPairKey> = []
        func enter(_ name1: String, _ name2: String, _ sink: inout ConflictSink) {
            if name1 == name2 {
                recordFacts = false
                return
            }
            let key = fragmentPairKey(name1, name2)
            if hasFragmentPair(name1, name2, exclusive) {
                if !entered.contains(key) { recordFacts = false }
                return
            }
            memo.fragmentPairs[key] = exclusive
            entered.insert(key)
            guard let fragment1 = context.fragment(named: name1), let fragment2 = context.fragment(named: name2) else {
                return
            }
            let referenced1 = referencedFieldsAndFragmentNames(fragment1)
            let referenced2 = referencedFieldsAndFragmentNames(fragment2)
            var classes: PairClassKey?
            if shortcuts {
                let pair = PairClassKey(
                    first: fragmentClass(name1, referenced1), second: fragmentClass(name2, referenced2),
                    exclusive: exclusive)
                if isCleanPair(pair) { return }
                classes = pair
            }
            collectConflictsBetween(&sink, exclusive: exclusive, referenced1.fieldMap, referenced2.fieldMap)
            var children: [(String, String)] = referenced2.fragmentNames.map { (name1, $0) }
            children += referenced1.fragmentNames.map { ($0, name2) }
            stack.append(Frame(classes: classes, children: children, next: 0))
        }
        if shortcuts && !anyConflictFound && firstName != secondName
            && !hasFragmentPair(firstName, secondName, exclusive)
            && reachableFieldsAreClean(firstName, secondName, exclusive: exclusive)
        {
            memo.fragmentPairs[fragmentPairKey(firstName, secondName)] = exclusive
            return
        }
        enter(firstName, secondName, &sink)
        while let top = stack.last {
            if sink.isStopped { return }
            if top.next < top.children.count {
                stack[stack.count - 1].next += 1
                let (name1, name2) = top.children[top.next]
                enter(name1, name2, &sink)
            } else {
                stack.removeLast()
                if !anyConflictFound && recordFacts, let classes = top.classes {
                    cleanFragmentPairs.insert(classes)
                }
            }
        }
    }

    /// The fragments reachable from `name` through spreads (itself first), each once.
    private func reachableFragments(_ name: String) -> [String] {
        var order: [String] = []
        var seen: Set<String> = [name]
        var pending = [name]
        while let next = pending.popLast() {
            guard let fragment = context.fragment(named: next) else { continue }
            order.append(next)
            for spread in referencedFieldsAndFragmentNames(fragment).fragmentNames where seen.insert(spread).inserted {
                pending.append(spread)
            }
        }
        return order
    }

    /// True when comparing every field reachable from one fragment with every
    /// field reachable from the other (a superset of the pairs graphql-js's
    /// recursion compares) finds no conflict, by one comparison per pair of
    /// field shapes. Used only while no conflict has been found at all, so
    /// that memoised pairs hide nothing; a false answer changes nothing (the
    /// memo is restored and the caller compares as graphql-js does). Makes two
    /// long fragment chains spread side by side linear instead of quadratic.
    private func reachableFieldsAreClean(_ first: String, _ second: String, exclusive: Bool) -> Bool {
        let reach1 = reachableFragments(first)
        let reach2 = reachableFragments(second)
        guard reach1.count + reach2.count > 8 else { return false }
        func flatten(_ names: [String]) -> (keys: [String], groups: [String: [NodeAndDef]]) {
            var keys: [String] = []
            var groups: [String: [NodeAndDef]] = [:]
            for name in names {
                guard let fragment = context.fragment(named: name) else { continue }
                let map = referencedFieldsAndFragmentNames(fragment).fieldMap
                for (index, key) in map.fieldKeys.enumerated() {
                    if groups[key] == nil { keys.append(key) }
                    groups[key, default: []].append(map.fields[index])
                }
            }
            return (keys, groups)
        }
        let flat1 = flatten(reach1)
        let flat2 = flatten(reach2)
        let saved = memo
        for key in flat1.keys {
            guard let fields1 = flat1.groups[key], let fields2 = flat2.groups[key] else { continue }
            if !shapesAreConflictFree(key, fields1, fields2, exclusive: exclusive, always: true) {
                memo = saved
                return false
            }
        }
        return true
    }

    private func isCleanSubtree(_ fieldMap: FieldMap, _ fragment: String, _ exclusive: Bool) -> Bool {
        if cleanSubtrees.isEmpty { return false }
        let shape = fieldMap.shape
        return cleanSubtrees.contains(CleanKey(shape: shape, fragment: fragment, exclusive: exclusive))
            || (exclusive && cleanSubtrees.contains(CleanKey(shape: shape, fragment: fragment, exclusive: false)))
    }

    struct PairClassKey: Hashable {
        var first: Int
        var second: Int
        var exclusive: Bool
    }

    private func isCleanPair(_ pair: PairClassKey) -> Bool {
        let swapped = PairClassKey(first: pair.second, second: pair.first, exclusive: pair.exclusive)
        if cleanFragmentPairs.contains(pair) || cleanFragmentPairs.contains(swapped) { return true }
        if pair.exclusive {
            var relaxed = pair
            relaxed.exclusive = false
            var relaxedSwapped = swapped
            relaxedSwapped.exclusive = false
            return cleanFragmentPairs.contains(relaxed) || cleanFragmentPairs.contains(relaxedSwapped)
        }
        return false
    }

    /// A number shared by fragments with the same fields and spreads.
    private func fragmentClass(_ name: String, _ collected: FieldsAndFragmentNames) -> Int {
        if let known = fragmentClasses[name] { return known }
        let key = collected.fieldMap.shape + "#" + collected.fragmentNames.joined(separator: ",")
        let id: Int
        if let existing = classIDs[key] {
            id = existing
        } else {
            id = classIDs.count
            classIDs[key] = id
        }
        fragmentClasses[name] = id
        return id
    }

    private func findConflictsBetweenSubSelectionSets(
        exclusive: Bool,
        _ parentType1: GraphQLNamedType?, _ selectionSet1: SelectionSet,
        _ parentType2: GraphQLNamedType?, _ selectionSet2: SelectionSet
    )
        -> [Conflict]
    {
        var sink = ConflictSink(context: context, reportsDirectly: false)
        let collected1 = fieldsAndFragmentNames(parentType: parentType1, selectionSet: selectionSet1)
        let collected2 = fieldsAndFragmentNames(parentType: parentType2, selectionSet: selectionSet2)
        collectConflictsBetween(&sink, exclusive: exclusive, collected1.fieldMap, collected2.fieldMap)
        for name in collected2.fragmentNames {
            collectConflictsBetweenFieldsAndFragment(&sink, exclusive: exclusive, collected1.fieldMap, name)
        }
        for name in collected1.fragmentNames {
            collectConflictsBetweenFieldsAndFragment(&sink, exclusive: exclusive, collected2.fieldMap, name)
        }
        for name1 in collected1.fragmentNames {
            for name2 in collected2.fragmentNames {
                collectConflictsBetweenFragments(&sink, exclusive: exclusive, name1, name2)
            }
        }
        return sink.conflicts
    }

    private func collectConflictsWithin(_ sink: inout ConflictSink, _ fieldMap: FieldMap) {
        for (position, key) in fieldMap.keys.enumerated() {
            guard fieldMap.groups[position].count > 1 else { continue }
            let fields = fieldMap.group(at: position)
            if fields.count >= shapeGroupThreshold
                && (Self.mergesCleanly(fields, depth: 0, self) || shapesAreConflictFree(key, fields, fields))
            {
                continue
            }
            for i in fields.indices {
                for j in (i + 1)..<fields.count {
                    if sink.isStopped { return }
                    if let conflict = findConflict(exclusive: false, key, fields[i], fields[j]) {
                        sink.add(conflict)
                    }
                }
            }
        }
    }

    private func collectConflictsBetween(
        _ sink: inout ConflictSink, exclusive: Bool, _ fieldMap1: FieldMap,
        _ fieldMap2: FieldMap
    ) {
        if fieldMap1.fields.isEmpty || fieldMap2.fields.isEmpty { return }
        for (position, key) in fieldMap1.keys.enumerated() {
            guard let fields2 = fieldMap2.group(key) else { continue }
            let fields1 = fieldMap1.group(at: position)
            if max(fields1.count, fields2.count) >= shapeGroupThreshold, fields1.count * fields2.count >= 64,
                Self.mergesCleanly(fields1 + fields2, depth: 0, self)
                    || shapesAreConflictFree(key, fields1, fields2, exclusive: exclusive)
            {
                continue
            }
            for field1 in fields1 {
                for field2 in fields2 {
                    if sink.isStopped { return }
                    if let conflict = findConflict(exclusive: exclusive, key, field1, field2) {
                        sink.add(conflict)
                    }
                }
            }
        }
    }

    /// Compares one representative of each distinct shape of `fields1` with
    /// one of each shape of `fields2` (and, when the lists are the same, two
    /// of each repeated shape). True when that proves no pair conflicts; false
    /// otherwise, with the memo put back as it was so that the caller's
    /// one-by-one comparison behaves exactly as graphql-js's.
    private func shapesAreConflictFree(
        _ key: String, _ fields1: [NodeAndDef], _ fields2: [NodeAndDef],
        exclusive: Bool = false, always: Bool = false
    ) -> Bool {
        let same =
            !always && fields1.count == fields2.count && fields1.first?.node.loc == fields2.first?.node.loc
            && fields1.last?.node.loc == fields2.last?.node.loc
        let classes1 = Self.shapeClasses(fields1)
        let classes2 = same ? classes1 : Self.shapeClasses(fields2)
        // Only worth it when shapes repeat.
        if !always && classes1.count * classes2.count * 2 > fields1.count * fields2.count { return false }
        let saved = memo
        var free = true
        if same {
            outer: for (index, members) in classes1.enumerated() {
                if members.count > 1,
                    findConflict(exclusive: false, key, fields1[members[0]], fields1[members[1]]) != nil
                {
                    free = false
                    break outer
                }
                for other in classes1[(index + 1)...] {
                    if findConflict(exclusive: false, key, fields1[members[0]], fields1[other[0]]) != nil {
                        free = false
                        break outer
                    }
                }
            }
        } else {
            outer: for members1 in classes1 {
                for members2 in classes2 {
                    if findConflict(exclusive: exclusive, key, fields1[members1[0]], fields2[members2[0]]) != nil {
                        free = false
                        break outer
                    }
                }
            }
        }
        if !free { memo = saved }
        return free
    }

    /// True when no two of `fields` (one response key) can conflict, shown
    /// without comparing pairs: all have the same name and arguments and
    /// compatible types, and, grouping all their sub-selections' fields by
    /// response key, so does every group, recursively. Linear in the fields.
    /// It checks more pairs than graphql-js (so "true" is always right) and
    /// gives up (false) on fragment spreads, leaving those to the comparison.
    static func mergesCleanly(_ fields: [NodeAndDef], depth: Int, _ rule: OverlappingFieldsCanBeMergedRule) -> Bool {
        guard let first = fields.first, depth < 64 else { return fields.isEmpty }
        if fields.count == 1 { return true }
        var firstType: GraphQLType?
        var hasSelections = false
        for field in fields {
            if field.node.name.value != first.node.name.value { return false }
            if rule.checksStreams, field.node.directives.contains(where: { $0.name.value == "stream" }) { return false }
            if !sameArguments(first.node.arguments, field.node.arguments) { return false }
            if let type = field.def?.type {
                if let firstType {
                    if doTypesConflict(firstType, type) { return false }
                } else {
                    firstType = type
                }
            }
            if field.node.selectionSet != nil { hasSelections = true }
        }
        guard hasSelections else { return true }
        // Every field has a selection set, or none has (else the types differ or are unknown).
        var keys: [String] = []
        var groups: [String: [NodeAndDef]] = [:]
        for field in fields {
            guard let selectionSet = field.node.selectionSet else { return false }
            let collected = rule.fieldsAndFragmentNames(
                parentType: field.def?.type.namedType, selectionSet: selectionSet)
            if !collected.fragmentNames.isEmpty { return false }
            let map = collected.fieldMap
            for (index, key) in map.fieldKeys.enumerated() {
                if groups[key] == nil { keys.append(key) }
                groups[key, default: []].append(map.fields[index])
            }
        }
        for key in keys {
            guard let group = groups[key] else { continue }
            if group.count > 1 && !mergesCleanly(group, depth: depth + 1, rule) { return false }
        }
        return true
    }

    /// The indexes of `fields` grouped by shape, groups in order of first appearance.
    private static func shapeClasses(_ fields: [NodeAndDef]) -> [[Int]] {
        var indexByShape: [String: Int] = [:]
        var classes: [[Int]] = []
        for (index, field) in fields.enumerated() {
            var shape = field.parentType?.name ?? "?"
            shape += "|"
            FieldShape.append(field.node, to: &shape)
            if let existing = indexByShape[shape] {
                classes[existing].append(index)
            } else {
                indexByShape[shape] = classes.count
                classes.append([index])
            }
        }
        return classes
    }

    private func findConflict(
        exclusive parentFieldsAreMutuallyExclusive: Bool, _ responseName: String,
        _ field1: NodeAndDef, _ field2: NodeAndDef
    ) -> Conflict? {
        let conflict = findConflictUnmarked(exclusive: parentFieldsAreMutuallyExclusive, responseName, field1, field2)
        if conflict != nil { anyConflictFound = true }
        return conflict
    }

    private func findConflictUnmarked(
        exclusive parentFieldsAreMutuallyExclusive: Bool, _ responseName: String,
        _ field1: NodeAndDef, _ field2: NodeAndDef
    ) -> Conflict? {
        let node1 = field1.node
        let node2 = field2.node
        var areMutuallyExclusive = parentFieldsAreMutuallyExclusive
        if !areMutuallyExclusive, let parent1 = field1.parentType, let parent2 = field2.parentType,
            parent1 != parent2, case .object = parent1, case .object = parent2
        {
            areMutuallyExclusive = true
        }
        if !areMutuallyExclusive {
            let name1 = node1.name.value
            let name2 = node2.name.value
            if name1 != name2 {
                return Conflict(
                    reason: ConflictReason(
                        responseName: responseName,
                        message: .text("\"\(name1)\" and \"\(name2)\" are different fields")),
                    fields1: [node1.loc], fields2: [node2.loc])
            }
            if !Self.sameArguments(node1.arguments, node2.arguments) {
                return Conflict(
                    reason: ConflictReason(
                        responseName: responseName,
                        message: .text("they have differing arguments")),
                    fields1: [node1.loc], fields2: [node2.loc])
            }
        }
        if checksStreams {
            // graphql-core 3.3 (graphql-js 17): a field with `@stream` merges with no other.
            let stream1 = node1.directives.first { $0.name.value == "stream" }
            let stream2 = node2.directives.first { $0.name.value == "stream" }
            if stream1 != nil || stream2 != nil {
                var reason = "they have overlapping stream directives"
                if let stream1, let stream2, Self.sameArguments(stream1.arguments, stream2.arguments) {
                    reason += ". See https://github.com/graphql/defer-stream-wg/discussions/100"
                }
                return Conflict(
                    reason: ConflictReason(responseName: responseName, message: .text(reason)),
                    fields1: [node1.loc], fields2: [node2.loc])
            }
        }
        let type1 = field1.def?.type
        let type2 = field2.def?.type
        if let type1, let type2, Self.doTypesConflict(type1, type2) {
            return Conflict(
                reason: ConflictReason(
                    responseName: responseName,
                    message: .text("they return conflicting types \"\(type1)\" and \"\(type2)\"")),
                fields1: [node1.loc], fields2: [node2.loc])
        }
        if let selectionSet1 = node1.selectionSet, let selectionSet2 = node2.selectionSet {
            let conflicts = findConflictsBetweenSubSelectionSets(
                exclusive: areMutuallyExclusive, type1?.namedType, selectionSet1, type2?.namedType, selectionSet2)
            if !conflicts.isEmpty {
                return Conflict(
                    reason: ConflictReason(responseName: responseName, message: .subreasons(conflicts.map(\.reason))),
                    fields1: [node1.loc] + conflicts.flatMap(\.fields1),
                    fields2: [node2.loc] + conflicts.flatMap(\.fields2))
            }
        }
        return nil
    }

    static func sameArguments(_ args1: [Argument], _ args2: [Argument]) -> Bool {
        if args1.isEmpty { return args2.isEmpty }
        if args2.isEmpty || args1.count != args2.count { return false }
        var values2: [String: Value] = [:]
        for argument in args2 { values2[argument.name.value] = argument.value }
        for argument in args1 {
            guard let value2 = values2[argument.name.value] else { return false }
            if argument.value == value2 { continue }
            if ValuePrinter.sortedPrint(argument.value) != ValuePrinter.sortedPrint(value2) { return false }
        }
        return true
    }

    static func doTypesConflict(_ type1: GraphQLType, _ type2: GraphQLType) -> Bool {
        switch (type1, type2) {
        case (.list(let inner1), .list(let inner2)): return doTypesConflict(inner1, inner2)
        case (.list, _), (_, .list): return true
        case (.nonNull(let inner1), .nonNull(let inner2)): return doTypesConflict(inner1, inner2)
        case (.nonNull, _), (_, .nonNull): return true
        case (.named(let named1), .named(let named2)):
            if named1.isLeafType || named2.isLeafType { return named1 != named2 }
            return false
        }
    }
}

/// A text that is equal for two fields exactly when they have the same name,
/// arguments (order aside) and sub-selections (directives aside): what field
/// merging looks at.
enum FieldShape {
    static func append(_ field: Field, to out: inout String) {
        if let alias = field.alias { out += alias.value; out += ":" }
        out += field.name.value
        if !field.arguments.isEmpty {
            out += "("
            let sorted = field.arguments.sorted { $0.name.value < $1.name.value }
            for argument in sorted {
                out += argument.name.value
                out += ":"
                out += ValuePrinter.sortedPrint(argument.value)
                out += ","
            }
            out += ")"
        }
        if let stream = field.directives.first(where: { $0.name.value == "stream" }) {
            out += "@stream("
            for argument in stream.arguments.sorted(by: { $0.name.value < $1.name.value }) {
                out += argument.name.value
                out += ":"
                out += ValuePrinter.sortedPrint(argument.value)
                out += ","
            }
            out += ")"
        }
        if let selectionSet = field.selectionSet { append(selectionSet, to: &out) }
    }

    static func append(_ set: SelectionSet, to out: inout String) {
        out += "{"
        for selection in set.selections {
            switch selection {
            case .field(let field): append(field, to: &out)
            case .fragmentSpread(let spread): out += "..."; out += spread.name.value
            case .inlineFragment(let inline):
                out += "...on "
                out += inline.typeCondition?.name.value ?? "?"
                append(inline.selectionSet, to: &out)
            }
            out += " "
        }
        out += "}"
    }
}
