import Foundation
import PackagePlugin

/// Embeds files into the binary as generated Swift source (an internal
/// `EmbeddedResources` enum per target), so the `menagerie` executable is
/// self-contained while those files stay the source of truth: the package's
/// top-level `Schema/` and `Playground/` for the `Menagerie` target (the app
/// serves them), a target's own `Snapshot/` folder when it has one (the
/// embedded upstream data of `MenagerieUpstreams`), and the git files naming the
/// checkout's commit for `MenagerieCLI` (`menagerie --version`).
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let packageDir = context.package.directoryURL
        let targetDir = target.directoryURL
        var folders = [targetDir.appending(path: "Snapshot")]
        if target.name == "Menagerie" {
            folders += [packageDir.appending(path: "Schema"), packageDir.appending(path: "Playground")]
        }
        var inputs: [URL] = []
        for folder in folders {
            inputs += Self.files(in: folder)
        }
        if target.name == "MenagerieCLI" {
            inputs += Self.gitHeadFiles(packageDir)
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        var arguments = [
            output.path(percentEncoded: false), packageDir.path(percentEncoded: false),
            targetDir.path(percentEncoded: false)
        ]
        arguments += inputs.map { $0.path(percentEncoded: false) }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) resource files",
                executable: try context.tool(named: "EmbedTool").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// The files naming the checkout's commit, when the package is a git checkout: `.git/HEAD`,
    /// the branch's ref file and `.git/packed-refs` (read as text, no git process; `menagerie
    /// --version` resolves them). A change of commit changes one of them, so the target is
    /// rebuilt. None outside a checkout: the commit is then "unknown".
    private static func gitHeadFiles(_ packageDir: URL) -> [URL] {
        let git = packageDir.appending(path: ".git")
        let head = git.appending(path: "HEAD")
        guard let text = try? String(contentsOf: head, encoding: .utf8) else { return [] }
        var files = [head]
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("ref: ") {
            let ref = git.appending(path: String(line.dropFirst(5)))
            if FileManager.default.fileExists(atPath: ref.path(percentEncoded: false)) { files.append(ref) }
        }
        let packed = git.appending(path: "packed-refs")
        if FileManager.default.fileExists(atPath: packed.path(percentEncoded: false)) { files.append(packed) }
        return files
    }

    private static func files(in folder: URL) -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
            )
        else { return [] }
        var result: [URL] = []
        for case let url as URL in enumerator {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                result.append(url)
            }
        }
        return result.sorted { $0.path < $1.path }
    }
}
