// swift-tools-version: 6.0
import Foundation
import PackageDescription

// The emulator oracle: Tether's screen writer and a real VTBackend checked by libvterm, the
// emulator nobody here wrote (docs/reliability.md, "The emulator oracle"; decision 0107).
// A package of its own, like Benchmarks/ and Fuzz/, so that the root package's `swift test`
// needs no library beyond what an app needs (libncurses-dev): this one links libvterm
// (Debian `libvterm-dev`), which `.ci/run` installs and then runs it with
//   swift test --package-path Oracle
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

// The tests reach the root package's `package` members (`Application.start()`,
// `renderIfNeeded()`, `Cell.printableASCII`), as they did when they lived there: the test
// target is compiled as a module of that package. SwiftPM names a package by its identity, the
// last component of its folder lowercased and made an identifier; the root package is the
// folder above this one, whatever a clone calls it.
let rootPackageName: String = {
    let folder = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent
    var name = String(folder.lowercased().map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    if let first = name.first, first.isNumber { name = "_" + name }
    return name
}()

let package = Package(
    name: "TetherOracle",
    dependencies: [
        .package(name: "Tether", path: "..")
    ],
    targets: [
        // libvterm through its module map (`link "vterm"`); apps never link it.
        .systemLibrary(name: "CVTerm", providers: [.apt(["libvterm-dev"])]),
        // The root package's pseudo-terminal and tmux helpers (a symbolic link to
        // Tests/TerminalHarness, which is a test-only target there). It runs processes through
        // TetherTesting's ProgramRunner, whose `package` members it reaches as the root
        // package's own target does.
        .target(
            name: "TerminalHarness",
            dependencies: [.product(name: "TetherTesting", package: "Tether")],
            packageAccess: false,
            swiftSettings: strict + [.unsafeFlags(["-package-name", rootPackageName])]),
        // The screen writer's exact bytes fed to libvterm over random frame sequences for six
        // terminal types; the emulator's cells and cursor must be what each frame meant. And a
        // real VTBackend's start and every way out, on a pseudo-terminal, fed to libvterm.
        .testTarget(
            name: "TerminalOracleTests",
            dependencies: [
                "CVTerm", "TerminalHarness",
                .product(name: "TetherCurses", package: "Tether"),
                .product(name: "TetherTerminal", package: "Tether"),
                .product(name: "TetherUI", package: "Tether"),
            ],
            packageAccess: false,  // no name of its own: the one below
            swiftSettings: strict + [.unsafeFlags(["-package-name", rootPackageName])]),
    ],
    swiftLanguageModes: [.v6]
)
