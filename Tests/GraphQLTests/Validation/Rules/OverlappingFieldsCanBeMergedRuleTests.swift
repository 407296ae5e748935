import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/OverlappingFieldsCanBeMergedRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class OverlappingFieldsCanBeMergedRuleTests: XCTestCase {
    static let schema1 = ValidationTestSupport.schema(
        #"""

              type Query {
                someField(a: String, b: String): String
              }
            
        """#)

    static let schema2 = ValidationTestSupport.schema(
        #"""

              input SomeInput {
                a: String
                b: String
              }

              type Query {
                someField(arg: SomeInput): String
              }
            
        """#)

    static let schema3 = ValidationTestSupport.schema(
        #"""

              interface SomeBox {
                deepBox: SomeBox
                unrelatedField: String
              }

              type StringBox implements SomeBox {
                scalar: String
                deepBox: StringBox
                unrelatedField: String
                listStringBox: [StringBox]
                stringBox: StringBox
                intBox: IntBox
              }

              type IntBox implements SomeBox {
                scalar: Int
                deepBox: IntBox
                unrelatedField: String
                listStringBox: [StringBox]
                stringBox: StringBox
                intBox: IntBox
              }

              interface NonNullStringBox1 {
                scalar: String!
              }

              type NonNullStringBox1Impl implements SomeBox & NonNullStringBox1 {
                scalar: String!
                unrelatedField: String
                deepBox: SomeBox
              }

              interface NonNullStringBox2 {
                scalar: String!
              }

              type NonNullStringBox2Impl implements SomeBox & NonNullStringBox2 {
                scalar: String!
                unrelatedField: String
                deepBox: SomeBox
              }

              type Connection {
                edges: [Edge]
              }

              type Edge {
                node: Node
              }

              type Node {
                id: ID
                name: String
              }

              type Query {
                someBox: SomeBox
                connection: Connection
              }
            
        """#)

    static let schema4 = ValidationTestSupport.schema(
        #"""

                type Foo {
                  constructor: String
                }

                type Query {
                  foo: Foo
                }
              
        """#)

    /// Overlapping fields can be merged > unique fields
    func testUniqueFields() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment uniqueFields on Dog {
                    name
                    nickname
                  }
                
            """#)
    }

    /// Overlapping fields can be merged > identical fields
    func testIdenticalFields() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment mergeIdenticalFields on Dog {
                    name
                    name
                  }
                
            """#)
    }

    /// Overlapping fields can be merged > identical fields with identical args
    func testIdenticalFieldsWithIdenticalArgs() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment mergeIdenticalFieldsWithIdenticalArgs on Dog {
                    doesKnowCommand(dogCommand: SIT)
                    doesKnowCommand(dogCommand: SIT)
                  }
                
            """#)
    }

    /// Overlapping fields can be merged > identical fields with identical directives
    func testIdenticalFieldsWithIdenticalDirectives() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment mergeSameFieldsWithSameDirectives on Dog {
                    name @include(if: true)
                    name @include(if: true)
                  }
                
            """#)
    }

    /// Overlapping fields can be merged > different args with different aliases
    func testDifferentArgsWithDifferentAliases() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment differentArgsWithDifferentAliases on Dog {
                    knowsSit: doesKnowCommand(dogCommand: SIT)
                    knowsDown: doesKnowCommand(dogCommand: DOWN)
                  }
                
            """#)
    }

    /// Overlapping fields can be merged > different directives with different aliases
    func testDifferentDirectivesWithDifferentAliases() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment differentDirectivesWithDifferentAliases on Dog {
                    nameIfTrue: name @include(if: true)
                    nameIfFalse: name @include(if: false)
                  }
                
            """#)
    }

    /// Overlapping fields can be merged > different skip/include directives accepted
    func testDifferentSkipIncludeDirectivesAccepted() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment differentDirectivesWithDifferentAliases on Dog {
                    name @include(if: true)
                    name @include(if: false)
                  }
                
            """#)
    }

    /// Overlapping fields can be merged > Same aliases with different field targets
    func testSameAliasesWithDifferentFieldTargets() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment sameAliasesWithDifferentFieldTargets on Dog {
                    fido: name
                    fido: nickname
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "fido" conflict because "name" and "nickname" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(3, 9), (4, 9)])
            ])
    }

    /// Overlapping fields can be merged > Same aliases allowed on non-overlapping fields
    func testSameAliasesAllowedOnNonOverlappingFields() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment sameAliasesWithDifferentFieldTargets on Pet {
                    ... on Dog {
                      name
                    }
                    ... on Cat {
                      name: nickname
                    }
                  }
                
            """#)
    }

    /// Overlapping fields can be merged > Alias masking direct field access
    func testAliasMaskingDirectFieldAccess() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment aliasMaskingDirectFieldAccess on Dog {
                    name: nickname
                    name
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "name" conflict because "nickname" and "name" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(3, 9), (4, 9)])
            ])
    }

    /// Overlapping fields can be merged > different args, second adds an argument
    func testDifferentArgsSecondAddsAnArgument() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment conflictingArgs on Dog {
                    doesKnowCommand
                    doesKnowCommand(dogCommand: HEEL)
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "doesKnowCommand" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(3, 9), (4, 9)])
            ])
    }

    /// Overlapping fields can be merged > different args, second missing an argument
    func testDifferentArgsSecondMissingAnArgument() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment conflictingArgs on Dog {
                    doesKnowCommand(dogCommand: SIT)
                    doesKnowCommand
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "doesKnowCommand" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(3, 9), (4, 9)])
            ])
    }

    /// Overlapping fields can be merged > conflicting arg values
    func testConflictingArgValues() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment conflictingArgs on Dog {
                    doesKnowCommand(dogCommand: SIT)
                    doesKnowCommand(dogCommand: HEEL)
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "doesKnowCommand" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(3, 9), (4, 9)])
            ])
    }

    /// Overlapping fields can be merged > conflicting arg names
    func testConflictingArgNames() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment conflictingArgs on Dog {
                    isAtLocation(x: 0)
                    isAtLocation(y: 0)
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "isAtLocation" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(3, 9), (4, 9)])
            ])
    }

    /// Overlapping fields can be merged > allows different args where no conflict is possible
    func testAllowsDifferentArgsWhereNoConflictIsPossible() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment conflictingArgs on Pet {
                    ... on Dog {
                      name(surname: true)
                    }
                    ... on Cat {
                      name
                    }
                  }
                
            """#)
    }

    /// Overlapping fields can be merged > allows different order of args
    func testAllowsDifferentOrderOfArgs() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                    {
                      someField(a: null, b: null)
                      someField(b: null, a: null)
                    }
                  
            """#, schema: Self.schema1)
    }

    /// Overlapping fields can be merged > allows different order of input object fields in arg values
    func testAllowsDifferentOrderOfInputObjectFieldsInArgValues() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                    {
                      someField(arg: { a: null, b: null })
                      someField(arg: { b: null, a: null })
                    }
                  
            """#, schema: Self.schema2)
    }

    /// Overlapping fields can be merged > encounters conflict in fragments
    func testEncountersConflictInFragments() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  {
                    ...A
                    ...B
                  }
                  fragment A on Type {
                    x: a
                  }
                  fragment B on Type {
                    x: b
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "x" conflict because "a" and "b" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(7, 9), (10, 9)])
            ])
    }

    /// Overlapping fields can be merged > reports each conflict once
    func testReportsEachConflictOnce() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  {
                    f1 {
                      ...A
                      ...B
                    }
                    f2 {
                      ...B
                      ...A
                    }
                    f3 {
                      ...A
                      ...B
                      x: c
                    }
                  }
                  fragment A on Type {
                    x: a
                  }
                  fragment B on Type {
                    x: b
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "x" conflict because "a" and "b" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(18, 9), (21, 9)]),
                ExpectedError(
                    #"Fields "x" conflict because "c" and "a" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(14, 11), (18, 9)]),
                ExpectedError(
                    #"Fields "x" conflict because "c" and "b" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(14, 11), (21, 9)])
            ])
    }

    /// Overlapping fields can be merged > deep conflict
    func testDeepConflict() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  {
                    field {
                      x: a
                    },
                    field {
                      x: b
                    }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "field" conflict because subfields "x" conflict because "a" and "b" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(3, 9), (4, 11), (6, 9), (7, 11)])
            ])
    }

    /// Overlapping fields can be merged > deep conflict with multiple issues
    func testDeepConflictWithMultipleIssues() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  {
                    field {
                      x: a
                      y: c
                    },
                    field {
                      x: b
                      y: d
                    }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "field" conflict because subfields "x" conflict because "a" and "b" are different fields and subfields "y" conflict because "c" and "d" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(3, 9), (4, 11), (5, 11), (7, 9), (8, 11), (9, 11)])
            ])
    }

    /// Overlapping fields can be merged > very deep conflict
    func testVeryDeepConflict() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  {
                    field {
                      deepField {
                        x: a
                      }
                    },
                    field {
                      deepField {
                        x: b
                      }
                    }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "field" conflict because subfields "deepField" conflict because subfields "x" conflict because "a" and "b" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(3, 9), (4, 11), (5, 13), (8, 9), (9, 11), (10, 13)])
            ])
    }

    /// Overlapping fields can be merged > reports deep conflict to nearest common ancestor
    func testReportsDeepConflictToNearestCommonAncestor() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  {
                    field {
                      deepField {
                        x: a
                      }
                      deepField {
                        x: b
                      }
                    },
                    field {
                      deepField {
                        y
                      }
                    }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "deepField" conflict because subfields "x" conflict because "a" and "b" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(4, 11), (5, 13), (7, 11), (8, 13)])
            ])
    }

    /// Overlapping fields can be merged > reports deep conflict to nearest common ancestor in fragments
    func testReportsDeepConflictToNearestCommonAncestorInFragments() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  {
                    field {
                      ...F
                    }
                    field {
                      ...F
                    }
                  }
                  fragment F on T {
                    deepField {
                      deeperField {
                        x: a
                      }
                      deeperField {
                        x: b
                      }
                    },
                    deepField {
                      deeperField {
                        y
                      }
                    }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "deeperField" conflict because subfields "x" conflict because "a" and "b" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(12, 11), (13, 13), (15, 11), (16, 13)])
            ])
    }

    /// Overlapping fields can be merged > reports deep conflict in nested fragments
    func testReportsDeepConflictInNestedFragments() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  {
                    field {
                      ...F
                    }
                    field {
                      ...I
                    }
                  }
                  fragment F on T {
                    x: a
                    ...G
                  }
                  fragment G on T {
                    y: c
                  }
                  fragment I on T {
                    y: d
                    ...J
                  }
                  fragment J on T {
                    x: b
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "field" conflict because subfields "x" conflict because "a" and "b" are different fields and subfields "y" conflict because "c" and "d" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(3, 9), (11, 9), (15, 9), (6, 9), (22, 9), (18, 9)])
            ])
    }

    /// Overlapping fields can be merged > ignores unknown fragments
    func testIgnoresUnknownFragments() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                  {
                    field
                    ...Unknown
                    ...Known
                  }

                  fragment Known on T {
                    field
                    ...OtherUnknown
                  }
                
            """#)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > conflicting return types which potentially overlap
    func testConflictingReturnTypesWhichPotentiallyOverlap() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        someBox {
                          ...on IntBox {
                            scalar
                          }
                          ...on NonNullStringBox1 {
                            scalar
                          }
                        }
                      }
                    
            """#,
            [
                ExpectedError(
                    #"Fields "scalar" conflict because they return conflicting types "Int" and "String!". Use different aliases on the fields to fetch both if this was intentional."#,
                    [(5, 17), (8, 17)])
            ], schema: Self.schema3)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > compatible return shapes on different return types
    func testCompatibleReturnShapesOnDifferentReturnTypes() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        someBox {
                          ... on SomeBox {
                            deepBox {
                              unrelatedField
                            }
                          }
                          ... on StringBox {
                            deepBox {
                              unrelatedField
                            }
                          }
                        }
                      }
                    
            """#, schema: Self.schema3)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > disallows differing return types despite no overlap
    func testDisallowsDifferingReturnTypesDespiteNoOverlap() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        someBox {
                          ... on IntBox {
                            scalar
                          }
                          ... on StringBox {
                            scalar
                          }
                        }
                      }
                    
            """#,
            [
                ExpectedError(
                    #"Fields "scalar" conflict because they return conflicting types "Int" and "String". Use different aliases on the fields to fetch both if this was intentional."#,
                    [(5, 17), (8, 17)])
            ], schema: Self.schema3)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > reports correctly when a non-exclusive follows an exclusive
    func testReportsCorrectlyWhenANonExclusiveFollowsAnExclusive() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        someBox {
                          ... on IntBox {
                            deepBox {
                              ...X
                            }
                          }
                        }
                        someBox {
                          ... on StringBox {
                            deepBox {
                              ...Y
                            }
                          }
                        }
                        memoed: someBox {
                          ... on IntBox {
                            deepBox {
                              ...X
                            }
                          }
                        }
                        memoed: someBox {
                          ... on StringBox {
                            deepBox {
                              ...Y
                            }
                          }
                        }
                        other: someBox {
                          ...X
                        }
                        other: someBox {
                          ...Y
                        }
                      }
                      fragment X on SomeBox {
                        scalar
                      }
                      fragment Y on SomeBox {
                        scalar: unrelatedField
                      }
                    
            """#,
            [
                ExpectedError(
                    #"Fields "other" conflict because subfields "scalar" conflict because "scalar" and "unrelatedField" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(31, 13), (39, 13), (34, 13), (42, 13)])
            ], schema: Self.schema3)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > disallows differing return type nullability despite no overlap
    func testDisallowsDifferingReturnTypeNullabilityDespiteNoOverlap() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        someBox {
                          ... on NonNullStringBox1 {
                            scalar
                          }
                          ... on StringBox {
                            scalar
                          }
                        }
                      }
                    
            """#,
            [
                ExpectedError(
                    #"Fields "scalar" conflict because they return conflicting types "String!" and "String". Use different aliases on the fields to fetch both if this was intentional."#,
                    [(5, 17), (8, 17)])
            ], schema: Self.schema3)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > disallows differing return type list despite no overlap
    func testDisallowsDifferingReturnTypeListDespiteNoOverlap() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        someBox {
                          ... on IntBox {
                            box: listStringBox {
                              scalar
                            }
                          }
                          ... on StringBox {
                            box: stringBox {
                              scalar
                            }
                          }
                        }
                      }
                    
            """#,
            [
                ExpectedError(
                    #"Fields "box" conflict because they return conflicting types "[StringBox]" and "StringBox". Use different aliases on the fields to fetch both if this was intentional."#,
                    [(5, 17), (10, 17)])
            ], schema: Self.schema3)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > disallows differing return type list despite no overlap
    func testDisallowsDifferingReturnTypeListDespiteNoOverlap33() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        someBox {
                          ... on IntBox {
                            box: stringBox {
                              scalar
                            }
                          }
                          ... on StringBox {
                            box: listStringBox {
                              scalar
                            }
                          }
                        }
                      }
                    
            """#,
            [
                ExpectedError(
                    #"Fields "box" conflict because they return conflicting types "StringBox" and "[StringBox]". Use different aliases on the fields to fetch both if this was intentional."#,
                    [(5, 17), (10, 17)])
            ], schema: Self.schema3)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > disallows differing subfields
    func testDisallowsDifferingSubfields() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        someBox {
                          ... on IntBox {
                            box: stringBox {
                              val: scalar
                              val: unrelatedField
                            }
                          }
                          ... on StringBox {
                            box: stringBox {
                              val: scalar
                            }
                          }
                        }
                      }
                    
            """#,
            [
                ExpectedError(
                    #"Fields "val" conflict because "scalar" and "unrelatedField" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(6, 19), (7, 19)])
            ], schema: Self.schema3)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > disallows differing deep return types despite no overlap
    func testDisallowsDifferingDeepReturnTypesDespiteNoOverlap() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        someBox {
                          ... on IntBox {
                            box: stringBox {
                              scalar
                            }
                          }
                          ... on StringBox {
                            box: intBox {
                              scalar
                            }
                          }
                        }
                      }
                    
            """#,
            [
                ExpectedError(
                    #"Fields "box" conflict because subfields "scalar" conflict because they return conflicting types "String" and "Int". Use different aliases on the fields to fetch both if this was intentional."#,
                    [(5, 17), (6, 19), (10, 17), (11, 19)])
            ], schema: Self.schema3)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > allows non-conflicting overlapping types
    func testAllowsNonConflictingOverlappingTypes() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        someBox {
                          ... on IntBox {
                            scalar: unrelatedField
                          }
                          ... on StringBox {
                            scalar
                          }
                        }
                      }
                    
            """#, schema: Self.schema3)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > same wrapped scalar return types
    func testSameWrappedScalarReturnTypes() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        someBox {
                          ...on NonNullStringBox1 {
                            scalar
                          }
                          ...on NonNullStringBox2 {
                            scalar
                          }
                        }
                      }
                    
            """#, schema: Self.schema3)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > allows inline fragments without type condition
    func testAllowsInlineFragmentsWithoutTypeCondition() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        a
                        ... {
                          a
                        }
                      }
                    
            """#, schema: Self.schema3)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > compares deep types including list
    func testComparesDeepTypesIncludingList() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        connection {
                          ...edgeID
                          edges {
                            node {
                              id: name
                            }
                          }
                        }
                      }

                      fragment edgeID on Connection {
                        edges {
                          node {
                            id
                          }
                        }
                      }
                    
            """#,
            [
                ExpectedError(
                    #"Fields "edges" conflict because subfields "node" conflict because subfields "id" conflict because "name" and "id" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(5, 15), (6, 17), (7, 19), (14, 13), (15, 15), (16, 17)])
            ], schema: Self.schema3)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > ignores unknown types
    func testIgnoresUnknownTypes() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        someBox {
                          ...on UnknownType {
                            scalar
                          }
                          ...on NonNullStringBox2 {
                            scalar
                          }
                        }
                      }
                    
            """#, schema: Self.schema3)
    }

    /// Overlapping fields can be merged > return types must be unambiguous > works for field names that are JS keywords
    func testWorksForFieldNamesThatAreJSKeywords() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                      {
                        foo {
                          constructor
                        }
                      }
                    
            """#, schema: Self.schema4)
    }

    /// Overlapping fields can be merged > does not infinite loop on recursive fragment
    func testDoesNotInfiniteLoopOnRecursiveFragment() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                  {
                    ...fragA
                  }

                  fragment fragA on Human { name, relatives { name, ...fragA } }
                
            """#)
    }

    /// Overlapping fields can be merged > does not infinite loop on immediately recursive fragment
    func testDoesNotInfiniteLoopOnImmediatelyRecursiveFragment() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                  {
                    ...fragA
                  }

                  fragment fragA on Human { name, ...fragA }
                
            """#)
    }

    /// Overlapping fields can be merged > does not infinite loop on recursive fragment with a field named after fragment
    func testDoesNotInfiniteLoopOnRecursiveFragmentWithAFieldNamedAfterFragment() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                  {
                    ...fragA
                    fragA
                  }

                  fragment fragA on Query { ...fragA }
                
            """#)
    }

    /// Overlapping fields can be merged > finds invalid cases even with field named after fragment
    func testFindsInvalidCasesEvenWithFieldNamedAfterFragment() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  {
                    fragA
                    ...fragA
                  }

                  fragment fragA on Type {
                    fragA: b
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "fragA" conflict because "fragA" and "b" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(3, 9), (8, 9)])
            ])
    }

    /// Overlapping fields can be merged > does not infinite loop on transitively recursive fragment
    func testDoesNotInfiniteLoopOnTransitivelyRecursiveFragment() {
        expectValid(
            [.overlappingFieldsCanBeMerged],
            #"""

                  {
                    ...fragA
                    fragB
                  }

                  fragment fragA on Human { name, ...fragB }
                  fragment fragB on Human { name, ...fragC }
                  fragment fragC on Human { name, ...fragA }
                
            """#)
    }

    /// Overlapping fields can be merged > finds invalid case even with immediately recursive fragment
    func testFindsInvalidCaseEvenWithImmediatelyRecursiveFragment() {
        expectErrors(
            [.overlappingFieldsCanBeMerged],
            #"""

                  fragment sameAliasesWithDifferentFieldTargets on Dog {
                    ...sameAliasesWithDifferentFieldTargets
                    fido: name
                    fido: nickname
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fields "fido" conflict because "name" and "nickname" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    [(4, 9), (5, 9)])
            ])
    }
}
