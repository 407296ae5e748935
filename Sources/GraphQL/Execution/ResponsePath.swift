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

/// The path of an object without allocating it: its parent's path and up to
/// two more steps (nil at the root). Nodes are only built when needed (an
/// error, a resolver asking for its path, or a grandchild object).
struct ObjectPath: Sendable {
    let parent: ResponsePath?
    /// A step between `parent` and `key` not yet built as a node (e.g. the
    /// list index of the item whose field this object is).
    let parentKey: PathComponent?
    let key: PathComponent?

    init(parent: ResponsePath?, key: PathComponent?) {
        self.parent = parent
        self.parentKey = nil
        self.key = key
    }

    private init(parent: ResponsePath?, parentKey: PathComponent, key: PathComponent) {
        self.parent = parent
        self.parentKey = parentKey
        self.key = key
    }

    /// The root object's path (empty).
    static let root = ObjectPath(parent: nil, key: nil)

    /// The path as a node (allocated on each call; nil at the root).
    var node: ResponsePath? {
        guard let key else { return parent }
        if let parentKey {
            return ResponsePath(parent: ResponsePath(parent: parent, component: parentKey), component: key)
        }
        return ResponsePath(parent: parent, component: key)
    }

    /// The path of the child object at `component`, allocating a node only
    /// when this path already holds two pending steps.
    @inline(__always) func child(_ component: PathComponent) -> ObjectPath {
        guard let key else { return ObjectPath(parent: parent, key: component) }
        if parentKey == nil { return ObjectPath(parent: parent, parentKey: key, key: component) }
        return ObjectPath(parent: node, key: component)
    }

    /// The steps to the object followed by `last`.
    func appending(_ last: PathComponent) -> [PathComponent] {
        var result = parent?.components ?? []
        if let parentKey { result.append(parentKey) }
        if let key { result.append(key) }
        result.append(last)
        return result
    }
}
