import DataLoader
import GraphQL
import JSON
import Locking
import MenagerieUpstreams

/// Everything the resolvers of one request share: the upstream clients, the
/// request's loaders (all dispatched by one ``BatchScheduler``) and the extra
/// field errors of resolvers that answer partially (`search`).
final class RequestContext: Sendable {
    /// The clients as this request uses them (its calls shared, its budget counted).
    let upstreams: UpstreamClients
    /// The request's scheduler: it dispatches every loader of the request.
    let scheduler: BatchScheduler
    /// The document text, to place extra errors.
    let source: Source
    private let extraErrors = Locked<[GraphQLError]>([])
    /// The Dog API facts index this request answers from: the first one it used, so that
    /// every field of one response reads one upstream answer (as a loader's cache would do).
    private let factsIndex = Locked<BreedFactsIndex?>(nil)
    /// The Dog CEO catalog this request answers from, likewise.
    private let catalog = Locked<BreedCatalog?>(nil)
    /// The loaders, made on first use: a request answered from caches (or `{ __typename }`)
    /// makes none.
    private let madeLoaders = Locked<Loaders?>(nil)

    /// The request's loaders, all dispatched by ``scheduler``.
    struct Loaders: Sendable {
        let upstream: UpstreamLoaders
        /// The zoo animal whose name equals the key, case-insensitively (one `/animals` request per batch).
        let animalByName: DataLoader<String, AnimalModel?>
        /// The Dog CEO breed whose display name equals the key, case-insensitively (one list request per batch).
        let breedByName: DataLoader<String, BreedModel?>
        /// The Dog API facts of the breed whose name, lowercased, equals the key lowercased; nil
        /// when none (one `/breeds` request per batch).
        let breedFacts: DataLoader<String, BreedFactsModel?>
    }

    init(upstreams: UpstreamsEnvironment, source: Source) {
        self.upstreams = upstreams.clients()
        self.source = source
        scheduler = BatchScheduler()
    }

    /// The upstream loaders of the request.
    var loaders: UpstreamLoaders { madeOnce.upstream }
    var animalByName: DataLoader<String, AnimalModel?> { madeOnce.animalByName }
    var breedByName: DataLoader<String, BreedModel?> { madeOnce.breedByName }
    var breedFacts: DataLoader<String, BreedFactsModel?> { madeOnce.breedFacts }

    private var madeOnce: Loaders {
        madeLoaders.withLock { made in
            if let made { return made }
            let loaders = makeLoaders()
            made = loaders
            return loaders
        }
    }

    private func makeLoaders() -> Loaders {
        let scheduler = self.scheduler
        // The tables these loaders read are derived once per upstream answer.
        let zoo = upstreams.zoo
        let animalByName = DataLoader<String, AnimalModel?>(scheduler: scheduler, options: DataLoaderOptions(cacheKey: { $0.lowercased() })) { names in
            let catalog = AnimalCatalog.of(try await zoo.animalsAnswer())
            return names.map { .success(catalog.named($0)) }
        }
        let dogCEO = upstreams.dogCEO
        let breedByName = DataLoader<String, BreedModel?>(scheduler: scheduler, options: DataLoaderOptions(cacheKey: { $0.lowercased() })) { names in
            let catalog = BreedCatalog.of(try await dogCEO.breedsAnswer())
            return names.map { .success(catalog.named($0)) }
        }
        let theDogAPI = upstreams.theDogAPI
        let metrics = upstreams.loaderMetrics
        let factsIndex = self.factsIndex
        let breedFacts = DataLoader<String, BreedFactsModel?>(scheduler: scheduler, options: DataLoaderOptions(
            cacheKey: { $0.lowercased() }, onBatch: { metrics.record(loader: "thedogapi.breed", size: $0) }
        )) { names in
            let index = keepFirst(BreedFactsIndex.of(try await theDogAPI.breedsAnswer()), in: factsIndex)
            return names.map { .success(index.named($0)) }
        }
        return Loaders(upstream: upstreams.makeLoaders(scheduler: scheduler), animalByName: animalByName,
                       breedByName: breedByName, breedFacts: breedFacts)
    }

    /// The tracker to give the engine.
    var tracker: SchedulerTracker { SchedulerTracker(scheduler: scheduler) }

    /// Records a field error at `info`'s path while the field still answers (partial results).
    func addError(_ error: GraphQLError, at info: ResolveInfo) {
        var located = error
        located.path = info.path
        located.locations = info.fieldNodes.compactMap { node in node.loc.map { source.location(at: $0.start) } }
        extraErrors.withLock { $0.append(located) }
    }

    /// The errors recorded with ``addError(_:at:)``.
    var errors: [GraphQLError] { extraErrors.withLock { $0 } }

    /// The Dog CEO breed list, ordered (built once per upstream answer).
    func breedCatalog() async throws -> BreedCatalog {
        if let kept = catalog.withLock({ $0 }) { return kept }
        let fetched = try await mappingErrors(upstream: .dogCEO) { BreedCatalog.of(try await upstreams.dogCEO.breedsAnswer()) }
        return keepFirst(fetched, in: catalog)
    }

    /// The catalog at once: this request's, or the cached one while it is fresh; nil when
    /// getting it means waiting (then ``breedCatalog()``).
    func immediateBreedCatalog() -> BreedCatalog? {
        catalog.withLock { kept in
            if kept == nil, let answer = upstreams.dogCEO.freshBreedsAnswer() { kept = BreedCatalog.of(answer) }
            return kept
        }
    }

    /// The Dog API facts index at once: this request's, or the cached one while it is fresh;
    /// nil when getting it means waiting (then the ``breedFacts`` loader).
    func immediateFactsIndex() -> BreedFactsIndex? {
        factsIndex.withLock { kept in
            if kept == nil, let answer = upstreams.theDogAPI.freshBreedsAnswer() { kept = BreedFactsIndex.of(answer) }
            return kept
        }
    }
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

/// The request context the engine passes to every resolver.
func requestContext(_ context: ResolvedValue) throws -> RequestContext {
    guard let context = context as? RequestContext else { throw GraphQLError(message: "Internal error: no request context.") }
    return context
}
