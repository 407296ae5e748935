import Foundation
import JSON
import MenagerieUpstreams
import Upstreams

/// The independent stub upstreams of `Tests/Stubs/recorded_upstreams.py`, started
/// as a subprocess: the RECORDED data of `../shared/upstreams` (not the project's
/// snapshot) in each API's real wire format, one loopback port per upstream, with
/// faults settable at run time through the program's control port.
///
/// Needs `python3` with graphql-core 3.2 and the shared data beside the checkout;
/// either missing is an error (the test fails), never a skip.
final class RecordedUpstreams: Sendable {
    /// A fault of the stubs (see `Tests/Stubs/recorded/faults.py`).
    enum Fault: String, Sendable {
        case garbage, truncated, html, hang, refuse, reset, redirect, drip
        case serverError = "500"
        case unavailable = "503"
        case rateLimited = "429"
        /// D&D only: every other root field fails with a GraphQL error naming its alias.
        case graphqlErrors = "graphql-errors"
    }

    /// One request an upstream stub received.
    struct Request: Sendable {
        var method: String
        /// Path and query, as sent.
        var path: String
        /// Headers by lower-cased name.
        var headers: [String: String]
        var body: String
    }

    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let program = checkout.appendingPathComponent("Tests/Stubs/recorded_upstreams.py")
    static let shared = checkout.deletingLastPathComponent().appendingPathComponent("shared/upstreams")

    let process: Process
    let urls: [String: String]
    let client = URLSessionTransport(timeout: .seconds(10))
    private let folder: URL

    /// Starts the stubs, accepting `apiKey` as The Dog API's `x-api-key` (nil: no key is
    /// accepted), and waits (up to 30 s) for their ports file.
    init(apiKey: String?) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "recorded-upstreams-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let portsFile = folder.appendingPathComponent("ports.json")
        let errorFile = folder.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", Self.program.path, "--shared", Self.shared.path,
                "--ports-file", portsFile.path
            ] + (apiKey.map { ["--api-key", $0] } ?? ["--no-api-key"])
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: portsFile.path) {
            if !process.isRunning || Date() > deadline {
                if process.isRunning { process.terminate() }
                let message = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
                throw RecordedUpstreamsError.startFailed(message.isEmpty ? "no ports file after 30 s" : message)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        var urls: [String: String] = [:]
        for (key, value) in try JSONParser.parse(String(contentsOf: portsFile, encoding: .utf8)).objectValue ?? [:] {
            if let text = value.stringValue { urls[key] = text }
        }
        self.urls = urls
    }

    /// The base URL of `upstream`'s stub, with the real API's path prefix
    /// (`http://127.0.0.1:P/api` for Dog CEO, `…/v1`, the root, `…/graphql/2014`).
    func baseURL(_ upstream: UpstreamID) -> String {
        urls[upstream.rawValue] ?? "http://127.0.0.1:1"
    }

    /// The "evil" origin the `redirect` fault points to.
    var evilURL: String { urls["evil"] ?? "http://127.0.0.1:1" }

    /// Makes every request to `upstream` fail with `fault` until ``clear()``.
    func setFault(_ fault: Fault, for upstream: UpstreamID) async throws {
        try await control("/fault", ["upstream": .string(upstream.rawValue), "fault": .string(fault.rawValue)])
    }

    /// Makes every answer of `upstream` come 1 s late (the stubs' `slow` fault: not a failure,
    /// so not a ``Fault``) until ``clear()``.
    func setSlow(_ upstream: UpstreamID) async throws {
        try await control("/fault", ["upstream": .string(upstream.rawValue), "fault": .string("slow")])
    }

    /// A run-time mode of the stubs: the Zoo's generation of routes, The Dog API's paging.
    enum Mode: String, Sendable {
        /// Zoo: `/animals`, `/animals/rand[/n]` (the default).
        case deployed
        /// Zoo: `/animals`, `/animals/num/{n}`, `/animals/random[/n]`.
        case openSource = "open-source"
        /// The Dog API: `/breeds` whole (the default).
        case whole
        /// The Dog API: `/breeds` without `limit` answers its first page of 20, with `pagination-count`.
        case paged
    }

    /// Switches `upstream` to `mode` until ``reset()``.
    func setMode(_ mode: Mode, for upstream: UpstreamID) async throws {
        try await control("/mode", ["upstream": .string(upstream.rawValue), "mode": .string(mode.rawValue)])
    }

    /// Clears every fault (releases hung requests, reopens refused ports).
    func clear() async throws {
        try await control("/clear", [:])
    }

    /// Clears faults and the request logs.
    func reset() async throws {
        try await control("/reset", [:])
    }

    /// The requests `upstream` received since the last reset.
    func requests(for upstream: UpstreamID) async throws -> [Request] {
        try await requests(named: upstream.rawValue)
    }

    /// The requests the redirect target ("evil" origin) received.
    func evilRequests() async throws -> [Request] {
        try await requests(named: "evil")
    }

    private func requests(named name: String) async throws -> [Request] {
        let response = try await client.send(
            UpstreamRequest(url: urls["control", default: ""] + "/requests?upstream=" + name))
        guard response.status == 200 else { throw RecordedUpstreamsError.control("/requests", response.status) }
        let log = try JSONParser.parse(response.body)
        return (log["requests"]?.arrayValue ?? []).map { item in
            var headers: [String: String] = [:]
            for (key, value) in item["headers"]?.objectValue ?? [:] { headers[key] = value.stringValue ?? "" }
            return Request(
                method: item["method"]?.stringValue ?? "", path: item["path"]?.stringValue ?? "",
                headers: headers, body: item["body"]?.stringValue ?? "")
        }
    }

    private func control(_ path: String, _ body: JSONObject) async throws {
        let request = UpstreamRequest(
            method: "POST", url: urls["control", default: ""] + path,
            headers: [UpstreamHeader("Content-Type", "application/json")],
            body: JSONValue.object(body).serializedBytes())
        let response = try await client.send(request)
        guard response.status == 200 else { throw RecordedUpstreamsError.control(path, response.status) }
    }

    /// Stops the stubs (SIGTERM, then SIGKILL after 5 s) and removes the temporary folder.
    func stop() {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }
}

enum RecordedUpstreamsError: Error, CustomStringConvertible {
    case startFailed(String)
    case control(String, Int)

    var description: String {
        switch self {
        case .startFailed(let message): "the recorded stub upstreams did not start: \(message)"
        case .control(let path, let status): "the stubs' control endpoint \(path) answered \(status)"
        }
    }
}
