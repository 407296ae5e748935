#if canImport(Glibc)
    import Glibc
#endif
import Dispatch
import HTTPServer
import Locking

/// Where log lines go: whoever logs appends the line to a bounded buffer in memory (no system
/// call, never blocks), and a thread of the writer's own writes what has gathered in one `write`
/// per batch, ``batchDelay`` after the batch's first line.
///
/// - **Nothing lost on a clean stop**: ``flush()`` writes every line appended before it and
///   returns when they are written (`menagerie serve` calls it after SIGTERM/SIGINT, and the
///   command-line tool before it exits). A crash loses at most the lines of the last
///   ``batchDelay``.
/// - **Never blocks the caller**: when the destination does not keep up (a pipe nobody reads,
///   a full disk, a terminal paused), lines gather up to ``capacity`` bytes; past that each new
///   line is dropped whole and counted (``droppedLines``, `menagerie_log_lines_dropped_total`).
///   Only the writer's thread (and ``flush()``) ever waits on the destination.
/// - Lines keep the order in which they were appended; each is written whole. To a pipe (or a
///   socket) each `write` carries whole lines and at most `PIPE_BUF` (4,096) bytes, so that lines
///   never interleave with other processes writing to the same pipe; a file takes a batch in one
///   `write`.
/// - **Cheap while busy**: under a steady stream of lines the writer's thread sleeps
///   ``batchDelay``, takes the buffer and writes it, and sleeps again: no timer, no queue, and no
///   wake-up from the callers (a caller wakes the thread only for the first line after the
///   thread found nothing to write and went idle).
public final class LogWriter: Sendable {
    /// Standard error (the server's default log destination).
    public static let standardError = LogWriter(fileDescriptor: 2)

    /// The file descriptor written to.
    public let fileDescriptor: Int32
    /// The most bytes waiting to be written; a line that would pass it is dropped.
    public let capacity: Int
    /// How long the first line of a batch waits for others before the batch is written.
    public let batchDelay: Duration

    private let core: Core

    /// A writer to `fileDescriptor` buffering at most `capacity` bytes (default 4 MiB: about
    /// 25,000 access-log lines), each batch written `batchDelay` after its first line.
    public init(fileDescriptor: Int32, capacity: Int = 4 << 20, batchDelay: Duration = .milliseconds(5)) {
        self.fileDescriptor = fileDescriptor
        self.capacity = capacity
        self.batchDelay = batchDelay
        core = Core(
            fileDescriptor: fileDescriptor, batchDelay: batchDelay,
            maximumWrite: LogWriter.isPipeOrSocket(fileDescriptor) ? LogWriter.pipeAtomicWrite : Int.max)
    }

    /// The most bytes one `write` to a pipe delivers whole (`PIPE_BUF` on Linux).
    static let pipeAtomicWrite = 4096

    /// Whether `fileDescriptor` is a pipe or a socket (written to in whole lines of at most
    /// ``pipeAtomicWrite`` bytes per `write`); a file, a terminal or a closed descriptor is not.
    static func isPipeOrSocket(_ fileDescriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(fileDescriptor, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFSOCK
    }

    deinit { core.close() }

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
        appendLine { $0.append(contentsOf: bytes) }
    }

    /// Appends the line `write` formats straight into the buffer (no array of its own, no copy),
    /// under the buffer's lock; the newline is added here. A line that would pass ``capacity``
    /// is taken back whole and counted as dropped.
    func appendLine(_ write: (inout [UInt8]) -> Void) {
        let wake =
            core.state.withLock { s -> Bool in
                let start = s.buffer.count
                write(&s.buffer)
                s.buffer.append(0x0A)
                guard s.buffer.count <= capacity else {
                    s.buffer.removeSubrange(start...)
                    s.dropped += 1
                    return false
                }
                return s.wakeWriter()
            }
        if wake { core.wake() }
    }

    /// Writes every line appended so far and returns when they are written.
    public func flush() {
        core.writeBuffered()
    }

    /// Lines dropped because the buffer was full.
    public var droppedLines: Int { core.state.withLock { $0.dropped } }

    /// Bytes written so far.
    public var writtenBytes: Int { core.state.withLock { $0.written } }

    /// What the writer's thread shares with the callers; the thread holds it (not the
    /// ``LogWriter``), so a writer nobody holds any more goes, and its thread ends.
    private final class Core: Sendable {
        struct State {
            var buffer: [UInt8] = []
            /// The buffer last written, emptied with its capacity kept: the next batch's buffer
            /// (two buffers take turns, so a steady stream of lines allocates nothing).
            var spare: [UInt8] = []
            /// Whether the thread has been started.
            var started = false
            /// Whether the thread waits for a line (on `wakeUp`) rather than sleeping between
            /// batches.
            var idle = true
            /// Whether the writer is gone (its thread writes what is left and ends).
            var closed = false
            var dropped = 0
            var written = 0

            /// After a line was appended: whether the writer's thread must be woken (or
            /// started), which is once per idle spell.
            mutating func wakeWriter() -> Bool {
                guard idle else { return false }
                idle = false
                return true
            }
        }

