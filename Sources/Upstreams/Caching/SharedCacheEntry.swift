/// One upstream answer as a ``SharedCache`` stores it: the response (status, the headers the
/// pipeline reads, body), whose request it answers, and until when it is fresh and usable as
/// stale-if-error, in wall-clock time (replicas share wall time, not monotonic time).
///
/// Binary format, big-endian: `MNGR`, format version (1 byte), fresh-until and stale-until
/// (milliseconds since 1970, 8 bytes each), status (2 bytes), upstream and request key
/// (4-byte length + UTF-8), header count (2 bytes) and each header's name and value (4-byte
/// length + UTF-8), body (4-byte length + bytes), nothing after. Anything else — another
/// version, a length beyond the end, trailing bytes — does not decode (a miss).
struct SharedCacheEntry: Sendable, Equatable {
    static let magic: [UInt8] = Array("MNGR".utf8)
    static let formatVersion: UInt8 = 1
    /// The response headers kept (the others are dropped before storing).
    static let keptHeaders: Set<String> = ["content-type", "cache-control", "etag", "last-modified"]

    var upstream: String
    var request: String
    var response: UpstreamResponse
    /// Until when the entry is fresh (a ``WallClock`` reading, kept to the millisecond).
    var freshUntil: Duration
    /// Until when the entry may serve as stale-if-error (a ``WallClock`` reading).
    var staleUntil: Duration

    init(upstream: String, request: String, response: UpstreamResponse, freshUntil: Duration, staleUntil: Duration) {
        self.upstream = upstream
        self.request = request
        self.response = UpstreamResponse(
            status: response.status,
            headers: response.headers.filter { Self.keptHeaders.contains($0.name.lowercased()) },
            body: response.body
        )
        self.freshUntil = freshUntil
        self.staleUntil = staleUntil
    }

    /// The bytes to store.
    func encoded() -> [UInt8] {
        var out = Self.magic
        out.reserveCapacity(
            64 + upstream.utf8.count + request.utf8.count + response.body.count
                + response.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 8 })
        out.append(Self.formatVersion)
        Self.append(UInt64(bitPattern: Self.milliseconds(freshUntil)), bytes: 8, to: &out)
        Self.append(UInt64(bitPattern: Self.milliseconds(staleUntil)), bytes: 8, to: &out)
        Self.append(UInt64(UInt16(clamping: response.status)), bytes: 2, to: &out)
        Self.appendField(Array(upstream.utf8), to: &out)
        Self.appendField(Array(request.utf8), to: &out)
        Self.append(UInt64(UInt16(clamping: response.headers.count)), bytes: 2, to: &out)
        for header in response.headers.prefix(Int(UInt16.max)) {
            Self.appendField(Array(header.name.utf8), to: &out)
            Self.appendField(Array(header.value.utf8), to: &out)
        }
        Self.appendField(response.body, to: &out)
        return out
    }

    /// Decodes stored bytes; nil for anything that is not a whole entry of this format.
    init?(decoding bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard reader.take(4) == Self.magic, reader.integer(1) == UInt64(Self.formatVersion),
            let fresh = reader.integer(8), let stale = reader.integer(8), let status = reader.integer(2),
            let upstream = reader.text(), let request = reader.text(), let headerCount = reader.integer(2)
        else { return nil }
        var headers: [UpstreamHeader] = []
        for _ in 0..<headerCount {
            guard let name = reader.text(), let value = reader.text() else { return nil }
            headers.append(UpstreamHeader(name, value))
        }
        guard let body = reader.field(), reader.isAtEnd else { return nil }
        self.upstream = upstream
        self.request = request
        self.response = UpstreamResponse(status: Int(status), headers: headers, body: body)
        self.freshUntil = .milliseconds(Int64(bitPattern: fresh))
        self.staleUntil = .milliseconds(Int64(bitPattern: stale))
    }

    /// `instant` in whole milliseconds (rounded to the nearest), within ±9·10^15.
    private static func milliseconds(_ instant: Duration) -> Int64 {
        let (seconds, attoseconds) = instant.components
        let bound: Int64 = 9_000_000_000_000
        guard seconds > -bound else { return -bound * 1000 }
        guard seconds < bound else { return bound * 1000 }
        return seconds * 1000 + (attoseconds + (attoseconds >= 0 ? 500_000_000_000_000 : -500_000_000_000_000))
            / 1_000_000_000_000_000
    }

    private static func append(_ value: UInt64, bytes: Int, to out: inout [UInt8]) {
        for index in stride(from: bytes - 1, through: 0, by: -1) {
            out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))))
        }
    }

    private static func appendField(_ field: [UInt8], to out: inout [UInt8]) {
        append(UInt64(field.count), bytes: 4, to: &out)
        out += field
    }

    /// Reads fields front to back; every read checks the bytes left.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        mutating func take(_ count: Int) -> [UInt8]? {
            guard count >= 0, bytes.count - position >= count else { return nil }
            defer { position += count }
            return Array(bytes[position..<(position + count)])
        }

        mutating func integer(_ count: Int) -> UInt64? {
            guard let raw = take(count) else { return nil }
            return raw.reduce(0) { $0 << 8 | UInt64($1) }
        }

        mutating func field() -> [UInt8]? {
            guard let length = integer(4) else { return nil }
            return take(Int(length))
        }

        mutating func text() -> String? {
            field().map { String(decoding: $0, as: UTF8.self) }
        }
    }
}
