// swift-tools-version: 6.0
import PackageDescription

// Coverage-guided fuzz targets (libFuzzer) for Tether's byte-level and editing parts, kept out of the root
// package so that `swift build` and `swift test` never see them. Each target is an executable
// whose top-level code hands libFuzzer's driver its test function (`CFuzzDriver`). Build and
// run them with `.ci/fuzz` (docs/reliability.md, "Coverage-guided fuzzing"):
//   swift build -c release --package-path Fuzz --scratch-path Fuzz/.build-fuzz --product fuzz-decoder \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xswiftc -use-ld=lld

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
                .product(name: "TetherTerminal", package: "Tether"),
            ]),
        // Edit scripts on TextEditor against the reliability tests' ReferenceEditor (a symlink).
        .executableTarget(
            name: "fuzz-editor",
            dependencies: [
                "FuzzSupport", "CFuzzDriver", .product(name: "TetherUI", package: "Tether"),
            ]),
        // A TextArea driven through the Pilot against a reference model and a whole-text wrap.
        .executableTarget(
            name: "fuzz-text-area",
            dependencies: [
                "FuzzSupport", "CFuzzDriver", .product(name: "TetherUI", package: "Tether"),
                .product(name: "TetherTesting", package: "Tether"),
            ]),
        // The typed-field formats: parse never crashes; format → parse round trips; filters.
        .executableTarget(
            name: "fuzz-typed-fields",
            dependencies: [
                "FuzzSupport", "CFuzzDriver", .product(name: "TetherUI", package: "Tether"),
            ]),
        // The draft file: any bytes read or refused with a reason; a draft written back reads the same.
        .executableTarget(
            name: "fuzz-drafts",
            dependencies: [
                "FuzzSupport", "CFuzzDriver", .product(name: "TetherUI", package: "Tether"),
            ]),
        // The answers file: any bytes give answers or problems naming the file, applied to every kind of field.
        .executableTarget(
            name: "fuzz-answers",
            dependencies: [
                "CFuzzDriver", .product(name: "TetherUI", package: "Tether"),
                .product(name: "TetherAnswers", package: "Tether"),
                .product(name: "TetherAnswerFiles", package: "Tether"),
            ]),
        // The SSH server's key files: authorized_keys lines and OpenSSH private keys, read or refused
        // with words. TetherSSH's two reader files by symbolic link: no swift-nio to build.
        .executableTarget(name: "fuzz-ssh-keys", dependencies: ["FuzzSupport", "CFuzzDriver"]),
        // Frame sequences through ScreenWriter, replayed on the terminal tests' TerminalReplay (a symlink).
        .executableTarget(
            name: "fuzz-screen-writer",
            dependencies: [
                "FuzzSupport", "CFuzzDriver", .product(name: "TetherUI", package: "Tether"),
                .product(name: "TetherTerminal", package: "Tether"),
                .product(name: "TetherCurses", package: "Tether"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
