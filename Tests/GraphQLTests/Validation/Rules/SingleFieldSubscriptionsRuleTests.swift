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
}
