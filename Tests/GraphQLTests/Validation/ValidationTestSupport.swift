import XCTest
@testable import GraphQL

/// Shared helpers of the validation tests: the graphql-js test harness schema
/// (rebuilt from SDL), schema building, and error comparison.
enum ValidationTestSupport {
    /// `/work/shared` (the checkout's sibling `shared/` folder).
    static let sharedDirectory: String = {
        // Walk up from this file to the first folder that has `shared/` beside it
        // (`/work/main/..` in a checkout, `/work/wt/NAME/../..` in a worktree).
        var path = "\(#filePath)"
        while let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            path = String(path[..<slash])
            let candidate = path + "/shared"
            if access(candidate + "/conformance", F_OK) == 0 { return candidate }
        }
        return "../shared"
    }()

    /// Reads a whole file as UTF-8 text.
    static func readFile(_ path: String) -> String? {
        guard let handle = fopen(path, "rb") else { return nil }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Builds a schema from SDL (failing the test on errors).
    static func schema(_ sdl: String, file: StaticString = #filePath, line: UInt = #line) -> GraphQLSchema? {
        do {
            let document = try parse(sdl, options: .unlimited)
            return try buildASTSchema(document)
        } catch {
            XCTFail("schema does not build: \(error)", file: file, line: line)
            return nil
        }
    }

    /// graphql-js's `testSchema` of `src/validation/__tests__/harness.ts` (16.6, before `@oneOf`), as SDL.
    static let harnessSDL = """
        interface Mammal {
          mother: Mammal
          father: Mammal
        }

        interface Pet {
          name(surname: Boolean): String
        }

        interface Canine implements Mammal {
          name(surname: Boolean): String
          mother: Canine
          father: Canine
        }

        enum DogCommand {
          SIT
          HEEL
          DOWN
        }

        type Dog implements Pet & Mammal & Canine {
          name(surname: Boolean): String
          nickname: String
          barkVolume: Int
          barks: Boolean
          doesKnowCommand(dogCommand: DogCommand): Boolean
          isHouseTrained(atOtherHomes: Boolean = true): Boolean
          isAtLocation(x: Int, y: Int): Boolean
          mother: Dog
          father: Dog
        }

        type Cat implements Pet {
          name(surname: Boolean): String
          nickname: String
          meows: Boolean
          meowsVolume: Int
          furColor: FurColor
        }

        union CatOrDog = Cat | Dog

        type Human {
          name(surname: Boolean): String
          pets: [Pet]
          relatives: [Human]
        }

        enum FurColor {
          BROWN
          BLACK
          TAN
          SPOTTED
          NO_FUR
          UNKNOWN
        }

        input ComplexInput {
          requiredField: Boolean!
          nonNullField: Boolean! = false
          intField: Int
          stringField: String
          booleanField: Boolean
          stringListField: [String]
        }

        type ComplicatedArgs {
          intArgField(intArg: Int): String
          nonNullIntArgField(nonNullIntArg: Int!): String
          stringArgField(stringArg: String): String
          booleanArgField(booleanArg: Boolean): String
          enumArgField(enumArg: FurColor): String
          floatArgField(floatArg: Float): String
          idArgField(idArg: ID): String
          stringListArgField(stringListArg: [String]): String
          stringListNonNullArgField(stringListNonNullArg: [String!]): String
          complexArgField(complexArg: ComplexInput): String
          multipleReqs(req1: Int!, req2: Int!): String
          nonNullFieldWithDefault(arg: Int! = 0): String
          multipleOpts(opt1: Int = 0, opt2: Int = 0): String
          multipleOptAndReq(req1: Int!, req2: Int!, opt1: Int = 0, opt2: Int = 0): String
        }

        type QueryRoot {
          human(id: ID): Human
          dog: Dog
          cat: Cat
          pet: Pet
          catOrDog: CatOrDog
          complicatedArgs: ComplicatedArgs
        }

        schema {
          query: QueryRoot
        }

        directive @onField on FIELD
        """

    nonisolated(unsafe) private static var cachedHarness: GraphQLSchema?

    /// The harness schema, built once.
    static var harness: GraphQLSchema? {
        if let cachedHarness { return cachedHarness }
        let built = schema(harnessSDL)
        cachedHarness = built
        return built
    }

    /// A compact text of errors, one per line: `message @line:column,...`.
    static func describe(_ errors: [GraphQLError]) -> String {
        errors.map { error in
            error.message + " @" + error.locations.map { "\($0.line):\($0.column)" }.joined(separator: ",")
        }.joined(separator: "\n")
    }
}

/// One expected error: message and `(line, column)` locations.
struct ExpectedError: CustomStringConvertible {
    var message: String
    var locations: [(Int, Int)]

    init(_ message: String, _ locations: [(Int, Int)] = []) {
        self.message = message
        self.locations = locations
    }

    var description: String {
        message + " @" + locations.map { "\($0.0):\($0.1)" }.joined(separator: ",")
    }
}

extension XCTestCase {
    /// Validates `query` against `schema` (the harness by default) with the
    /// given rules and checks the errors exactly (messages, locations, order).
    func expectErrors(
        _ rules: [ValidationRule], _ query: String, _ expected: [ExpectedError],
        schema: GraphQLSchema? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let schema = schema ?? ValidationTestSupport.harness else { return }
        let document: Document
        do {
            document = try parse(query)
        } catch {
            XCTFail("query does not parse: \(error)", file: file, line: line)
            return
        }
        let errors = validate(schema: schema, document: document, rules: rules)
        let actual = ValidationTestSupport.describe(errors)
        let wanted = expected.map(\.description).joined(separator: "\n")
        XCTAssertEqual(actual, wanted, file: file, line: line)
    }

    /// Expects no errors.
    func expectValid(
        _ rules: [ValidationRule], _ query: String, schema: GraphQLSchema? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        expectErrors(rules, query, [], schema: schema, file: file, line: line)
    }
}
