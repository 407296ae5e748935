import Base
import DataLoader
import GraphQL
import JSON
import Locking
import MenagerieUpstreams
import Upstreams

/// Everything the resolvers of one request share: the upstream clients bound to the request
/// (its calls shared, its budget counted), its loaders (all dispatched by one
/// ``BatchScheduler``) and the catalogs it reads.
///
/// Every accessor returns an ``Eventual``: ready while the upstream answer it needs is cached and
/// fresh (a warm field completes inline, no task), pending otherwise.
final class RequestContext: Sendable {
    /// The request's scheduler: it dispatches every loader of the request.
    let scheduler: BatchScheduler
    private let environment: UpstreamsEnvironment

    /// What the request made or kept, on first use: a request that asks no upstream
    /// (`{ __typename }`) makes no clients and no loaders.
    private struct State {
        var clients: UpstreamClients?
        var loaders: UpstreamLoaders?
        /// The catalogs this request answers from: the first one it used of each, so that every
        /// field of one response reads one upstream answer.
        var breeds: BreedCatalog?
        var facts: BreedFactsIndex?
        var animals: AnimalCatalog?

        /// The clients, made now if they were not.
        mutating func clients(_ environment: UpstreamsEnvironment, _ scheduler: BatchScheduler) -> UpstreamClients {
            makeClients(environment, scheduler)
            return clients!
        }

        /// Makes the clients if they were not made.
        mutating func makeClients(_ environment: UpstreamsEnvironment, _ scheduler: BatchScheduler) {
            if clients == nil { clients = environment.clients(scheduler: scheduler) }
        }
    }

    private let state = Locked(State())

    init(upstreams: UpstreamsEnvironment) {
        scheduler = BatchScheduler()
        environment = upstreams
    }

    // The clients as this request uses them (its calls shared, its budget counted), each taken
    // out of the lock alone (`$0!.part` on the stored optional, `inout`, reads the one part in
    // place; a key path would copy the whole struct first, measured): a copy of the whole
    // `UpstreamClients` retains every reference of its four clients, a tenth of a search
    // request's retains (docs/performance.md, "thirteenth pass").

    /// The request's Dog CEO client.
    var dogCEO: DogCEOClient { client { $0!.dogCEO } }
    /// The request's Dog API client.
    var theDogAPI: TheDogAPIClient { client { $0!.theDogAPI } }
    /// The request's Zoo Animal API client.
    var zoo: ZooClient { client { $0!.zoo } }
    /// The request's D&D client.
    var dnd: DnDClient { client { $0!.dnd } }

    /// The client `part` reads in place from the stored clients (made on first use).
    @inline(__always)
    private func client<Client>(_ part: (inout UpstreamClients?) -> Client) -> Client {
        state.withLock {
            $0.makeClients(environment, scheduler)
            return part(&$0.clients)
        }
    }

    /// What the request used of the upstreams (nothing when it asked none).
    var usage: UpstreamUsage.Summary {
        // Only the scope is taken out of the lock, not a copy of the clients.
        state.withLock { $0.clients?.scope }?.usage.summary ?? UpstreamUsage.Summary()
    }

    /// The upstream loaders of the request, all dispatched by ``scheduler``.
    var loaders: UpstreamLoaders {
        state.withLock { s in
            if let made = s.loaders { return made }
            let loaders = s.clients(environment, scheduler).makeLoaders(scheduler: scheduler)
            s.loaders = loaders
            return loaders
        }
    }

    /// The tracker to give the engine.
    var tracker: SchedulerTracker { SchedulerTracker(scheduler: scheduler) }

    /// The Dog CEO breeds, ordered (built once per upstream answer).
    func breedCatalog() -> Eventual<BreedCatalog> {
        catalog(\.breeds, upstream: .dogCEO, { self.dogCEO.breeds() }, BreedCatalog.of)
    }

    /// The Dog API facts by breed name (built once per upstream answer).
    func factsIndex() -> Eventual<BreedFactsIndex> {
        catalog(\.facts, upstream: .theDogAPI, { self.theDogAPI.breeds() }, BreedFactsIndex.of)
    }

    /// The zoo's animals, ordered (built once per upstream answer).
    func animalCatalog() -> Eventual<AnimalCatalog> {
        catalog(\.animals, upstream: .zoo, { self.zoo.animals() }, AnimalCatalog.of)
    }

    /// The value `slot` holds, else the one made of the upstream answer (asked only then), which
    /// the slot then keeps (the first value a request used stays its value); upstream errors
    /// made client-safe.
    @inline(__always)
    private func catalog<Answer: Sendable, Catalog: Sendable>(
        _ slot: WritableKeyPath<State, Catalog?> & Sendable, upstream: UpstreamName,
        _ answer: () -> Eventual<Answer>, _ make: @escaping @Sendable (Answer) -> Catalog
    ) -> Eventual<Catalog> {
        if let kept = state.withLock({ $0[keyPath: slot] }) { return .ready(kept) }
        return answer().map { [state] answer in
            let fetched = make(answer)
            // The first value the request used stays its value (one upstream answer per request).
            return state.withLock { s in
                if let kept = s[keyPath: slot] { return kept }
                s[keyPath: slot] = fetched
                return fetched
            }
        }.mappingErrors(upstream: upstream)
    }
}

/// The resolvers of the served schema: each gets the request's ``RequestContext``.
typealias Resolvers = ContextResolverMap<RequestContext>
