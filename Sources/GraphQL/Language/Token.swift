/// The kinds of lexical tokens, named as graphql-js names them in messages.
enum TokenKind: UInt8, Sendable {
    case sof, eof
    case bang, dollar, amp, parenL, parenR, spread, colon, equals, at
    case bracketL, bracketR, braceL, pipe, braceR
    case name, int, float, string, blockString, comment

    /// graphql-js's `TokenKind` text: `<EOF>`, `!`, `Name`, ...
    var text: String {
        switch self {
        case .sof: "<SOF>"
        case .eof: "<EOF>"
        case .bang: "!"
        case .dollar: "$"
        case .amp: "&"
        case .parenL: "("
        case .parenR: ")"
        case .spread: "..."
        case .colon: ":"
        case .equals: "="
        case .at: "@"
        case .bracketL: "["
        case .bracketR: "]"
        case .braceL: "{"
        case .pipe: "|"
        case .braceR: "}"
        case .name: "Name"
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .blockString: "BlockString"
        case .comment: "Comment"
        }
    }

    /// Whether the kind is a punctuator (quoted in error messages).
    var isPunctuator: Bool {
        switch self {
        case .bang, .dollar, .amp, .parenL, .parenR, .spread, .colon, .equals, .at,
            .bracketL, .bracketR, .braceL, .pipe, .braceR:
            true
        default: false
        }
    }

    /// How an error message names the kind: `"{"` for punctuators, `Name` otherwise.
    var descriptionInMessage: String {
        isPunctuator ? "\"" + text + "\"" : text
    }
}

/// One lexical token: its kind and UTF-8 byte range (a trivial value: the
/// decoded value of a string token is kept by the lexer).
struct Token: Sendable {
    var kind: TokenKind
    var start: Int
    var end: Int

    init(kind: TokenKind, start: Int, end: Int) {
        self.kind = kind
        self.start = start
        self.end = end
    }
}
