import Base
import DataLoader
import GraphQL
import JSON
import Upstreams

/// Turns what resolvers throw into client-safe field errors.
enum ErrorMapping {
    /// The field error for an upstream failure: its safe message, `extensions.code`
    /// (`UPSTREAM_UNAVAILABLE`, `UPSTREAM_TIMEOUT`, `UPSTREAM_BAD_RESPONSE`) and
    /// `extensions.upstream` (`dog-ceo`, `thedogapi`, `zoo`, `dnd5e`).
    static func graphQLError(_ error: UpstreamError) -> GraphQLError {
        var result = GraphQLError(message: safeMessage(error))
        var extensions = JSONObject()
        for (key, value) in error.extensions { extensions.append(key, .string(value)) }
        result.extensions = extensions
        return result
    }

    /// The error's message, without text that came from the upstream itself (an upstream's
    /// GraphQL error message may name its hosts or carry a stack trace).
    static func safeMessage(_ error: UpstreamError) -> String {
        if error.message.contains("GraphQL error:") {
            return "Upstream \(error.upstream) answered with a GraphQL error."
        }
        return error.message
    }

    /// A client-safe error for anything a resolver threw: upstream errors and bad
    /// arguments keep their meaning; anything else becomes a generic message (never
    /// a host's internals).
    static func safe(_ error: any Error, upstream: UpstreamName? = nil) -> GraphQLError {
        switch error {
        case let error as GraphQLError: return error
        case let error as UpstreamError: return graphQLError(error)
        case let problem as ArgumentProblem: return badUserInput(problem.message)
        case is CancellationError:
            if let upstream {
                return graphQLError(
                    UpstreamError(
                        upstream: upstream, kind: .unavailable, message: "Upstream \(upstream) request was cancelled."))
            }
            return GraphQLError(message: "The request was cancelled.")
        default:
            if let upstream {
                return graphQLError(
                    UpstreamError(
                        upstream: upstream, kind: .badResponse,
                        message: "Upstream \(upstream) sent an invalid response."))
            }
            return GraphQLError(message: "Internal error.")
        }
    }

    /// A bad argument: `extensions.code` = `BAD_USER_INPUT`.
    static func badUserInput(_ message: String) -> GraphQLError {
        GraphQLError(message: message).withCode(GraphQLErrorCode.badUserInput)
    }
}

/// Runs `body`, rethrowing whatever it throws as a client-safe ``GraphQLError``.
func mappingErrors<T>(upstream: UpstreamName? = nil, _ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch {
        throw ErrorMapping.safe(error, upstream: upstream)
    }
}

extension Eventual {
    /// The same value; an error the pending work throws made client-safe (``ErrorMapping/safe(_:upstream:)``).
    @inline(__always)
    func mappingErrors(upstream: UpstreamName? = nil) -> Eventual {
        guard case .pending(let work) = self else { return self }
        return .pending {
            do {
                return try await work()
            } catch {
                throw ErrorMapping.safe(error, upstream: upstream)
            }
        }
    }

    /// The value as a field's ``Resolution``.
    @inline(__always)
    var resolution: Resolution {
        Resolution(self)
    }
}

extension Eventual where Value: OptionalValue, Value.Wrapped: Sendable {
    /// The optional value as a field's ``Resolution``: nil is null (not an `Optional.none` boxed in
    /// the field's value, which the executor would have to unwrap with a dynamic cast).
    @inline(__always)
    var resolution: Resolution {
        switch self {
        case .ready(let value): return .ready(value.wrapped.map { $0 as any Sendable })
        case .pending(let work): return .pending { try await work().wrapped.map { $0 as any Sendable } }
        }
    }
}

/// An `Optional`, whatever it wraps (for ``Eventual/resolution``).
protocol OptionalValue {
    associatedtype Wrapped
    var wrapped: Wrapped? { get }
}

extension Optional: OptionalValue {
    var wrapped: Wrapped? { self }
}
