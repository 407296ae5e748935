#if canImport(Glibc)
    import Glibc
#endif

/// A connection's way out: a handler's response into its slot, ready responses in request
/// order into the output, writing, and the start of a lingering close.
extension EventLoop {
    /// Encodes a handler's response into its slot, flushes, and parses requests that were
    /// waiting behind a full pipeline.
    func complete(_ connection: Connection, sequence: UInt64, response: HTTPResponse, now: Duration) {
        guard let index = connection.slots.firstIndex(where: { $0.sequence == sequence }) else { return }
        var slot = connection.slots[index]
        let streams = response.stream != nil && !slot.isHead
        // A streamed response is in flight until its last part.
        if !streams { connection.inFlight -= 1 }
        let close =
            slot.closesAfter || response.closeConnection || streams && slot.isHTTP10
            || draining && connection.inFlight == 0
                && !connection.parser.isReadingBody
        slot.closesAfter = close
        var bytes: [UInt8] = []
        HTTPResponseEncoder.encode(
            response, headRequest: slot.isHead, close: close, keepAliveHeader: slot.isHTTP10,
            date: date.current(), server: serverName, chunked: streams && !slot.isHTTP10, into: &bytes)
        slot.bytes = bytes
        if let stream = response.stream {
            if streams {
                slot.streaming = slot.isHTTP10 ? .closeDelimited : .chunked
                startReading(stream, of: connection, sequence: sequence)
            } else {
                Task { for await _ in stream {} }.cancel() // HEAD: the body is never read
            }
        }
        connection.slots[index] = slot
        if close { connection.state.stopTakingRequests() }
        flush(connection, now: now)
        // Requests waiting behind a full pipeline can now be parsed.
        if connection.state.acceptsRequests { processInput(connection, now: now) }
        if !connection.state.isClosed { update(connection, now: now) }
    }

    /// Reads `stream` in a task of its own, posting each part to the loop.
    private func startReading(_ stream: AsyncStream<[UInt8]>, of connection: Connection, sequence: UInt64) {
        let fd = connection.fd, id = connection.id
        connection.streams[sequence] = Task { [self] in
            for await part in stream where !part.isEmpty {
                _ = post(.bodyPart(fd: fd, id: id, sequence: sequence, bytes: part))
            }
            _ = post(.bodyPart(fd: fd, id: id, sequence: sequence, bytes: nil))
        }
    }

    /// Adds a part of a streamed body (nil: its end) to its slot, and writes what is ready.
    func continueStream(_ connection: Connection, sequence: UInt64, bytes: [UInt8]?, now: Duration) {
        guard let index = connection.slots.firstIndex(where: { $0.sequence == sequence }),
            let framing = connection.slots[index].streaming
        else { return }
        var out = connection.slots[index].bytes ?? []
        if let bytes {
            switch framing {
            case .chunked: HTTPResponseEncoder.appendChunk(bytes, &out)
            case .closeDelimited: out += bytes
            }
        } else {
            if framing == .chunked { out += Array("0\r\n\r\n".utf8) }
            connection.slots[index].streaming = nil
            connection.streams[sequence] = nil
            connection.inFlight -= 1
        }
        connection.slots[index].bytes = out
        flush(connection, now: now)
        if bytes == nil {
            if connection.state.acceptsRequests { processInput(connection, now: now) }
            if !connection.state.isClosed { update(connection, now: now) }
        }
    }

    /// Moves ready responses (in order) to the output and writes; a response whose body is
    /// still streaming gives what it has so far and holds back those after it.
    func flush(_ connection: Connection, now: Duration) {
        var count = 0
        while count < connection.slots.count, let bytes = connection.slots[count].bytes {
            if connection.output.isEmpty { connection.output = bytes } else { connection.output += bytes }
            if connection.slots[count].streaming != nil {
                connection.slots[count].bytes = []
                break
            }
            let closes = connection.slots[count].closesAfter
            count += 1
            if closes {
                connection.state.finalResponseQueued()
                break
            }
        }
        if count > 0 {
            if connection.state.closesAfterOutput {
                connection.slots.removeAll()
            } else {
                connection.slots.removeFirst(count)
            }
        }
        // (Also when all is sent already: the close after a streamed body's last part.)
        if connection.hasUnsentOutput || connection.state.closesAfterOutput { _ = writeOutput(connection, now: now) }
    }

    /// Writes pending output; returns false if the connection was closed.
    ///
    /// - Unsafe: the unsent tail of `connection.output` is lent to `send` as a raw pointer
    ///   (`baseAddress! + outputStart`).
    /// - Invariant: the loop runs only while `hasUnsentOutput` (`outputStart < output.count`), so
    ///   the buffer is not empty (`baseAddress` is not nil) and the pointer and length
    ///   (`count - outputStart`) stay inside it; `outputStart` only grows by what `send` took, and
    ///   is reset to 0 with the output.
    /// - Checked by: every `HTTPServerTests` response (e.g.
    ///   `testClientThatDoesNotReadIsThrottledAndStillAnsweredInOrder`: 32 MiB of responses, more
    ///   than socket buffers hold), under AddressSanitizer in CI (`.ci/run` step 3).
    @discardableResult
    func writeOutput(_ connection: Connection, now: Duration) -> Bool {
        while connection.hasUnsentOutput {
            let n = connection.output.withUnsafeBytes {
                send(
                    connection.fd, $0.baseAddress! + connection.outputStart,
                    $0.count - connection.outputStart, Int32(MSG_NOSIGNAL))
            }
            if n > 0 {
                connection.outputStart += n
                connection.lastWriteAt = now
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                if errno == EINTR { continue }
                return true
            } else {
                closeConnection(connection)
                return false
            }
        }
        // Each response brings its own buffer: keep nothing on idle connections.
        connection.output = []
        connection.outputStart = 0
        switch connection.state.phase {
        case .closingAfterOutput(lingers: false):
            closeConnection(connection)
            return false
        case .closingAfterOutput(lingers: true):
            // Lingering close: shut the write side and discard input until the client closes,
            // so unread request bytes do not turn into a reset that destroys the response.
            shutdown(connection.fd, Int32(SHUT_WR))
            connection.state.startLingering()
            connection.deadline = now + Self.lingerTimeout
            connection.input = []
            connection.inputStart = 0
        case .open, .finishing, .lingering, .closed:
            break
        }
        return true
    }

    /// The answer to a request that failed in the HTTP layer: the configured responder's when
    /// the head is known and it answers, else plain text.
    func errorResponse(_ status: Int, _ message: String, head: HTTPRequest?) -> HTTPResponse {
        if let head, let responder = core.configuration.errorResponder, let response = responder(status, message, head)
        {
            return response
        }
        return .text(status, message + "\n")
    }
}
