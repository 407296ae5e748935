import Base
import DataLoader
import GraphQL
import JSON
import Locking
import MenagerieUpstreams
import Upstreams

/// Everything the resolvers of one request share: the upstream clients bound to the request
/// (its calls shared, its budget counted), its loaders (all dispatched by one
/// ``BatchScheduler``), the catalogs it reads, and the extra field errors of resolvers that
/// answer partially (`search`).
///
/// Every accessor returns an ``Eventual``: ready while the upstream answer it needs is cached and
/// fresh (a warm field completes inline, no task), pending otherwise.
final class RequestContext: Sendable {
    /// The clients as this request uses them.
    let upstreams: UpstreamClients
    /// The request's scheduler: it dispatches every loader of the request.
    let scheduler: BatchScheduler
    /// The document text, to place extra errors.
    let source: Source
    private let extraErrors = Locked<[GraphQLError]>([])
    /// The catalogs this request answers from: the first one it used of each, so that every
    /// field of one response reads one upstream answer.
    private let breeds = Locked<BreedCatalog?>(nil)
    private let facts = Locked<BreedFactsIndex?>(nil)
    private let animals = Locked<AnimalCatalog?>(nil)
    /// The loaders, made on first use: a request answered from caches (or `{ __typename }`)
    /// makes none.
    private let madeLoaders = Locked<UpstreamLoaders?>(nil)

    init(upstreams: UpstreamsEnvironment, source: Source) {
        scheduler = BatchScheduler()
        self.upstreams = upstreams.clients(scheduler: scheduler)
        self.source = source
    }

    /// The upstream loaders of the request, all dispatched by ``scheduler``.
    var loaders: UpstreamLoaders {
        madeLoaders.withLock { made in
            if let made { return made }
            let loaders = upstreams.makeLoaders(scheduler: scheduler)
            made = loaders
            return loaders
        }
    }

    /// The tracker to give the engine.
    var tracker: SchedulerTracker { SchedulerTracker(scheduler: scheduler) }

    /// The Dog CEO breeds, ordered (built once per upstream answer).
    func breedCatalog() -> Eventual<BreedCatalog> {
        catalog(breeds, upstream: .dogCEO, { self.upstreams.dogCEO.breeds() }, BreedCatalog.of)
    }

    /// The Dog API facts by breed name (built once per upstream answer).
    func factsIndex() -> Eventual<BreedFactsIndex> {
        catalog(facts, upstream: .theDogAPI, { self.upstreams.theDogAPI.breeds() }, BreedFactsIndex.of)
    }

    /// The zoo's animals, ordered (built once per upstream answer).
    func animalCatalog() -> Eventual<AnimalCatalog> {
        catalog(animals, upstream: .zoo, { self.upstreams.zoo.animals() }, AnimalCatalog.of)
    }

    /// The value `slot` holds, else the one made of the upstream answer (asked only then), which
    /// the slot then keeps (the first value a request used stays its value); upstream errors
    /// made client-safe.
    @inline(__always)
    private func catalog<Answer: Sendable, Catalog: Sendable>(
        _ slot: Locked<Catalog?>, upstream: UpstreamName, _ answer: () -> Eventual<Answer>,
        _ make: @escaping @Sendable (Answer) -> Catalog
    ) -> Eventual<Catalog> {
        if let kept = slot.withLock({ $0 }) { return .ready(kept) }
        return answer().map { keepFirst(make($0), in: slot) }.mappingErrors(upstream: upstream)
    }

    /// Records a field error at `info`'s path while the field still answers (partial results).
    func addError(_ error: GraphQLError, at info: ResolveInfo) {
        var located = error
        located.path = info.path
        located.locations = info.fieldNodes.compactMap { node in node.loc.map { source.location(at: $0.start) } }
        extraErrors.withLock { $0.append(located) }
    }

    /// The errors recorded with ``addError(_:at:)``.
    var errors: [GraphQLError] { extraErrors.withLock { $0 } }
}

/// The value `slot` already holds, else `fetched`, which it then holds: the first value a
/// request used stays its value (one upstream answer per request).
private func keepFirst<T: Sendable>(_ fetched: T, in slot: Locked<T?>) -> T {
    slot.withLock { kept in
        if let kept { return kept }
        kept = fetched
        return fetched
    }
}

/// The resolvers of the served schema: each gets the request's ``RequestContext``.
typealias Resolvers = ContextResolverMap<RequestContext>
