import Locking

/// Fetched images by URL, least recently used dropped first, bounded by their total size.
final class ImageCache: Sendable {
    struct Entry {
        var image: FetchedImage
        var lastUse: Int
    }

    struct State {
        var entries: [String: Entry] = [:]
        var totalBytes = 0
        var clock = 0
    }

    /// The most bytes of image data held.
    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The image cached for `key` (marked as just used).
    func image(for key: String) -> FetchedImage? {
        state.withLock { s in
            guard var entry = s.entries[key] else { return nil }
            s.clock += 1
            entry.lastUse = s.clock
            s.entries[key] = entry
            return entry.image
        }
    }

    /// Stores `image` for `key`, dropping the least recently used images beyond ``capacity``;
    /// an image larger than the whole capacity is not stored.
    func store(_ image: FetchedImage, for key: String) {
        let size = image.bytes.count
        guard size <= capacity else { return }
        state.withLock { s in
            if let old = s.entries.removeValue(forKey: key) { s.totalBytes -= old.image.bytes.count }
            s.clock += 1
            s.entries[key] = Entry(image: image, lastUse: s.clock)
            s.totalBytes += size
            while s.totalBytes > capacity, let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                s.entries.removeValue(forKey: oldest.key)
                s.totalBytes -= oldest.value.image.bytes.count
            }
        }
    }

    /// The bytes held now.
    var totalBytes: Int { state.withLock { $0.totalBytes } }
    /// The number of images held now.
    var count: Int { state.withLock { $0.entries.count } }
}
