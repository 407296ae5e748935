#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// A real `redis-server` on a free loopback port for one test (no persistence), stopped by
/// ``stop()`` or when released. Its absence is a failure, never a skip: install `redis-server`.
public final class RedisServerProcess {
    /// The port it listens on (127.0.0.1).
    public let port: Int
    private let process: Process

    /// Starts a server (with `--requirepass` when `password` is given) and waits until it
    /// accepts connections.
    public init(password: String? = nil) throws {
        let candidates = ["/usr/bin/redis-server", "/usr/local/bin/redis-server", "/usr/sbin/redis-server"]
        let searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map {
            "\($0)/redis-server"
        }
        guard let binary = (searchPath + candidates).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            throw RedisServerMissing()
        }
        port = try Self.freePort()
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        var arguments = [
            "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
            "--daemonize", "no", "--dir", NSTemporaryDirectory(), "--logfile", ""
        ]
        if let password { arguments += ["--requirepass", password] }
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<250 {
            if Self.accepts(port: port) { return }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        stop()
        throw RedisServerFailed(port: port)
    }

    deinit { stop() }

    /// Stops the server (idempotent). SIGKILL: nothing is persisted, and a test process may
    /// have SIGTERM blocked (the serve tests' signal waiter), a mask the child inherits.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A `redis://` URL of this server.
    public func url(password: String? = nil, database: Int = 0) -> String {
        "redis://" + (password.map { ":\($0)@" } ?? "") + "127.0.0.1:\(port)" + (database == 0 ? "" : "/\(database)")
    }

    /// A loopback port nothing listens on at the moment of the call.
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RedisServerFailed(port: 0) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw RedisServerFailed(port: 0) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    public static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return connected == 0
    }
}

/// `redis-server` is not installed.
public struct RedisServerMissing: Error, CustomStringConvertible {
    public init() {}
    public var description: String {
        "redis-server is not installed: the shared cache tests need it (apt-get install redis-server; .ci/run installs it)"
    }
}

/// `redis-server` did not start.
public struct RedisServerFailed: Error, CustomStringConvertible {
    public var port: Int
    public init(port: Int) { self.port = port }
    public var description: String { "redis-server did not start on port \(port)" }
}
