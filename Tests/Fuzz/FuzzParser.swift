// libFuzzer entry point for the GraphQL lexer, parser and printer.
// Built by Tests/Fuzz/fuzz-parser.sh together with the Language and Error
// sources (not part of the package build).
//
// Oracle: nothing traps or overflows; every syntax error is a GraphQLError
// with one location inside the document; a document that parses prints to a
// text that parses again and prints identically (printing is a fixed point).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let source = Source(text)
    do {
        let document = try parse(source, options: ParseOptions(maxTokens: 20_000, maxDepth: 200))
        let printed = printAST(document)
        do {
            let reparsed = try parse(printed, options: .unlimited)
            let reprinted = printAST(reparsed)
            if reprinted != printed {
                fatalError("print is not a fixed point for \(text.debugDescription):\n\(printed)\n---\n\(reprinted)")
            }
        } catch {
            fatalError("printed document does not parse: \(error.message)\n\(printed)")
        }
    } catch {
        check(error, in: source)
    }
    for run in [0, 1, 2] {
        do {
            switch run {
            case 0: _ = printAST(try parseValue(source))
            case 1: _ = printAST(try parseConstValue(source))
            default: _ = printAST(try parseType(source))
            }
        } catch {
            check(error, in: source)
        }
    }
    return 0
}

private func check(_ error: GraphQLError, in source: Source) {
    guard error.message.hasPrefix("Syntax Error: "), error.locations.count == 1,
        let location = error.locations.first, location.line >= 1, location.column >= 1
    else {
        fatalError("malformed syntax error: \(error)")
    }
}
