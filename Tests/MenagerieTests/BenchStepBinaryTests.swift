import Foundation
import XCTest

/// `menagerie bench --step`, the shipped binary as a process: the protocol by which
/// `Tests/Scripts/bench-interleaved.py` interleaves engines batch by batch ('ready' after the
/// warm-up, then one round of batches per line read, 'round N' after each).
final class BenchStepBinaryTests: XCTestCase {
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `bench parse --document (a small document) --step` with `input` on its standard input.
    func runStepped(input: String, batches: Int) throws -> Run {
        let document = FileManager.default.temporaryDirectory.appendingPathComponent("bench-step-\(getpid()).graphql")
        try "{ a b { c } }".write(to: document, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: document) }
        let process = Process()
        process.executableURL = try ProductBinary.locate()
        process.arguments = [
            "bench", "parse", "--document", document.path, "--warmup", "0", "--batch-time", "0.01",
            "--batches", String(batches), "--step"
        ]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: output, errors: errors)
    }

    func testOneRoundPerLineThenTheResults() throws {
        let run = try runStepped(input: "\n\n\n", batches: 3)
        XCTAssertEqual(run.status, 0, run.errors)
        let lines = run.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(4)), ["ready", "round 1", "round 2", "round 3"])
        XCTAssertEqual(lines.count, 6, run.output)
        XCTAssertTrue(lines[4].hasPrefix("menagerie parse "), lines[4])
        XCTAssertTrue(lines[5].hasPrefix("{\"engine\":\"menagerie\""), lines[5])
        XCTAssertEqual(run.errors, "")
    }

    func testInputClosedBeforeARoundIsAClearErrorWithExitCode1() throws {
        let run = try runStepped(input: "\n", batches: 3)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.output, "ready\nround 1\n")
        XCTAssertEqual(run.errors, "menagerie bench --step: standard input closed before round 2\n")
    }
}
