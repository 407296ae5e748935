/// Where a connection is in its life, and every transition between those places.
///
/// `phase` changes only through the methods below. The client's half of the connection
/// (`Connection.readClosed`, end of input seen) is not part of it: a peer may half-close in
/// any phase, and the loop still answers what it has read.
///
/// | from | transition | to |
/// |---|---|---|
/// | `open` | `stopTakingRequests` | `finishing(lingers: false)` |
/// | `open`, `finishing` | `stopTakingRequestsAfterError` | `finishing(lingers: true)` |
/// | `closingAfterOutput` | `stopTakingRequestsAfterError` | `closingAfterOutput(lingers: true)` |
/// | `open` | `finalResponseQueued` | `closingAfterOutput(lingers: false)` |
/// | `finishing(lingers: l)` | `finalResponseQueued` | `closingAfterOutput(lingers: l)` |
/// | `closingAfterOutput(lingers: true)` | `startLingering` (output written) | `lingering` |
/// | any | `close` | `closed` |
///
/// Any other call leaves the phase as it is. Once the output of `closingAfterOutput` is
/// written the loop closes the connection, or shuts its write side and lingers.
struct ConnectionState: Equatable {
    /// The phases of a connection.
    enum Phase: Equatable {
        /// Reading, parsing and answering requests.
        case open
        /// Taking no more requests (one asked to close, a response closes, the server drains, a
        /// request failed or timed out); the requests already read are being answered, and the
        /// final response closes the connection once written. `lingers`: the close is a
        /// lingering one (after an error, when unread request bytes may remain).
        case finishing(lingers: Bool)
        /// The final response is in the output: once it is written the connection closes, or
        /// lingers first.
        case closingAfterOutput(lingers: Bool)
        /// After the final response: write side shut, reading and discarding until the client
        /// closes or the deadline passes.
        case lingering
        /// Closed and forgotten by its loop.
        case closed
    }

    /// The current phase.
    private(set) var phase: Phase = .open

    /// Whether requests are still read and parsed.
    var acceptsRequests: Bool { phase == .open }

    /// Whether the connection is lingering (input is read and discarded).
    var isLingering: Bool { phase == .lingering }

    /// Whether the connection has been closed.
    var isClosed: Bool { phase == .closed }

    /// Whether the final response has been queued for writing.
    var closesAfterOutput: Bool {
        switch phase {
        case .closingAfterOutput, .lingering: true
        case .open, .finishing, .closed: false
        }
    }

    /// No more requests: one asked to close, a response closes, or the server drains.
    mutating func stopTakingRequests() {
        if phase == .open { phase = .finishing(lingers: false) }
    }

    /// No more requests, and the close lingers: a request failed to parse or timed out, so
    /// unread request bytes may remain.
    mutating func stopTakingRequestsAfterError() {
        switch phase {
        case .open, .finishing: phase = .finishing(lingers: true)
        case .closingAfterOutput: phase = .closingAfterOutput(lingers: true)
        case .lingering, .closed: break
        }
    }

    /// The response that closes the connection has been moved to the output.
    mutating func finalResponseQueued() {
        switch phase {
        case .open: phase = .closingAfterOutput(lingers: false)
        case .finishing(let lingers): phase = .closingAfterOutput(lingers: lingers)
        case .closingAfterOutput, .lingering, .closed: break
        }
    }

    /// The final response is written and the write side shut: linger (only from
    /// `closingAfterOutput(lingers: true)`).
    mutating func startLingering() {
        if phase == .closingAfterOutput(lingers: true) { phase = .lingering }
    }

    /// The connection is closed.
    mutating func close() {
        phase = .closed
    }
}
