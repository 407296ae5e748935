import XCTest
@testable import MenagerieCLI

/// The top level of `menagerie`: `--version`, and one rule for exit codes (2 for bad usage and
/// missing input files, whatever the command).
final class CommandLineToolTests: XCTestCase {
    func testVersionNamesTheVersionAndTheCommit() async {
        let line = VersionCommand.line
        XCTAssertTrue(line.hasPrefix("menagerie \(VersionCommand.version) (commit "), line)
        let commit = VersionCommand.commit
        XCTAssertTrue(commit == "unknown" || (commit.count == 12 && commit.allSatisfy(\.isHexDigit)), commit)
        let version = await CommandLineTool.run(["--version"])
        XCTAssertEqual(version, 0)
        let word = await CommandLineTool.run(["version"])
        XCTAssertEqual(word, 0)
        let extra = await CommandLineTool.run(["version", "now"])
        XCTAssertEqual(extra, 2)
    }

    func testTheCommitIsResolvedFromTheGitFiles() {
        let id = "0123456789abcdef0123456789abcdef01234567"
        XCTAssertEqual(VersionCommand.resolveCommit(head: id + "\n") { _ in nil }, "0123456789ab", "detached")
        XCTAssertEqual(
            VersionCommand.resolveCommit(head: "ref: refs/heads/main\n") { $0 == "refs/heads/main" ? id + "\n" : nil },
            "0123456789ab")
        XCTAssertEqual(VersionCommand.resolveCommit(head: "ref: refs/heads/gone\n") { _ in nil }, "unknown")
        XCTAssertEqual(VersionCommand.resolveCommit(head: nil) { _ in id }, "unknown")
        XCTAssertEqual(VersionCommand.resolveCommit(head: "not a commit") { _ in nil }, "unknown")
    }

    func testBadUsageAndMissingFilesExitTwoEverywhere() async {
        let missing = "/nonexistent/menagerie-test-\(UInt32.random(in: 0...UInt32.max)).graphql"
        for arguments in [
            ["--bogus"], ["--bogus=1"], ["nosuchcommand"], ["schema", missing], ["print", missing],
            ["validate", missing],
            ["query", missing], ["check", "--bogus"], ["serve", "--port", "x"]
        ] {
            let code = await CommandLineTool.run(arguments)
            XCTAssertEqual(code, 2, "\(arguments)")
        }
    }
}
