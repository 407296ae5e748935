#if canImport(Glibc)
    import Glibc
#endif
import Dispatch
import Locking

/// Where log lines go: whoever logs appends the line to a bounded buffer in memory (no system
/// call, never blocks), and a writer queue writes what has gathered in one `write` per batch,
/// a few milliseconds after the batch's first line.
///
/// - **Nothing lost on a clean stop**: ``flush()`` writes every line appended before it and
///   returns when they are written (`menagerie serve` calls it after SIGTERM/SIGINT, and the
///   command-line tool before it exits). A crash loses at most the lines of the last
///   ``batchDelay``.
/// - **Never blocks the caller**: when the destination does not keep up (a pipe nobody reads,
///   a full disk, a terminal paused), lines gather up to ``capacity`` bytes; past that each new
///   line is dropped whole and counted (``droppedLines``, `menagerie_log_lines_dropped_total`).
///   Only the writer queue's thread ever waits on the destination.
/// - Lines keep the order in which they were appended; each is written whole.
public final class LogWriter: Sendable {
    /// Standard error (the server's default log destination).
    public static let standardError = LogWriter(fileDescriptor: 2)

    /// The file descriptor written to.
    public let fileDescriptor: Int32
    /// The most bytes waiting to be written; a line that would pass it is dropped.
    public let capacity: Int
    /// How long the first line of a batch waits for others before the batch is written.
    public let batchDelay: Duration

    private struct State {
        var buffer: [UInt8] = []
        /// The buffer last written, emptied with its capacity kept: the next batch's buffer (two
        /// buffers take turns, so a steady stream of lines allocates nothing).
        var spare: [UInt8] = []
        /// Whether a write of the buffer is scheduled on the queue.
        var scheduled = false
        var dropped = 0
        var written = 0
    }

    private let state = Locked(State())
    private let queue = DispatchQueue(label: "log-writer")

    /// A writer to `fileDescriptor` buffering at most `capacity` bytes (default 4 MiB: about
    /// 25,000 access-log lines), each batch written `batchDelay` after its first line.
    public init(fileDescriptor: Int32, capacity: Int = 4 << 20, batchDelay: Duration = .milliseconds(5)) {
        self.fileDescriptor = fileDescriptor
        self.capacity = capacity
        self.batchDelay = batchDelay
    }

    /// Appends `line` and a newline; drops it (and counts it) when the buffer is full.
    public func append(_ line: String) {
        var line = line
        line.withUTF8 { append($0) }
    }

    /// Appends the UTF-8 `line` and a newline; drops it (and counts it) when the buffer is full.
    public func append(_ line: [UInt8]) {
        line.withUnsafeBufferPointer { append($0) }
    }

    /// - Unsafe: takes the line as an `UnsafeBufferPointer` (from `withUTF8` or
    ///   `withUnsafeBufferPointer`), so that a `String` and a `[UInt8]` line share one copy into
    ///   the buffer without an intermediate array.
    /// - Invariant: the pointer is only read, inside the caller's closure (`append(contentsOf:)`
    ///   copies it under the lock); nothing keeps it.
    /// - Checked by: `LogWriterTests` and `LogTests`, under AddressSanitizer in CI (`.ci/run` step 3).
    private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let schedule =
            state.withLock { s -> Bool in
                guard s.buffer.count + bytes.count + 1 <= capacity else {
                    s.dropped += 1
                    return false
                }
                s.buffer.append(contentsOf: bytes)
                s.buffer.append(0x0A)
                if s.scheduled { return false }
                s.scheduled = true
                return true
            }
        if schedule { scheduleWrite() }
    }

    /// Writes the buffer after ``batchDelay``, on the writer queue.
    private func scheduleWrite() {
        let (seconds, attoseconds) = batchDelay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { self.writeBuffered() }
    }

    /// Writes every line appended so far and returns when they are written.
    /// Appends the line `write` formats straight into the buffer (no array of its own, no copy),
    /// under the buffer's lock; the newline is added here. A line that would pass ``capacity``
    /// is taken back whole and counted as dropped.
    func appendLine(_ write: (inout [UInt8]) -> Void) {
        let schedule =
            state.withLock { s -> Bool in
                let start = s.buffer.count
                write(&s.buffer)
                s.buffer.append(0x0A)
                guard s.buffer.count <= capacity else {
                    s.buffer.removeSubrange(start...)
                    s.dropped += 1
                    return false
                }
                if s.scheduled { return false }
                s.scheduled = true
                return true
            }
        if schedule { scheduleWrite() }
    }

    public func flush() {
        queue.sync { writeBuffered() }
    }

    /// Lines dropped because the buffer was full.
    public var droppedLines: Int { state.withLock { $0.dropped } }

    /// Bytes written so far.
    public var writtenBytes: Int { state.withLock { $0.written } }

    /// Takes the buffer and writes it (on the queue).
    private func writeBuffered() {
        var bytes = state.withLock { s -> [UInt8] in
            s.scheduled = false
            var taken: [UInt8] = []
            swap(&taken, &s.spare)
            swap(&taken, &s.buffer)
            return taken
        }
        guard !bytes.isEmpty else { return }
        let written = Self.write(bytes, to: fileDescriptor)
        bytes.removeAll(keepingCapacity: true)
        state.withLock { s in
            s.written += written
            s.spare = bytes
        }
    }

    /// Writes `bytes` to `fileDescriptor` (retrying short writes and EINTR); the bytes written.
    ///
    /// - Unsafe: the array's storage goes to `write` as a raw pointer, `baseAddress! + offset`.
    /// - Invariant: `bytes` is not empty (checked by the caller), so `baseAddress` is not nil;
    ///   `offset` stays below `buffer.count` (it grows only by what `write` wrote) and the length
    ///   is what remains; the pointer does not outlive `withUnsafeBufferPointer`.
    /// - Checked by: `LogWriterTests` (a pipe read back whole, a pipe nobody reads), under
    ///   AddressSanitizer in CI (`.ci/run` step 3).
    private static func write(_ bytes: [UInt8], to fileDescriptor: Int32) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 {
                    if n < 0 && errno == EINTR { continue }
                    break
                }
                offset += n
            }
            return offset
        }
    }
}
