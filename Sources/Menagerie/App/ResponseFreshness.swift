import Base
import GraphQL
import JSON
import Upstreams

/// How long a response may be reused by caches, from the upstream answers it was made of
/// (``UpstreamUsage``): what the server turns into `Cache-Control` on `GET` answers.
public enum ResponseFreshness: Sendable, Equatable {
    /// Reusable for this long (whole seconds).
    case fresh(Duration)
    /// Not to be stored.
    case uncacheable

    /// The freshness of a response that used no upstream (`{ __typename }`, introspection,
    /// validation-free answers from the schema alone): one hour.
    public static let withoutUpstreams = ResponseFreshness.fresh(.seconds(3600))

    /// The freshness of a response with `errors` built from `usage`, at `now` (a reading of the
    /// pipelines' ``MonotonicClock``): uncacheable when it has errors (a partial answer), or used an answer that was
    /// stale, uncacheable (a random endpoint) or failed; else the remaining freshness of the
    /// earliest-expiring cached answer it used (whole seconds, rounded down); an hour when it
    /// used none.
    public init(usage: UpstreamUsage.Summary, hasErrors: Bool, now: Duration) {
        guard !hasErrors, usage.isReusable else {
            self = .uncacheable
            return
        }
        guard let freshUntil = usage.freshUntil else {
            self = usage.answers == 0 ? Self.withoutUpstreams : .uncacheable
            return
        }
        let remaining = freshUntil - now
        self = .fresh(remaining > .zero ? .seconds(remaining.components.seconds) : .zero)
    }
}

extension MenagerieApp {
    /// The request's answer (with incremental delivery: whole, or in parts) and its freshness,
    /// computed from the upstream answers the request used (its scope's record, returned as a
    /// value); an answer in parts is never cached. Ready when the execution is (a warm request).
    public func executeMeasuringFreshness(
        _ prepared: PreparedOperation,
        variables: JSONObject = JSONObject()
    ) -> Eventual<(IncrementalExecutionResult, ResponseFreshness)> {
        let context = RequestContext(upstreams: upstreams)
        // Consumed by the switch, the outcome is moved on, not copied (see `freshness`).
        let execution = executeOperationIncrementally(prepared, variables: variables, context: context)
        switch consume execution {
        case .ready(let outcome):
            let freshness = freshness(of: outcome, context)
            return .ready((outcome, freshness))
        case .pending(let work):
            return .pending { [self] in
                let outcome = try await work()
                return (outcome, freshness(of: outcome, context))
            }
        }
    }

    /// How long `outcome`, made in `context`, may be reused.
    private func freshness(of outcome: borrowing IncrementalExecutionResult, _ context: RequestContext)
        -> ResponseFreshness
    {
        guard let hasErrors = outcome.singleResultHasErrors else { return .uncacheable }
        return ResponseFreshness(usage: context.usage, hasErrors: hasErrors, now: clock.now())
    }
}
