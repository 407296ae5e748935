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

/// The path of an object without allocating it: its parent's path and its own
/// key or index (nil at the root). The node is only built when a child needs it.
struct ObjectPath: Sendable {
    let parent: ResponsePath?
    let key: PathComponent?

    /// The root object's path (empty).
    static let root = ObjectPath(parent: nil, key: nil)

    /// The path as a node (allocated on each call; nil at the root).
    var node: ResponsePath? {
        guard let key else { return parent }
        return ResponsePath(parent: parent, component: key)
    }

    /// The steps to the object followed by `last`.
    func appending(_ last: PathComponent) -> [PathComponent] {
        var result = parent?.components ?? []
        if let key { result.append(key) }
        result.append(last)
        return result
    }
}