        let fileDescriptor: Int32
        let batchDelay: Duration
        /// The most bytes of one `write` (whole lines; a longer line goes alone).
        let maximumWrite: Int
        let state = Locked(State())
        /// The batches written so far; held from taking a batch until it is written, so that
        /// batches (the thread's, a flush's) reach the destination in the order they were taken.
        /// (A lock of its own, not `state`'s: callers append while a batch is being written.)
        let writing = Locked(0)
        /// Signalled once per idle spell of the thread (and on close).
        let wakeUp = DispatchSemaphore(value: 0)

        init(fileDescriptor: Int32, batchDelay: Duration, maximumWrite: Int) {
            self.fileDescriptor = fileDescriptor
            self.batchDelay = batchDelay
            self.maximumWrite = maximumWrite
        }

        /// Wakes the writer's thread, starting it the first time.
        func wake() {
            let start = state.withLock { s -> Bool in
                defer { s.started = true }
                return !s.started
            }
            if start { DetachedThread.start(named: "log-writer") { [self] in run() } }
            wakeUp.signal()
        }

        func close() {
            state.withLock { $0.closed = true }
            wakeUp.signal()
        }

        /// The writer's thread: waits for a first line, lets a batch gather for `batchDelay`,
        /// writes it, and goes on while lines keep coming; idle again when a batch is empty.
        private func run() {
            while !isClosed {
                wakeUp.wait()
                while !isClosed {
                    sleep(batchDelay)
                    if !writeBuffered(idleWhenEmpty: true) { break }
                }
            }
            // Closed: whatever was appended before goes out, and the thread ends (a close that
            // came while it slept cut the sleep short; one that came while it waited woke it).
            writeBuffered()
        }

        private var isClosed: Bool { state.withLock { $0.closed } }

        /// Takes the buffer and writes it (in the order batches were taken); false when it was
        /// empty, and then, if `idleWhenEmpty`, the thread is idle from this moment (the next
        /// line wakes it).
        @discardableResult
        func writeBuffered(idleWhenEmpty: Bool = false) -> Bool {
            writing.withLock { batches in
                var bytes = state.withLock { s -> [UInt8] in
                    var taken: [UInt8] = []
                    swap(&taken, &s.spare)
                    swap(&taken, &s.buffer)
                    if taken.isEmpty && idleWhenEmpty { s.idle = true }
                    return taken
                }
                guard !bytes.isEmpty else { return false }
                var written = 0
                for chunk in LogWriter.chunks(of: bytes, maximum: maximumWrite) {
                    let wrote = LogWriter.write(bytes, chunk, to: fileDescriptor)
                    written += wrote
                    if wrote < chunk.count { break }
                }
                bytes.removeAll(keepingCapacity: true)
                state.withLock { s in
                    s.written += written
                    s.spare = bytes
                }
                batches += 1
                return true
            }
        }

        /// Sleeps `duration`, or less if the writer is closed meanwhile (the only signal the
        /// thread can get while it is not idle).
        private func sleep(_ duration: Duration) {
            let (seconds, attoseconds) = duration.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            _ = wakeUp.wait(timeout: .now() + .nanoseconds(nanoseconds))
        }
    }

    /// The ranges of `batch` given to `write` one by one: whole lines (each ends with a newline),
    /// as many as fit in `maximum` bytes; a line longer than that alone.
    static func chunks(of batch: [UInt8], maximum: Int) -> [Range<Int>] {
        guard batch.count > maximum else { return batch.isEmpty ? [] : [0..<batch.count] }
        var ranges: [Range<Int>] = []
        var start = 0
        while start < batch.count {
            var end = min(start + maximum, batch.count)
            if end < batch.count {
                // Back to the end of the last whole line in the window; past it when the window
                // holds none (a line longer than `maximum`).
                var cut = end
                while cut > start, batch[cut - 1] != 0x0A { cut -= 1 }
                if cut == start {
                    cut = end
                    while cut < batch.count, batch[cut - 1] != 0x0A { cut += 1 }
                }
                end = cut
            }
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }

    /// Writes `range` of `bytes` to `fileDescriptor` (retrying short writes and EINTR); the bytes
    /// written.
    ///
    /// - Unsafe: the array's storage goes to `write` as a raw pointer, `baseAddress! + offset`.
    /// - Invariant: `range` is a non-empty range of `bytes` (``chunks(of:maximum:)`` makes it), so
    ///   `baseAddress` is not nil; `offset` stays within the range (it grows only by what `write`
    ///   wrote) and the length is what remains of it; the pointer does not outlive
    ///   `withUnsafeBufferPointer`.
    /// - Checked by: `LogWriterTests` (a pipe read back whole, a pipe nobody reads), under
    ///   AddressSanitizer in CI (`.ci/run` step 3).
    private static func write(_ bytes: [UInt8], _ range: Range<Int>, to fileDescriptor: Int32) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = range.lowerBound
            while offset < range.upperBound {
                let n = Glibc.write(fileDescriptor, buffer.baseAddress! + offset, range.upperBound - offset)
                if n <= 0 {
                    if n < 0 && errno == EINTR { continue }
                    break
                }
                offset += n
            }
            return offset - range.lowerBound
        }
    }
}
