import MenagerieUpstreams
import Upstreams

/// One upstream's query of the fault suite: it needs that upstream and another one,
/// so a fault of the first leaves the second's fields visible (partial data).
struct FaultScenario: Sendable {
    /// The upstream the faults are set on.
    var upstream: UpstreamID
    /// The GraphQL query.
    var query: String
    /// Paths below `data` of the fields that need `upstream`: null under a fault, each
    /// with exactly one error (`extensions.code`, `extensions.upstream`).
    var failedPaths: [[String]]
    /// For the D&D `graphql-errors` fault (every other alias fails upstream): the
    /// paths whose aliases failed; the others keep their data.
    var failedPathsUnderGraphQLErrors: [[String]] = []
    /// Paths below `data` whose values are random by definition (compared by shape).
    var randomPaths: Set<[String]> = []

    /// The failed paths under `fault`.
    func failedPaths(under fault: RecordedUpstreams.Fault) -> [[String]] {
        fault == .graphqlErrors ? failedPathsUnderGraphQLErrors : failedPaths
    }

    /// Dog CEO (breed list, random images) beside Zoo.
    static let dogCEO = FaultScenario(
        upstream: .dogCEO,
        query: """
            {
              breed(id: "akita") { id name images(count: 2) }
              animal(id: "3") { name latinName }
            }
            """,
        failedPaths: [["breed"]],
        randomPaths: [["breed", "images"]]
    )

    /// The Dog API (breed facts, with `x-api-key`) beside Dog CEO and D&D.
    static let theDogAPI = FaultScenario(
        upstream: .theDogAPI,
        query: """
            {
              breed(id: "akita") { name facts { lifeSpan origin temperament } }
              monster(index: "aboleth") { name }
            }
            """,
        failedPaths: [["breed", "facts"]]
    )

    /// Zoo (`animal` and `animals` read one `/animals` request) beside Dog CEO.
    static let zoo = FaultScenario(
        upstream: .zoo,
        query: """
            {
              animal(id: "3") { name latinName }
              animals(limit: 2) { items { id name } }
              breed(id: "akita") { name }
            }
            """,
        failedPaths: [["animal"], ["animals"]]
    )

    /// D&D: two monsters (one aliased upstream request, aliases `m0`, `m1` in this
    /// order) and a monster list (a second, concurrent request) beside Zoo.
    ///
    /// Under `graphql-errors` the stub fails the first root field of each document:
    /// `m0` (so `a` fails and `b` keeps its data) and the list's `monsters` (non-null
    /// upstream, so that answer's `data` is null and `monsters` fails).
    static let dnd = FaultScenario(
        upstream: .dnd5e,
        query: """
            {
              a: monster(index: "aboleth") { name hitPoints armorClass }
              b: monster(index: "adult-black-dragon") { name xp }
              monsters(limit: 2) { items { id name } }
              animal(id: "3") { name }
            }
            """,
        failedPaths: [["a"], ["b"], ["monsters"]],
        failedPathsUnderGraphQLErrors: [["a"], ["monsters"]]
    )
}
