// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
    name: "busylife",
    // Built and tested on Linux only; the macOS version is what the code
    // needs (Synchronization's Mutex), not a platform we test on.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "busylife", targets: ["busylife"]),
        // The network part, run by `busylife` (docs/architecture.md): kept out
        // of the process of every command that only reads files.
        .executable(name: "busylife-net", targets: ["busylife-net"]),
        .library(name: "BusyLifeKit", targets: ["BusyLifeKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation --target BusyLifeKit`
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // agenda --template (docs/agenda.md, Templates).
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // The configuration file (README, Configuration).
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // HTTP Digest authentication (Remote) and the page's hashes (Serve).
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        // Subscriptions (docs/sources.md): the HTTP client, and the event
        // loop and TLS types its configuration is written in.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.30.0"),
        // `busylife serve` (docs/serve.md): the HTTP server of the views.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Quiets the server's own log (already in the graph through the HTTP client).
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        // The C library, seen only by `ICal`.
        // No pkg-config: libical.pc also links libicalss and libicalvcal,
        // which busylife does not use and which load Berkeley DB at every
        // start; the module map links libical alone (headers in /usr/include).
        .systemLibrary(
            name: "CLibical",
            providers: [.apt(["libical-dev"])]
        ),
        // libical wrapped: streaming component parser, properties, RRULE parts.
        .target(name: "ICal", dependencies: ["CLibical"]),
        // The unified, pure-Swift event model (docs/semantics.md section 1).
        .target(name: "EventModel"),
        // .ics and events.json into the model; zone resolution.
        .target(name: "Import", dependencies: ["ICal", "EventModel", "Plumbing"]),
        // Byte-level plumbing shared by Settle, Export and Convert: byte
        // writers, spill and temporary files, parallel chunks and pieces
        // handed on in order, compact storage. It knows no calendar.
        .target(name: "Plumbing", dependencies: ["CFileSpace"]),
        // Recurrence expansion, zone timeline, local days, busy time.
        .target(name: "Settle", dependencies: ["EventModel", "Plumbing"]),
        // Free and busy time of a settled window: free slots in working hours,
        // merged busy periods, conflicts (docs/free.md).
        .target(name: "FreeBusy", dependencies: ["EventModel", "Settle"]),
        // How busy a window was, period by period (docs/stats.md).
        .target(name: "Statistics", dependencies: ["EventModel", "Settle", "FreeBusy"]),
        // The library's front door: read calendars (files and subscriptions), settle a window, statistics, convert (re-exports the model).
        .target(name: "BusyLifeKit", dependencies: ["EventModel", "Import", "Settle", "FreeBusy", "Statistics", "Convert", "Reading", "Remote", "RemoteCore"]),
        // Conversion out: .ics (as stored or expanded), jCal, events.json, CSV.
        .target(name: "Convert", dependencies: ["ICal", "EventModel", "Import", "Settle", "Plumbing"]),
        // `check`'s report, as text and JSON: it needs the import report
        // (Import) and the JSON writer (Export), and Export stays apart from Import.
        .target(name: "CheckReport", dependencies: ["EventModel", "Import", "Plumbing", "Export"]),
        // Machine and human output of the model.
        .target(name: "Export", dependencies: ["EventModel", "Plumbing", "Settle", "FreeBusy", "Statistics",
                                               .product(name: "Mustache", package: "swift-mustache")]),
        // mimalloc replaces malloc for the whole process (linking it is
        // enough): libical allocates a great many small blocks on the reader
        // thread, where glibc's malloc pays for locking (docs/performance.md).
        .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]),
        // What Swift cannot do itself: the signal handler that removes
        // `-o`'s temporary file, which must call only async-signal-safe
        // functions (Plumbing's Output+File.swift).
        .target(name: "CFileSpace"),
        // Web addresses into bytes the importers read (docs/sources.md): the
        // HTTP client, the offline cache, credentials; no calendar semantics.
        // What reading subscriptions' cached copies needs, without the
        // network: addresses, the cache and its records, the outcomes.
        .target(name: "RemoteCore"),
        .target(name: "Remote", dependencies: [
            "RemoteCore",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            // CalDAV's methods (PROPFIND, REPORT) are written as HTTPMethod.
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // What `serve` and `html` take from the command line: how to settle
        // a request's window (no server, so the command line can build it).
        .target(name: "ServeCore", dependencies: ["EventModel", "Import", "Settle", "Export"]),
        // `busylife serve` (docs/serve.md): the HTTP server, its JSON API
        // over Export's writers and the views' page, in busylife-net.
        .target(name: "Serve", dependencies: [
            "BusyLifeKit", "ServeCore", "EventModel", "Import", "Settle", "Export", "Plumbing",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            // The hashes of the inline script and styles that `busylife html`'s page allows.
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // Reading and settling below the library, shared with the command
        // line (which must not link the library's subscription fetching).
        .target(name: "Reading", dependencies: ["EventModel", "Import", "Settle", "Statistics", "RemoteCore"]),
        // The commands, run by both executables: busylife, and busylife-net
        // for `serve` and `html` (which it hands the server through `NetworkParts`).
        .target(
            name: "BusyLifeCLI",
            dependencies: [
                "EventModel", "Import", "Settle", "FreeBusy", "Statistics", "Plumbing", "Export", "Convert", "CheckReport",
                "Reading", "RemoteCore", "ServeCore",
                .target(name: "CMimalloc", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // The command-line tool: no HTTP client or server, no TLS.
        .executableTarget(
            name: "busylife",
            dependencies: [
                "BusyLifeCLI",
                .target(name: "CMimalloc", condition: .when(platforms: [.linux])),
            ],
            // Linked by lld (in every Swift toolchain for Linux) for release:
            // its read-only data gets a segment apart from the code, so that
            // a run keeps fewer of the binary's pages in memory. Only this
            // executable has it, so that no library product carries an unsafe flag.
            linkerSettings: [.unsafeFlags(["-Xclang-linker", "-fuse-ld=lld"], .when(platforms: [.linux], configuration: .release))]
        ),
        // The network helper: fetches subscriptions into the cache for
        // `busylife`, which hands it what to fetch on its standard input,
        // and runs `serve` and `html` in busylife's place.
        .executableTarget(name: "busylife-net", dependencies: [
            "BusyLifeCLI", "Remote", "RemoteCore", "Serve", "ServeCore", "Plumbing",
            .target(name: "CMimalloc", condition: .when(platforms: [.linux])),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Speed of the recurrence engine (scripts/benchmark-settle.sh).
        .executableTarget(name: "settle-benchmark", dependencies: ["EventModel", "Import"],
                          path: "Benchmarks/settle-benchmark"),
        .testTarget(name: "ICalTests", dependencies: ["ICal"]),
        .testTarget(name: "EventModelTests", dependencies: ["EventModel"]),
        .testTarget(name: "PlumbingTests", dependencies: ["Plumbing"]),
        // Helpers shared by the test targets: temporary calendars, the corpora folder.
        .target(name: "TestSupport", dependencies: ["Import", "EventModel"], path: "Tests/TestSupport"),
        .testTarget(name: "ImportTests", dependencies: ["Import", "ICal", "EventModel", "Settle", "Export", "TestSupport"]),
        .testTarget(name: "SettleTests", dependencies: ["Settle", "Plumbing", "Import", "EventModel", "ICal", "TestSupport"]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "Plumbing", "Settle", "FreeBusy", "Statistics", "EventModel", "TestSupport"]),
        .testTarget(name: "FreeBusyTests", dependencies: ["FreeBusy", "Settle", "Import", "Export", "Convert", "EventModel", "TestSupport"]),
        // Hand-computed figures of `stats` and their invariants (docs/stats.md).
        .testTarget(name: "StatisticsTests", dependencies: ["Statistics", "FreeBusy", "Settle", "Import", "EventModel", "TestSupport"]),
        .testTarget(name: "ConvertTests", dependencies: ["Convert", "Plumbing", "Export", "Import", "ICal", "EventModel", "Settle", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["busylife", "busylife-net"]),
        .testTarget(name: "RemoteTests", dependencies: ["Remote", "RemoteCore"]),
        // The library as an app sees it: its public API only.
        .testTarget(name: "BusyLifeKitTests", dependencies: ["BusyLifeKit"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer target (docs/fuzzing.md), declared only when
// `scripts/fuzz.sh` asks for it: it needs the fuzzer runtime, which the
// normal build and tests never link. Inside this package it reaches the
// `package` seams (conversion, every writer, check's report) that no
// other package can see.
if ProcessInfo.processInfo.environment["BUSYLIFE_FUZZ"] != nil {
    package.targets += [
        // Declares libFuzzer's driver for a program with a `main` of its own.
        .target(name: "CFuzzerDriver", path: "Fuzz/CFuzzerDriver"),
        .executableTarget(
            name: "busylife-fuzz",
            dependencies: ["CFuzzerDriver", "BusyLifeKit", "EventModel", "Import", "Settle", "FreeBusy",
                           "Plumbing", "Export", "Convert", "CheckReport"],
            path: "Fuzz/busylife-fuzz"
        ),
    ]
}
