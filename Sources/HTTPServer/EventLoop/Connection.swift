/// One client connection, owned by a single event loop (never shared between threads).
final class Connection {
    /// A response position on the connection, in request order.
    struct Slot {
        var sequence: UInt64
        var bytes: [UInt8]?
        var isHead: Bool
        var keepAlive: Bool
        /// An HTTP/1.0 client that asked for keep-alive is told so (`Connection: keep-alive`).
        var isHTTP10 = false
        /// Interim (`100 Continue`) or error slots are final when their bytes are set.
        var closesAfter: Bool
        /// How the streamed body being sent is framed (nil: the slot's bytes are all of it).
        var streaming: Framing? = nil
    }

    /// How a streamed body is delimited.
    enum Framing {
        /// Chunks of the chunked transfer coding, ended by a last empty chunk.
        case chunked
        /// Raw bytes ended by closing the connection (HTTP/1.0).
        case closeDelimited
    }

    let fd: Int32
    let id: UInt64
    var parser: HTTPRequestParser
    var input: [UInt8] = []
    var inputStart = 0
    var output: [UInt8] = []
    var outputStart = 0
    var slots: [Slot] = []
    /// The tasks reading the streamed bodies being sent, by request sequence.
    var streams: [UInt64: Task<Void, Never>] = [:]
    var nextSequence: UInt64 = 0
    /// Counted requests whose handler has not answered yet.
    var inFlight = 0
    /// Where the connection is in its life (open, finishing, closing, lingering, closed).
    var state = ConnectionState()
    /// The client's end of input has been read (it may still read our responses).
    var readClosed = false
    /// Whether the loop holds input of this connection for its next turn (see `EventLoop.continueInput`).
    var inputDeferred = false
    /// When the current request head started (the accept, for the first request).
    var headStartedAt: Duration?
    var lastReadAt: Duration
    var lastWriteAt: Duration
    /// When the sweep acts on the connection (nil: never, while its handlers run).
    var deadline: Duration?
    var registeredEvents: UInt32 = 0

    init(fd: Int32, id: UInt64, limits: HTTPLimits, now: Duration) {
        self.fd = fd
        self.id = id
        self.parser = HTTPRequestParser(limits: limits)
        self.headStartedAt = now
        self.lastReadAt = now
        self.lastWriteAt = now
    }

    var hasUnsentOutput: Bool { outputStart < output.count }

    /// Bytes of responses not yet taken by the client.
    var outputBacklog: Int { output.count - outputStart }

    /// Past this many unsent response bytes, no more requests are read or parsed (a client
    /// that pipelines without reading cannot make the server buffer without bound).
    static let maxOutputBacklog = 256 * 1024

    /// Drops consumed input, releasing large buffers.
    func compactInput() {
        if inputStart == 0 { return }
        if inputStart >= input.count {
            if input.capacity > 4096 { input = [] } else { input.removeAll(keepingCapacity: true) }
            inputStart = 0
        } else if inputStart > 16 * 1024 || inputStart > input.count / 2 {
            input.removeFirst(inputStart)
            inputStart = 0
        }
    }
}
