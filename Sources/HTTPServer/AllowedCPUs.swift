#if canImport(Glibc)
    import Glibc
#endif

/// The number of CPUs this process may run on: its affinity list (as `taskset` or a
/// container's cpuset sets it), not the machine's online count, so that a server pinned to
/// one core does not run threads it cannot use.
public enum AllowedCPUs {
    /// From `Cpus_allowed_list` in `/proc/self/status` (`sched_getaffinity` needs
    /// `_GNU_SOURCE`, which the Glibc module does not define); the online count when unreadable.
    public static var count: Int {
        guard let status = readStatus(), let count = count(status: status) else { return online }
        return count
    }

    /// The online CPUs of the machine.
    static var online: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The CPUs of the `Cpus_allowed_list:` line of a `/proc/PID/status` text
    /// (`0-3,8,10-11` is 7); nil without a well-formed line.
    static func count(status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix("Cpus_allowed_list:") {
            var total = 0
            for range in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",") {
                let bounds = range.split(separator: "-").map { Int($0.trimmingSpaces) }
                switch bounds.count {
                case 1:
                    guard bounds[0] != nil else { return nil }
                    total += 1
                case 2:
                    guard let low = bounds[0], let high = bounds[1], high >= low else { return nil }
                    total += high - low + 1
                default:
                    return nil
                }
            }
            return total > 0 ? total : nil
        }
        return nil
    }

    private static func readStatus() -> String? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
