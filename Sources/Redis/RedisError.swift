/// Why a Redis call gave no usable answer.
public enum RedisError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer within the call's timeout.
    case timedOut
    /// The connection could not be made, or broke (the detail is for logs).
    case connection(String)
    /// The bytes received are not RESP, or exceed the reply limits.
    case protocolViolation(String)
    /// Redis answered with an error reply (`-ERR …`, `-NOAUTH …`).
    case server(String)
    /// An answer of an unexpected type for the command.
    case unexpectedReply(String)

    /// A short, stable name for metrics: `timeout`, `connection`, `protocol`, `server`, `reply`.
    public var kind: String {
        switch self {
        case .timedOut: return "timeout"
        case .connection: return "connection"
        case .protocolViolation: return "protocol"
        case .server: return "server"
        case .unexpectedReply: return "reply"
        }
    }

    /// Every ``kind``, in a fixed order (for metrics).
    public static let kinds = ["timeout", "connection", "protocol", "server", "reply"]

    public var description: String {
        switch self {
        case .timedOut: return "Redis did not answer in time"
        case .connection(let detail): return "Redis connection failed: \(detail)"
        case .protocolViolation(let detail): return "Redis sent an unreadable reply: \(detail)"
        case .server(let message): return "Redis answered an error: \(message)"
        case .unexpectedReply(let detail): return "Redis sent an unexpected reply: \(detail)"
        }
    }
}
