#if canImport(Glibc)
    import Glibc
#endif
import Clocks
import GraphQL

/// `menagerie bench`: the engine workloads of `../shared/bench/README.md`.
///
/// Rules: at least 2 s of warm-up per workload, then a batch size of about one
/// second at the last measured rate, then 5 batches, interleaved across the
/// workloads (batch 1 of each, then batch 2, ...). The result is the median
/// ops/s of the 5 batches, with min, max and CPU time per wall time.
enum BenchCommand: Subcommand {
    static let name = "bench"
    static let summary = "Run the engine benchmarks (W1-W6) or time parsing a document."
    static var help: String {
        """
        USAGE: menagerie bench [all|W1|W2|...|WORKLOAD-NAME ...] [--bench-dir DIR]
               menagerie bench parse --document FILE
               menagerie bench validate --schema SDL_FILE --document FILE
               menagerie bench validate-scaling
               menagerie bench app --document FILE

        Runs the workloads of shared/bench/README.md and prints one line per
        workload, 'menagerie WORKLOAD OPS_PER_SEC' (the median of the batches),
        then a JSON summary with median, min, max and CPU/wall time. Use a
        release build: swift build -c release.

        WORKLOADS:
        \(BenchWorkloads.all.map { "  \($0.id)  \($0.name)" }.joined(separator: "\n"))

        EXTRA WORKLOADS (run only when named):
        \(BenchWorkloads.extras.map { "  \($0.id)  \($0.name)" }.joined(separator: "\n"))

        OPTIONS:
          --bench-dir DIR     Folder of the bench inputs (default ../shared/bench).
          --document FILE     With 'parse': the document to parse; with 'validate': to validate;
                              with 'app': to execute against the embedded snapshot, warm (the
                              whole app in process: the document cache, the resolvers, the
                              loaders and the upstream cache; no HTTP) and, second, through the
                              server's request handler as a POST /graphql (also the body's
                              decoding, serialisation and headers; no sockets or threads).
          --tasks N           With 'app': also answer through the handler from 1 task and
                              from N tasks at once sharing one app (two more lines, in
                              requests per second; Swift's global executor runs one thread
                              per allowed CPU): how the app's shared state scales across
                              cores, without sockets or a load generator.
          --schema SDL_FILE   With 'validate': the schema to validate against.
          --warmup SECONDS    Warm-up time per workload (default 2).
          --batches N         Number of measured batches (default 5).
          --batch-time SECS   Target duration of one batch (default 1).
          --step              Let another program interleave engines batch by batch: print
                              'ready' after the warm-up, then before each round of batches
                              (one batch of every workload) wait for a line on standard
                              input, and print 'round N' after it. Used by
                              Tests/Scripts/bench-interleaved.py.
          -h, --help          Show this help.
        """
    }

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: Arguments
        do {
            parsed = try Arguments(
                arguments, valued: ["bench-dir", "document", "schema", "warmup", "batches", "batch-time", "tasks"],
                boolean: ["step"], maxPositionals: 16, command: name)
        } catch {
            Terminal.err(error.message)
            return 2
        }
        let settings: BenchSettings
        do {
            settings = try BenchSettings(parsed)
        } catch {
            Terminal.err(error.message)
            return 2
        }

