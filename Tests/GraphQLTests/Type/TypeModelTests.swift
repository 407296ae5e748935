import XCTest
@testable import GraphQL

final class TypeModelTests: XCTestCase {
    func testWrappedTypePrintingAndPredicates() {
        let foo = GraphQLObjectType(name: "Foo")
        let type: GraphQLType = .nonNull(.list(.nonNull(.named(.object(foo)))))
        XCTAssertEqual(type.description, "[Foo!]!")
        XCTAssertTrue(type.isNonNull)
        XCTAssertEqual(type.namedType.name, "Foo")
        XCTAssertEqual(type.nullableType.description, "[Foo!]")
        XCTAssertFalse(type.isInputType)
        XCTAssertTrue(type.isOutputType)
        XCTAssertEqual(type.kind, .nonNull)
    }

    func testSchemaTypeOrderAndFieldIndexes() {
        let node = GraphQLInterfaceType(name: "Node")
        node.fields = [GraphQLField(name: "id", type: .nonNull(.named(.scalar(.id))))]
        let user = GraphQLObjectType(name: "User")
        user.fields = [
            GraphQLField(name: "id", type: .nonNull(.named(.scalar(.id)))),
            GraphQLField(name: "name", type: .named(.scalar(.string)))
        ]
        user.interfaces = [node]
        let query = GraphQLObjectType(name: "Query")
        query.fields = [
            GraphQLField(
                name: "node", type: .named(.interface(node)),
                args: [GraphQLArgument(name: "id", type: .nonNull(.named(.scalar(.id))))])
        ]
        let schema = GraphQLSchema(query: query, types: [.object(query), .interface(node), .object(user)])
        XCTAssertEqual(
            schema.types.map(\.name),
            [
                "Query", "ID", "Node", "User", "String", "Boolean",
                "__Schema", "__Type", "__TypeKind", "__Field", "__InputValue", "__EnumValue", "__Directive",
                "__DirectiveLocation"
            ])
        XCTAssertEqual(schema.possibleTypes(of: .interface(node)).map(\.name), ["User"])
        XCTAssertTrue(schema.isSubType(.interface(node), .object(user)))
        XCTAssertFalse(schema.isSubType(.interface(node), .object(query)))
        let nameField = user.field(named: "name")
        XCTAssertNotNil(nameField)
        XCTAssertTrue((Introspection.fieldCount..<schema.fieldCount).contains(nameField?.index ?? -1))
        XCTAssertTrue(
            schema.fieldDefinition(parentType: .object(query), name: "__schema") === Introspection.schemaMetaField)
        XCTAssertNil(schema.fieldDefinition(parentType: .object(user), name: "__schema"))
        XCTAssertEqual(schema.directives.map(\.name), ["include", "skip", "deprecated", "specifiedBy", "oneOf"])
    }

    func testIntrospectionTypesHaveSpecFields() {
        XCTAssertEqual(
            Introspection.typeType.fields.map(\.name),
            [
                "kind", "name", "description", "specifiedByURL", "fields", "interfaces", "possibleTypes",
                "enumValues", "inputFields", "ofType", "isOneOf"
            ])
        XCTAssertEqual(
            Introspection.directiveType.fields.map(\.name),
            ["name", "description", "isRepeatable", "locations", "args"])
        XCTAssertEqual(Introspection.typeKindType.values.count, 8)
        XCTAssertEqual(Introspection.directiveLocationType.values.count, 19)
        XCTAssertEqual(Set(Introspection.numberedFields.map(\.index)).count, Introspection.fieldCount)
    }
}
