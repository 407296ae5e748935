#if canImport(Glibc)
    import Glibc
#endif
import XCTest
@testable import HTTPServer

/// The event loops' system calls through the `CLinux` C target: epoll events carry the
/// registered descriptor and flags (glibc's packed `struct epoll_event` as Swift imports it),
/// eventfd and accept4 set the flags asked for.
final class EpollTests: XCTestCase {
    func testEventsCarryTheDescriptorAndFlags() throws {
        let epfd = Epoll.create()
        let first = Epoll.eventFD(), second = Epoll.eventFD()
        defer { close(epfd); close(first); close(second) }
        XCTAssertGreaterThanOrEqual(epfd, 0)
        XCTAssertGreaterThanOrEqual(first, 0)
        XCTAssertGreaterThanOrEqual(second, 0)
        XCTAssertEqual(Epoll.control(epfd, Epoll.add, first, events: Epoll.input), 0)
        XCTAssertEqual(Epoll.control(epfd, Epoll.add, second, events: Epoll.input | Epoll.readHangUp), 0)
        var events = EpollEvents(capacity: 4)
        XCTAssertEqual(events.wait(epfd, timeout: .zero), 0)

        var one: UInt64 = 1
        XCTAssertEqual(write(second, &one, 8), 8)
        XCTAssertEqual(events.wait(epfd, timeout: .seconds(1)), 1)
        XCTAssertEqual(events[0].fd, second)
        XCTAssertEqual(events[0].events, Epoll.input)

        XCTAssertEqual(write(first, &one, 8), 8)
        XCTAssertEqual(events.wait(epfd, timeout: .seconds(1)), 2)
        XCTAssertEqual(Set([events[0].fd, events[1].fd]), [first, second])

        // An eventfd below its maximum is writable; after a delete nothing is reported.
        XCTAssertEqual(Epoll.control(epfd, Epoll.modify, first, events: Epoll.output), 0)
        XCTAssertEqual(Epoll.control(epfd, Epoll.delete, second, events: 0), 0)
        XCTAssertEqual(events.wait(epfd, timeout: .seconds(1)), 1)
        XCTAssertEqual(events[0].fd, first)
        XCTAssertEqual(events[0].events, Epoll.output)
    }

    func testEventFDIsNonBlocking() {
        let fd = Epoll.eventFD()
        defer { close(fd) }
        var value: UInt64 = 0
        XCTAssertEqual(read(fd, &value, 8), -1)
        XCTAssertEqual(errno, EAGAIN)
        XCTAssertEqual(fcntl(fd, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC)
    }

    func testAcceptedConnectionsAreNonBlockingAndCloseOnExec() throws {
        let (listenFD, port) = try Socket.listen(host: "127.0.0.1", port: 0, backlog: 4)
        defer { close(listenFD) }
        XCTAssertEqual(Epoll.accept(listenFD), -1, "nothing to accept yet")
        XCTAssertEqual(errno, EAGAIN)

        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        XCTAssertEqual(connected, 0)

        let accepted = Epoll.accept(listenFD)
        defer { close(accepted) }
        XCTAssertGreaterThanOrEqual(accepted, 0)
        XCTAssertEqual(fcntl(accepted, F_GETFL) & O_NONBLOCK, O_NONBLOCK)
        XCTAssertEqual(fcntl(accepted, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC)
    }
}