        var selected: [BenchWorkload] = []
        let words = parsed.positionals.isEmpty ? ["all"] : parsed.positionals
        if words.first == "validate-scaling" {
            do throws(ValidateWorkloads.Failure) {
                for line in try ValidateWorkloads.scalingReport() { Terminal.out(line) }
                return 0
            } catch {
                Terminal.err("menagerie bench validate-scaling: \(error.message)")
                return 1
            }
        }
        if words.first == "validate" {
            guard let document = parsed[option: "document"], let schema = parsed[option: "schema"] else {
                Terminal.err("menagerie bench validate: give --schema SDL_FILE and --document FILE")
                return 2
            }
            selected.append(
                BenchWorkload(id: "validate", name: "validate:" + document) { _ throws(BenchError) in
                    do throws(ValidateWorkloads.Failure) {
                        return .sync(try ValidateWorkloads.prepare(schemaPath: schema, documentPath: document))
                    } catch {
                        throw BenchError(error.message)
                    }
                })
        } else if words.first == "app" {
            guard let document = parsed[option: "document"] else {
                Terminal.err("menagerie bench app: give the document with --document FILE")
                return 2
            }
            selected.append(
                BenchWorkload(id: "app", name: "app:" + document) { _ throws(BenchError) in
                    switch Terminal.readText(document) {
                    case .success(let text): return try AppBench.workload(query: text)
                    case .failure(let error): throw BenchError(error.message)
                    }
                })
            selected.append(
                BenchWorkload(id: "handler", name: "handler:" + document) { _ throws(BenchError) in
                    switch Terminal.readText(document) {
                    case .success(let text): return try AppBench.handlerWorkload(query: text)
                    case .failure(let error): throw BenchError(error.message)
                    }
                })
            let tasks: Int
            do {
                tasks = try parsed.integer("tasks", default: 1, command: "bench")
            } catch {
                Terminal.err(error.message)
                return 2
            }
            guard (1...64).contains(tasks) else {
                Terminal.err("menagerie bench app: '--tasks' must be from 1 to 64, got \(tasks)")
                return 2
            }
            // The same path from one task and from `tasks` tasks, so that the two lines compare.
            for count in tasks > 1 ? [1, tasks] : [] {
                var concurrent = BenchWorkload(id: "handler-tasks-\(count)", name: "handler×\(count):" + document) {
                    _ throws(BenchError) in
                    switch Terminal.readText(document) {
                    case .success(let text): return try AppBench.concurrentHandlerWorkload(query: text, tasks: count)
                    case .failure(let error): throw BenchError(error.message)
                    }
                }
                concurrent.unitsPerOperation = count * AppBench.requestsPerTask
                selected.append(concurrent)
            }
        } else if words.first == "parse" {
            guard words.count == 1 else {
                Terminal.err("menagerie bench: 'parse' takes no workload names")
                return 2
            }
            guard let document = parsed[option: "document"] else {
                Terminal.err("menagerie bench parse: give the document with --document FILE")
                return 2
            }
            selected.append(
                BenchWorkload(id: "parse", name: "parse:" + document) { _ throws(BenchError) in
                    switch Terminal.readText(document) {
                    case .success(let text): return try BenchWorkloads.parseWorkload(text)
                    case .failure(let error): throw BenchError(error.message)
                    }
                })
        } else {
            for word in words {
                if word == "all" {
                    selected += BenchWorkloads.all
                } else if let workload = (BenchWorkloads.all + BenchWorkloads.extras).first(where: {
                    $0.id.lowercased() == word.lowercased() || $0.name == word
                }) {
                    selected.append(workload)
                } else {
                    Terminal.err("menagerie bench: unknown workload '\(word)'. See 'menagerie bench --help'.")
                    return 2
                }
            }
        }

        let context = BenchContext(benchDirectory: settings.benchDirectory)
        var runs: [BenchRun] = []
        for workload in selected {
            do {
                runs.append(BenchRun(workload: workload, operation: try workload.prepare(context)))
            } catch {
                Terminal.err("menagerie bench \(workload.id): \(error.message)")
                return 1
            }
        }

        // Warm up each workload and size its batches.
        for index in runs.indices {
            await runs[index].warmUp(for: settings.warmup, batchTime: settings.batchTime)
        }
        // Measure the batches, interleaved across the workloads (and, with --step, across engines:
        // the driver starts each round when the other engines' rounds are done).
        if settings.step { Terminal.out("ready") }
        for round in 1...settings.batches {
            if settings.step, readLine() == nil {
                Terminal.err("menagerie bench --step: standard input closed before round \(round)")
                return 1
            }
            for index in runs.indices {
                await runs[index].measureBatch()
            }
            if settings.step { Terminal.out("round \(round)") }
        }

