/// An `AsyncStream` in a box, for a value type that holds one.
///
/// `AsyncStream` is resilient (the Concurrency library is built with library evolution: its
/// layout is known only at run time), so a stored field of its type makes the value that holds
/// it, and every value or enum that holds that, address-only: copied and switched over through
/// run-time value witnesses instead of inline code. A reference to this box keeps them loadable
/// (docs/performance.md, "Speed as deployed, ninth pass").
public final class StreamBox<Element: Sendable>: Sendable {
    public let stream: AsyncStream<Element>

    public init(_ stream: AsyncStream<Element>) { self.stream = stream }
}
