import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/NoFragmentCyclesRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class NoFragmentCyclesRuleTests: XCTestCase {
    /// No circular fragment spreads > single reference is valid
    func testSingleReferenceIsValid() {
        expectValid(
            [.noFragmentCycles],
            #"""

                  fragment fragA on Dog { ...fragB }
                  fragment fragB on Dog { name }
                
            """#)
    }

    /// No circular fragment spreads > spreading twice is not circular
    func testSpreadingTwiceIsNotCircular() {
        expectValid(
            [.noFragmentCycles],
            #"""

                  fragment fragA on Dog { ...fragB, ...fragB }
                  fragment fragB on Dog { name }
                
            """#)
    }

    /// No circular fragment spreads > spreading twice indirectly is not circular
    func testSpreadingTwiceIndirectlyIsNotCircular() {
        expectValid(
            [.noFragmentCycles],
            #"""

                  fragment fragA on Dog { ...fragB, ...fragC }
                  fragment fragB on Dog { ...fragC }
                  fragment fragC on Dog { name }
                
            """#)
    }

    /// No circular fragment spreads > double spread within abstract types
    func testDoubleSpreadWithinAbstractTypes() {
        expectValid(
            [.noFragmentCycles],
            #"""

                  fragment nameFragment on Pet {
                    ... on Dog { name }
                    ... on Cat { name }
                  }

                  fragment spreadsInAnon on Pet {
                    ... on Dog { ...nameFragment }
                    ... on Cat { ...nameFragment }
                  }
                
            """#)
    }

    /// No circular fragment spreads > does not false positive on unknown fragment
    func testDoesNotFalsePositiveOnUnknownFragment() {
        expectValid(
            [.noFragmentCycles],
            #"""

                  fragment nameFragment on Pet {
                    ...UnknownFragment
                  }
                
            """#)
    }

    /// No circular fragment spreads > spreading recursively within field fails
    func testSpreadingRecursivelyWithinFieldFails() {
        expectErrors(
            [.noFragmentCycles],
            #"""

                  fragment fragA on Human { relatives { ...fragA } },
                
            """#,
            [
                ExpectedError(#"Cannot spread fragment "fragA" within itself."#, [(2, 45)])
            ])
    }

    /// No circular fragment spreads > no spreading itself directly
    func testNoSpreadingItselfDirectly() {
        expectErrors(
            [.noFragmentCycles],
            #"""

                  fragment fragA on Dog { ...fragA }
                
            """#,
            [
                ExpectedError(#"Cannot spread fragment "fragA" within itself."#, [(2, 31)])
            ])
    }

    /// No circular fragment spreads > no spreading itself directly within inline fragment
    func testNoSpreadingItselfDirectlyWithinInlineFragment() {
        expectErrors(
            [.noFragmentCycles],
            #"""

                  fragment fragA on Pet {
                    ... on Dog {
                      ...fragA
                    }
                  }
                
            """#,
            [
                ExpectedError(#"Cannot spread fragment "fragA" within itself."#, [(4, 11)])
            ])
    }

    /// No circular fragment spreads > no spreading itself indirectly
    func testNoSpreadingItselfIndirectly() {
        expectErrors(
            [.noFragmentCycles],
            #"""

                  fragment fragA on Dog { ...fragB }
                  fragment fragB on Dog { ...fragA }
                
            """#,
            [
                ExpectedError(#"Cannot spread fragment "fragA" within itself via "fragB"."#, [(2, 31), (3, 31)])
            ])
    }

    /// No circular fragment spreads > no spreading itself indirectly reports opposite order
    func testNoSpreadingItselfIndirectlyReportsOppositeOrder() {
        expectErrors(
            [.noFragmentCycles],
            #"""

                  fragment fragB on Dog { ...fragA }
                  fragment fragA on Dog { ...fragB }
                
            """#,
            [
                ExpectedError(#"Cannot spread fragment "fragB" within itself via "fragA"."#, [(2, 31), (3, 31)])
            ])
    }

    /// No circular fragment spreads > no spreading itself indirectly within inline fragment
    func testNoSpreadingItselfIndirectlyWithinInlineFragment() {
        expectErrors(
            [.noFragmentCycles],
            #"""

                  fragment fragA on Pet {
                    ... on Dog {
                      ...fragB
                    }
                  }
                  fragment fragB on Pet {
                    ... on Dog {
                      ...fragA
                    }
                  }
                
            """#,
            [
                ExpectedError(#"Cannot spread fragment "fragA" within itself via "fragB"."#, [(4, 11), (9, 11)])
            ])
    }

    /// No circular fragment spreads > no spreading itself deeply
    func testNoSpreadingItselfDeeply() {
        expectErrors(
            [.noFragmentCycles],
            #"""

                  fragment fragA on Dog { ...fragB }
                  fragment fragB on Dog { ...fragC }
                  fragment fragC on Dog { ...fragO }
                  fragment fragX on Dog { ...fragY }
                  fragment fragY on Dog { ...fragZ }
                  fragment fragZ on Dog { ...fragO }
                  fragment fragO on Dog { ...fragP }
                  fragment fragP on Dog { ...fragA, ...fragX }
                
            """#,
            [
                ExpectedError(
                    #"Cannot spread fragment "fragA" within itself via "fragB", "fragC", "fragO", "fragP"."#,
                    [(2, 31), (3, 31), (4, 31), (8, 31), (9, 31)]),
                ExpectedError(
                    #"Cannot spread fragment "fragO" within itself via "fragP", "fragX", "fragY", "fragZ"."#,
                    [(8, 31), (9, 41), (5, 31), (6, 31), (7, 31)])
            ])
    }

    /// No circular fragment spreads > no spreading itself deeply two paths
    func testNoSpreadingItselfDeeplyTwoPaths() {
        expectErrors(
            [.noFragmentCycles],
            #"""

                  fragment fragA on Dog { ...fragB, ...fragC }
                  fragment fragB on Dog { ...fragA }
                  fragment fragC on Dog { ...fragA }
                
            """#,
            [
                ExpectedError(#"Cannot spread fragment "fragA" within itself via "fragB"."#, [(2, 31), (3, 31)]),
                ExpectedError(#"Cannot spread fragment "fragA" within itself via "fragC"."#, [(2, 41), (4, 31)])
            ])
    }

    /// No circular fragment spreads > no spreading itself deeply two paths -- alt traverse order
    func testNoSpreadingItselfDeeplyTwoPathsAltTraverseOrder() {
        expectErrors(
            [.noFragmentCycles],
            #"""

                  fragment fragA on Dog { ...fragC }
                  fragment fragB on Dog { ...fragC }
                  fragment fragC on Dog { ...fragA, ...fragB }
                
            """#,
            [
                ExpectedError(#"Cannot spread fragment "fragA" within itself via "fragC"."#, [(2, 31), (4, 31)]),
                ExpectedError(#"Cannot spread fragment "fragC" within itself via "fragB"."#, [(4, 41), (3, 31)])
            ])
    }

    /// No circular fragment spreads > no spreading itself deeply and immediately
    func testNoSpreadingItselfDeeplyAndImmediately() {
        expectErrors(
            [.noFragmentCycles],
            #"""

                  fragment fragA on Dog { ...fragB }
                  fragment fragB on Dog { ...fragB, ...fragC }
                  fragment fragC on Dog { ...fragA, ...fragB }
                
            """#,
            [
                ExpectedError(#"Cannot spread fragment "fragB" within itself."#, [(3, 31)]),
                ExpectedError(
                    #"Cannot spread fragment "fragA" within itself via "fragB", "fragC"."#, [(2, 31), (3, 41), (4, 31)]),
                ExpectedError(#"Cannot spread fragment "fragB" within itself via "fragC"."#, [(3, 41), (4, 41)])
            ])
    }
}
