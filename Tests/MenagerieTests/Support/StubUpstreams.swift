import MenagerieUpstreams
import UpstreamStubs
import Dispatch
import Foundation
import JSON
@testable import Menagerie
import Upstreams

/// The four upstreams as real HTTP servers on loopback, serving the project's
/// snapshot in each upstream's wire format (Dog CEO, The Dog API and Zoo through
/// the embedded transport's routes; D&D through the embedded GraphQL endpoint),
/// with request counters and fault injection.
final class StubUpstreams: Sendable {
    let servers: [UpstreamID: StubServer]

    init() throws {
        var servers: [UpstreamID: StubServer] = [:]
        let dnd = try EmbeddedDnDEndpoint.fromSnapshot()
        for upstream in UpstreamID.allCases {
            let answer: @Sendable (UpstreamRequest) async -> UpstreamResponse
            if upstream == .dnd5e {
                answer = { await dnd.answer($0) }
            } else {
                let transport = EmbeddedTransport(upstream: upstream) { SnapshotFiles.file($0) }
                answer = { request in
                    (try? await transport.send(request)) ?? UpstreamResponse(status: 500, text: "stub failure")
                }
            }
            let portBox = PortBox()
            let server = try StubServer { request in
                let upstreamRequest = UpstreamRequest(
                    method: request.method, url: "http://127.0.0.1:\(portBox.port)" + request.target,
                    headers: request.headers.map { UpstreamHeader($0.name, $0.value) },
                    body: request.body)
                let response = Self.blocking { await answer(upstreamRequest) }
                let headers = response.headers.filter { $0.name.lowercased() != "content-length" }.map {
                    ($0.name, $0.value)
                }
                return .respond(status: response.status, headers: headers, body: response.body, delay: 0)
            }
            portBox.port = server.port
            servers[upstream] = server
        }
        self.servers = servers
    }

    /// The base URL of each upstream's stub, with the real APIs' path prefixes.
    func baseURL(_ upstream: UpstreamID) -> String {
        let root = servers[upstream]?.baseURL ?? "http://127.0.0.1:1"
        switch upstream {
        case .dogCEO: return root + "/api"
        case .theDogAPI: return root + "/v1"
        case .zoo: return root
        case .dnd5e: return root + "/graphql/2014"
        }
    }

    /// Requests received per upstream since the last reset.
    var callCounts: [UpstreamID: Int] {
        servers.mapValues(\.requestCount)
    }

    func reset() {
        for server in servers.values { server.reset() }
    }

    func stop() {
        for server in servers.values { server.stop() }
    }

    /// Runs async work from a server thread and waits for it.
    static func blocking(_ body: @escaping @Sendable () async -> UpstreamResponse) -> UpstreamResponse {
        let box = ResultBox<UpstreamResponse>()
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            box.value = await body()
            semaphore.signal()
        }
        semaphore.wait()
        return box.value ?? UpstreamResponse(status: 500, text: "stub failure")
    }
}

final class PortBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0
    var port: Int {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}

final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?
    var value: T? {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
