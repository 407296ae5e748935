/// A response path as a linked list from the field up to the root, shared
/// between the fields of one object, so building it costs nothing per field.
public final class ResponsePath: Sendable {
    /// The path of the enclosing object or list (nil at the root).
    public let parent: ResponsePath?
    /// The last step: a response key or a list index.
    public let component: PathComponent

    /// A path one step below `parent`.
    public init(parent: ResponsePath?, component: PathComponent) {
        self.parent = parent
        self.component = component
    }

    /// The steps from the root down to this one.
    public var components: [PathComponent] {
        var result: [PathComponent] = []
        var node: ResponsePath? = self
        while let current = node {
            result.append(current.component)
            node = current.parent
        }
        result.reverse()
        return result
    }
}

extension Optional where Wrapped == ResponsePath {
    /// The steps of the path `self` followed by `last`.
    @inlinable func appending(_ last: PathComponent) -> [PathComponent] {
        var result = self?.components ?? []
        result.append(last)
        return result
    }
}
