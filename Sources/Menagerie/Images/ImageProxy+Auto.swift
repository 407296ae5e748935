import Clocks

/// `auto` mode: the real picture when it comes within the budget, else the placeholder.
///
/// - A host that fails (timeout, connection failure, `429`, `5xx`) is remembered for
///   ``ImageProxy/AutoSettings/failingHostWindow``: its pictures are placeholders at once until
///   then, after which it is asked again.
/// - A missing picture (`403`, `404`, `410`) is about that picture: the host is not remembered.
///   A missing Dog CEO picture (``BreedPictures``) is replaced by a random picture of its breed
///   from the Dog CEO API, remembered for ``ImageProxy/AutoSettings/standInLifetime``.
/// - Anything else that is not a picture (not a raster image, too large, redirected elsewhere)
///   gives the placeholder too.
///
/// Placeholders carry `Cache-Control: max-age=60`, so a browser asks again a minute later.
extension ImageProxy {
    /// The `Cache-Control` of a placeholder drawn in `auto` mode.
    static let autoPlaceholderCache = "max-age=60"

    /// The statuses meaning "this picture is missing" (a CDN may answer 403 for a missing file).
    static let missingStatuses: Set<Int> = [403, 404, 410]

    func auto(_ url: ImageURL) async -> ImageAnswer {
        if let image = cache.image(for: url.string) { return Self.success(image, .fetched) }
        if let standIn = standIns.value(for: url.string), let image = cache.image(for: standIn.string) {
            return Self.success(image, .breedRandom)
        }
        return await shared(url.string) { await self.autoFetch(url) }
    }

    private func autoFetch(_ url: ImageURL) async -> ImageAnswer {
        let deadline = MonotonicClock.systemNow() + autoSettings.budget
        func placeholder(_ reason: ImageFetchFailure) -> ImageAnswer {
            Self.placeholder(url, cache: Self.autoPlaceholderCache, reason: reason)
        }
        if let standIn = standIns.value(for: url.string) {
            // A stand-in is remembered only for a missing picture.
            return await fetchStandIn(standIn, for: url, until: deadline) ?? placeholder(.status(404))
        }
        switch await autoFetchImage(url, until: deadline) {
        case .success(let image):
            cache.store(image, for: url.string)
            return Self.success(image, .fetched)
        case .failure(.status(let status)) where Self.missingStatuses.contains(status):
            guard let pictures = autoSettings.breedPictures, let api = pictures.randomPictureURL(for: url),
                let standIn = await resolveStandIn(api, pictures, until: deadline)
            else { return placeholder(.status(status)) }
            return await fetchStandIn(standIn, for: url, until: deadline) ?? placeholder(.status(status))
        case .failure(let failure):
            return placeholder(failure)
        }
    }

    /// Fetches `url` unless its host (or a redirect's) is remembered failing (then the failure is
    /// the one remembered); remembers the host of a failure that is the host's.
    private func autoFetchImage(_ url: ImageURL, until deadline: Duration) async -> Result<
        FetchedImage, ImageFetchFailure
    > {
        let (result, last) = await fetchImage(url, until: deadline) { self.isFailing($0.origin) }
        guard case .failure(let failure) = result else { return result }
        if failure == .hostFailing { return .failure(failingHosts.value(for: last.origin) ?? .hostFailing) }
        if failure.isHostFailure { rememberFailing(last.origin, failure) }
        return result
    }

    /// The picture URL the Dog CEO API answers at `api`, when it is allowed by the policy.
    private func resolveStandIn(_ api: String, _ pictures: BreedPictures, until deadline: Duration) async -> ImageURL? {
        guard let fetcher, !isFailing(pictures.apiOrigin) else { return nil }
        switch await Self.exchange(api, with: fetcher, accept: "application/json", until: deadline) {
        case .answer(_, let bytes):
            guard let text = BreedPictures.pictureURL(inAnswer: bytes), case .success(let url) = policy.check(text)
            else { return nil }
            return url
        case .status(let status):
            if ImageFetchFailure.status(status).isHostFailure { rememberFailing(pictures.apiOrigin, .status(status)) }
            return nil
        case .timedOut:
            rememberFailing(pictures.apiOrigin, .timedOut)
            return nil
        case .failed:
            rememberFailing(pictures.apiOrigin, .unreachable)
            return nil
        case .redirect, .tooLarge:
            return nil
        }
    }

    /// The stand-in picture at `standIn` for `original` (remembered on success), or nil.
    private func fetchStandIn(_ standIn: ImageURL, for original: ImageURL, until deadline: Duration) async
        -> ImageAnswer?
    {
        let image: FetchedImage
        if let cached = cache.image(for: standIn.string) {
            image = cached
        } else {
            guard case .success(let fetched) = await autoFetchImage(standIn, until: deadline) else { return nil }
            cache.store(fetched, for: standIn.string)
            image = fetched
        }
        standIns.set(standIn, for: original.string)
        return Self.success(image, .breedRandom)
    }

    func isFailing(_ origin: String) -> Bool {
        failingHosts.value(for: origin) != nil
    }

    /// Remembers `origin` as failing with `failure`, unless the fetch was cancelled (then the
    /// failure is ours).
    private func rememberFailing(_ origin: String, _ failure: ImageFetchFailure) {
        guard !Task.isCancelled else { return }
        failingHosts.set(failure, for: origin)
    }
}
