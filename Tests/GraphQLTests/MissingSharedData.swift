/// Thrown by a test whose reference data in `../shared` (beside the checkout) is missing: the
/// test fails with this message. Missing reference data is a failure, never a skip.
struct MissingSharedData: Error, CustomStringConvertible {
    let what: String

    init(_ what: String) { self.what = what }

    var description: String {
        "missing shared reference data: \(what) (the read-only ../shared folder must be beside the checkout)"
    }
}
