// swift-tools-version: 6.0
import PackageDescription

// MARK: - Settings shared by every target

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Tether",
    products: [
        // The reactive core: observables, relays, ControlProperty, `<->`, Command.
        .library(name: "TetherReactive", targets: ["TetherReactive"]),
        // Widgets, focus, layout, the run loop over a TerminalBackend.
        .library(name: "TetherUI", targets: ["TetherUI"]),
    ],
    dependencies: [],
    targets: [
        // MARK: Reactive core (no terminal knowledge)
        .target(name: "TetherReactive", swiftSettings: strict),

        // MARK: Widgets and the run loop (no ncurses)
        .target(name: "TetherUI", dependencies: ["TetherReactive"], swiftSettings: strict),

        // MARK: Tests
        .testTarget(name: "TetherReactiveTests", dependencies: ["TetherReactive"], swiftSettings: strict),
        .testTarget(name: "TetherUITests", dependencies: ["TetherUI"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