        for run in runs {
            Terminal.out("menagerie \(run.workload.id) \(format(run.median))")
        }
        Terminal.out(summaryJSON(runs, settings: settings))
        return 0
    }

    /// The JSON summary: one object per workload.
    static func summaryJSON(_ runs: [BenchRun], settings: BenchSettings) -> String {
        var items: [String] = []
        for run in runs {
            items.append(
                """
                {"workload":"\(run.workload.id)","name":"\(escape(run.workload.name))",\
                "ops_per_sec":\(format(run.median)),"min":\(format(run.rates.min() ?? 0)),\
                "max":\(format(run.rates.max() ?? 0)),"batch_size":\(run.batchSize),\
                "batches":[\(run.rates.map { format($0) }.joined(separator: ","))],\
                "cpu_per_wall":\(format(run.cpuPerWall, digits: 3))}
                """)
        }
        return "{\"engine\":\"menagerie\",\"warmup_seconds\":\(format(settings.warmup.inSeconds, digits: 3)),"
            + "\"workloads\":[" + items.joined(separator: ",") + "]}"
    }

    static func format(_ value: Double, digits: Int = 1) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return String(rounded)
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{0}"..."\u{1F}": result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// The timing settings of a bench run.
struct BenchSettings {
    var benchDirectory: String
    var warmup: Duration
    var batches: Int
    var batchTime: Duration
    /// Wait for a line on standard input before each round of batches (`--step`).
    var step: Bool

    init(_ arguments: Arguments) throws(ArgumentError) {
        step = arguments.has("step")
        benchDirectory = arguments[option: "bench-dir"] ?? Self.defaultBenchDirectory()
        batches = try arguments.integer("batches", default: 5, command: "bench")
        warmup = try Self.seconds(arguments, "warmup", default: .seconds(2))
        batchTime = try Self.seconds(arguments, "batch-time", default: .seconds(1))
        guard batches >= 1 else { throw ArgumentError("menagerie bench: '--batches' must be at least 1") }
    }

    /// `../shared/bench`, or the nearest `shared/bench` further up (e.g. from a git worktree).
    static func defaultBenchDirectory() -> String {
        var prefix = "../"
        for _ in 0..<4 {
            if access(prefix + "shared/bench/kitchen-sink.graphql", R_OK) == 0 { return prefix + "shared/bench" }
            prefix += "../"
        }
        return "../shared/bench"
    }

    private static func seconds(_ arguments: Arguments, _ name: String, default value: Duration) throws(ArgumentError)
        -> Duration
    {
        guard let text = arguments[option: name] else { return value }
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
            throw ArgumentError("menagerie bench: '--\(name)' needs a number of seconds, got '\(text)'")
        }
        return .clampedSeconds(seconds)
    }
}

/// One workload's measurements.
struct BenchRun {
    let workload: BenchWorkload
    let operation: BenchOperation
    var batchSize = 1
    var rates: [Double] = []
    var wallTotal = 0.0
    var cpuTotal = 0.0
    /// Keeps something of every result, so the work is not optimised away.
    var sink = 0

    init(workload: BenchWorkload, operation: BenchOperation) {
        self.workload = workload
        self.operation = operation
    }

    /// Runs `count` operations; returns the wall time and the process CPU time taken, in seconds.
    mutating func runOperations(_ count: Int) async -> (wall: Double, cpu: Double) {
        let cpuStart = CPUTime.process()
        let start = MonotonicClock.systemNow()
        var accumulator = 0
        switch operation {
        case .sync(let body):
            for _ in 0..<count { accumulator &+= body() }
        case .async(let body):
            for _ in 0..<count { accumulator &+= await body() }
        }
        let wall = (MonotonicClock.systemNow() - start).inSeconds
        let cpu = (CPUTime.process() - cpuStart).inSeconds
        sink &+= accumulator
        return (wall, cpu)
    }

    /// Runs for at least `warmup`, then sets the batch size to about `batchTime` of work.
    mutating func warmUp(for warmup: Duration, batchTime: Duration) async {
        let start = MonotonicClock.systemNow()
        var chunk = 1
        var rate = 0.0
        repeat {
            let (wall, _) = await runOperations(chunk)
            if wall > 0 { rate = Double(chunk) / wall }
            if wall < 0.1 { chunk = min(chunk * 2, 1 << 40) }
        } while MonotonicClock.systemNow() - start < warmup
        batchSize = max(1, Int((rate * batchTime.inSeconds).rounded()))
    }

    /// Measures one batch.
    mutating func measureBatch() async {
        let (wall, cpu) = await runOperations(batchSize)
        rates.append(wall > 0 ? Double(batchSize * workload.unitsPerOperation) / wall : 0)
        wallTotal += wall
        cpuTotal += cpu
    }

    /// The median ops/s of the batches.
    var median: Double {
        let sorted = rates.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Process CPU time per wall time during the batches.
    var cpuPerWall: Double { wallTotal > 0 ? cpuTotal / wallTotal : 0 }
}
