#if canImport(Glibc)
    import Glibc
#endif
import Clocks
import Dispatch
import Locking

/// One TCP connection to Redis, used only on its own serial queue: each job runs a batch of
/// commands (pipelined: one write, then the replies in order) within a deadline.
///
/// The connection is opened on first use (with `AUTH` and `SELECT` sent ahead of the first
/// batch) and dropped after any failure, timeout or unsolicited byte, so a late reply can
/// never be taken for the answer to a later command; the next job opens a new one.
final class RedisConnection: Sendable {
    struct State {
        var fd: Int32 = -1
        var parser: RESPParser
        var scratch = [UInt8](repeating: 0, count: 64 << 10)
    }

    let url: RedisURL
    let counters: RedisClientCounters
    private let queue: DispatchQueue
    private let state: Locked<State>
    /// Jobs queued or running (the client picks the least busy connection).
    private let queued = Locked(0)

    init(url: RedisURL, limits: RESPLimits, counters: RedisClientCounters, label: String) {
        self.url = url
        self.counters = counters
        self.queue = DispatchQueue(label: label)
        self.state = Locked(State(parser: RESPParser(limits: limits)))
    }

    deinit {
        state.withLock { s in
            if s.fd >= 0 { Glibc.close(s.fd) }
            s.fd = -1
        }
    }

    /// Jobs queued or running.
    var load: Int { queued.withLock { $0 } }

    /// Runs `commands` on the connection's queue and hands the replies (or the failure) to
    /// `completion`; a job that starts after `deadline` fails at once with a timeout.
    func enqueue(
        _ commands: [[[UInt8]]], deadline: Duration,
        completion: @escaping @Sendable (Result<[RESPValue], RedisError>) -> Void
    ) {
        queued.withLock { $0 += 1 }
        queue.async { [self] in
            let result: Result<[RESPValue], RedisError>
            if MonotonicClock.systemNow() >= deadline {
                result = .failure(.timedOut)
            } else {
                result = execute(commands, deadline: deadline)
            }
            queued.withLock { $0 -= 1 }
            completion(result)
        }
    }

    /// Closes the socket (on the queue, after the jobs already queued).
    func close() {
        queue.async { [self] in state.withLock { Self.drop(&$0) } }
    }

    private func execute(_ commands: [[[UInt8]]], deadline: Duration) -> Result<[RESPValue], RedisError> {
        state.withLock { s -> Result<[RESPValue], RedisError> in
            do throws(RedisError) {
                var handshake: [[[UInt8]]] = []
                if s.fd < 0 {
                    s.fd = try RedisSocket.connect(host: url.host, port: url.port, deadline: deadline)
                    s.parser.reset()
                    counters.recordConnection()
                    if let password = url.password {
                        handshake.append(
                            [Array("AUTH".utf8)] + (url.user.map { [Array($0.utf8)] } ?? []) + [Array(password.utf8)])
                    }
                    if url.database != 0 { handshake.append([Array("SELECT".utf8), Array(String(url.database).utf8)]) }
                }
                var bytes: [UInt8] = []
                for command in handshake + commands { bytes += RESPEncoder.command(command) }
                try RedisSocket.write(s.fd, bytes, deadline: deadline)
                var replies: [RESPValue] = []
                replies.reserveCapacity(handshake.count + commands.count)
                while replies.count < handshake.count + commands.count {
                    if let reply = try s.parser.next() {
                        replies.append(reply)
                    } else {
                        try RedisSocket.read(s.fd, into: &s.parser, scratch: &s.scratch, deadline: deadline)
                    }
                }
                for (index, reply) in replies.prefix(handshake.count).enumerated() {
                    guard case .simpleString = reply else {
                        let what = index == 0 && url.password != nil ? "AUTH" : "SELECT"
                        if case .error(let message) = reply { throw .server("\(what): \(message)") }
                        throw .unexpectedReply("\(what) answered \(reply)")
                    }
                }
                // Bytes nobody asked for: the stream cannot be trusted any more.
                if s.parser.bufferedCount > 0 { Self.drop(&s) }
                return .success(Array(replies.dropFirst(handshake.count)))
            } catch {
                Self.drop(&s)
                return .failure(error)
            }
        }
    }

    private static func drop(_ s: inout State) {
        if s.fd >= 0 { Glibc.close(s.fd) }
        s.fd = -1
        s.parser.reset()
    }
}
