import XCTest
@testable import HTTPServer

/// The event loops default to the CPUs the process may run on (`taskset`, cpusets).
final class AllowedCPUsTests: XCTestCase {
    func testCountsTheAllowedList() {
        let status = "Name:\tmenagerie\nCpus_allowed:\tff\nCpus_allowed_list:\t0-3,8,10-11\nMems_allowed_list:\t0\n"
        XCTAssertEqual(AllowedCPUs.count(status: status), 7)
        XCTAssertEqual(AllowedCPUs.count(status: "Cpus_allowed_list:\t1\n"), 1)
        XCTAssertEqual(AllowedCPUs.count(status: "Cpus_allowed_list:\t0-1\n"), 2)
        XCTAssertNil(AllowedCPUs.count(status: "Cpus_allowed_list:\t3-1\n"))
        XCTAssertNil(AllowedCPUs.count(status: "Cpus_allowed_list:\tx\n"))
        XCTAssertNil(AllowedCPUs.count(status: "Name:\tmenagerie\n"))
    }

    func testThisProcess() {
        XCTAssertGreaterThanOrEqual(AllowedCPUs.count, 1)
        XCTAssertLessThanOrEqual(AllowedCPUs.count, AllowedCPUs.online)
        XCTAssertEqual(HTTPServerConfiguration().eventLoopCount, AllowedCPUs.count)
    }
}
