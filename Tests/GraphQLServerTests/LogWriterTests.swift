#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import GraphQLServer
import XCTest

/// `LogWriter`: lines batched off the caller's thread, whole and in order, never blocking the
/// caller, nothing lost on `flush()`.
final class LogWriterTests: XCTestCase {
    /// A pipe's two ends.
    struct Pipe {
        let read: Int32
        let write: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
            read = ends[0]
            write = ends[1]
        }

        func close() {
            _ = Glibc.close(read)
            _ = Glibc.close(write)
        }

        /// Reads until `count` bytes have arrived (or the writer closed, or nothing came for 10 s:
        /// a test expecting more bytes than are written fails instead of hanging).
        func read(count: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while bytes.count < count {
                var ready = pollfd(fd: read, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 10_000) > 0 else { break }
                let n = Glibc.read(read, &chunk, min(chunk.count, count - bytes.count))
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
            return bytes
        }

        /// Starts reading `count` bytes on a thread of its own; the returned function waits for them.
        func readInBackground(count: Int) -> () -> [UInt8] {
            let box = BytesBox()
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                box.bytes = read(count: count)
                done.signal()
            }
            return {
                done.wait()
                return box.bytes
            }
        }
    }

    func testLinesArriveWholeAndInOrderByFlush() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        let writer = LogWriter(fileDescriptor: pipe.write, batchDelay: .seconds(60))
        let lines = (0..<500).map { "ts=now level=info msg=request n=\($0)" }
        for line in lines { writer.append(line) }
        // Nothing is written before the batch is due or flushed…
        XCTAssertEqual(writer.writtenBytes, 0)
        // …and everything by the flush (a clean stop).
        let expected = lines.map { $0 + "\n" }.joined()
        let reader = pipe.readInBackground(count: expected.utf8.count)
        writer.flush()
        let read = String(decoding: reader(), as: UTF8.self)
        XCTAssertEqual(read, expected)
        XCTAssertEqual(writer.writtenBytes, expected.utf8.count)
        XCTAssertEqual(writer.droppedLines, 0)
    }

    func testABatchIsWrittenWithoutAFlush() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        let writer = LogWriter(fileDescriptor: pipe.write, batchDelay: .milliseconds(1))
        writer.append("first")
        writer.append("second")
        // Blocks until the writer queue has written the batch on its own.
        XCTAssertEqual(String(decoding: pipe.read(count: 13), as: UTF8.self), "first\nsecond\n")
    }

    /// The writer's thread goes idle when a batch finds nothing to write; the next line wakes it
    /// (no flush), again and again.
    func testLinesAfterAnIdleSpellAreWrittenWithoutAFlush() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        let writer = LogWriter(fileDescriptor: pipe.write, batchDelay: .milliseconds(1))
        for round in 0..<20 {
            let line = "line \(100 + round)"
            writer.append(line)
            XCTAssertEqual(String(decoding: pipe.read(count: 9), as: UTF8.self), line + "\n")
            if round % 4 == 0 { usleep(5_000) } // several empty batches: the thread is idle
        }
        // Counted once `write` returns, which may be just after the reader had the bytes.
        for _ in 0..<500 where writer.writtenBytes < 20 * 9 { usleep(10_000) }
        XCTAssertEqual(writer.writtenBytes, 20 * 9)
    }

    /// A writer nobody holds any more writes what it still had at once (not after its batch
    /// delay), and its thread ends.
    func testAWriterLetGoWritesWhatItHadAndItsThreadEnds() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        // Writers of earlier tests may still be ending their threads: count once that settles
        // (no change for 300 ms), so that only this test's writer changes the count.
        var threadsBefore = Self.logWriterThreads()
        var settledFor = 0
        while settledFor < 3 {
            usleep(100_000)
            let now = Self.logWriterThreads()
            settledFor = now == threadsBefore ? settledFor + 1 : 0
            threadsBefore = now
        }
        var writer: LogWriter? = LogWriter(fileDescriptor: pipe.write, batchDelay: .seconds(60))
        writer?.append("kept")
        // The thread names itself once it runs.
        for _ in 0..<500 where Self.logWriterThreads() == threadsBefore { usleep(10_000) }
        XCTAssertEqual(Self.logWriterThreads(), threadsBefore + 1)
        writer = nil
        XCTAssertEqual(String(decoding: pipe.read(count: 5), as: UTF8.self), "kept\n")
        for _ in 0..<500 where Self.logWriterThreads() > threadsBefore { usleep(10_000) }
        XCTAssertEqual(Self.logWriterThreads(), threadsBefore)

        // Flushed first, so that the thread, cut short in its batch delay, finds nothing to
        // write: it still ends (it once went back to waiting for a line, for ever).
        var flushed: LogWriter? = LogWriter(fileDescriptor: pipe.write, batchDelay: .seconds(60))
        flushed?.append("flushed")
        for _ in 0..<500 where Self.logWriterThreads() == threadsBefore { usleep(10_000) }
        XCTAssertEqual(Self.logWriterThreads(), threadsBefore + 1)
        flushed?.flush()
        XCTAssertEqual(String(decoding: pipe.read(count: 8), as: UTF8.self), "flushed\n")
        flushed = nil
        for _ in 0..<500 where Self.logWriterThreads() > threadsBefore { usleep(10_000) }
        XCTAssertEqual(Self.logWriterThreads(), threadsBefore)
    }

    /// Threads of this process named `log-writer`.
    static func logWriterThreads() -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            return comm == "log-writer\n"
        }.count
    }

    func testADestinationThatDoesNotReadNeverBlocksTheCallerAndDropsWholeLines() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        // 64 KiB of buffer; the pipe itself holds 64 KiB more, and nobody reads it yet.
        let writer = LogWriter(fileDescriptor: pipe.write, capacity: 65_536, batchDelay: .milliseconds(1))
        let line = String(repeating: "x", count: 99)
        let count = 10_000 // 1 MB of lines: far more than the buffer and the pipe hold
        for _ in 0..<count { writer.append(line) } // returns: the caller never waits on the pipe
        XCTAssertGreaterThan(writer.droppedLines, 0)
        XCTAssertLessThan(writer.droppedLines, count)
        // Now a reader drains the pipe: what was kept arrives, every line whole.
        let kept = count - writer.droppedLines
        let reader = pipe.readInBackground(count: kept * 100)
        writer.flush()
        let bytes = reader()
        XCTAssertEqual(bytes.count, kept * 100)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, kept + 1) // the last newline ends an empty remainder
        XCTAssertTrue(lines.dropLast().allSatisfy { $0 == line })
    }

    /// Lines a `Log` formats straight into the writer's buffer: kept whole or dropped whole, in
    /// order, across many batches (the writer's two buffers taking turns).
    func testLogLinesFormattedInPlaceAreWholeInOrderOrDroppedWhole() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        let writer = LogWriter(fileDescriptor: pipe.write, capacity: 65_536, batchDelay: .milliseconds(1))
        let log = Log(level: .info, sink: .writer(writer))
        let count = 10_000
        for index in 0..<count {
            log.log(.info, "request") { line in
                line.field("n", 100_000 + index) // six digits: every line the same length
                line.field("path", "/graphql")
            }
        }
        XCTAssertGreaterThan(writer.droppedLines, 0)
        let kept = count - writer.droppedLines
        // ts=2026-11-28T22:43:27.123Z level=info msg=request n=100000 path=/graphql
        let length = 73 + 1
        let reader = pipe.readInBackground(count: kept * length)
        writer.flush()
        let lines = String(decoding: reader(), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, kept)
        XCTAssertTrue(lines.allSatisfy { $0.count == length - 1 && $0.hasSuffix(" path=/graphql") })
        let numbers = lines.compactMap {
            $0.split(separator: " ").first { $0.hasPrefix("n=") }.flatMap { Int($0.dropFirst(2)) }
        }
        XCTAssertEqual(numbers.count, kept)
        XCTAssertEqual(numbers, numbers.sorted(), "lines out of order")
        XCTAssertEqual(numbers.first, 100_000)

        // Once drained, the writer takes lines again, through many batches (read as they go).
        let more = 2_000
        let reader2 = pipe.readInBackground(count: more * length)
        for index in 0..<more {
            log.log(.info, "request") { line in
                line.field("n", 200_000 + index)
                line.field("path", "/graphql")
            }
            if index % 100 == 0 { usleep(2_000) } // let batches go out
        }
        writer.flush()
        XCTAssertEqual(writer.droppedLines, count - kept)
        let again = String(decoding: reader2(), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(again.count, more)
        XCTAssertTrue(again.allSatisfy { $0.count == length - 1 })
    }
}

/// Bytes handed from the reading thread to the test (written before a semaphore is signalled,
/// read after it is waited for).
private final class BytesBox: @unchecked Sendable {
    var bytes: [UInt8] = []
}
