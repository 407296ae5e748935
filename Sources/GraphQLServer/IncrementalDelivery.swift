import HTTPServer
import JSON

/// How an answer delivered in parts (`@defer`, `@stream`) is sent to a client: chosen from its
/// `Accept` header, as the GraphQL-over-HTTP incremental delivery proposal describes.
public enum IncrementalFormat: Sendable, Equatable {
    /// `multipart/mixed` parts holding graphql-js 17's payloads (`pending`, `incremental` with
    /// `data`/`items` and ids, `completed`, `hasNext`).
    case multipart
    /// `multipart/mixed` parts in Apollo's older format, asked for with
    /// `multipart/mixed;deferSpec=20220824` (Apollo Client 3, Apollo iOS and Kotlin): each
    /// `incremental` entry carries its `path` and `label`; no `pending` or `completed`.
    case apolloDeferSpec20220824

    /// The format `accept` allows; nil when the client accepts no `multipart/mixed` (it then
    /// gets `406`, as from GraphQL Yoga and Apollo Router). A missing header, `*/*` and
    /// `multipart/*` accept it.
    public static func negotiate(accept: String?) -> IncrementalFormat? {
        guard let accept, !accept.trimmed(" \t").isEmpty else { return .multipart }
        var found: IncrementalFormat?
        for range in MediaRange.parse(accept) where range.quality > 0 {
            switch range.name {
            case "multipart/mixed":
                if range.parameters["deferspec"] == "20220824" { return .apolloDeferSpec20220824 }
                found = .multipart
            case "multipart/*", "*/*":
                if found == nil { found = .multipart }
            default:
                continue
            }
        }
        return found
    }
}

/// The `multipart/mixed` framing of an incremental answer (boundary `-`): each payload is a
/// part (`CRLF---CRLF`, its `Content-Type`, a blank line, the JSON), and `CRLF-----CRLF` ends
/// the body.
public enum MultipartMixed {
    /// The response's `Content-Type`.
    public static let contentType = "multipart/mixed; boundary=\"-\""

    private static let partHead = Array("\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n".utf8)

    /// The bytes of one part holding `json`.
    public static func part(_ json: [UInt8]) -> [UInt8] {
        partHead + json
    }

    /// The bytes that end the body.
    public static let end = Array("\r\n-----\r\n".utf8)
}

/// Rewrites graphql-js 17's payloads into Apollo's `deferSpec=20220824` format, one payload at
/// a time, in order.
///
/// The older format names each part by its `path` (and `label`) instead of an id announced in
/// `pending`: a deferred fragment's data goes to `pending.path + subPath`; a stream's items to
/// `pending.path + [index]`, the index of the first item it carries (counted from the items the
/// answer already had there); a part completed with errors becomes an entry with
/// `data: null` (or `items: null`) and those errors. Payloads with nothing left to say in the
/// older format (only `pending` or error-free `completed`) become `{"hasNext": …}`.
public struct ApolloPayloadConverter: Sendable {
    private struct Pending {
        var path: [JSONValue]
        var label: String?
        /// For a stream: the index of its next item.
        var nextIndex: Int?
    }

    private var pending: [String: Pending] = [:]
    /// What the answer holds so far (to count a stream's items already sent).
    private var data: JSONValue = .null

    public init() {}

    /// The initial payload in the older format: `data`, `errors`, `hasNext` (its `pending`
    /// entries are remembered).
    public mutating func convertInitial(_ payload: JSONObject) -> JSONObject {
        data = payload["data"] ?? .null
        var out = JSONObject()
        for (key, value) in payload where key != "pending" { out.append(key, value) }
        remember(payload["pending"])
        return out
    }

