import Foundation

/// Reads the shared upstream reference data (never copied into the repository).
enum SharedData {
    /// `shared/upstreams` found beside the checkout (or beside its parent, for worktrees).
    static let root: String = {
        var directory = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { directory.deleteLastPathComponent() }  // Support, UpstreamsTests, Tests, checkout
        var candidate = directory.deletingLastPathComponent()
        for _ in 0..<3 {
            let path = candidate.appendingPathComponent("shared/upstreams").path
            if FileManager.default.fileExists(atPath: path) { return path }
            candidate.deleteLastPathComponent()
        }
        return "/work/shared/upstreams"
    }()

    static func text(_ relativePath: String) -> String {
        (try? String(contentsOfFile: root + "/" + relativePath, encoding: .utf8)) ?? ""
    }
}
