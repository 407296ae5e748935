import JSON
import Upstreams

/// Zoo Animal API routes over the snapshot, the deployed version's: `/animals`, `/animals/rand`,
/// `/animals/rand/{n}` (1…10 distinct animals). Like every version of the API, no `/animals/{id}`.
struct EmbeddedZoo {
    let snapshot: EmbeddedSnapshot
    let seed: UInt64

    static let animalsFile = "zoo/animals.json"
    static let notFoundText = "Error: We're unable to find the information you are looking for. Please try again."

    func answer(_ route: EmbeddedRoute) -> UpstreamResponse {
        let s = route.segments
        guard s.first == "animals" else { return .plain(Self.notFoundText, status: 404) }
        if s.count == 1 {
            guard let text = snapshot.text(Self.animalsFile) else { return .snapshotMissing }
            return .jsonText(text)
        }
        guard let all = snapshot.json(Self.animalsFile)?.arrayValue else { return .snapshotMissing }
        var generator = SeededGenerator(seed: seed, text: route.path)
        switch s.count {
        case 2 where s[1] == "rand":
            guard let one = all.randomElement(using: &generator) else { return .plain(Self.notFoundText, status: 404) }
            return .json(one)
        case 3 where s[1] == "rand":
            guard let n = Int(s[2]), n > 0 else {
                return .plain("Error: Query parameter must be a non-zero positive integer", status: 400)
            }
            return .json(.array(Array(all.shuffled(using: &generator).prefix(min(n, 10)))))
        default:
            return .plain(Self.notFoundText, status: 404)
        }
    }
}
