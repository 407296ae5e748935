import JSON
import Locking
import XCTest

@testable import GraphQL

/// A part of an ``ArrivingList`` that answers when the test says so.
final class Gate: Sendable {
    private let state = Locked<
        (answer: Result<[String], GraphQLError>?, waiter: CheckedContinuation<Result<[String], GraphQLError>, Never>?)
    >((nil, nil))

    /// The part: pending until ``open(_:)`` or ``fail(_:)``.
    var part: ArrivingList.Part {
        .pending { [self] in try await self.wait().map { $0 as any Sendable } }
    }

    private func wait() async throws -> [String] {
        let answer = await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Result<[String], GraphQLError>? in
                if let answer = state.answer { return answer }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
        return try answer.get()
    }

    func open(_ items: [String]) { answer(.success(items)) }

    func fail(_ message: String) { answer(.failure(GraphQLError(message: message))) }

    private func answer(_ answer: Result<[String], GraphQLError>) {
        let waiter = state.withLock { state in
            state.answer = answer
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: answer)
    }
}

/// A part that waits 30 s unless it is cancelled (and records that it was).
final class Sleeper: Sendable {
    private let cancelled = Locked(false)

    var part: ArrivingList.Part {
        .pending { [self] in
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                cancelled.withLock { $0 = true }
                throw error
            }
            return ["late"]
        }
    }

    /// Whether the part was cancelled, within `limit`.
    func isCancelled(within limit: Duration = .seconds(5)) async -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + limit
        while !cancelled.withLock({ $0 }) {
            if clock.now > end { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }
}

