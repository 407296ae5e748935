#if canImport(Glibc)
    import Glibc
#endif
import XCTest

/// Sends `request` on a fresh loopback connection and reads until the server closes it, or until
/// what was read contains `marker` (then the client closes the connection).
func loopbackExchange(_ port: Int, _ request: String, timeoutSeconds: Int = 5, until marker: String? = nil) throws
    -> String
{
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    XCTAssertGreaterThanOrEqual(fd, 0)
    defer { close(fd) }
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    XCTAssertEqual(connected, 0)
    let bytes = Array(request.utf8)
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { break }
        received += chunk[0..<n]
    }
    return String(decoding: received, as: UTF8.self)
}
