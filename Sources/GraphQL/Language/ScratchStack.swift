/// A growable stack that the parser reuses for the items of every list it
/// builds (selections, arguments, ...): items are pushed as they are parsed,
/// then moved out into an exactly sized array when the list closes. Nested
/// lists use the top of the stack, so one buffer serves a whole parse and each
/// AST array is allocated once, at its final size, without reference-count
/// traffic for the move.
///
/// - Unsafe: the items live in manually managed memory (`UnsafeMutablePointer<Element>`):
///   `push` initializes a slot, `grow` moves them to a new allocation, `popArray` moves them out,
///   `deinit` deinitializes what is left and frees it; nothing checks bounds or initialization.
/// - Invariant: slots `0..<count` are initialized and `count..<capacity` are not; `push` grows
///   first when full, so it writes below `capacity`; `popArray(from: base)` needs
///   `base <= count`, which the parser guarantees by reading `count` as the base when a list opens
///   and popping that list before its enclosing list pops (an empty or inverted range returns `[]`
///   and moves nothing). The stack is `~Copyable`, so no copy can free or move the storage twice.
/// - Checked by: `ParserTests` and `HostileInputTests` (GraphQLTests; `testTokenLimit` parses
///   20,000 selections in one set, far past the first allocation), under AddressSanitizer in CI
///   (`.ci/run` step 3); `Tests/Fuzz/fuzz-parser.sh` (libFuzzer + ASan, run by hand).
struct ScratchStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>?
    private var capacity = 0
    private let initialCapacity: Int
    /// The number of items on the stack.
    private(set) var count = 0

    /// A stack that allocates room for as many items as fit in `bytes` on its first push.
    ///
    /// The default, 1 KiB, keeps the first allocation within glibc's per-thread cache (requests
    /// up to 1,032 bytes): a larger one goes to the main allocator, which first consolidates
    /// the small chunks the previous document's tree freed, on every parse (see
    /// docs/performance.md).
    init(bytes: Int = 1024) {
        initialCapacity = max(bytes / MemoryLayout<Element>.stride, 1)
    }

    deinit {
        if let storage {
            storage.deinitialize(count: count)
            storage.deallocate()
        }
    }

    /// Pushes an item.
    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        if let storage {
            (storage + count).initialize(to: element)
            count += 1
        }
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity == 0 ? initialCapacity : capacity * 2
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let storage {
            newStorage.moveInitialize(from: storage, count: count)
            storage.deallocate()
        }
        storage = newStorage
        capacity = newCapacity
    }

    /// Moves the items from `base` to the top into a new array and pops them.
    @inline(__always)
    mutating func popArray(from base: Int) -> [Element] {
        let length = count - base
        guard length > 0, let storage else { return [] }
        // Most lists have one to three items: an array literal allocates its exact storage
        // directly, without `reserveCapacity`'s general path (see docs/performance.md).
        let first = storage + base
        switch length {
        case 1:
            count = base
            return [first.move()]
        case 2:
            count = base
            return [first.move(), (first + 1).move()]
        case 3:
            count = base
            return [first.move(), (first + 1).move(), (first + 2).move()]
        default:
            break
        }
        // (reserveCapacity + append specialise well; `init(unsafeUninitializedCapacity:)`
        // looks up the array's metadata on every call.)
        var result: [Element] = []
        result.reserveCapacity(length)
        var item = storage + base
        let end = storage + count
        while item < end {
            result.append(item.move())
            item += 1
        }
        count = base
        return result
    }
}
