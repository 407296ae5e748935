/// The fields to ask an upstream GraphQL API for: upstream field names with
/// nested selections, and inline fragments for unions. Built by the resolver
/// layer from the client's query through the gateway's field mapping, so this
/// module needs no GraphQL engine.
///
/// ```swift
/// let selection: UpstreamSelection = ["index", "name", .field("speed", ["walk", "fly"]),
///     .field("armor_class", ["type", "value", .on("ArmorClassArmor", [.field("armor", ["name"])])])]
/// ```
public struct UpstreamSelection: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// The selected items in order (duplicates are merged when printing).
    public var items: [UpstreamSelectionItem]

    /// Creates a selection.
    public init(_ items: [UpstreamSelectionItem] = []) {
        self.items = items
    }

    public init(arrayLiteral elements: UpstreamSelectionItem...) {
        self.items = elements
    }

    /// Whether nothing is selected.
    public var isEmpty: Bool { items.isEmpty }

    /// This selection plus `other`'s items (fields of the same name merge their sub-selections).
    public func merged(with other: UpstreamSelection) -> UpstreamSelection {
        var result = self
        for item in other.items { result.add(item) }
        return result
    }

    /// Adds `item`, merging it into an existing field or fragment of the same name.
    public mutating func add(_ item: UpstreamSelectionItem) {
        switch item {
        case .field(let name, let sub):
            if let index = items.firstIndex(where: {
                if case .field(name, _) = $0 { return true }; return false
            }),
                case .field(_, let existing) = items[index]
            {
                switch (existing, sub) {
                case (let a?, let b?): items[index] = .field(name, a.merged(with: b))
                case (nil, let b?): items[index] = .field(name, b)
                default: break
                }
            } else {
                items.append(item)
            }
        case .inlineFragment(let type, let sub):
            if let index = items.firstIndex(where: {
                if case .inlineFragment(type, _) = $0 { return true }; return false
            }),
                case .inlineFragment(_, let existing) = items[index]
            {
                items[index] = .inlineFragment(type, existing.merged(with: sub))
            } else {
                items.append(item)
            }
        }
    }

    /// The selection set as GraphQL text (`{ a b { c } }`); throws for a name that
    /// is not a GraphQL name (nothing from a client can inject syntax).
    func printed() throws -> String {
        var normalized = UpstreamSelection()
        for item in items { normalized.add(item) }
        var out = "{"
        for item in normalized.items {
            switch item {
            case .field(let name, let sub):
                try Self.checkName(name)
                out += " " + name
                if let sub, !sub.isEmpty { out += " " + (try sub.printed()) }
            case .inlineFragment(let type, let sub):
                try Self.checkName(type)
                out += " ... on " + type + " " + (try sub.printed())
            }
        }
        if normalized.items.isEmpty { out += " __typename" }
        return out + " }"
    }

    static func checkName(_ name: String) throws {
        let bytes = Array(name.utf8)
        func isLetter(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95 }
        guard let first = bytes.first, isLetter(first), bytes.allSatisfy({ isLetter($0) || ($0 >= 48 && $0 <= 57) })
        else {
            throw UpstreamSelectionError.invalidName(name)
        }
    }
}

/// One item of an ``UpstreamSelection``.
public indirect enum UpstreamSelectionItem: Sendable, Hashable, ExpressibleByStringLiteral {
    /// A field with an optional sub-selection (nil for leaves).
    case field(String, UpstreamSelection?)
    /// `... on Type { … }` (for unions and interfaces).
    case inlineFragment(String, UpstreamSelection)

    /// A leaf field.
    public init(stringLiteral value: String) {
        self = .field(value, nil)
    }

    /// A field with a sub-selection.
    public static func field(_ name: String, _ selection: UpstreamSelection) -> UpstreamSelectionItem {
        .field(name, Optional(selection))
    }

    /// An inline fragment.
    public static func on(_ type: String, _ selection: UpstreamSelection) -> UpstreamSelectionItem {
        .inlineFragment(type, selection)
    }
}

/// A selection that cannot be printed.
public enum UpstreamSelectionError: Error, Sendable, Equatable {
    /// Not a GraphQL name.
    case invalidName(String)
}
