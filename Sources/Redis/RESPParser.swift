/// Bounds on what a ``RESPParser`` accepts: a reply beyond them is an error, never a large
/// allocation.
public struct RESPLimits: Sendable, Equatable {
    /// The longest bulk string.
    public var maxBulkBytes: Int
    /// The most elements of one array.
    public var maxArrayElements: Int
    /// The deepest nesting of arrays.
    public var maxDepth: Int
    /// The longest line (`+…`, `-…`, `:…` and the length lines).
    public var maxLineBytes: Int
    /// The most bytes buffered and not yet parsed into a reply.
    public var maxBufferedBytes: Int

    /// Creates limits; the defaults hold any Menagerie cache entry (upstream bodies are at most
    /// 16 MiB) with room to spare.
    public init(
        maxBulkBytes: Int = 32 << 20, maxArrayElements: Int = 65_536, maxDepth: Int = 8,
        maxLineBytes: Int = 64 << 10, maxBufferedBytes: Int = 48 << 20
    ) {
        self.maxBulkBytes = max(0, maxBulkBytes)
        self.maxArrayElements = max(0, maxArrayElements)
        self.maxDepth = max(1, maxDepth)
        self.maxLineBytes = max(16, maxLineBytes)
        self.maxBufferedBytes = max(64, maxBufferedBytes)
    }
}

/// An incremental RESP2 reply parser: bytes go in as they arrive (``append(_:)``), whole
/// replies come out (``next()``), nil while the next reply is incomplete.
///
/// It is bounded by its ``RESPLimits``: a declared length is checked against them and then
/// waited for, never allocated up front; anything that is not RESP2 (including RESP3 types)
/// is a ``RedisError/protocolViolation(_:)``. After an error the parser is unusable (the
/// connection must be dropped).
public struct RESPParser: Sendable {
    /// The limits in force.
    public let limits: RESPLimits
    private var buffer: [UInt8] = []
    private var start = 0

    /// Creates an empty parser.
    public init(limits: RESPLimits = RESPLimits()) {
        self.limits = limits
    }

    /// Bytes received and not yet parsed into a reply.
    public var bufferedCount: Int { buffer.count - start }

    /// Adds received bytes; throws when more than ``RESPLimits/maxBufferedBytes`` would wait.
    public mutating func append(_ bytes: some Collection<UInt8>) throws(RedisError) {
        guard bufferedCount + bytes.count <= limits.maxBufferedBytes else {
            throw .protocolViolation("more than \(limits.maxBufferedBytes) bytes of unparsed reply")
        }
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete reply, or nil when more bytes are needed.
    public mutating func next() throws(RedisError) -> RESPValue? {
        guard let (value, end) = try parse(at: start, depth: 1) else { return nil }
        start = end
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        }
        return value
    }

    /// Forgets everything buffered.
    public mutating func reset() {
        buffer = []
        start = 0
    }

    private func parse(at index: Int, depth: Int) throws(RedisError) -> (RESPValue, Int)? {
        guard index < buffer.count else { return nil }
        let type = buffer[index]
        guard let (line, next) = try line(at: index + 1) else { return nil }
        switch type {
        case UInt8(ascii: "+"):
            return (.simpleString(String(decoding: buffer[line], as: UTF8.self)), next)
        case UInt8(ascii: "-"):
            return (.error(String(decoding: buffer[line], as: UTF8.self)), next)
        case UInt8(ascii: ":"):
            return (.integer(try integer(line)), next)
        case UInt8(ascii: "$"):
            let length = try integer(line)
            if length == -1 { return (.bulkString(nil), next) }
            guard length >= 0, length <= Int64(limits.maxBulkBytes) else {
                throw .protocolViolation("bulk length \(length) outside 0…\(limits.maxBulkBytes)")
            }
            let count = Int(length)
            guard buffer.count - next >= count + 2 else { return nil }
            guard buffer[next + count] == 13, buffer[next + count + 1] == 10 else {
                throw .protocolViolation("bulk string not followed by CRLF")
            }
            return (.bulkString(Array(buffer[next..<(next + count)])), next + count + 2)
        case UInt8(ascii: "*"):
            let length = try integer(line)
            if length == -1 { return (.array(nil), next) }
            guard length >= 0, length <= Int64(limits.maxArrayElements) else {
                throw .protocolViolation("array length \(length) outside 0…\(limits.maxArrayElements)")
            }
            guard depth <= limits.maxDepth else {
                throw .protocolViolation("arrays nested deeper than \(limits.maxDepth)")
            }
            var elements: [RESPValue] = []
            var position = next
            for _ in 0..<Int(length) {
                guard let (element, end) = try parse(at: position, depth: depth + 1) else { return nil }
                elements.append(element)
                position = end
            }
            return (.array(elements), position)
        default:
            throw .protocolViolation("unknown reply type byte \(type)")
        }
    }

    /// The range of the line starting at `index` (without CRLF) and the index after its CRLF;
    /// nil when the line is not complete yet.
    private func line(at index: Int) throws(RedisError) -> (Range<Int>, Int)? {
        let end = min(buffer.count, index + limits.maxLineBytes + 2)
        var position = index
        while position < end {
            if buffer[position] == 13 {
                guard position + 1 < buffer.count else { return nil }
                guard buffer[position + 1] == 10 else { throw .protocolViolation("CR without LF") }
                return (index..<position, position + 2)
            }
            if buffer[position] == 10 { throw .protocolViolation("LF without CR") }
            position += 1
        }
        if buffer.count - index > limits.maxLineBytes + 1 {
            throw .protocolViolation("a line longer than \(limits.maxLineBytes) bytes")
        }
        return nil
    }

    /// A decimal integer (optional `-`, 1 to 19 digits), checked for overflow.
    private func integer(_ range: Range<Int>) throws(RedisError) -> Int64 {
        var position = range.lowerBound
        var negative = false
        if position < range.upperBound, buffer[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        let digits = range.upperBound - position
        guard digits >= 1, digits <= 19 else { throw .protocolViolation("not an integer") }
        var value: Int64 = 0
        while position < range.upperBound {
            let byte = buffer[position]
            guard byte >= 48, byte <= 57 else { throw .protocolViolation("not an integer") }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(byte - 48))
            guard !overflow1, !overflow2 else { throw .protocolViolation("integer out of range") }
            value = sum
            position += 1
        }
        return negative ? -value : value
    }
}
