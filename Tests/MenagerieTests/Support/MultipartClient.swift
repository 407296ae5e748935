#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import JSON

/// A GraphQL-over-HTTP client for incremental answers, written for the tests: one `POST` on a
/// raw socket (`Connection: close`), the chunked transfer coding undone, the `multipart/mixed`
/// body split into its JSON parts, which ``IncrementalMerge`` puts back together.
enum MultipartClient {
    struct Answer {
        var status: Int
        /// Lowercased names.
        var headers: [String: String]
        /// The body, the chunked coding undone.
        var body: [UInt8]

        /// The JSON payloads of a `multipart/mixed` body with boundary `-` (nil when the body is
        /// not well formed: each part `CRLF---CRLF`, headers, a blank line, JSON; the end
        /// `CRLF-----CRLF`).
        var parts: [JSONObject]? {
            var text = String(decoding: body, as: UTF8.self)
            guard text.hasSuffix("\r\n-----\r\n") else { return nil }
            text.removeLast("\r\n-----\r\n".count)
            var payloads: [JSONObject] = []
            for chunk in text.components(separatedBy: "\r\n---\r\n").dropFirst() {
                guard let blank = chunk.range(of: "\r\n\r\n") else { return nil }
                let head = chunk[..<blank.lowerBound].lowercased()
                guard head.contains("content-type: application/json") else { return nil }
                guard let object = try? JSONParser.parse(String(chunk[blank.upperBound...])).objectValue else {
                    return nil
                }
                payloads.append(object)
            }
            // Nothing before the first boundary but the leading CRLF's absence allowed.
            guard text.hasPrefix("\r\n---\r\n") || text.hasPrefix("---\r\n") else { return nil }
            return payloads
        }
    }

    enum Failure: Error { case connect, malformed(String) }

    /// POSTs `query` to `/graphql` on 127.0.0.1:`port` with `accept`; reads until the server closes.
    static func post(
        port: Int, query: String, accept: String, variables: JSONObject? = nil, operationName: String? = nil
    ) throws -> Answer {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.connect }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure.connect }
        var parameters = JSONObject([(key: "query", value: .string(query))])
        if let variables { parameters.append("variables", .object(variables)) }
        if let operationName { parameters.append("operationName", .string(operationName)) }
        let body = JSONValue.object(parameters).serializedBytes()
        let head =
            "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: \(accept)\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let request = Array(head.utf8) + body
        var sent = 0
        while sent < request.count {
            let n = request.withUnsafeBytes { send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure.connect }
            sent += n
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        return try parse(received)
    }

    /// Splits a whole HTTP/1.1 response (one, then the close).
    static func parse(_ bytes: [UInt8]) throws -> Answer {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { throw Failure.malformed("no head") }
        var lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure.malformed("status") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let headLength = text[..<end.upperBound].utf8.count
        var rest = Array(bytes[headLength...])
        if headers["transfer-encoding"] == "chunked" {
            var body: [UInt8] = []
            while true {
                guard let lineEnd = firstCRLF(rest) else { throw Failure.malformed("chunk size") }
                guard let size = Int(String(decoding: rest[0..<lineEnd], as: UTF8.self), radix: 16) else {
                    throw Failure.malformed("chunk size")
                }
                rest.removeFirst(lineEnd + 2)
                if size == 0 { break }
                guard rest.count >= size + 2 else { throw Failure.malformed("chunk data") }
                body += rest[0..<size]
                rest.removeFirst(size + 2)
            }
            rest = body
        } else if let length = headers["content-length"].flatMap({ Int($0) }) {
            rest = Array(rest.prefix(length))
        }
        return Answer(status: status, headers: headers, body: rest)
    }

    private static func firstCRLF(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for i in 0..<(bytes.count - 1) where bytes[i] == 13 && bytes[i + 1] == 10 { return i }
        return nil
    }
}

/// Puts graphql-js 17's payloads back together: the initial `data`, each deferred fragment's
/// data merged at its pending path (plus `subPath`), each stream's items appended to its list,
/// and the errors of every part in one list.
struct IncrementalMerge {
    private(set) var data: JSONValue = .null
    private(set) var errors: [JSONValue] = []
    private var paths: [String: [JSONValue]] = [:]
    private(set) var hasNext = true

    init(initial: JSONObject) {
        data = initial["data"] ?? .null
        errors = initial["errors"]?.arrayValue ?? []
        remember(initial)
        hasNext = initial["hasNext"]?.boolValue ?? false
    }

    mutating func apply(_ payload: JSONObject) {
        remember(payload)
        for case .object(let entry) in payload["incremental"]?.arrayValue ?? [] {
            guard let id = entry["id"]?.stringValue, let path = paths[id] else { continue }
            errors += entry["errors"]?.arrayValue ?? []
            if let items = entry["items"]?.arrayValue {
                Self.update(&data, at: path[...]) { target in
                    if case .array(let list) = target { target = .array(list + items) }
                }
            } else if let fragment = entry["data"] {
                let at = path + (entry["subPath"]?.arrayValue ?? [])
                Self.update(&data, at: at[...]) { target in Self.merge(&target, fragment) }
            }
        }
        for case .object(let completion) in payload["completed"]?.arrayValue ?? [] {
            errors += completion["errors"]?.arrayValue ?? []
        }
        hasNext = payload["hasNext"]?.boolValue ?? false
    }

    /// The merged response, `{"errors": …, "data": …}` as the plain answer orders it.
    var response: JSONValue {
        var object = JSONObject()
        if !errors.isEmpty { object.append("errors", .array(errors)) }
        object.append("data", data)
        return .object(object)
    }

    private mutating func remember(_ payload: JSONObject) {
        for case .object(let entry) in payload["pending"]?.arrayValue ?? [] {
            if let id = entry["id"]?.stringValue { paths[id] = entry["path"]?.arrayValue ?? [] }
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

    private static func merge(_ target: inout JSONValue, _ addition: JSONValue) {
        guard case .object(var object) = target, case .object(let extra) = addition else {
            if case .null = target { target = addition }
            return
        }
        for (key, value) in extra {
            if var existing = object[key] {
                merge(&existing, value)
                object[key] = existing
            } else {
                object.append(key, value)
            }
        }
        target = .object(object)
    }
}
