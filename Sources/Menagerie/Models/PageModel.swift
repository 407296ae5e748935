/// One page of a list: the schema's `BreedPage`, `AnimalPage` and `MonsterPage`.
struct PageModel<Item: Sendable>: Sendable {
    var items: [Item]
    var totalCount: Int
    var hasMore: Bool
}
