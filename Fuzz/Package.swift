// swift-tools-version:6.0
import PackageDescription

// A libFuzzer target over busylife's reader and settle step, kept apart
// from the main package so that `swift build` there never needs the
// fuzzer runtime. Build and run it with `scripts/fuzz.sh SECONDS`, which
// passes `-sanitize=fuzzer,address` to every module (the main package's
// too, so that libFuzzer sees their coverage). SwiftPM links every
// executable with a `main` of its own, so ours hands over to libFuzzer's
// driver (`LLVMFuzzerRunDriver`, declared by CFuzzerDriver) instead of
// relying on libFuzzer's `main`.
let package = Package(
    name: "busylife-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "busylife", path: ".."),
    ],
    targets: [
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "busylife-fuzz",
            dependencies: ["CFuzzerDriver", .product(name: "BusyLifeKit", package: "busylife")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
