import Foundation
import Locking
import XCTest

/// The shipped `menagerie` executable, started as a process (`serve --port 0`).
///
/// Which binary: `MENAGERIE_BINARY` when set (CI points it at the product of
/// `swift build -c release`, built without `-enable-testing`), else the `menagerie`
/// beside the test bundle (the configuration under test). A missing binary is a failure.
final class ProductBinary: Sendable {
    let process: Process
    let port: Int
    private let output: Locked<String>

    static func locate() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["MENAGERIE_BINARY"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else { throw ProductBinaryError.missing(path) }
            return URL(fileURLWithPath: path)
        }
        // The test bundle lives in the build folder of its configuration, beside the product.
        var directory = Bundle(for: ProductBinary.self).bundleURL
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("menagerie")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw ProductBinaryError.missing(
            "menagerie beside \(Bundle(for: ProductBinary.self).bundleURL.path) (build it, or set MENAGERIE_BINARY)")
    }

    /// Starts `menagerie serve --port 0 ARGUMENTS` and waits for its "listening on" line.
    init(arguments: [String], environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = try Self.locate()
        process.arguments = ["serve", "--port", "0"] + arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = stdout
        let output = Locked("")
        let ready = DispatchSemaphore(value: 0)
        let port = Locked<Int?>(nil)
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                ready.signal()
                return
            }
            let text = output.withLock { all -> String in
                all += String(decoding: data, as: UTF8.self)
                return all
            }
            if port.withLock({ $0 }) == nil, let found = Self.listeningPort(in: text) {
                port.withLock { $0 = found }
                ready.signal()
            }
        }
        try process.run()
        _ = ready.wait(timeout: .now() + 30)
        guard let found = port.withLock({ $0 }) else {
            process.terminate()
            throw ProductBinaryError.didNotStart(output.withLock { $0 })
        }
        self.process = process
        self.port = found
        self.output = output
    }

    static func listeningPort(in text: String) -> Int? {
        guard let range = text.range(of: "listening on http://") else { return nil }
        let rest = text[range.upperBound...]
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        let digits = rest[rest.index(after: colon)...].prefix { $0.isNumber }
        return rest[rest.index(after: colon)...].dropFirst(digits.count).first == nil ? nil : Int(digits)
    }

    var isRunning: Bool { process.isRunning }

    /// What the process printed so far (stdout and stderr).
    var printed: String { output.withLock { $0 } }

    /// Sends SIGTERM and waits for the exit; returns the exit status (nil: it had to be killed).
    func stop(timeout: Double = 15) -> Int32? {
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }
}

enum ProductBinaryError: Error, CustomStringConvertible {
    case missing(String)
    case didNotStart(String)

    var description: String {
        switch self {
        case .missing(let path): return "no menagerie binary: \(path)"
        case .didNotStart(let output): return "menagerie serve did not start; it printed:\n\(output)"
        }
    }
}
