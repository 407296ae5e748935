import Base

/// HTTP-date parsing (RFC 9110 §5.6.7) on UTF-8 bytes, without Foundation date formatters.
///
/// Accepts the three forms a recipient must accept:
/// - IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`
/// - obsolete RFC 850: `Sunday, 06-Nov-94 08:49:37 GMT`
/// - obsolete asctime: `Sun Nov  6 08:49:37 1994`
///
/// Leniency: names are case-insensitive, runs of spaces count as one, the day of the month
/// may have one or two digits, the weekday is not checked against the date, `UTC` is taken
/// for `GMT`, and an RFC 850 date may carry a four-digit year. Field ranges are checked
/// (day within its month, hour 0–23, minute 0–59, second 0–60).
enum HTTPDate {
    /// Seconds since 1970-01-01T00:00:00Z of `text`, or nil when it is not an HTTP-date.
    ///
    /// `now` (a ``WallClock`` reading: time since the epoch) resolves the two-digit years of
    /// RFC 850 dates: the year with those last two digits that is at most 50 years ahead of `now`.
    static func parse(_ text: String, now: Duration) -> Int64? {
        var scanner = Scanner(Array(text.utf8))
        scanner.skipSpaces()
        guard let weekday = scanner.letters(), weekdayNames.contains(weekday) else { return nil }
        if scanner.take(UInt8(ascii: ",")) {
            // IMF-fixdate or RFC 850.
            scanner.skipSpaces()
            guard let day = scanner.number(maxDigits: 2) else { return nil }
            let year: Int
            let month: Int
            if scanner.take(UInt8(ascii: "-")) {
                guard let name = scanner.letters(), let m = monthNumber(name), scanner.take(UInt8(ascii: "-")) else {
                    return nil
                }
                month = m
                let start = scanner.position
                guard let y = scanner.number(maxDigits: 4) else { return nil }
                switch scanner.position - start {
                case 2: year = fullYear(twoDigits: y, now: now)
                case 4: year = y
                default: return nil
                }
            } else {
                guard scanner.skipSpaces(), let name = scanner.letters(), let m = monthNumber(name),
                    scanner.skipSpaces()
                else { return nil }
                month = m
                let start = scanner.position
                guard let y = scanner.number(maxDigits: 4), scanner.position - start == 4 else { return nil }
                year = y
            }
            guard scanner.skipSpaces(), let time = scanner.timeOfDay(), scanner.skipSpaces(),
                let zone = scanner.letters(), zone == "gmt" || zone == "utc"
            else { return nil }
            scanner.skipSpaces()
            guard scanner.atEnd else { return nil }
            return epochSeconds(year: year, month: month, day: day, time: time)
        }
        // asctime: weekday SP month SP day SP time SP year.
        guard scanner.skipSpaces(), let name = scanner.letters(), let month = monthNumber(name), scanner.skipSpaces(),
            let day = scanner.number(maxDigits: 2), scanner.skipSpaces(), let time = scanner.timeOfDay(),
            scanner.skipSpaces()
        else { return nil }
        let start = scanner.position
        guard let year = scanner.number(maxDigits: 4), scanner.position - start == 4 else { return nil }
        scanner.skipSpaces()
        guard scanner.atEnd else { return nil }
        return epochSeconds(year: year, month: month, day: day, time: time)
    }

    private static let weekdayNames: Set<String> = [
        "mon", "tue", "wed", "thu", "fri", "sat", "sun",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"
    ]

    private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func monthNumber(_ name: String) -> Int? {
        monthNames.firstIndex(of: name).map { $0 + 1 }
    }

    /// The year ending in `twoDigits` within (nowYear − 50, nowYear + 50] (RFC 9110: a date
    /// that appears more than 50 years in the future is in the past century).
    static func fullYear(twoDigits: Int, now: Duration) -> Int {
        let seconds = now.components.seconds
        let nowYear = CivilDate(daysSince1970: CivilDate.daysSince1970(containingSecond: Int(seconds))).year
        let base = nowYear - 49
        let offset = ((twoDigits - base) % 100 + 100) % 100
        return base + offset
    }

    private static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func epochSeconds(year: Int, month: Int, day: Int, time: (hour: Int, minute: Int, second: Int))
        -> Int64?
    {
        guard (1...9999).contains(year), day >= 1, day <= daysInMonth(month, year: year) else { return nil }
        let days = Int64(CivilDate(year: year, month: month, day: day).daysSince1970)
        return days * 86_400 + Int64(time.hour * 3600 + time.minute * 60 + time.second)
    }

    /// A cursor over the bytes of a date.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }

        /// Skips spaces and tabs; true when at least one was skipped.
        @discardableResult
        mutating func skipSpaces() -> Bool {
            let start = position
            while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
            return position > start
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        /// ASCII letters, lowercased (at most 9, the longest day name); nil when none.
        mutating func letters() -> String? {
            var scalars: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position] | 0x20
                guard byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z"), bytes[position] >= 0x41 else { break }
                scalars.append(byte)
                position += 1
                if scalars.count > 9 { return nil }
            }
            return scalars.isEmpty ? nil : String(decoding: scalars, as: UTF8.self)
        }

        /// 1...maxDigits decimal digits.
        mutating func number(maxDigits: Int) -> Int? {
            var value = 0
            var digits = 0
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                if digits == maxDigits { return nil }
                value = value * 10 + Int(bytes[position] - 0x30)
                digits += 1
                position += 1
            }
            return digits == 0 ? nil : value
        }

        /// `HH:MM:SS`, two digits each.
        mutating func timeOfDay() -> (hour: Int, minute: Int, second: Int)? {
            guard let hour = twoDigits(), hour <= 23, take(UInt8(ascii: ":")),
                let minute = twoDigits(), minute <= 59, take(UInt8(ascii: ":")),
                let second = twoDigits(), second <= 60
            else { return nil }
            return (hour, minute, second)
        }

        private mutating func twoDigits() -> Int? {
            let start = position
            guard let value = number(maxDigits: 2), position - start == 2 else { return nil }
            return value
        }
    }
}
