import Locking

/// What a ``RedisClient`` did: calls and commands sent, failures by kind, connections opened.
public final class RedisClientCounters: Sendable {
    /// A snapshot of the counters.
    public struct Values: Sendable, Equatable {
        /// Calls (one round trip each; a pipeline is one call).
        public var calls = 0
        /// Commands sent, by name (`GET`, `SET`, `MGET`, `EVAL`, …).
        public var commands: [String: Int] = [:]
        /// Calls that failed, by ``RedisError/kind`` (`timeout`, `connection`, `protocol`, …);
        /// a call answered with an error reply counts as `server`.
        public var errors: [String: Int] = [:]
        /// TCP connections opened (reconnections included).
        public var connectionsOpened = 0
    }

    private let storage = Locked(Values())

    /// Creates zeroed counters.
    public init() {}

    /// The current values.
    public var values: Values { storage.withLock { $0 } }

    func record(commands: [[[UInt8]]], result: Result<[RESPValue], RedisError>) {
        storage.withLock { v in
            v.calls += 1
            for command in commands {
                let name = command.first.map { String(decoding: $0, as: UTF8.self).uppercased() } ?? "?"
                v.commands[name, default: 0] += 1
            }
            switch result {
            case .failure(let error):
                v.errors[error.kind, default: 0] += 1
            case .success(let replies):
                // Error replies (`-ERR`, `-NOAUTH`) arrive as values: the call failed all the same.
                if replies.contains(where: { if case .error = $0 { return true } else { return false } }) {
                    v.errors[RedisError.server("").kind, default: 0] += 1
                }
            }
        }
    }

    func recordConnection() {
        storage.withLock { $0.connectionsOpened += 1 }
    }
}