/// A ``WorkTracker`` that counts the units of work, so that a test can wait until the parts it
/// released have answered (a part's task leaves after its answer is in).
final class UnitCounter: WorkTracker {
    private struct State {
        var count = 0
        var peak = 0
        var waiters: [(count: Int, peak: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    func enter() { change(+1) }
    func leave() { change(-1) }

    private func change(_ delta: Int) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count += delta
            precondition(state.count >= 0, "unbalanced leave")
            state.peak = max(state.peak, state.count)
            let (count, peak) = (state.count, state.peak)
            let ready = state.waiters.filter { $0.count == count && peak >= $0.peak }.map(\.continuation)
            state.waiters.removeAll { $0.count == count && peak >= $0.peak }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    var count: Int { state.withLock { $0.count } }
    var peak: Int { state.withLock { $0.peak } }

    /// Whether every unit that entered has left, within `limit` (a part's task leaves just after
    /// its answer is in: it may still be counted when the last payload is out).
    func settles(within limit: Duration = .seconds(5)) async -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + limit
        while count != 0 {
            if clock.now > end { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    /// Returns when `count` units are counted, once the count has been at least `peak`.
    func reached(_ count: Int, afterPeak peak: Int = 0) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.count == count, state.peak >= peak { return true }
                state.waiters.append((count, peak, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// ``ArrivingList``, a list in parts: plain execution concatenates the parts in part order; under
/// `@stream` the items go out in the order the parts answer, each later part in one `items` entry.
/// The parts are ``Gate``s the tests answer in a chosen order; a test waits for a payload (or, with
/// a ``UnitCounter``, for a part to be in) before it answers the next part.
final class ArrivingListTests: XCTestCase {
    static let sdl = """
        directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @stream(if: Boolean! = true, label: String, initialCount: Int! = 0) on FIELD
        type Query { letters: [String], things: [Thing!] }
        type Thing { name: String! }
        """

    /// An engine whose `letters` is `list()` and whose `things` are `list()`'s items as objects.
    static func engine(_ list: @escaping @Sendable () -> ArrivingList) throws -> GraphQLEngine {
        var resolvers = ResolverMap()
        resolvers.field("Query", "letters") { _, _, _, _ in list() }
        resolvers.field("Query", "things") { _, _, _, _ in
            let letters = list()
            return ArrivingList(
                parts: letters.parts.map { part in part.map { $0.map { ["name": $0] as [String: any Sendable] } } },
                limit: letters.limit)
        }
        let schema = try buildASTSchema(try parse(Source(sdl), options: .unlimited))
        return try GraphQLEngine(schema: schema, resolvers: resolvers)
    }

    static func text(_ object: JSONObject) -> String { JSONValue.object(object).serialized() }

    /// The initial payload and an iterator over the later ones (fails when the answer is single).
    static func incremental(
        _ result: IncrementalExecutionResult, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (initial: String, rest: AsyncStream<JSONObject>) {
        guard case .incremental(let initial, let subsequent) = result else {
            XCTFail("a single answer: \(result)", file: file, line: line)
            throw CancellationError()
        }
        return (text(initial), subsequent)
    }

    /// Reads every payload of `parts` into `received`.
    static func read(_ parts: AsyncStream<JSONObject>, into received: Locked<[String]>) async {
        for await payload in parts { received.withLock { $0.append(text(payload)) } }
    }

    static let pending = #""pending":[{"id":"0","path":["letters"]}],"hasNext":true}"#

    func items(_ items: [String], done: Bool = false, errors: String? = nil) -> String {
        let list = items.map { #""\#($0)""# }.joined(separator: ",")
        let entry = #"{"id":"0","items":[\#(list)]"# + (errors.map { #","errors":[\#($0)]"# } ?? "") + "}"
        return #"{"incremental":[\#(entry)],"#
            + (done ? #""completed":[{"id":"0"}],"hasNext":false}"# : #""hasNext":true}"#)
    }

    static func error(_ message: String, column: Int = 3) -> String {
        #"{"message":"\#(message)","locations":[{"line":1,"column":\#(column)}],"path":["letters"]}"#
    }

    func testPartsAnsweringInOrder312StreamInThatOrderEachInOneEntry() async throws {
        let gates = [Gate(), Gate(), Gate()]
        let engine = try Self.engine { ArrivingList(parts: gates.map(\.part)) }
        let (initial, rest) = try Self.incremental(
            await engine.executeIncrementally(query: "{ letters @stream(initialCount: 0) }"))
        XCTAssertEqual(initial, #"{"data":{"letters":[]},"# + Self.pending)
        var payloads = rest.makeAsyncIterator()
        gates[2].open(["c1", "c2"])
        var payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["c1", "c2"]))
        gates[0].open(["a1", "a2"])
        payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["a1", "a2"]))
        gates[1].open(["b1"])
        payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["b1"], done: true))
        payload = await payloads.next()
        XCTAssertNil(payload)
    }

    func testInitialCountOneWaitsForTheFirstPartToAnswer() async throws {
        let gates = [Gate(), Gate(), Gate()]
        let tracker = UnitCounter()
        let engine = try Self.engine { ArrivingList(parts: gates.map(\.part)) }
        async let answer = engine.executeIncrementally(query: "{ letters @stream(initialCount: 1) }", tracker: tracker)
        gates[2].open(["c1", "c2"])
        let (initial, rest) = try Self.incremental(await answer)
        // The rest of the part that answered first comes at once.
        XCTAssertEqual(initial, #"{"data":{"letters":["c1"]},"# + Self.pending)
        var payloads = rest.makeAsyncIterator()
        var payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["c2"]))
        gates[0].open(["a1", "a2"])
        payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["a1", "a2"]))
        gates[1].open(["b1"])
        payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["b1"], done: true))
        payload = await payloads.next()
        XCTAssertNil(payload)
        let settled = await tracker.settles()
        XCTAssertTrue(settled, "every unit of work that entered left")
    }

