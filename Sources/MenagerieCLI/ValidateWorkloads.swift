#if canImport(Glibc)
    import Glibc
#endif
import Clocks
import GraphQL

/// The validation benchmarks, for `menagerie bench`: W3 (the introspection
/// query against the GitHub schema), `bench validate --schema S --document D`,
/// and the scaling check of the overlapping-fields rule (`validate-scaling`).
///
/// Each `prepare...` does the untimed work (reading, parsing, building the
/// schema, one check that the result is as expected) and returns the timed
/// operation: one `validate` call returning the error count.
enum ValidateWorkloads {
    struct Failure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// W3 validate-introspection: `introspection-query.graphql` against
    /// `github-schema.graphql` from `benchDirectory`; must give no errors.
    static func prepareW3(benchDirectory: String) throws(Failure) -> () -> Int {
        try prepare(
            schemaPath: benchDirectory + "/github-schema.graphql",
            documentPath: benchDirectory + "/introspection-query.graphql", expectValid: true)
    }

    /// `bench validate --schema S --document D`.
    static func prepare(schemaPath: String, documentPath: String, expectValid: Bool = false) throws(Failure)
        -> () -> Int
    {
        let schemaText = try read(schemaPath)
        let documentText = try read(documentPath)
        let schema = try buildSchema(schemaText)
        let document: Document
        do {
            document = try parse(documentText)
        } catch {
            throw Failure("\(documentPath): \(error.message)")
        }
        let errors = validate(schema: schema, document: document)
        if expectValid && !errors.isEmpty {
            throw Failure("expected no validation errors, got \(errors.count): \(errors[0].message)")
        }
        return { validate(schema: schema, document: document).count }
    }

    static func buildSchema(_ sdl: String) throws(Failure) -> GraphQLSchema {
        do {
            let document = try parse(sdl, options: .unlimited)
            let schema = try buildASTSchema(document)
            let errors = validateSchema(schema)
            if let first = errors.first { throw Failure("invalid schema: \(first.message)") }
            return schema
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure("schema does not build: \(error)")
        }
    }

    static func read(_ path: String) throws(Failure) -> String {
        switch Terminal.readText(path) {
        case .success(let text): return text
        case .failure(let error): throw Failure(error.message)
        }
    }

    // MARK: Scaling

    /// The schema of the scaling documents.
    static let scalingSchemaSDL = """
        type Query { dog: Dog }
        type Dog { name: String nickname: String barkVolume: Int mother: Dog }
        """

    /// `{ dog { name name ... } }` with `count` identical `name` fields.
    static func repeatedFieldsDocument(_ count: Int) -> String {
        "{ dog { " + String(repeating: "name ", count: count) + "} }"
    }

    /// `count` identical composite fields `mother { ...DogFields }` sharing one fragment.
    static func sharedFragmentDocument(_ count: Int) -> String {
        "{ dog { " + String(repeating: "mother { ...DogFields } ", count: count)
            + "} } fragment DogFields on Dog { name nickname barkVolume mother { name } }"
    }

    /// `count` fields `dog { aN: name }`: one response key, all sub-selections different.
    static func distinctSubselectionsDocument(_ count: Int) -> String {
        "{ " + (0..<count).map { "dog { a\($0): name }" }.joined(separator: " ") + " }"
    }

    /// A chain of `count` fragments, each spreading the next.
    static func fragmentChainDocument(_ count: Int) -> String {
        var text = "{ dog { ...F0 } }\n"
        for index in 0..<count { text += "fragment F\(index) on Dog { name ...F\(index + 1) }\n" }
        return text + "fragment F\(count) on Dog { name }\n"
    }

    /// `count` look-alike fragments spread side by side.
    static func siblingFragmentsDocument(_ count: Int) -> String {
        var text = "{ dog { " + (0..<count).map { "...F\($0)" }.joined(separator: " ") + " } }\n"
        for index in 0..<count { text += "fragment F\(index) on Dog { name mother { name } }\n" }
        return text
    }

    /// Times validation of the scaling documents (the best of `repeats` runs,
    /// in thread CPU time, which a busy machine disturbs less than wall time)
    /// and returns one line per size: `repeated-fields 2000 fields: 1.23 ms CPU, 0 errors`.
    /// Besides the two cases of the brief (repeated identical fields, composite
    /// fields sharing a fragment), fields with one response key and different
    /// sub-selections, a fragment chain and look-alike sibling spreads, which
    /// are quadratic in graphql-js.
    static func scalingReport(repeats: Int = 15) throws(Failure) -> [String] {
        let schema = try buildSchema(scalingSchemaSDL)
        var lines: [String] = []
        let cases: [(String, [Int], (Int) -> String)] = [
            ("repeated-fields", [1000, 2000, 4000], repeatedFieldsDocument),
            ("shared-fragment", [400, 800, 1600], sharedFragmentDocument),
            ("distinct-subselections", [1000, 2000, 4000], distinctSubselectionsDocument),
            ("fragment-chain", [400, 800, 1600], fragmentChainDocument),
            ("sibling-fragments", [400, 800, 1600], siblingFragmentsDocument)
        ]
        for (name, sizes, make) in cases {
            var previous: Double?
            for size in sizes {
                let document: Document
                do {
                    document = try parse(make(size), options: ParseOptions(maxTokens: .max))
                } catch {
                    throw Failure("\(name) \(size): \(error.message)")
                }
                var best = Double.infinity
                var errorCount = 0
                for _ in 0..<max(1, repeats) {
                    let start = CPUTime.thread()
                    errorCount = validate(schema: schema, document: document).count
                    best = min(best, (CPUTime.thread() - start).inSeconds)
                }
                var line = "\(name) \(size) fields: \(formatMilliseconds(best)) ms CPU, \(errorCount) errors"
                if let previous { line += ", x\(formatRatio(best / previous)) for double the fields" }
                lines.append(line)
                previous = best
            }
        }
        return lines
    }

    static func formatMilliseconds(_ seconds: Double) -> String {
        let value = (seconds * 1e5).rounded() / 100
        return String(value)
    }

    static func formatRatio(_ ratio: Double) -> String {
        String((ratio * 100).rounded() / 100)
    }
}