    /// A subsequent payload in the older format.
    public mutating func convertSubsequent(_ payload: JSONObject) -> JSONObject {
        remember(payload["pending"])
        var entries: [JSONValue] = []
        for case .object(let entry) in payload["incremental"]?.arrayValue ?? [] {
            guard let id = entry["id"]?.stringValue, var part = pending[id] else { continue }
            var converted = JSONObject()
            if let items = entry["items"]?.arrayValue {
                let index = part.nextIndex ?? 0
                converted.append("items", .array(items))
                converted.append("path", .array(part.path + [.int(index)]))
                part.nextIndex = index + items.count
                pending[id] = part
                append(items, at: part.path)
            } else {
                let subPath = entry["subPath"]?.arrayValue ?? []
                let fragmentData = entry["data"] ?? .null
                converted.append("data", fragmentData)
                converted.append("path", .array(part.path + subPath))
                merge(fragmentData, at: part.path + subPath)
            }
            if let label = part.label { converted.append("label", .string(label)) }
            if let errors = entry["errors"] { converted.append("errors", errors) }
            if let extensions = entry["extensions"] { converted.append("extensions", extensions) }
            entries.append(.object(converted))
        }
        for case .object(let completion) in payload["completed"]?.arrayValue ?? [] {
            guard let id = completion["id"]?.stringValue, let part = pending.removeValue(forKey: id) else {
                continue
            }
            // A part that failed as a whole: its errors, at its path, with no data.
            guard let errors = completion["errors"] else { continue }
            var converted = JSONObject()
            converted.append(part.nextIndex == nil ? "data" : "items", .null)
            converted.append("path", .array(part.path))
            if let label = part.label { converted.append("label", .string(label)) }
            converted.append("errors", errors)
            entries.append(.object(converted))
        }
        var out = JSONObject()
        if !entries.isEmpty { out.append("incremental", .array(entries)) }
        out.append("hasNext", payload["hasNext"] ?? .bool(false))
        if let extensions = payload["extensions"] { out.append("extensions", extensions) }
        return out
    }

    /// Records `pending` entries: their path, label, and for a stream the items already there.
    private mutating func remember(_ announced: JSONValue?) {
        for case .object(let entry) in announced?.arrayValue ?? [] {
            guard let id = entry["id"]?.stringValue else { continue }
            let path = entry["path"]?.arrayValue ?? []
            // A stream's path names a list the answer already holds (its initial items).
            let existing = value(at: path)
            let nextIndex = existing?.arrayValue.map(\.count)
            pending[id] = Pending(path: path, label: entry["label"]?.stringValue, nextIndex: nextIndex)
        }
    }

    private func value(at path: [JSONValue]) -> JSONValue? {
        var current = data
        for component in path {
            switch component {
            case .string(let key): guard let next = current[key] else { return nil }; current = next
            case .int(let index): guard let next = current[index] else { return nil }; current = next
            default: return nil
            }
        }
        return current
    }

    /// Merges a deferred fragment's `fragment` into the answer at `path`.
    private mutating func merge(_ fragment: JSONValue, at path: [JSONValue]) {
        Self.update(&data, at: path[...]) { target in Self.deepMerge(&target, fragment) }
    }

    /// Appends a stream's `items` to the list at `path`.
    private mutating func append(_ items: [JSONValue], at path: [JSONValue]) {
        Self.update(&data, at: path[...]) { target in
            if case .array(var list) = target {
                list += items
                target = .array(list)
            }
        }
    }

    private static func update(
        _ value: inout JSONValue, at path: ArraySlice<JSONValue>, _ change: (inout JSONValue) -> Void
    ) {
        guard let first = path.first else { return change(&value) }
        switch (first, value) {
        case (.string(let key), .object(var object)):
            var child = object[key] ?? .null
            update(&child, at: path.dropFirst(), change)
            object[key] = child
            value = .object(object)
        case (.int(let index), .array(var list)) where list.indices.contains(index):
            update(&list[index], at: path.dropFirst(), change)
            value = .array(list)
        default:
            return
        }
    }

    private static func deepMerge(_ target: inout JSONValue, _ addition: JSONValue) {
        guard case .object(var object) = target, case .object(let extra) = addition else {
            if case .null = target { target = addition }
            return
        }
        for (key, value) in extra {
            var existing = object[key] ?? .null
            deepMerge(&existing, value)
            object[key] = existing
        }
        target = .object(object)
    }
}
