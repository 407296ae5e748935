import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/ValuesOfCorrectTypeRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class ValuesOfCorrectTypeRuleTests: XCTestCase {
    static let schema1 = ValidationTestSupport.schema(
        #"""
        type Query {
          anyArg(arg: Any): String
        }

        scalar Any
        """#)

    /// Values of correct type > Valid values > Good int value
    func testGoodIntValue() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        intArgField(intArg: 2)
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid values > Good negative int value
    func testGoodNegativeIntValue() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        intArgField(intArg: -2)
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid values > Good boolean value
    func testGoodBooleanValue() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        booleanArgField(booleanArg: true)
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid values > Good string value
    func testGoodStringValue() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        stringArgField(stringArg: "foo")
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid values > Good float value
    func testGoodFloatValue() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        floatArgField(floatArg: 1.1)
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid values > Good negative float value
    func testGoodNegativeFloatValue() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        floatArgField(floatArg: -1.1)
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid values > Int into Float
    func testIntIntoFloat() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        floatArgField(floatArg: 1)
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid values > Int into ID
    func testIntIntoID() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        idArgField(idArg: 1)
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid values > String into ID
    func testStringIntoID() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        idArgField(idArg: "someIdString")
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid values > Good enum value
    func testGoodEnumValue() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      dog {
                        doesKnowCommand(dogCommand: SIT)
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid values > Enum with undefined value
    func testEnumWithUndefinedValue() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        enumArgField(enumArg: UNKNOWN)
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid values > Enum with null value
    func testEnumWithNullValue() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        enumArgField(enumArg: NO_FUR)
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid values > null into nullable type
    func testNullIntoNullableType() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        intArgField(intArg: null)
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid values > null into nullable type
    func testNullIntoNullableType14() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      dog(a: null, b: null, c:{ requiredField: true, intField: null }) {
                        name
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Invalid String values > Int into String
    func testIntIntoString() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        stringArgField(stringArg: 1)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"String cannot represent a non string value: 1"#, [(4, 39)])
            ])
    }

    /// Values of correct type > Invalid String values > Float into String
    func testFloatIntoString() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        stringArgField(stringArg: 1.0)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"String cannot represent a non string value: 1.0"#, [(4, 39)])
            ])
    }

    /// Values of correct type > Invalid String values > Boolean into String
    func testBooleanIntoString() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        stringArgField(stringArg: true)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"String cannot represent a non string value: true"#, [(4, 39)])
            ])
    }

    /// Values of correct type > Invalid String values > Unquoted String into String
    func testUnquotedStringIntoString() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        stringArgField(stringArg: BAR)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"String cannot represent a non string value: BAR"#, [(4, 39)])
            ])
    }

    /// Values of correct type > Invalid Int values > String into Int
    func testStringIntoInt() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        intArgField(intArg: "3")
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Int cannot represent non-integer value: "3""#, [(4, 33)])
            ])
    }

    /// Values of correct type > Invalid Int values > Big Int into Int
    func testBigIntIntoInt() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        intArgField(intArg: 829384293849283498239482938)
                      }
                    }
                  
            """#,
            [
                ExpectedError(
                    #"Int cannot represent non 32-bit signed integer value: 829384293849283498239482938"#, [(4, 33)])
            ])
    }

    /// Values of correct type > Invalid Int values > Unquoted String into Int
    func testUnquotedStringIntoInt() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        intArgField(intArg: FOO)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Int cannot represent non-integer value: FOO"#, [(4, 33)])
            ])
    }

    /// Values of correct type > Invalid Int values > Simple Float into Int
    func testSimpleFloatIntoInt() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        intArgField(intArg: 3.0)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Int cannot represent non-integer value: 3.0"#, [(4, 33)])
            ])
    }

    /// Values of correct type > Invalid Int values > Float into Int
    func testFloatIntoInt() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        intArgField(intArg: 3.333)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Int cannot represent non-integer value: 3.333"#, [(4, 33)])
            ])
    }

    /// Values of correct type > Invalid Float values > String into Float
    func testStringIntoFloat() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        floatArgField(floatArg: "3.333")
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Float cannot represent non numeric value: "3.333""#, [(4, 37)])
            ])
    }

    /// Values of correct type > Invalid Float values > Boolean into Float
    func testBooleanIntoFloat() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        floatArgField(floatArg: true)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Float cannot represent non numeric value: true"#, [(4, 37)])
            ])
    }

    /// Values of correct type > Invalid Float values > Unquoted into Float
    func testUnquotedIntoFloat() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        floatArgField(floatArg: FOO)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Float cannot represent non numeric value: FOO"#, [(4, 37)])
            ])
    }

    /// Values of correct type > Invalid Boolean value > Int into Boolean
    func testIntIntoBoolean() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        booleanArgField(booleanArg: 2)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Boolean cannot represent a non boolean value: 2"#, [(4, 41)])
            ])
    }

    /// Values of correct type > Invalid Boolean value > Float into Boolean
    func testFloatIntoBoolean() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        booleanArgField(booleanArg: 1.0)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Boolean cannot represent a non boolean value: 1.0"#, [(4, 41)])
            ])
    }

    /// Values of correct type > Invalid Boolean value > String into Boolean
    func testStringIntoBoolean() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        booleanArgField(booleanArg: "true")
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Boolean cannot represent a non boolean value: "true""#, [(4, 41)])
            ])
    }

    /// Values of correct type > Invalid Boolean value > Unquoted into Boolean
    func testUnquotedIntoBoolean() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        booleanArgField(booleanArg: TRUE)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Boolean cannot represent a non boolean value: TRUE"#, [(4, 41)])
            ])
    }

    /// Values of correct type > Invalid ID value > Float into ID
    func testFloatIntoID() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        idArgField(idArg: 1.0)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"ID cannot represent a non-string and non-integer value: 1.0"#, [(4, 31)])
            ])
    }

    /// Values of correct type > Invalid ID value > Boolean into ID
    func testBooleanIntoID() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        idArgField(idArg: true)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"ID cannot represent a non-string and non-integer value: true"#, [(4, 31)])
            ])
    }

    /// Values of correct type > Invalid ID value > Unquoted into ID
    func testUnquotedIntoID() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        idArgField(idArg: SOMETHING)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"ID cannot represent a non-string and non-integer value: SOMETHING"#, [(4, 31)])
            ])
    }

    /// Values of correct type > Invalid Enum value > Int into Enum
    func testIntIntoEnum() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      dog {
                        doesKnowCommand(dogCommand: 2)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Enum "DogCommand" cannot represent non-enum value: 2."#, [(4, 41)])
            ])
    }

    /// Values of correct type > Invalid Enum value > Float into Enum
    func testFloatIntoEnum() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      dog {
                        doesKnowCommand(dogCommand: 1.0)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Enum "DogCommand" cannot represent non-enum value: 1.0."#, [(4, 41)])
            ])
    }

    /// Values of correct type > Invalid Enum value > String into Enum
    func testStringIntoEnum() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      dog {
                        doesKnowCommand(dogCommand: "SIT")
                      }
                    }
                  
            """#,
            [
                ExpectedError(
                    #"Enum "DogCommand" cannot represent non-enum value: "SIT". Did you mean the enum value "SIT"?"#,
                    [(4, 41)])
            ])
    }

    /// Values of correct type > Invalid Enum value > Boolean into Enum
    func testBooleanIntoEnum() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      dog {
                        doesKnowCommand(dogCommand: true)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Enum "DogCommand" cannot represent non-enum value: true."#, [(4, 41)])
            ])
    }

    /// Values of correct type > Invalid Enum value > Unknown Enum Value into Enum
    func testUnknownEnumValueIntoEnum() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      dog {
                        doesKnowCommand(dogCommand: JUGGLE)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Value "JUGGLE" does not exist in "DogCommand" enum."#, [(4, 41)])
            ])
    }

    /// Values of correct type > Invalid Enum value > Different case Enum Value into Enum
    func testDifferentCaseEnumValueIntoEnum() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      dog {
                        doesKnowCommand(dogCommand: sit)
                      }
                    }
                  
            """#,
            [
                ExpectedError(
                    #"Value "sit" does not exist in "DogCommand" enum. Did you mean the enum value "SIT"?"#, [(4, 41)])
            ])
    }

    /// Values of correct type > Valid List value > Good list value
    func testGoodListValue() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        stringListArgField(stringListArg: ["one", null, "two"])
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid List value > Empty list value
    func testEmptyListValue() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        stringListArgField(stringListArg: [])
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid List value > Null value
    func testNullValue() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        stringListArgField(stringListArg: null)
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid List value > Single value into List
    func testSingleValueIntoList() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        stringListArgField(stringListArg: "one")
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Invalid List value > Incorrect item type
    func testIncorrectItemType() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        stringListArgField(stringListArg: ["one", 2])
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"String cannot represent a non string value: 2"#, [(4, 55)])
            ])
    }

    /// Values of correct type > Invalid List value > Single value of incorrect type
    func testSingleValueOfIncorrectType() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        stringListArgField(stringListArg: 1)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"String cannot represent a non string value: 1"#, [(4, 47)])
            ])
    }

    /// Values of correct type > Invalid non-nullable value > Incorrect value type
    func testIncorrectValueType() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        multipleReqs(req2: "two", req1: "one")
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Int cannot represent non-integer value: "two""#, [(4, 32)]),
                ExpectedError(#"Int cannot represent non-integer value: "one""#, [(4, 45)])
            ])
    }

    /// Values of correct type > Invalid non-nullable value > Null value
    func testNullValue47() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        multipleReqs(req1: null)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Expected value of type "Int!", found null."#, [(4, 32)])
            ])
    }

    /// Values of correct type > Valid input object value > Optional arg, despite required field in type
    func testOptionalArgDespiteRequiredFieldInType() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        complexArgField
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid input object value > Partial object, only required
    func testPartialObjectOnlyRequired() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        complexArgField(complexArg: { requiredField: true })
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid input object value > Partial object, required field can be falsy
    func testPartialObjectRequiredFieldCanBeFalsy() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        complexArgField(complexArg: { requiredField: false })
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid input object value > Partial object, including required
    func testPartialObjectIncludingRequired() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        complexArgField(complexArg: { requiredField: true, intField: 4 })
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid input object value > Full object
    func testFullObject() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        complexArgField(complexArg: {
                          requiredField: true,
                          intField: 4,
                          stringField: "foo",
                          booleanField: false,
                          stringListField: ["one", "two"]
                        })
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Valid input object value > Full object with fields in different order
    func testFullObjectWithFieldsInDifferentOrder() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        complexArgField(complexArg: {
                          stringListField: ["one", "two"],
                          booleanField: false,
                          requiredField: true,
                          stringField: "foo",
                          intField: 4,
                        })
                      }
                    }
                  
            """#)
    }

    /// Values of correct type > Invalid input object value > Partial object, missing required
    func testPartialObjectMissingRequired() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        complexArgField(complexArg: { intField: 4 })
                      }
                    }
                  
            """#,
            [
                ExpectedError(
                    #"Field "ComplexInput.requiredField" of required type "Boolean!" was not provided."#, [(4, 41)])
            ])
    }

    /// Values of correct type > Invalid input object value > Partial object, invalid field type
    func testPartialObjectInvalidFieldType() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        complexArgField(complexArg: {
                          stringListField: ["one", 2],
                          requiredField: true,
                        })
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"String cannot represent a non string value: 2"#, [(5, 40)])
            ])
    }

    /// Values of correct type > Invalid input object value > Partial object, null to non-null field
    func testPartialObjectNullToNonNullField() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        complexArgField(complexArg: {
                          requiredField: true,
                          nonNullField: null,
                        })
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Expected value of type "Boolean!", found null."#, [(6, 29)])
            ])
    }

    /// Values of correct type > Invalid input object value > Partial object, unknown field arg
    func testPartialObjectUnknownFieldArg() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      complicatedArgs {
                        complexArgField(complexArg: {
                          requiredField: true,
                          invalidField: "value"
                        })
                      }
                    }
                  
            """#,
            [
                ExpectedError(
                    #"Field "invalidField" is not defined by type "ComplexInput". Did you mean "intField"?"#, [(6, 15)])
            ])
    }

    /// Values of correct type > Invalid input object value > allows custom scalar to accept complex literals
    func testAllowsCustomScalarToAcceptComplexLiterals() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                      {
                        test1: anyArg(arg: 123)
                        test2: anyArg(arg: "abc")
                        test3: anyArg(arg: [123, "abc"])
                        test4: anyArg(arg: {deep: [123, "abc"]})
                      }
                    
            """#, schema: Self.schema1)
    }

    /// Values of correct type > Directive arguments > with directive with incorrect types
    func testWithDirectiveWithIncorrectTypes() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    {
                      dog @include(if: "yes") {
                        name @skip(if: ENUM)
                      }
                    }
                  
            """#,
            [
                ExpectedError(#"Boolean cannot represent a non boolean value: "yes""#, [(3, 28)]),
                ExpectedError(#"Boolean cannot represent a non boolean value: ENUM"#, [(4, 28)])
            ])
    }

    /// Values of correct type > Variable default values > variables with valid default values
    func testVariablesWithValidDefaultValues() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    query WithDefaultValues(
                      $a: Int = 1,
                      $b: String = "ok",
                      $c: ComplexInput = { requiredField: true, intField: 3 }
                      $d: Int! = 123
                    ) {
                      dog { name }
                    }
                  
            """#)
    }

    /// Values of correct type > Variable default values > variables with valid default null values
    func testVariablesWithValidDefaultNullValues() {
        expectValid(
            [.valuesOfCorrectType],
            #"""

                    query WithDefaultValues(
                      $a: Int = null,
                      $b: String = null,
                      $c: ComplexInput = { requiredField: true, intField: null }
                    ) {
                      dog { name }
                    }
                  
            """#)
    }

    /// Values of correct type > Variable default values > variables with invalid default null values
    func testVariablesWithInvalidDefaultNullValues() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    query WithDefaultValues(
                      $a: Int! = null,
                      $b: String! = null,
                      $c: ComplexInput = { requiredField: null, intField: null }
                    ) {
                      dog { name }
                    }
                  
            """#,
            [
                ExpectedError(#"Expected value of type "Int!", found null."#, [(3, 22)]),
                ExpectedError(#"Expected value of type "String!", found null."#, [(4, 25)]),
                ExpectedError(#"Expected value of type "Boolean!", found null."#, [(5, 47)])
            ])
    }

    /// Values of correct type > Variable default values > variables with invalid default values
    func testVariablesWithInvalidDefaultValues() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    query InvalidDefaultValues(
                      $a: Int = "one",
                      $b: String = 4,
                      $c: ComplexInput = "NotVeryComplex"
                    ) {
                      dog { name }
                    }
                  
            """#,
            [
                ExpectedError(#"Int cannot represent non-integer value: "one""#, [(3, 21)]),
                ExpectedError(#"String cannot represent a non string value: 4"#, [(4, 24)]),
                ExpectedError(#"Expected value of type "ComplexInput", found "NotVeryComplex"."#, [(5, 30)])
            ])
    }

    /// Values of correct type > Variable default values > variables with complex invalid default values
    func testVariablesWithComplexInvalidDefaultValues() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    query WithDefaultValues(
                      $a: ComplexInput = { requiredField: 123, intField: "abc" }
                    ) {
                      dog { name }
                    }
                  
            """#,
            [
                ExpectedError(#"Boolean cannot represent a non boolean value: 123"#, [(3, 47)]),
                ExpectedError(#"Int cannot represent non-integer value: "abc""#, [(3, 62)])
            ])
    }

    /// Values of correct type > Variable default values > complex variables missing required field
    func testComplexVariablesMissingRequiredField() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    query MissingRequiredField($a: ComplexInput = {intField: 3}) {
                      dog { name }
                    }
                  
            """#,
            [
                ExpectedError(
                    #"Field "ComplexInput.requiredField" of required type "Boolean!" was not provided."#, [(2, 55)])
            ])
    }

    /// Values of correct type > Variable default values > list variables with invalid item
    func testListVariablesWithInvalidItem() {
        expectErrors(
            [.valuesOfCorrectType],
            #"""

                    query InvalidItem($a: [String] = ["one", 2]) {
                      dog { name }
                    }
                  
            """#,
            [
                ExpectedError(#"String cannot represent a non string value: 2"#, [(2, 50)])
            ])
    }
}
