import JSON
import Upstreams

/// The Dog API routes over the snapshot: `/breeds` (with `limit`/`page`),
/// `/breeds/search?q=`, `/breeds/{id}`.
struct EmbeddedDogAPI {
    let snapshot: EmbeddedSnapshot

    static let breedsFile = "thedogapi/breeds.json"

    func answer(_ route: EmbeddedRoute) -> UpstreamResponse {
        let s = route.segments
        switch s.count {
        case 1 where s[0] == "breeds":
            if route.query["limit"] == nil, let text = snapshot.text(Self.breedsFile) { return .jsonText(text) }
            guard let all = snapshot.json(Self.breedsFile)?.arrayValue else { return .snapshotMissing }
            let limit = max(1, Int(route.query["limit"] ?? "") ?? all.count)
            let page = max(0, Int(route.query["page"] ?? "") ?? 0)
            let start = min(all.count, page.multipliedReportingOverflow(by: limit).overflow ? all.count : page * limit)
            let slice = Array(all[start..<min(all.count, start + limit)])
            return .json(
                .array(slice),
                headers: [
                    UpstreamHeader("pagination-count", String(all.count)),
                    UpstreamHeader("pagination-page", String(page)),
                    UpstreamHeader("pagination-limit", String(limit))
                ])
        case 2 where s[0] == "breeds" && s[1] == "search":
            guard let all = snapshot.json(Self.breedsFile)?.arrayValue else { return .snapshotMissing }
            let text = (route.query["q"] ?? "").lowercased()
            let matches = all.filter { ($0["name"]?.stringValue?.lowercased() ?? "").contains(text) }
            return .json(.array(matches))
        case 2 where s[0] == "breeds":
            guard let all = snapshot.json(Self.breedsFile)?.arrayValue else { return .snapshotMissing }
            if let breed = all.first(where: { $0["id"]?.lenientString == s[1] }) { return .json(breed) }
            return .json(
                .object(JSONObject([(key: "message", value: .string("NOT_FOUND")), (key: "status", value: .int(404))])),
                status: 404)
        default:
            return .json(
                .object(JSONObject([(key: "message", value: .string("NOT_FOUND")), (key: "status", value: .int(404))])),
                status: 404)
        }
    }
}
