import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/ScalarLeafsRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class ScalarLeafsRuleTests: XCTestCase {
    /// Scalar leafs > valid scalar selection
    func testValidScalarSelection() {
        expectValid(
            [.scalarLeafs],
            #"""

                  fragment scalarSelection on Dog {
                    barks
                  }
                
            """#)
    }

    /// Scalar leafs > object type missing selection
    func testObjectTypeMissingSelection() {
        expectErrors(
            [.scalarLeafs],
            #"""

                  query directQueryOnObjectWithoutSubFields {
                    human
                  }
                
            """#,
            [
                ExpectedError(
                    #"Field "human" of type "Human" must have a selection of subfields. Did you mean "human { ... }"?"#,
                    [(3, 9)])
            ])
    }

    /// Scalar leafs > interface type missing selection
    func testInterfaceTypeMissingSelection() {
        expectErrors(
            [.scalarLeafs],
            #"""

                  {
                    human { pets }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Field "pets" of type "[Pet]" must have a selection of subfields. Did you mean "pets { ... }"?"#,
                    [(3, 17)])
            ])
    }

    /// Scalar leafs > valid scalar selection with args
    func testValidScalarSelectionWithArgs() {
        expectValid(
            [.scalarLeafs],
            #"""

                  fragment scalarSelectionWithArgs on Dog {
                    doesKnowCommand(dogCommand: SIT)
                  }
                
            """#)
    }

    /// Scalar leafs > scalar selection not allowed on Boolean
    func testScalarSelectionNotAllowedOnBoolean() {
        expectErrors(
            [.scalarLeafs],
            #"""

                  fragment scalarSelectionsNotAllowedOnBoolean on Dog {
                    barks { sinceWhen }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Field "barks" must not have a selection since type "Boolean" has no subfields."#, [(3, 15)])
            ])
    }

    /// Scalar leafs > scalar selection not allowed on Enum
    func testScalarSelectionNotAllowedOnEnum() {
        expectErrors(
            [.scalarLeafs],
            #"""

                  fragment scalarSelectionsNotAllowedOnEnum on Cat {
                    furColor { inHexDec }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Field "furColor" must not have a selection since type "FurColor" has no subfields."#, [(3, 18)])
            ])
    }

    /// Scalar leafs > scalar selection not allowed with args
    func testScalarSelectionNotAllowedWithArgs() {
        expectErrors(
            [.scalarLeafs],
            #"""

                  fragment scalarSelectionsNotAllowedWithArgs on Dog {
                    doesKnowCommand(dogCommand: SIT) { sinceWhen }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Field "doesKnowCommand" must not have a selection since type "Boolean" has no subfields."#,
                    [(3, 42)])
            ])
    }

    /// Scalar leafs > Scalar selection not allowed with directives
    func testScalarSelectionNotAllowedWithDirectives() {
        expectErrors(
            [.scalarLeafs],
            #"""

                  fragment scalarSelectionsNotAllowedWithDirectives on Dog {
                    name @include(if: true) { isAlsoHumanName }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Field "name" must not have a selection since type "String" has no subfields."#, [(3, 33)])
            ])
    }

    /// Scalar leafs > Scalar selection not allowed with directives and args
    func testScalarSelectionNotAllowedWithDirectivesAndArgs() {
        expectErrors(
            [.scalarLeafs],
            #"""

                  fragment scalarSelectionsNotAllowedWithDirectivesAndArgs on Dog {
                    doesKnowCommand(dogCommand: SIT) @include(if: true) { sinceWhen }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Field "doesKnowCommand" must not have a selection since type "Boolean" has no subfields."#,
                    [(3, 61)])
            ])
    }
}
