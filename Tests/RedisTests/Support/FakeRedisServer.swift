#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Locking
import Redis
import UpstreamStubs

/// A RESP server on loopback that the test controls: a tiny in-memory Redis (`PING`, `AUTH`,
/// `SELECT`, `GET`, `SET` with `NX`/`PX`, `MGET`, `DEL`, the unlock `EVAL`), or one that never
/// answers, or one that answers garbage. Counts the connections it accepted.
final class FakeRedisServer: Sendable {
    enum Mode: Sendable {
        /// Answers like Redis (expiry ignored).
        case healthy
        /// Reads commands and never answers.
        case silent
        /// Answers every command with bytes that are not RESP.
        case garbage
    }

    struct State {
        var mode: Mode
        var store: [[UInt8]: [UInt8]] = [:]
        var connections = 0
        var commands = 0
        var open: Set<Int32> = []
        var stopped = false
    }

    let port: Int
    private let listener: Int32
    private let state: Locked<State>

    init(mode: Mode) throws {
        state = Locked(State(mode: mode))
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RedisServerFailed(port: 0) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw RedisServerFailed(port: 0)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = fd
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    var url: String { "redis://127.0.0.1:\(port)" }

    var mode: Mode {
        get { state.withLock { $0.mode } }
        set { state.withLock { $0.mode = newValue } }
    }

    /// Connections accepted so far.
    var connections: Int { state.withLock { $0.connections } }

    /// Commands received so far (in every mode).
    var commands: Int { state.withLock { $0.commands } }

    /// Closes the listener and every connection.
    func stop() {
        let open = state.withLock { s -> Set<Int32>? in
            guard !s.stopped else { return nil }
            s.stopped = true
            defer { s.open = [] }
            return s.open
        }
        guard let open else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    /// Drops every open connection (the server keeps listening).
    func dropConnections() {
        let open = state.withLock { $0.open }
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            let accepted = state.withLock { s -> Bool in
                guard !s.stopped else { return false }
                s.connections += 1
                s.open.insert(fd)
                return true
            }
            guard accepted else {
                close(fd)
                return
            }
            Thread.detachNewThread { [self] in
                serve(fd)
                state.withLock { _ = $0.open.remove(fd) }
                close(fd)
            }
        }
    }

    private func serve(_ fd: Int32) {
        var parser = RESPParser()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { return }
            do {
                try parser.append(chunk[0..<count])
                var out: [UInt8] = []
                while let command = try parser.next() {
                    guard case .array(let parts?) = command else { return }
                    let arguments = parts.compactMap(\.bytes)
                    let mode = state.withLock { s -> Mode in
                        s.commands += 1
                        return s.mode
                    }
                    switch mode {
                    case .silent: continue
                    case .garbage: out += Array("?!garbage\r\n".utf8)
                    case .healthy: out += RESPEncoder.value(answer(arguments))
                    }
                }
                if !out.isEmpty { _ = send(fd, out, out.count, Int32(MSG_NOSIGNAL)) }
            } catch {
                return
            }
        }
    }

    private func answer(_ arguments: [[UInt8]]) -> RESPValue {
        guard let name = arguments.first.map({ String(decoding: $0, as: UTF8.self).uppercased() }) else {
            return .error("ERR empty")
        }
        let rest = Array(arguments.dropFirst())
        return state.withLock { s -> RESPValue in
            switch name {
            case "PING": return .simpleString("PONG")
            case "AUTH", "SELECT": return .simpleString("OK")
            case "GET": return .bulkString(rest.first.flatMap { s.store[$0] })
            case "MGET": return .array(rest.map { .bulkString(s.store[$0]) })
            case "DEL":
                let removed = rest.filter { s.store.removeValue(forKey: $0) != nil }.count
                return .integer(Int64(removed))
            case "SET":
                guard rest.count >= 2 else { return .error("ERR syntax") }
                let ifAbsent = rest.dropFirst(2).contains { String(decoding: $0, as: UTF8.self).uppercased() == "NX" }
                if ifAbsent, s.store[rest[0]] != nil { return .bulkString(nil) }
                s.store[rest[0]] = rest[1]
                return .simpleString("OK")
            case "EVAL":
                // The unlock script: EVAL script 1 key token.
                guard rest.count == 4 else { return .error("ERR syntax") }
                if s.store[rest[2]] == rest[3] {
                    s.store[rest[2]] = nil
                    return .integer(1)
                }
                return .integer(0)
            default:
                return .error("ERR unknown command '\(name)'")
            }
        }
    }
}
