// swift-tools-version: 6.0
import PackageDescription

// Benchmarks for the reactive core, against OpenCombine and plain closures.
// Run everything with:
//   swift run -c release --package-path Benchmarks tether-bench
let package = Package(
    name: "TetherBenchmarks",
    dependencies: [
        .package(name: "Tether", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0"),
    ],
    targets: [
        // glibc's mallinfo2(), which the Glibc module does not export.
        .target(name: "CHeapStats"),
        .executableTarget(
            name: "tether-bench",
            dependencies: [
                "CHeapStats",
                .product(name: "TetherReactive", package: "Tether"),
                .product(name: "TetherUI", package: "Tether"),
                .product(name: "TetherTesting", package: "Tether"),
                .product(name: "TetherCombine", package: "Tether"),
                .product(name: "LoginDemoCore", package: "Tether"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        // A Form of 10 … 10,000 bound text fields: build time, memory per field, key cost.
        .executableTarget(
            name: "tether-scale",
            dependencies: [
                "CHeapStats",
                .product(name: "TetherReactive", package: "Tether"),
                .product(name: "TetherUI", package: "Tether"),
                .product(name: "TetherTesting", package: "Tether"),
            ]
        ),
        // The raw Swift floor: login-demo's screen drawn with termios and escape sequences
        // by hand, no library (the ttyprobe comparison in docs/performance.md).
        .executableTarget(name: "login-floor"),
        // The host side of the session-host benchmark: one login form per pseudo-terminal,
        // all in one SessionHost (Benchmarks/Scripts/session-host-load.py is the client).
        .executableTarget(
            name: "session-host-bench",
            dependencies: [
                .product(name: "TetherReactive", package: "Tether"),
                .product(name: "TetherUI", package: "Tether"),
                .product(name: "TetherTerminal", package: "Tether"),
                .product(name: "LoginDemoCore", package: "Tether"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
