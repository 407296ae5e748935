import XCTest
@testable import GraphQL

/// TypeInfo through DocumentWalker, after graphql-js 16's `TypeInfo-test`.
final class TypeInfoTests: XCTestCase {
    struct Recorder: DocumentVisitor {
        var log: [String] = []

        mutating func enterField(_ node: Field, info: TypeInfo) -> VisitAction {
            log.append(
                "field \(node.name.value): parent=\(info.parentType?.name ?? "nil") type=\(info.type?.description ?? "nil") def=\(info.fieldDef?.coordinate ?? "nil")"
            )
            return .continue
        }

        mutating func enterArgument(_ node: Argument, info: TypeInfo) -> VisitAction {
            log.append(
                "arg \(node.name.value): input=\(info.inputType?.description ?? "nil") default=\(info.defaultValue.map(\.printed) ?? "nil")"
            )
            return .continue
        }

        mutating func enterObjectField(_ node: ObjectField, info: TypeInfo) -> VisitAction {
            log.append(
                "objectField \(node.name.value): input=\(info.inputType?.description ?? "nil") parentInput=\(info.parentInputType?.description ?? "nil")"
            )
            return .continue
        }

        mutating func enterValue(_ node: Value, info: TypeInfo) -> VisitAction {
            if case .enumValue(let literal) = node {
                log.append("enum \(literal.value): known=\(info.enumValue != nil)")
            }
            if case .list = node {
                log.append("list: item=\(info.inputType?.description ?? "nil")")
            }
            return .continue
        }

        mutating func enterInlineFragment(_ node: InlineFragment, info: TypeInfo) -> VisitAction {
            log.append("inline: type=\(info.type?.description ?? "nil")")
            return .continue
        }

        mutating func enterDirective(_ node: Directive, info: TypeInfo) -> VisitAction {
            log.append("directive \(node.name.value): known=\(info.directive != nil)")
            return .continue
        }

        mutating func enterVariableDefinition(_ node: VariableDefinition, info: TypeInfo) -> VisitAction {
            log.append("variable \(node.variable.name.value): input=\(info.inputType?.description ?? "nil")")
            return .continue
        }
    }

    func testTracksTypesThroughADocument() throws {
        let schema = try buildSchema(
            """
            type Query { pets(filter: Filter, order: [Order!] = [ASC]): [Pet], human: Human }
            interface Pet { name: String }
            type Dog implements Pet { name: String, barks: Boolean }
            type Human { name: String }
            input Filter { name: String, kinds: [Kind] }
            enum Kind { DOG CAT }
            enum Order { ASC DESC }
            """)
        let document = try parse(
            """
            query Q($f: Filter, $x: Unknown) {
              pets(filter: {name: "a", kinds: [DOG, COW]}, order: [DESC]) @include(if: true) {
                __typename
                name
                ... on Dog { barks }
                ... { nope }
              }
              human { name }
              __schema { queryType { name } }
            }
            """)
        var walker = DocumentWalker(schema: schema, visitor: Recorder())
        walker.walk(document)
        XCTAssertEqual(
            walker.visitor.log,
            [
                "variable f: input=Filter",
                "variable x: input=nil",
                "field pets: parent=Query type=[Pet] def=Query.pets",
                "arg filter: input=Filter default=nil",
                "objectField name: input=String parentInput=Filter",
                "objectField kinds: input=[Kind] parentInput=Filter",
                "list: item=Kind",
                "enum DOG: known=true",
                "enum COW: known=false",
                "arg order: input=[Order!] default=[ASC]",
                "list: item=Order!",
                "enum DESC: known=true",
                "directive include: known=true",
                "arg if: input=Boolean! default=nil",
                "field __typename: parent=Pet type=String! def=.__typename",
                "field name: parent=Pet type=String def=Pet.name",
                "inline: type=Dog",
                "field barks: parent=Dog type=Boolean def=Dog.barks",
                "inline: type=Pet",
                "field nope: parent=Pet type=nil def=nil",
                "field human: parent=Query type=Human def=Query.human",
                "field name: parent=Human type=String def=Human.name",
                "field __schema: parent=Query type=__Schema! def=.__schema",
                "field queryType: parent=__Schema type=__Type! def=__Schema.queryType",
                "field name: parent=__Type type=String def=__Type.name"
            ])
    }

    func testSkipDoesNotDescend() throws {
        struct Skipper: DocumentVisitor {
            var fields: [String] = []
            mutating func enterField(_ node: Field, info: TypeInfo) -> VisitAction {
                fields.append(node.name.value)
                return node.name.value == "a" ? .skip : .continue
            }
        }
        let schema = try buildSchema("type Query { a: Query, b: Query, c: String }")
        var walker = DocumentWalker(schema: schema, visitor: Skipper())
        walker.walk(try parse("{ a { b { c } } b { c } }"))
        XCTAssertEqual(walker.visitor.fields, ["a", "b", "c"])
    }
}
