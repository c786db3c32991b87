// swift-tools-version: 6.0
import PackageDescription

// Coverage-guided fuzz targets (libFuzzer) for Tether's byte-level parts, kept out of the root
// package so that `swift build` and `swift test` never see them. Each target is an executable
// whose top-level code hands libFuzzer's driver its test function (`CFuzzDriver`). Build and
// run them with `.ci/fuzz` (docs/reliability.md, "Coverage-guided fuzzing"):
//   swift build -c release --package-path Fuzz --scratch-path Fuzz/.build-fuzz --product fuzz-decoder \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xswiftc -use-ld=lld
//
// Targets to come, each one more executable of the same shape with its corpus in
// Corpus/<target>/ and a line in .ci/fuzz:
//   fuzz-typed-fields  the typed-field parsers (numbers, dates): parse ∘ format round trips
//   fuzz-text-area     TextArea's multi-line editor against a reference model
let package = Package(
    name: "TetherFuzz",
    dependencies: [
        .package(name: "Tether", path: "..")
    ],
    targets: [
        // Reading a fuzzer's bytes as choices; a deterministic generator for splits.
        .target(name: "FuzzSupport"),
        // libFuzzer's driver, called from each target's top-level code.
        .target(name: "CFuzzDriver"),
        // Bytes → events; the same bytes in random reads → the same events.
        .executableTarget(
            name: "fuzz-decoder",
            dependencies: [
                "FuzzSupport", "CFuzzDriver", .product(name: "TetherUI", package: "Tether"),
            ]),
        // Edit scripts on TextEditor against the reliability tests' ReferenceEditor (a symlink).
        .executableTarget(
            name: "fuzz-editor",
            dependencies: [
                "FuzzSupport", "CFuzzDriver", .product(name: "TetherUI", package: "Tether"),
            ]),
        // Frame sequences through ScreenWriter, replayed on the curses tests' TerminalReplay (a symlink).
        .executableTarget(
            name: "fuzz-screen-writer",
            dependencies: [
                "FuzzSupport", "CFuzzDriver", .product(name: "TetherUI", package: "Tether"),
                .product(name: "TetherCurses", package: "Tether"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
