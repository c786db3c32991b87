// swift-tools-version: 6.0
import PackageDescription

// MARK: - Settings shared by every target

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "Tether",
    products: [
        // The reactive core: observables, relays, ControlProperty, `<->`, Command.
        .library(name: "TetherReactive", targets: ["TetherReactive"]),
        // Widgets, focus, layout, the run loop over a TerminalBackend.
        .library(name: "TetherUI", targets: ["TetherUI"]),
        // One import for apps: core, widgets and the ncurses backend.
        .library(name: "Tether", targets: ["Tether"]),
        // A headless backend and a pilot for testing apps built with Tether.
        .library(name: "TetherTesting", targets: ["TetherTesting"]),
        // Terminal I/O without ncurses: decoder, screen writer, modes, VT sessions on any descriptors.
        .library(name: "TetherTerminal", targets: ["TetherTerminal"]),
        // The controlling terminal's backend: TetherTerminal on /dev/tty with terminfo read through ncursesw.
        .library(name: "TetherCurses", targets: ["TetherCurses"]),
        // Optional bridge to Combine (OpenCombine off Apple platforms); nothing else depends on it.
        .library(name: "TetherCombine", targets: ["TetherCombine"]),
        // A form answered from outside: an option, an environment variable and an answers-file key per field.
        .library(name: "TetherAnswers", targets: ["TetherAnswers"]),
        // Answers files (JSON through Foundation, YAML through Yams) and records, for TetherAnswers.
        .library(name: "TetherAnswerFiles", targets: ["TetherAnswerFiles"]),
        // Any form served over SSH to many people from one process (swift-nio-ssh, swift-log).
        .library(name: "TetherSSH", targets: ["TetherSSH"]),
        // The login demo's screen and view models, for Benchmarks/ (W8: a keystroke through the whole screen).
        .library(name: "LoginDemoCore", targets: ["LoginDemoCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        // Property-based tests with shrinking (ReliabilityTests only).
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        // Combine for Linux (TetherCombine only).
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
        // YAML answers files and records (TetherAnswerFiles only; libyaml inside, decision 0112).
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        // SSH serving (TetherSSH only): the protocol's building blocks, keys, logging.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssh.git", from: "0.15.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // `swift package generate-documentation --target X` (the DocC catalogs under Sources/*/X.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: Reactive core (no terminal knowledge)
        // C, no Swift: whether a thread is the process's main thread (TetherReactive's check
        // that Observation calls back on the main actor), and libdispatch's main-queue hooks
        // for Application.runOnMainThread().
        .target(
            name: "CTetherDispatch",
            linkerSettings: [.linkedFramework("CoreFoundation", .when(platforms: [.macOS]))]),
        .target(name: "TetherReactive", dependencies: ["CTetherDispatch"], swiftSettings: strict),

        // MARK: Combine bridge: Publisher ⇄ Observable, relay ⇄ CurrentValueSubject
        .target(
            name: "TetherCombine",
            dependencies: [
                "TetherReactive",
                .product(
                    name: "OpenCombine", package: "OpenCombine",
                    condition: .when(platforms: [.linux, .android, .windows, .wasi, .openbsd])),
            ], swiftSettings: strict),

        // MARK: Widgets and the run loop (no ncurses)
        // The process-wide signal hub and restore registry every presentation's sessions share.
        // C, no Swift: `struct sigaction`'s handler fields by their POSIX names, which Swift
        // sees only as each C library's own union (glibc's `__sigaction_handler`).
        .target(name: "CTetherSignal"),
        .target(name: "TetherProcess", dependencies: ["CTetherSignal"], swiftSettings: strict),
        .target(
            name: "TetherUI", dependencies: ["TetherReactive", "CTetherDispatch", "TetherProcess"],
            swiftSettings: strict),

        // MARK: Answers from outside the form: options, environment, answers files (JSON through Foundation)
        .target(name: "TetherAnswers", dependencies: ["TetherUI"], swiftSettings: strict),
        // The files: Foundation and Yams stay out of apps that take answers from options and
        // the environment only (login-demo; decision 0112).
        .target(
            name: "TetherAnswerFiles",
            dependencies: ["TetherAnswers", "TetherUI", .product(name: "Yams", package: "Yams")],
            swiftSettings: strict),

        // MARK: Test support shipped to users (no terminal needed)
        .target(name: "TetherTesting", dependencies: ["TetherUI", "TetherReactive", "CTetherPty"], swiftSettings: strict),

        // MARK: The umbrella module
        .target(
            name: "Tether", dependencies: ["TetherReactive", "TetherUI", "TetherTerminal", "TetherCurses"],
            swiftSettings: strict),

        // MARK: Terminal I/O (no ncurses): bytes in and out of any terminal, sessions as instances
        // C under the session host's waiter: Linux's epoll, which Glibc's module does not export.
        .target(name: "CTetherPoll"),
        .target(
            name: "TetherTerminal", dependencies: ["TetherUI", "TetherProcess", "CTetherPoll"], swiftSettings: strict),

        // MARK: Serving over SSH: each channel a hosted session on a pseudo-terminal of its own
        // C: a pseudo-terminal per session (posix_openpt and its kin, which Glibc's module does not export).
        .target(name: "CTetherPty"),
        .target(
            name: "TetherSSH",
            dependencies: [
                "CTetherPty", "TetherTerminal", "TetherCurses", "TetherUI", "TetherProcess",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ], swiftSettings: strict),

        // MARK: The controlling terminal (the only module that imports CNCurses: terminfo)
        // Linked through the module map (`link "ncursesw"`), not pkg-config: SwiftPM warns
        // about the -D flags in `pkg-config --cflags ncursesw`.
        .systemLibrary(name: "CNCurses", providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]),
        .target(
            name: "TetherCurses", dependencies: ["TetherUI", "TetherTerminal", "TetherProcess", "CNCurses"],
            swiftSettings: strict),
        // Small program the TetherCurses tests drive inside tmux.
        .executableTarget(
            name: "tether-curses-check", dependencies: ["TetherCurses", "TetherTerminal", "TetherUI"],
            path: "Sources/TetherCursesCheck", swiftSettings: strict),

        // MARK: The login demo
        .target(
            name: "LoginDemoCore", dependencies: ["TetherReactive", "TetherUI"], path: "Demo/LoginDemoCore",
            swiftSettings: strict),
        .executableTarget(
            name: "login-demo",
            dependencies: [
                "LoginDemoCore", "Tether", "TetherAnswers",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], path: "Demo/login-demo", swiftSettings: strict),
        // `login-demo --serve` (which runs it): the form over SSH, a program of its own so that
        // login-demo links neither swift-nio nor Foundation (decision 0115).
        .executableTarget(
            name: "login-demo-serve",
            dependencies: [
                "LoginDemoCore", "Tether", "TetherSSH",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], path: "Demo/login-demo-serve", swiftSettings: strict),

        // The README's example app, compiled so the README cannot drift from the API.
        .executableTarget(
            name: "settings-example", dependencies: ["Tether"], path: "Examples/settings",
            swiftSettings: strict),
        // The form model's example: sections, validators, an asynchronous check, a field shown
        // by a toggle, drafts. The screen and model are a library the tests drive.
        .target(
            name: "OnboardingCore", dependencies: ["TetherReactive", "TetherUI"], path: "Examples/OnboardingCore",
            swiftSettings: strict),
        .executableTarget(
            name: "onboarding-example",
            dependencies: [
                "OnboardingCore", "Tether", "TetherAnswers", "TetherAnswerFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], path: "Examples/onboarding", swiftSettings: strict),
        // The choosing widgets' example: Dropdown, Picker, CheckList, autocomplete. The screen
        // and view model are a library so the tests can drive them through the Pilot.
        .target(
            name: "SignupCore", dependencies: ["TetherReactive", "TetherUI"], path: "Examples/SignupCore",
            swiftSettings: strict),
        .executableTarget(
            name: "signup-example",
            dependencies: [
                "SignupCore", "Tether", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], path: "Examples/signup", swiftSettings: strict),
        // The catalog (`swift run tether-catalog`): every widget, container and presentation,
        // live beside its view model and code. The screen is a library the tests drive.
        .target(
            name: "CatalogCore", dependencies: ["TetherReactive", "TetherUI", "TetherDateField"],
            path: "Examples/CatalogCore", swiftSettings: strict),
        .executableTarget(
            name: "tether-catalog", dependencies: ["CatalogCore", "Tether"], path: "Examples/catalog",
            swiftSettings: strict),
        // Shared state over SSH: a workshop sign-up whose places and list update live in every
        // session while each person fills their own form. The screen and workshop are a library
        // the tests serve.
        .target(
            name: "WorkshopCore", dependencies: ["TetherReactive", "TetherUI"], path: "Examples/WorkshopCore",
            swiftSettings: strict),
        .executableTarget(
            name: "workshop-example", dependencies: ["WorkshopCore", "Tether", "TetherSSH"],
            path: "Examples/workshop", swiftSettings: strict),
        // A widget written outside TetherUI: the date field of docs/writing-a-widget.md. It
        // imports TetherUI's public API only, which proves that API enough to write one.
        .target(
            name: "TetherDateField", dependencies: ["TetherReactive", "TetherUI"], path: "Examples/DateField",
            swiftSettings: strict),

        // MARK: Tests
        // (The emulator oracle, which links libvterm, is the package in Oracle/.)
        .testTarget(name: "TetherReactiveTests", dependencies: ["TetherReactive"], swiftSettings: strict),
        .testTarget(
            name: "TetherCombineTests",
            dependencies: [
                "TetherCombine", "TetherReactive",
                .product(
                    name: "OpenCombine", package: "OpenCombine",
                    condition: .when(platforms: [.linux, .android, .windows, .wasi, .openbsd])),
            ], swiftSettings: strict),
        .testTarget(name: "TetherUITests", dependencies: ["TetherUI", "TetherTesting"], swiftSettings: strict),
        .testTarget(
            name: "TetherAnswersTests",
            dependencies: ["TetherAnswers", "TetherAnswerFiles", "TetherUI", "TetherTesting", "TetherReactive"],
            swiftSettings: strict),
        .testTarget(
            name: "TetherTestingTests", dependencies: ["TetherTesting", "TetherUI", "TetherReactive"],
            swiftSettings: strict),
        // The terminal layer: decoder, writer, sessions on pseudo-terminals (terminfo profiles from TetherCurses).
        .testTarget(
            name: "TetherTerminalTests",
            dependencies: [
                "TetherTerminal", "TetherProcess", "CTetherSignal", "TetherCurses", "TetherUI",
                "TetherReactive", "TetherTesting", "TerminalHarness",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "TetherCursesTests",
            dependencies: [
                "TetherCurses", "TetherTerminal", "TetherTesting", "TerminalHarness",
                "tether-curses-check",
            ],
            swiftSettings: strict),
        // Serving over SSH: keys, limits, and OpenSSH's own client in tmux against a server in the test.
        .testTarget(
            name: "TetherSSHTests",
            dependencies: [
                "TetherSSH", "TetherTerminal", "TetherUI", "TetherReactive", "TerminalHarness", "WorkshopCore",
                // A client that sends what OpenSSH never would (RawSSHClient).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
            ],
            swiftSettings: strict),
        // The login demo: view model, screen through the Pilot, and the built binary in tmux.
        .target(
            name: "TerminalHarness", dependencies: ["TetherTesting"], path: "Tests/TerminalHarness",
            swiftSettings: strict),
        .testTarget(
            name: "LoginDemoTests",
            dependencies: [
                "LoginDemoCore", "TetherTesting", "TetherUI", "TetherReactive",
                "TerminalHarness", "login-demo", "login-demo-serve",
            ], swiftSettings: strict),
        // The onboarding example: its screen through the Pilot and the built binary in tmux.
        .testTarget(
            name: "OnboardingExampleTests",
            dependencies: [
                "OnboardingCore", "TetherTesting", "TetherUI",
                "TetherReactive", "TerminalHarness",
                "onboarding-example",
            ], swiftSettings: strict),
        // The signup example: its screen through the Pilot and the built binary in tmux.
        .testTarget(
            name: "SignupExampleTests",
            dependencies: [
                "SignupCore", "TetherTesting", "TetherUI", "TetherReactive",
                "TerminalHarness", "signup-example",
            ], swiftSettings: strict),
        // The catalog: its screen through the Pilot and the built binary in tmux.
        .testTarget(
            name: "CatalogTests",
            dependencies: [
                "CatalogCore", "TetherTesting", "TetherUI", "TetherReactive",
                "TerminalHarness", "tether-catalog",
            ], swiftSettings: strict),
        // The date field (a widget from outside TetherUI) through the Pilot, inline and by ear.
        .testTarget(
            name: "DateFieldTests",
            dependencies: [
                "TetherDateField", "TetherTesting", "TetherUI",
                "TetherReactive",
            ], swiftSettings: strict),
        // The built login-demo (and settings-example) in tmux under signals, without a terminal,
        // and with its output redirected; every example's prompts fed hostile input.
        .testTarget(
            name: "TerminalReliabilityTests",
            dependencies: [
                "TerminalHarness", "login-demo", "settings-example",
                "signup-example", "onboarding-example",
            ],
            swiftSettings: strict),
        // Fuzzing, sizes, object lifetimes and secrets over the whole demo (docs/reliability.md).
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "LoginDemoCore", "TetherTesting", "TetherUI", "TetherReactive", "TetherTerminal",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
