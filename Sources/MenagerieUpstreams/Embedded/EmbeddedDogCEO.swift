import JSON
import Upstreams

/// Dog CEO routes over the snapshot, in the `{"message": …, "status": "success"}` envelope.
struct EmbeddedDogCEO {
    let snapshot: EmbeddedSnapshot
    let seed: UInt64

    static let listFile = "dog-ceo/breeds-list-all.json"
    static let imagesFile = "dog-ceo/breed-images.json"

    func answer(_ route: EmbeddedRoute) -> UpstreamResponse {
        var generator = SeededGenerator(seed: seed, text: route.path)
        let s = route.segments
        switch s.count {
        case 3 where s[0] == "breeds" && s[1] == "list" && s[2] == "all":
            guard let text = snapshot.text(Self.listFile) else { return .snapshotMissing }
            return .jsonText(text)
        case 2 where s[0] == "breeds" && s[1] == "list":
            guard let breeds else { return .snapshotMissing }
            return success(.array(breeds.map { .string($0.name) }))
        case 3 where s[0] == "breeds" && s[1] == "image" && s[2] == "random":
            let all = allImages()
            guard let url = all.randomElement(using: &generator) else { return notFound("No images") }
            return success(.string(url))
        case 4 where s[0] == "breeds" && s[1] == "image" && s[2] == "random":
            let picked = pick(allImages(), count: min(50, Self.count(s[3])), using: &generator)
            return success(.array(picked.map { .string($0) }))
        case 3 where s[0] == "breed" && s[2] == "list":
            guard let breeds else { return .snapshotMissing }
            guard let breed = breeds.first(where: { $0.name == s[1] }) else {
                return notFound("Breed not found (main breed does not exist)")
            }
            return success(.array(breed.subBreeds.map { .string($0) }))
        case 3...6 where s[0] == "breed":
            return images(s, using: &generator)
        default:
            let shown = String(("No route found for \"GET " + route.path + "\" with code: 0").prefix(128))
            return notFound(shown)
        }
    }

    /// `/breed/{b}[/{s}]/images[/random[/{n}]]`.
    private func images(_ s: [String], using generator: inout SeededGenerator) -> UpstreamResponse {
        guard let breeds else { return .snapshotMissing }
        let hasSub = s.count >= 4 && s[3] == "images"
        let rest: ArraySlice<String>
        let key: String
        guard let breed = breeds.first(where: { $0.name == s[1] }) else {
            return notFound("Breed not found (main breed does not exist)")
        }
        if s[2] == "images" {
            rest = s[3...]
            key = breed.name
        } else if hasSub {
            guard breed.subBreeds.contains(s[2]) else { return notFound("Breed not found (sub breed does not exist)") }
            rest = s[4...]
            key = breed.name + "/" + s[2]
        } else {
            return notFound("No route found")
        }
        let urls = imagesOf(key, includingSubBreedsOf: s[2] == "images" ? breed : nil)
        switch rest.count {
        case 0:
            return success(.array(urls.map { .string($0) }))
        case 1 where rest.first == "random":
            guard let url = urls.randomElement(using: &generator) else {
                return notFound("Breed not found (no images)")
            }
            return success(.string(url))
        case 2 where rest.first == "random":
            let picked = pick(urls, count: Self.count(rest[rest.startIndex + 1]), using: &generator)
            return success(.array(picked.map { .string($0) }))
        default:
            return notFound("No route found")
        }
    }

    private var breeds: [DogCEOBreed]? {
        guard let object = snapshot.json(Self.listFile)?["message"]?.objectValue else { return nil }
        return object.map { DogCEOBreed(name: $0.key, subBreeds: $0.value.arrayValue?.compactMap(\.stringValue) ?? []) }
    }

    private func imagesOf(_ key: String, includingSubBreedsOf breed: DogCEOBreed?) -> [String] {
        let table = snapshot.json(Self.imagesFile)
        var urls = table?[key]?.arrayValue?.compactMap(\.stringValue) ?? []
        if let breed {
            for sub in breed.subBreeds {
                urls += table?[breed.name + "/" + sub]?.arrayValue?.compactMap(\.stringValue) ?? []
            }
        }
        return urls
    }

    private func allImages() -> [String] {
        guard let table = snapshot.json(Self.imagesFile)?.objectValue else { return [] }
        return table.flatMap { $0.value.arrayValue?.compactMap(\.stringValue) ?? [] }
    }

    /// `{n}` as Dog CEO reads it: not a positive number → 1.
    static func count(_ text: String) -> Int {
        guard let n = Int(text), n > 0 else { return 1 }
        return n
    }

    private func pick(_ urls: [String], count: Int, using generator: inout SeededGenerator) -> [String] {
        Array(urls.shuffled(using: &generator).prefix(count))
    }

    private func success(_ message: JSONValue) -> UpstreamResponse {
        .json(.object(JSONObject([(key: "message", value: message), (key: "status", value: .string("success"))])))
    }

    private func notFound(_ message: String) -> UpstreamResponse {
        .json(
            .object(
                JSONObject([
                    (key: "status", value: .string("error")), (key: "message", value: .string(message)),
                    (key: "code", value: .int(404))
                ])), status: 404)
    }
}
