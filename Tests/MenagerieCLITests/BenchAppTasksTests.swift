import XCTest
@testable import MenagerieCLI

/// `menagerie bench app --tasks N`: the request handler answering from several tasks at once.
final class BenchAppTasksTests: XCTestCase {
    func testEveryRequestOfEveryTaskIsAnswered() async throws {
        let operation = try AppBench.concurrentHandlerWorkload(query: "{ breeds(limit: 2) { items { id } } }", tasks: 3)
        guard case .async(let run) = operation else { return XCTFail("expected an asynchronous operation") }
        let answered = await run()
        XCTAssertEqual(answered, 3 * AppBench.requestsPerTask)
    }

    func testTasksOutOfRangeIsAClearErrorWithExitCode2() async throws {
        let document = FileManager.default.temporaryDirectory.appendingPathComponent("bench-tasks-\(getpid()).graphql")
        try "{ __typename }".write(to: document, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: document) }
        for value in ["0", "65", "two"] {
            let status = await BenchCommand.run(["app", "--document", document.path, "--tasks", value])
            XCTAssertEqual(status, 2, value)
        }
    }

    func testHelpDescribesTheOption() {
        XCTAssertTrue(BenchCommand.help.contains("--tasks N"))
    }
}
