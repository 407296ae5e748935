extension ValidationRule {
    /// Introspection queries nest the list fields of `__Type` (`fields`,
    /// `interfaces`, `possibleTypes`, `inputFields`) less than three deep
    /// (graphql-js 16.9's recommended rule).
    public static let maxIntrospectionDepth = ValidationRule(name: "MaxIntrospectionDepthRule") {
        MaxIntrospectionDepthRule(context: $0)
    }
}

/// Reports a `__schema` or `__type` field under which three introspection
/// list fields nest, following fragments (a fragment already on the path counts
/// as nothing, as in graphql-js). Fragment depths are computed once each, with
/// an explicit stack: linear in the document, whatever the fragment graph.
final class MaxIntrospectionDepthRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterField, .leaveField]
    static let maxListsDepth = 3

    private var fieldDepth = 0
    private var skipUntilDepth: Int?
    /// The list depth reachable inside each fragment (capped at `maxListsDepth`).
    private var fragmentDepths: [String: Int] = [:]

    init(context: ValidationContext) { self.context = context }

    func enterField(_ node: Field) {
        fieldDepth += 1
        guard skipUntilDepth == nil else { return }
        let name = node.name.value
        guard name == "__schema" || name == "__type" else { return }
        if depth(of: node) >= Self.maxListsDepth {
            context.report("Maximum introspection depth exceeded", node: node.loc)
            skipUntilDepth = fieldDepth
        }
    }

    func leaveField(_ node: Field) {
        if skipUntilDepth == fieldDepth { skipUntilDepth = nil }
        fieldDepth -= 1
    }

    /// A selection set's shape for this rule: the deepest list nesting without
    /// fragments, and each spread with the list nesting above it.
    private struct Shape {
        var localDepth = 0
        var spreads: [(name: String, above: Int)] = []
    }

    private static func isListField(_ name: String) -> Bool {
        name == "fields" || name == "interfaces" || name == "possibleTypes" || name == "inputFields"
    }

    private static func shape(of field: Field) -> Shape {
        var shape = Shape()
        add(field, above: 0, to: &shape)
        return shape
    }

    private static func add(_ field: Field, above: Int, to shape: inout Shape) {
        var level = above
        if isListField(field.name.value) {
            level += 1
            shape.localDepth = max(shape.localDepth, min(level, maxListsDepth))
        }
        if let selectionSet = field.selectionSet { add(selectionSet, above: level, to: &shape) }
    }

    private static func add(_ set: SelectionSet, above: Int, to shape: inout Shape) {
        if above >= maxListsDepth { return }
        for selection in set.selections {
            switch selection {
            case .field(let field): add(field, above: above, to: &shape)
            case .inlineFragment(let inline): add(inline.selectionSet, above: above, to: &shape)
            case .fragmentSpread(let spread): shape.spreads.append((spread.name.value, above))
            }
        }
    }

    private func depth(of field: Field) -> Int {
        let shape = Self.shape(of: field)
        var best = shape.localDepth
        for spread in shape.spreads where best < Self.maxListsDepth {
            best = max(best, min(Self.maxListsDepth, spread.above + fragmentDepth(spread.name)))
        }
        return best
    }

    /// The list depth inside fragment `root`, by an iterative depth-first
    /// search that memoises every fragment it finishes.
    private func fragmentDepth(_ root: String) -> Int {
        if let known = fragmentDepths[root] { return known }
        struct Frame {
            var name: String
            var shape: Shape
            var next: Int
            var best: Int
        }
        var onPath: Set<String> = []
        var stack: [Frame] = []
        func push(_ name: String) -> Bool {
            guard let fragment = context.fragment(named: name) else {
                fragmentDepths[name] = 0
                return false
            }
            var shape = Shape()
            Self.add(fragment.selectionSet, above: 0, to: &shape)
            onPath.insert(name)
            stack.append(Frame(name: name, shape: shape, next: 0, best: shape.localDepth))
            return true
        }
        guard push(root) else { return 0 }
        while let top = stack.last {
            let index = stack.count - 1
            if top.next < top.shape.spreads.count && top.best < Self.maxListsDepth {
                let spread = top.shape.spreads[top.next]
                if let known = fragmentDepths[spread.name] {
                    stack[index].best = max(top.best, min(Self.maxListsDepth, spread.above + known))
                    stack[index].next += 1
                } else if onPath.contains(spread.name) {
                    stack[index].next += 1
                } else if !push(spread.name) {
                    stack[index].next += 1
                }
                continue
            }
            // Done with this fragment.
            stack.removeLast()
            onPath.remove(top.name)
            fragmentDepths[top.name] = top.best
            if let parentIndex = stack.indices.last {
                let parent = stack[parentIndex]
                let spread = parent.shape.spreads[parent.next]
                stack[parentIndex].best = max(parent.best, min(Self.maxListsDepth, spread.above + top.best))
                stack[parentIndex].next += 1
            }
        }
        return fragmentDepths[root] ?? 0
    }
}