    func testAnInitialCountCoveringTheListWaitsForEveryPartInArrivalOrder() async throws {
        let gates = [Gate(), Gate(), Gate()]
        let tracker = UnitCounter()
        let engine = try Self.engine { ArrivingList(parts: gates.map(\.part)) }
        async let answer = engine.executeIncrementally(query: "{ letters @stream(initialCount: 10) }", tracker: tracker)
        // The execution (1) and the three parts (3) counted, the execution waiting (not counted).
        await tracker.reached(3, afterPeak: 4)
        gates[2].open(["c1", "c2"])
        await tracker.reached(2, afterPeak: 4) // the third part is in
        gates[0].open(["a1", "a2"])
        await tracker.reached(1, afterPeak: 4) // the first part is in
        gates[1].open(["b1"])
        guard case .single(let result) = await answer else { return XCTFail("parts for a list sent whole") }
        XCTAssertEqual(result.json.serialized(), #"{"data":{"letters":["c1","c2","a1","a2","b1"]}}"#)
        let settled = await tracker.settles()
        XCTAssertTrue(settled, "every unit of work that entered left")
    }

    func testTheLimitCutsTheItemsInArrivalOrderAndCancelsThePartsStillOut() async throws {
        let gates = [Gate(), Gate(), Gate()]
        let engine = try Self.engine { ArrivingList(parts: gates.map(\.part), limit: 3) }
        let (initial, rest) = try Self.incremental(await engine.executeIncrementally(query: "{ letters @stream }"))
        XCTAssertEqual(initial, #"{"data":{"letters":[]},"# + Self.pending)
        var payloads = rest.makeAsyncIterator()
        gates[2].open(["c1", "c2"])
        var payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["c1", "c2"]))
        gates[0].open(["a1", "a2"])
        payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["a1"], done: true), "the limit reached: the stream ends")
        payload = await payloads.next()
        XCTAssertNil(payload)
        gates[1].open(["b1"]) // (its task was cancelled; the gate does not notice)

        // Plain: in part order, cut to the limit.
        let plainGates = [Gate(), Gate(), Gate()]
        let plain = try Self.engine { ArrivingList(parts: plainGates.map(\.part), limit: 3) }
        async let whole = plain.execute(query: "{ letters }")
        plainGates[2].open(["c1", "c2"])
        plainGates[0].open(["a1", "a2"])
        plainGates[1].open(["b1"])
        let result = await whole
        XCTAssertEqual(result.json.serialized(), #"{"data":{"letters":["a1","a2","b1"]}}"#)
    }

