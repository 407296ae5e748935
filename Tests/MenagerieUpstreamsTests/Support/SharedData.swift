import Foundation
import XCTest

/// Reads the shared upstream reference data (never copied into the repository).
enum SharedData {
    /// `shared/upstreams` found beside the checkout (or beside its parent, for worktrees).
    static let root: String = {
        var directory = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { directory.deleteLastPathComponent() } // Support, MenagerieUpstreamsTests, Tests, checkout
        var candidate = directory.deletingLastPathComponent()
        for _ in 0..<3 {
            let path = candidate.appendingPathComponent("shared/upstreams").path
            if FileManager.default.fileExists(atPath: path) { return path }
            candidate.deleteLastPathComponent()
        }
        return "/work/shared/upstreams"
    }()

    /// The file's text. A missing file fails the running test with the path it looked for; the
    /// empty text returned then only lets the failing test end.
    static func text(_ relativePath: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let text = try? String(contentsOfFile: root + "/" + relativePath, encoding: .utf8) else {
            XCTFail(
                "missing shared reference data: \(root)/\(relativePath) (the read-only ../shared folder must be beside the checkout)",
                file: file, line: line)
            return ""
        }
        return text
    }
}
