import XCTest
@testable import GraphQL

/// Validation the September 2025 spec added after graphql-js 16 (hand-written; the generated
/// `Rules/` files hold graphql-js 16.6's cases only). Expected errors are graphql-core 3.3.2's
/// (graphql-js 17's rules; graphql-js quotes names with double quotes where graphql-core uses
/// single ones).
final class Spec2025ValidationTests: XCTestCase {
    /// The schema of graphql-js's `SingleFieldSubscriptionsRule` tests.
    static let subscriptions = SingleFieldSubscriptionsRuleTests.schema1

    static let queryOnly = ValidationTestSupport.schema("type Query { a: Int }")
    static let allRoots = ValidationTestSupport.schema(
        "type Query { a: Int } type Mutation { b: Int } type Subscription { c: Int }")

    // MARK: - Operation Type Existence (`KnownOperationTypesRule`)

    func testOperationsWhoseRootTypeIsMissing() {
        expectErrors(
            [.knownOperationTypes], "query Q { a }\nmutation M { b }\nsubscription S { c }",
            [
                ExpectedError("The mutation operation is not supported by the schema.", [(2, 1)]),
                ExpectedError("The subscription operation is not supported by the schema.", [(3, 1)])
            ], schema: Self.queryOnly)
        expectErrors(
            [.knownOperationTypes], "subscription { c }",
            [ExpectedError("The subscription operation is not supported by the schema.", [(1, 1)])],
            schema: Self.queryOnly)
    }

    func testOperationsWhoseRootTypeExists() {
        expectValid([.knownOperationTypes], "{ a }", schema: Self.queryOnly)
        expectValid([.knownOperationTypes], "query { a }", schema: Self.queryOnly)
        expectValid(
            [.knownOperationTypes], "query Q { a }\nmutation M { b }\nsubscription S { c }", schema: Self.allRoots)
    }

    /// Among all the specified rules it comes second, after `ExecutableDefinitionsRule`.
    func testIsASpecifiedRule() {
        XCTAssertEqual(specifiedRules.prefix(2).map(\.name), ["ExecutableDefinitionsRule", "KnownOperationTypesRule"])
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
            ], schema: Self.subscriptions)
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
            ], schema: Self.subscriptions)
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
            ], schema: Self.subscriptions)
        expectErrors(
            [.singleFieldSubscriptions],
            "subscription S { ...F } fragment F on SubscriptionRoot { importantEmails @skip(if: false) "
                + "@include(if: true) deletedEmails @include(if: true) }",
            [
                ExpectedError(
                    #"Subscription "S" must not use `@skip` or `@include` directives in the top level selection."#,
                    [(1, 74), (1, 124)])
            ], schema: Self.subscriptions)
    }

    /// Below the root field, and in queries, the directives stay allowed.
    func testSkipBelowTheRootFieldAndInQueries() {
        expectValid(
            [.singleFieldSubscriptions], "subscription S { newMessage { body @skip(if: true) sender } }",
            schema: Self.subscriptions)
        expectValid([.singleFieldSubscriptions], "query Q { dummy @skip(if: true) }", schema: Self.subscriptions)
    }
}
