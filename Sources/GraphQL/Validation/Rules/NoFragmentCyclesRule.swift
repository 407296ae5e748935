extension ValidationRule {
    /// Fragments do not spread themselves, directly or through others.
    public static let noFragmentCycles = ValidationRule(name: "NoFragmentCyclesRule") {
        NoFragmentCyclesRule(context: $0)
    }
}

/// Finds every fragment cycle with one depth-first search over all fragments
/// (each fragment entered once), reporting each cycle with its spread path.
/// The search keeps its own stack, so long fragment chains cannot overflow.
final class NoFragmentCyclesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterFragmentDefinition]
    private var visited: Set<String> = []
    private var spreadPath: [FragmentSpread] = []
    private var spreadPathIndexByName: [String: Int] = [:]

    init(context: ValidationContext) { self.context = context }

    private struct Frame {
        var name: String
        var spreads: [FragmentSpread]
        var next: Int
        /// True after the spread at `next - 1` was pushed on the path and descended into.
        var descended: Bool
    }

    func enterFragmentDefinition(_ node: FragmentDefinition) {
        var stack: [Frame] = []
        func enter(_ fragment: FragmentDefinition) -> Bool {
            let name = fragment.name.value
            if visited.contains(name) { return false }
            visited.insert(name)
            let spreads = context.fragmentSpreads(of: fragment.selectionSet)
            if spreads.isEmpty { return false }
            spreadPathIndexByName[name] = spreadPath.count
            stack.append(Frame(name: name, spreads: spreads, next: 0, descended: false))
            return true
        }
        _ = enter(node)
        while !stack.isEmpty {
            if context.isAborted { return }
            let top = stack.count - 1
            if stack[top].descended {
                spreadPath.removeLast()
                stack[top].descended = false
            }
            if stack[top].next >= stack[top].spreads.count {
                spreadPathIndexByName[stack[top].name] = nil
                stack.removeLast()
                continue
            }
            let spread = stack[top].spreads[stack[top].next]
            stack[top].next += 1
            let spreadName = spread.name.value
            spreadPath.append(spread)
            if let cycleIndex = spreadPathIndexByName[spreadName] {
                let cyclePath = spreadPath[cycleIndex...]
                let via = cyclePath.dropLast().map { "\"" + $0.name.value + "\"" }.joined(separator: ", ")
                context.report(
                    "Cannot spread fragment \"\(spreadName)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
                    nodes: cyclePath.map(\.loc))
                spreadPath.removeLast()
            } else {
                stack[top].descended = true
                if let fragment = context.fragment(named: spreadName) {
                    _ = enter(fragment)
                }
            }
        }
    }
}
