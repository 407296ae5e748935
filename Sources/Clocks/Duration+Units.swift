/// The conversions of a `Duration` that the project's edges need: seconds as a number (metrics,
/// messages, a Foundation `TimeInterval`), whole milliseconds (a `poll`/`epoll_wait` timeout, a
/// Redis `PX`), and a span from a number of seconds read from input (bounded, so that no input
/// can make it trap).
extension Duration {
    /// The span in seconds, with its fraction (`1.5` for 1 500 ms).
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// The span in whole milliseconds, rounded up (a non-zero wait is never 0 ms), at most
    /// `Int64.max`; a negative span is 0.
    public var inMillisecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        guard seconds < Int64.max / 1000 - 1 else { return .max }
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }

    /// `seconds` (as read from a header or an option) as a span: negative and NaN are zero, and
    /// anything beyond 10^15 s (some 30 million years) is 10^15 s, so that any sum of a few such
    /// spans stays representable.
    public static func clampedSeconds(_ seconds: Double) -> Duration {
        guard seconds > 0 else { return .zero }
        return .seconds(min(seconds, 1e15))
    }

    /// Whole `seconds` (an `Int` read from a header), bounded like ``clampedSeconds(_:)``.
    public static func clampedSeconds(_ seconds: Int) -> Duration {
        .seconds(min(max(0, seconds), 1_000_000_000_000_000))
    }

    /// The span as text in seconds: `30`, `2.5`, `0.25` (messages and logs).
    public var secondsText: String {
        let (seconds, attoseconds) = components
        return attoseconds == 0 ? String(seconds) : String(Double(seconds) + Double(attoseconds) / 1e18)
    }
}
