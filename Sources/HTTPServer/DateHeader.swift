#if canImport(Glibc)
    import Glibc
#endif
import Clocks

/// The `Date` header's value: the current time as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`),
/// formatted once per second. (Parsing HTTP-dates is the upstream clients' `HTTPDate`.)
struct DateHeader {
    private var second: Int = -1
    private(set) var bytes: [UInt8] = []

    /// The current date, recomputed when the second changes.
    mutating func current() -> [UInt8] {
        let now = Int(WallClock.systemNow().components.seconds)
        if now != second {
            second = now
            bytes = Array(Self.format(now).utf8)
        }
        return bytes
    }

    static func format(_ seconds: Int) -> String {
        var t = seconds
        var parts = tm()
        gmtime_r(&t, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(days[Int(parts.tm_wday) % 7]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon) % 12]) "
            + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