    func testTheInitialCountAndTheLimitInOnePart() async throws {
        let gate = Gate()
        let engine = try Self.engine { ArrivingList(parts: [.ready(["r1", "r2"]), gate.part], limit: 3) }
        // The limit reached with the ready part and one item of the other: the rest cut.
        async let answer = engine.executeIncrementally(query: "{ letters @stream(initialCount: 1) }")
        let (initial, rest) = try Self.incremental(await answer)
        XCTAssertEqual(initial, #"{"data":{"letters":["r1"]},"# + Self.pending)
        var payloads = rest.makeAsyncIterator()
        var payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["r2"]))
        gate.open(["p1", "p2"])
        payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["p1"], done: true))
    }

    func testThePartsStillOutAreCancelledWhenTheLimitIsReached() async throws {
        let sleeper = Sleeper()
        let engine = try Self.engine { ArrivingList(parts: [.ready(["a1", "a2"]), sleeper.part], limit: 2) }
        let (_, rest) = try Self.incremental(await engine.executeIncrementally(query: "{ letters @stream }"))
        var payloads = rest.makeAsyncIterator()
        let payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["a1", "a2"], done: true))
        let cancelledAtTheLimit = await sleeper.isCancelled()
        XCTAssertTrue(cancelledAtTheLimit, "the limit was reached with the first part")
    }

    func testThePartsStillOutAreCancelledWhenTheReaderGoesAway() async throws {
        let late = Sleeper()
        let gate = Gate()
        let other = try Self.engine { ArrivingList(parts: [gate.part, late.part]) }
        let parts: AsyncStream<JSONObject> = try Self.incremental(
            await other.executeIncrementally(query: "{ letters @stream }")
        ).rest
        let received = Locked<[String]>([])
        let reader = Task { [parts, received] in await ArrivingListTests.read(parts, into: received) }
        gate.open(["g1"])
        let clock = ContinuousClock()
        let end = clock.now + .seconds(5)
        while received.withLock({ $0.isEmpty }), clock.now < end { try await Task.sleep(for: .milliseconds(1)) }
        XCTAssertEqual(received.withLock { $0 }, [items(["g1"])])
        reader.cancel() // the reader goes away while the other part is out
        let cancelledWithTheReader = await late.isCancelled()
        XCTAssertTrue(cancelledWithTheReader, "the reader went away")
    }

    func testAPartThatFailsMidStreamReportsItsErrorWithTheNextItems() async throws {
        let gates = [Gate(), Gate(), Gate()]
        let tracker = UnitCounter()
        let engine = try Self.engine { ArrivingList(parts: gates.map(\.part)) }
        let (initial, rest) = try Self.incremental(
            await engine.executeIncrementally(query: "{ letters @stream }", tracker: tracker))
        XCTAssertEqual(initial, #"{"data":{"letters":[]},"# + Self.pending)
        var payloads = rest.makeAsyncIterator()
        gates[0].open(["a1"])
        var payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["a1"]))
        gates[1].fail("b is down")
        // Until the failed part is in, it and the third part are counted.
        await tracker.reached(1)
        gates[2].open(["c1"])
        payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["c1"], done: true, errors: Self.error("b is down")))
        payload = await payloads.next()
        XCTAssertNil(payload)
        let settled = await tracker.settles()
        XCTAssertTrue(settled, "every unit of work that entered left")
    }

    func testAPartThatFailsLastReportsItsErrorOnCompleted() async throws {
        let gates = [Gate(), Gate()]
        let engine = try Self.engine { ArrivingList(parts: gates.map(\.part)) }
        let (_, rest) = try Self.incremental(await engine.executeIncrementally(query: "{ letters @stream }"))
        var payloads = rest.makeAsyncIterator()
        gates[1].open(["b1"])
        var payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["b1"]))
        gates[0].fail("a is down")
        payload = await payloads.next()
        XCTAssertEqual(
            payload.map(Self.text),
            #"{"completed":[{"id":"0","errors":[\#(Self.error("a is down"))]}],"hasNext":false}"#)
        payload = await payloads.next()
        XCTAssertNil(payload)
    }

    func testPartsThatFailBeforeTheInitialPayloadAreItsErrorsAndAllFailingIsNull() async throws {
        let gates = [Gate(), Gate()]
        let engine = try Self.engine { ArrivingList(parts: gates.map(\.part)) }
        async let answer = engine.executeIncrementally(query: "{ letters @stream(initialCount: 1) }")
        gates[0].fail("a is down")
        gates[1].fail("b is down")
        guard case .single(let result) = await answer else { return XCTFail("nothing left to stream") }
        XCTAssertEqual(result.data, .object(["letters": .null]))
        XCTAssertEqual(Set(result.errors.map(\.message)), ["a is down", "b is down"])
        XCTAssertEqual(result.errors.map(\.path), [[.key("letters")], [.key("letters")]])
    }

    func testReadyPartsStreamInPartOrderAsThePlainList() async throws {
        let engine = try Self.engine {
            ArrivingList(parts: [.ready(["a1", "a2"]), .ready([]), .ready(["c1", "c2"])], limit: 3)
        }
        let plain = await engine.execute(query: "{ letters }")
        XCTAssertEqual(plain.json.serialized(), #"{"data":{"letters":["a1","a2","c1"]}}"#)
        let (initial, rest) = try Self.incremental(await engine.executeIncrementally(query: "{ letters @stream }"))
        XCTAssertEqual(initial, #"{"data":{"letters":[]},"# + Self.pending)
        var payloads = rest.makeAsyncIterator()
        let payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), items(["a1", "a2", "c1"], done: true), "one entry")
        let covered = await engine.executeIncrementally(query: "{ letters @stream(initialCount: 3) }")
        guard case .single(let whole) = covered else { return XCTFail("nothing left to stream") }
        XCTAssertEqual(whole.json.serialized(), plain.json.serialized())
    }

    func testPlainExecutionConcatenatesInPartOrderWhateverOrderThePartsAnswer() async throws {
        let gates = [Gate(), Gate(), Gate(), Gate()]
        let tracker = UnitCounter()
        let engine = try Self.engine { ArrivingList(parts: [.ready(["r1"])] + gates.map(\.part)) }
        async let answer = engine.execute(query: "{ letters }", tracker: tracker)
        gates[2].open(["c1", "c2"])
        gates[3].fail("d is down")
        gates[0].open(["a1"])
        gates[1].open([])
        let result = await answer
        XCTAssertEqual(
            result.json.serialized(),
            #"{"errors":[\#(Self.error("d is down"))],"data":{"letters":["r1","a1","c1","c2"]}}"#)
        let settled = await tracker.settles()
        XCTAssertTrue(settled, "every unit of work that entered left")
    }

    func testPlainExecutionOfReadyPartsTakesNoTask() async throws {
        let tracker = UnitCounter()
        let engine = try Self.engine { ArrivingList(parts: [.ready(["a1"]), .ready(["b1", "b2"])], limit: 2) }
        let result = await engine.execute(query: "{ letters things { name } }", tracker: tracker)
        XCTAssertEqual(
            result.json.serialized(),
            #"{"data":{"letters":["a1","b1"],"things":[{"name":"a1"},{"name":"b1"}]}}"#)
        XCTAssertEqual(tracker.peak, 0, "completed synchronously")
    }

    func testEveryPartFailingIsNullInPlainExecution() async throws {
        let engine = try Self.engine {
            ArrivingList(parts: [.failed(GraphQLError(message: "a is down")), .failed(GraphQLError(message: "b"))])
        }
        let result = await engine.execute(query: "{ letters }")
        XCTAssertEqual(
            result.json.serialized(),
            #"{"errors":[\#(Self.error("a is down")),\#(Self.error("b"))],"data":{"letters":null}}"#)
        let none = try Self.engine { ArrivingList(parts: []) }
        let empty = await none.execute(query: "{ letters }")
        XCTAssertEqual(empty.json.serialized(), #"{"data":{"letters":[]}}"#)
    }

    /// A list in parts below a deferred fragment (the incremental walker, no `@stream`): part order.
    func testObjectsWithDeferredFieldsKeepPartOrder() async throws {
        let gates = [Gate(), Gate()]
        let engine = try Self.engine { ArrivingList(parts: gates.map(\.part)) }
        async let answer = engine.executeIncrementally(query: #"{ things { ... @defer(label: "d") { name } } }"#)
        gates[1].open(["b1"])
        gates[0].open(["a1"])
        let (initial, rest) = try Self.incremental(await answer)
        XCTAssertEqual(
            initial,
            #"{"data":{"things":[{},{}]},"pending":[{"id":"0","path":["things",0],"label":"d"},{"id":"1","path":["things",1],"label":"d"}],"hasNext":true}"#
        )
        // (One payload or two: the two fragments complete at about the same time.)
        var data: [String: String] = [:]
        var completed: [String] = []
        var hasNext = true
        for await payload in rest {
            for case .object(let entry) in payload["incremental"]?.arrayValue ?? [] {
                data[entry["id"]?.stringValue ?? "?"] = entry["data"].map { $0.serialized() }
            }
            completed += (payload["completed"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
            hasNext = payload["hasNext"]?.boolValue ?? true
        }
        XCTAssertEqual(data, ["0": #"{"name":"a1"}"#, "1": #"{"name":"b1"}"#])
        XCTAssertEqual(completed.sorted(), ["0", "1"])
        XCTAssertFalse(hasNext)
    }

    /// Streamed objects: each part's items completed (their own fields) and sent in one entry.
    func testStreamedObjectsOfAPartGoInOneEntry() async throws {
        let gates = [Gate(), Gate()]
        let engine = try Self.engine { ArrivingList(parts: gates.map(\.part)) }
        let (initial, rest) = try Self.incremental(
            await engine.executeIncrementally(query: "{ things @stream(label: \"s\") { name } }"))
        XCTAssertEqual(
            initial, #"{"data":{"things":[]},"pending":[{"id":"0","path":["things"],"label":"s"}],"hasNext":true}"#)
        var payloads = rest.makeAsyncIterator()
        gates[1].open(["b1", "b2"])
        var payload = await payloads.next()
        XCTAssertEqual(
            payload.map(Self.text),
            #"{"incremental":[{"id":"0","items":[{"name":"b1"},{"name":"b2"}]}],"hasNext":true}"#)
        gates[0].open([])
        payload = await payloads.next()
        XCTAssertEqual(payload.map(Self.text), #"{"completed":[{"id":"0"}],"hasNext":false}"#)
    }
}
