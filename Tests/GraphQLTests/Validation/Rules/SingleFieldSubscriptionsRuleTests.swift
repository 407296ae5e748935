import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/SingleFieldSubscriptionsRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class SingleFieldSubscriptionsRuleTests: XCTestCase {
    static let schema1 = ValidationTestSupport.schema(
        #"""

          type Message {
            body: String
            sender: String
          }

          type SubscriptionRoot {
            importantEmails: [String]
            notImportantEmails: [String]
            moreImportantEmails: [String]
            spamEmails: [String]
            deletedEmails: [String]
            newMessage: Message
          }

          type QueryRoot {
            dummy: String
          }

          schema {
            query: QueryRoot
            subscription: SubscriptionRoot
          }

        """#)

    static let schema2 = ValidationTestSupport.schema(
        #"""

              type Query {
                dummy: String
              }
            
        """#)

    /// Subscriptions with single field > valid subscription
    func testValidSubscription() {
        expectValid(
            [.singleFieldSubscriptions],
            #"""

                  subscription ImportantEmails {
                    importantEmails
                  }
                
            """#, schema: Self.schema1)
    }

    /// Subscriptions with single field > valid subscription with fragment
    func testValidSubscriptionWithFragment() {
        expectValid(
            [.singleFieldSubscriptions],
            #"""

                  subscription sub {
                    ...newMessageFields
                  }

                  fragment newMessageFields on SubscriptionRoot {
                    newMessage {
                      body
                      sender
                    }
                  }
                
            """#, schema: Self.schema1)
    }

    /// Subscriptions with single field > valid subscription with fragment and field
    func testValidSubscriptionWithFragmentAndField() {
        expectValid(
            [.singleFieldSubscriptions],
            #"""

                  subscription sub {
                    newMessage {
                      body
                    }
                    ...newMessageFields
                  }

                  fragment newMessageFields on SubscriptionRoot {
                    newMessage {
                      body
                      sender
                    }
                  }
                
            """#, schema: Self.schema1)
    }

    /// Subscriptions with single field > fails with more than one root field
    func testFailsWithMoreThanOneRootField() {
        expectErrors(
            [.singleFieldSubscriptions],
            #"""

                  subscription ImportantEmails {
                    importantEmails
                    notImportantEmails
                  }
                
            """#,
            [
                ExpectedError(#"Subscription "ImportantEmails" must select only one top level field."#, [(4, 9)])
            ], schema: Self.schema1)
    }

    /// Subscriptions with single field > fails with more than one root field including introspection
    func testFailsWithMoreThanOneRootFieldIncludingIntrospection() {
        expectErrors(
            [.singleFieldSubscriptions],
            #"""

                  subscription ImportantEmails {
                    importantEmails
                    __typename
                  }
                
            """#,
            [
                ExpectedError(#"Subscription "ImportantEmails" must select only one top level field."#, [(4, 9)]),
                ExpectedError(
                    #"Subscription "ImportantEmails" must not select an introspection top level field."#, [(4, 9)])
            ], schema: Self.schema1)
    }

    /// Subscriptions with single field > fails with more than one root field including aliased introspection via fragment
    func testFailsWithMoreThanOneRootFieldIncludingAliasedIntrospectionViaFragment() {
        expectErrors(
            [.singleFieldSubscriptions],
            #"""

                  subscription ImportantEmails {
                    importantEmails
                    ...Introspection
                  }
                  fragment Introspection on SubscriptionRoot {
                    typename: __typename
                  }
                
            """#,
            [
                ExpectedError(#"Subscription "ImportantEmails" must select only one top level field."#, [(7, 9)]),
                ExpectedError(
                    #"Subscription "ImportantEmails" must not select an introspection top level field."#, [(7, 9)])
            ], schema: Self.schema1)
    }

    /// Subscriptions with single field > fails with many more than one root field
    func testFailsWithManyMoreThanOneRootField() {
        expectErrors(
            [.singleFieldSubscriptions],
            #"""

                  subscription ImportantEmails {
                    importantEmails
                    notImportantEmails
                    spamEmails
                  }
                
            """#,
            [
                ExpectedError(
                    #"Subscription "ImportantEmails" must select only one top level field."#, [(4, 9), (5, 9)])
            ], schema: Self.schema1)
    }

    /// Subscriptions with single field > fails with many more than one root field via fragments
    func testFailsWithManyMoreThanOneRootFieldViaFragments() {
        expectErrors(
            [.singleFieldSubscriptions],
            #"""

                  subscription ImportantEmails {
                    importantEmails
                    ... {
                      more: moreImportantEmails
                    }
                    ...NotImportantEmails
                  }
                  fragment NotImportantEmails on SubscriptionRoot {
                    notImportantEmails
                    deleted: deletedEmails
                    ...SpamEmails
                  }
                  fragment SpamEmails on SubscriptionRoot {
                    spamEmails
                  }
                
            """#,
            [
                ExpectedError(
                    #"Subscription "ImportantEmails" must select only one top level field."#,
                    [(5, 11), (10, 9), (11, 9), (15, 9)])
            ], schema: Self.schema1)
    }

    /// Subscriptions with single field > does not infinite loop on recursive fragments
    func testDoesNotInfiniteLoopOnRecursiveFragments() {
        expectValid(
            [.singleFieldSubscriptions],
            #"""

                  subscription NoInfiniteLoop {
                    ...A
                  }
                  fragment A on SubscriptionRoot {
                    ...A
                  }
                
            """#, schema: Self.schema1)
    }

    /// Subscriptions with single field > fails with many more than one root field via fragments (anonymous)
    func testFailsWithManyMoreThanOneRootFieldViaFragmentsAnonymous() {
        expectErrors(
            [.singleFieldSubscriptions],
            #"""

                  subscription {
                    importantEmails
                    ... {
                      more: moreImportantEmails
                      ...NotImportantEmails
                    }
                    ...NotImportantEmails
                  }
                  fragment NotImportantEmails on SubscriptionRoot {
                    notImportantEmails
                    deleted: deletedEmails
                    ... {
                      ... {
                        archivedEmails
                      }
                    }
                    ...SpamEmails
                  }
                  fragment SpamEmails on SubscriptionRoot {
                    spamEmails
                    ...NonExistentFragment
                  }
                
            """#,
            [
                ExpectedError(
                    #"Anonymous Subscription must select only one top level field."#,
                    [(5, 11), (11, 9), (12, 9), (15, 13), (21, 9)])
            ], schema: Self.schema1)
    }

    /// Subscriptions with single field > fails with more than one root field in anonymous subscriptions
    func testFailsWithMoreThanOneRootFieldInAnonymousSubscriptions() {
        expectErrors(
            [.singleFieldSubscriptions],
            #"""

                  subscription {
                    importantEmails
                    notImportantEmails
                  }
                
            """#,
            [
                ExpectedError(#"Anonymous Subscription must select only one top level field."#, [(4, 9)])
            ], schema: Self.schema1)
    }

    /// Subscriptions with single field > fails with introspection field
    func testFailsWithIntrospectionField() {
        expectErrors(
            [.singleFieldSubscriptions],
            #"""

                  subscription ImportantEmails {
                    __typename
                  }
                
            """#,
            [
                ExpectedError(
                    #"Subscription "ImportantEmails" must not select an introspection top level field."#, [(3, 9)])
            ], schema: Self.schema1)
    }

    /// Subscriptions with single field > fails with introspection field in anonymous subscription
    func testFailsWithIntrospectionFieldInAnonymousSubscription() {
        expectErrors(
            [.singleFieldSubscriptions],
            #"""

                  subscription {
                    __typename
                  }
                
            """#,
            [
                ExpectedError(#"Anonymous Subscription must not select an introspection top level field."#, [(3, 9)])
            ], schema: Self.schema1)
    }

    /// Subscriptions with single field > skips if not subscription type
    func testSkipsIfNotSubscriptionType() {
        expectValid(
            [.singleFieldSubscriptions],
            #"""

                    subscription {
                      __typename
                    }
                  
            """#, schema: Self.schema2)
    }

    // MARK: - September 2025 spec: no `@skip` or `@include` in the top level selection

    // Expected errors are graphql-core 3.3.2's (graphql-js 17's rule; graphql-js quotes the name
    // with double quotes where graphql-core uses single ones).

    /// An anonymous subscription's skipped root field: an error, whatever the condition.
    func testSkipOnTheRootFieldOfAnAnonymousSubscription() {
        expectErrors(
            [.singleFieldSubscriptions], "subscription { importantEmails @skip(if: true) }",
            [
                ExpectedError(
                    "Anonymous Subscription must not use `@skip` or `@include` directives in the top level selection.",
                    [(1, 32)])
            ], schema: Self.schema1)
    }

    /// `@include` with a variable on a named subscription; the second root field is then not
    /// reported (the directive error is the only one).
    func testIncludeOnANamedSubscriptionReportsOnlyTheDirective() {
        expectErrors(
            [.singleFieldSubscriptions],
            "subscription S { importantEmails @include(if: $x) notImportantEmails }",
            [
                ExpectedError(
                    #"Subscription "S" must not use `@skip` or `@include` directives in the top level selection."#,
                    [(1, 34)])
            ], schema: Self.schema1)
    }

    /// On fragment spreads and inline fragments at the top level, and inside a fragment's root
    /// fields (`@skip` alone when a field has both).
    func testSkipAndIncludeOnFragmentsAndInsideThem() {
        expectErrors(
            [.singleFieldSubscriptions],
            "subscription S { ...F @skip(if: false) ... @include(if: true) { spamEmails } } "
                + "fragment F on SubscriptionRoot { importantEmails }",
            [
                ExpectedError(
                    #"Subscription "S" must not use `@skip` or `@include` directives in the top level selection."#,
                    [(1, 23), (1, 44)])
            ], schema: Self.schema1)
        expectErrors(
            [.singleFieldSubscriptions],
            "subscription S { ...F } fragment F on SubscriptionRoot { importantEmails @skip(if: false) "
                + "@include(if: true) deletedEmails @include(if: true) }",
            [
                ExpectedError(
                    #"Subscription "S" must not use `@skip` or `@include` directives in the top level selection."#,
                    [(1, 74), (1, 124)])
            ], schema: Self.schema1)
    }

    /// Below the root field, and in queries, the directives stay allowed.
    func testSkipBelowTheRootFieldAndInQueries() {
        expectValid(
            [.singleFieldSubscriptions], "subscription S { newMessage { body @skip(if: true) sender } }",
            schema: Self.schema1)
        expectValid([.singleFieldSubscriptions], "query Q { dummy @skip(if: true) }", schema: Self.schema1)
    }

}
