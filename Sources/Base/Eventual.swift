/// A value that is ready now or has to be awaited: graphql-js's `PromiseOrValue`, shared by the
/// upstream pipeline, the clients, the application's request context and the executor.
///
/// Whoever can answer at once (a fresh cache entry, a value already loaded) returns ``ready(_:)``,
/// and the caller goes on synchronously: a warm GraphQL field completes inline, with no task and
/// no suspension. Otherwise it returns ``pending(_:)``, the work to await. One function body
/// serves both, so nothing is written twice:
///
/// ```swift
/// func breedPage(_ arguments: FieldArguments) -> Eventual<BreedPage> {
///     catalog().map { try page(of: $0, arguments) }     // ready when the catalog is, else pending
/// }
/// ```
public enum Eventual<Value: Sendable>: Sendable {
    /// The work of a pending value. It runs on the executor of its caller
    /// (`nonisolated(nonsending)`): work that does not suspend costs no executor hop.
    public typealias Work = nonisolated(nonsending) @Sendable () async throws -> Value

    /// The value, now.
    case ready(Value)
    /// The work that produces it; it runs on its caller's executor.
    case pending(Work)

    /// The value: at once when ready, else by running the pending work.
    @inlinable
    public nonisolated(nonsending) var value: Value {
        get async throws {
            switch self {
            case .ready(let value): return value
            case .pending(let work): return try await work()
            }
        }
    }

    /// The value of an eventual whose pending work does not fail (an execution's result, a
    /// request's answer: their work catches its own errors): at once when ready, else by running
    /// the work; `fallback` should it fail all the same.
    @inlinable
    public nonisolated(nonsending) func value(orIfFailed fallback: @autoclosure () -> Value) async -> Value {
        switch self {
        case .ready(let value): return value
        case .pending(let work):
            do { return try await work() } catch { return fallback() }
        }
    }

    /// The value when it is ready; nil when it has to be awaited.
    @inlinable
    public var readyValue: Value? {
        if case .ready(let value) = self { return value }
        return nil
    }

    /// An eventual value that fails with `error` when awaited.
    @inlinable
    public static func failed(_ error: any Error) -> Eventual {
        .pending { throw error }
    }

    /// `transform` applied to the value: now when ready, else after the pending work. An error
    /// `transform` throws on a ready value makes the result ``failed(_:)``.
    @inlinable @inline(__always)
    public func map<New: Sendable>(_ transform: @escaping @Sendable (Value) throws -> New) -> Eventual<New> {
        switch self {
        case .ready(let value):
            do { return .ready(try transform(value)) } catch { return .failed(error) }
        case .pending(let work):
            return .pending { try transform(try await work()) }
        }
    }

    /// The eventual value `transform` makes of the value: ready only when both are.
    @inlinable @inline(__always)
    public func flatMap<New: Sendable>(_ transform: @escaping @Sendable (Value) throws -> Eventual<New>) -> Eventual<
        New
    > {
        switch self {
        case .ready(let value):
            do { return try transform(value) } catch { return .failed(error) }
        case .pending(let work):
            return .pending { try await transform(try await work()).value }
        }
    }
}
