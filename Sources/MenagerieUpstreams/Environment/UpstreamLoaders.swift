import DataLoader

/// The data loaders of one GraphQL request, all dispatched by its ``BatchScheduler``.
///
/// Create one per request with ``UpstreamClients/makeLoaders(scheduler:)``.
public struct UpstreamLoaders: Sendable {
    /// The request's scheduler (give it to the executor: see ``BatchScheduler``).
    public let scheduler: BatchScheduler
    /// D&D monsters by index: one aliased upstream query per dispatch.
    public let monsters: DataLoader<DnDMonsterKey, DnDMonsterLookup>
    /// D&D monsters by exact name (case-insensitive): one aliased upstream query per dispatch.
    public let monstersByName: DataLoader<DnDMonsterNameKey, DnDMonsterLookup>
    /// Dog CEO's full image list per breed path (`"hound"`, `"hound/afghan"`); nil for an unknown breed.
    public let breedImages: DataLoader<String, [String]?>
}

extension UpstreamClients {
    /// Fresh loaders for one request.
    public func makeLoaders(scheduler: BatchScheduler) -> UpstreamLoaders {
        let metrics = loaderMetrics
        let dogCEO = self.dogCEO
        func options<Key>(_ name: String, cacheKey: (@Sendable (Key) -> Key)? = nil) -> DataLoaderOptions<Key> {
            DataLoaderOptions(cacheKey: cacheKey, onBatch: { metrics.record(loader: name, size: $0) })
        }
        let breedImages = DataLoader<String, [String]?>(scheduler: scheduler, options: options("dog-ceo.images")) {
            paths in
            // Dog CEO has no batch endpoint: one request per breed, all at once.
            await withTaskGroup(of: (Int, Result<[String]?, any Error>).self) { group in
                for (position, path) in paths.enumerated() {
                    group.addTask {
                        let (breed, sub) = DogCEOClient.split(path: path)
                        // The call's outcome is settled before the tuple is built: a `try await`
                        // inside a returned tuple literal is miscompiled by Swift 6.3's optimiser
                        // (docs/testing.md, "Release safety"; CI runs Tests/Scripts/check-async-tuples.py).
                        let result = await Result { try await dogCEO.images(breed: breed, subBreed: sub).value }
                        return (position, result)
                    }
                }
                var results = [Result<[String]?, any Error>](repeating: .success(nil), count: paths.count)
                for await (position, result) in group { results[position] = result }
                return results
            }
        }
        return UpstreamLoaders(
            scheduler: scheduler,
            monsters: dnd.makeMonsterLoader(scheduler: scheduler, metrics: metrics),
            monstersByName: dnd.makeMonsterByNameLoader(scheduler: scheduler, metrics: metrics),
            breedImages: breedImages
        )
    }
}
