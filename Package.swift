// swift-tools-version:6.1
import PackageDescription

// Menagerie has no package dependencies: only the Swift toolchain.
// CLinux is a C target of this package (the epoll, eventfd, accept4 and mallopt
// declarations the toolchain's Glibc module does not export), not a dependency.
//
// Layers (one way): Base (what several modules share: the ready-or-pending `Eventual`,
// percent-encoding, a stable hash), JSON, Locking, Clocks, LRU, Prometheus (small values) → GraphQL (language → type → validation → execution)
// → GraphQLServer (GraphQL over HTTP) on HTTPServer (HTTP/1.1 on sockets).
// DataLoader and Upstreams know nothing of serving; Upstreams is the generic
// gateway toolkit (pipeline, caching, retries, breaker, transport, metrics) and
// names no API. MenagerieUpstreams is the application's four API clients on it,
// their loaders and configuration, the embedded fakes and the embedded data
// snapshot; Menagerie binds the schema to them; MenagerieCLI is the `menagerie`
// executable. Redis is a small RESP client (knows nothing else); RedisCache
// plugs it into the toolkit's pipelines as their shared cache. At the bottom,
// beside Locking: Clocks (the one monotonic and wall clock, and the deadline
// watchdog every timeout runs on).
let package = Package(
    name: "Menagerie",
    products: [
        .executable(name: "menagerie", targets: ["MenagerieCLI"]),
        .library(name: "GraphQL", targets: ["GraphQL"])
    ],
    targets: [
        .target(name: "Base"),
        .target(name: "JSON"),
        .target(name: "Locking"),
        .target(name: "Clocks", dependencies: ["Locking"]),
        .target(name: "LRU"),
        .target(name: "Prometheus"),
        .target(name: "CLinux"),
        .target(name: "GraphQL", dependencies: ["Base", "JSON", "Locking", "LRU"]),
        // - Unsafe: release builds of HTTPServer run without Swift's run-time exclusivity checks
        //   (`-enforce-exclusivity=unchecked`; the compile-time ones stay).
        // - Invariant: an event loop's state (`EventLoop`, its `Connection`s) is touched only on
        //   the loop's own thread, one access at a time (no closure or callee modifies a
        //   connection while a caller holds an access to it); other threads reach a loop only
        //   through its locked inbox.
        // - Checked by: every debug build keeps the checks, and every HTTP suite runs in debug
        //   (`.ci/run` step 1) and under ThreadSanitizer (step 4): an overlapping access traps
        //   there. Measured reason: docs/performance.md, "Fast paths" (63 checks per request).
        .target(
            name: "HTTPServer", dependencies: ["Base", "CLinux", "Clocks", "Locking"],
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        .target(
            name: "GraphQLServer",
            dependencies: ["Base", "GraphQL", "HTTPServer", "JSON", "Clocks", "Locking", "LRU", "Prometheus"]),
        .target(name: "DataLoader", dependencies: ["Locking"]),
        .target(name: "Upstreams", dependencies: ["Base", "Clocks", "Locking", "Prometheus"]),
        .target(name: "Redis", dependencies: ["Base", "Clocks", "Locking"]),
        .target(
            name: "RedisCache",
            dependencies: ["Base", "Redis", "Upstreams", "GraphQLServer", "Clocks", "Locking", "Prometheus"]),
        .target(
            name: "MenagerieUpstreams",
            dependencies: ["Base", "Upstreams", "DataLoader", "GraphQL", "JSON", "Clocks", "Locking"],
            exclude: ["Snapshot"],
            plugins: ["EmbedResources"]
        ),
        .target(
            name: "Menagerie",
            dependencies: [
                "Base", "GraphQL", "GraphQLServer", "DataLoader", "Upstreams", "MenagerieUpstreams", "JSON", "Clocks",
                "Locking"
            ],
            plugins: ["EmbedResources"]
        ),
        .executableTarget(
            name: "MenagerieCLI",
            dependencies: [
                "Base", "Menagerie", "MenagerieUpstreams", "GraphQL", "GraphQLServer", "HTTPServer", "Upstreams",
                "JSON", "CLinux", "Redis", "RedisCache", "Clocks"
            ],
            plugins: ["EmbedResources"]
        ),
        .executableTarget(name: "EmbedTool"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["EmbedTool"]),

        .testTarget(name: "BaseTests", dependencies: ["Base"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "PrometheusTests", dependencies: ["Prometheus"]),
        .testTarget(name: "LRUTests", dependencies: ["LRU"]),
        .testTarget(name: "ClocksTests", dependencies: ["Clocks", "Locking"]),
        .testTarget(
            name: "GraphQLTests", dependencies: ["GraphQL", "JSON", "Locking"],
            exclude: ["Language/Expected", "Type/Expected", "Execution/Fixtures"]
        ),
        .testTarget(name: "HTTPServerTests", dependencies: ["Base", "HTTPServer", "Locking"]),
        .testTarget(
            name: "GraphQLServerTests",
            dependencies: ["Base", "GraphQLServer", "GraphQL", "HTTPServer", "JSON", "Locking"]),
        .testTarget(name: "DataLoaderTests", dependencies: ["DataLoader", "Locking"]),
        .target(name: "UpstreamStubs", dependencies: ["Locking"], path: "Tests/UpstreamStubs"),
        .target(
            name: "UpstreamTestSupport", dependencies: ["Upstreams", "Clocks", "Locking"],
            path: "Tests/UpstreamTestSupport"),
        .testTarget(
            name: "UpstreamsTests",
            dependencies: ["Upstreams", "UpstreamStubs", "UpstreamTestSupport", "Clocks", "Locking"]),
        .testTarget(
            name: "MenagerieUpstreamsTests",
            dependencies: [
                "Base", "MenagerieUpstreams", "Upstreams", "DataLoader", "JSON", "UpstreamStubs", "UpstreamTestSupport",
                "Clocks", "Locking"
            ]),
        .testTarget(
            name: "RedisTests", dependencies: ["Redis", "RedisCache", "Upstreams", "Locking", "UpstreamStubs", "Clocks"]
        ),
        .testTarget(
            name: "MenagerieCLITests",
            dependencies: [
                "Base", "MenagerieCLI", "Menagerie", "GraphQL", "GraphQLServer", "HTTPServer", "JSON", "Redis",
                "RedisCache", "Upstreams", "UpstreamStubs"
            ]
        ),
        .testTarget(
            name: "MenagerieTests",
            dependencies: [
                "Base", "Menagerie", "MenagerieUpstreams", "GraphQL", "GraphQLServer", "HTTPServer", "Upstreams",
                "JSON", "UpstreamStubs", "Locking", "Clocks"
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
