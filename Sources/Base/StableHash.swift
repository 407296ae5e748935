/// FNV-1a, 64 bits: a hash that is the same in every process and run (unlike `Hasher`), for
/// keys that are stored or shared (cache keys, picture colours). Not a security boundary.
public enum StableHash {
    /// FNV-1a's standard offset basis.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// FNV-1a of `bytes`, starting from `offset`.
    @inlinable
    public static func fnv1a<Bytes: Sequence>(_ bytes: Bytes, offset: UInt64 = offsetBasis) -> UInt64
    where Bytes.Element == UInt8 {
        var hash = offset
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// `value` as 16 lowercase hex digits.
    public static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
