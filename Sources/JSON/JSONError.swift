/// Why a JSON text could not be parsed, and where.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, e.g. "Unexpected character 'x' at offset 12".
    public var message: String
    /// The byte offset of the problem in the input.
    public var offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { message }
}
