import LoginDemoCore
import TetherReactive
import TetherTesting
import TetherUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// W8 (issue 16): one keystroke through the whole login screen of the demo on the headless
/// backend, 80×24.
///
/// The screen is the demo's own (`LoginScreen` over the relay `LoginViewModel`), the password
/// already valid and the username field focused and empty. Keys alternate `a` and Backspace,
/// so every key flips the form between invalid and valid: the key is routed to the
/// `TextField`, which edits its text and reports it on `rx.text`; `<->` writes it into the
/// `username` relay; the validation chain (`combineLatest` → `distinctUntilChanged` →
/// `combineLatest` with the lockout → the command's `isEnabled`) enables or disables the
/// Sign in button; the "View model" panel follows; then the rows that changed are redrawn
/// and diffed against the previous frame. Each key is one `Pilot.press`.
///
/// - **Warm:** 2,000 keys back to back per repetition; the figure is the mean per key.
/// - **Cold:** before each key 32 MB of unrelated memory is written (one byte per 64-byte
///   line, untimed), as an idle terminal app's caches go cold; each key is timed on its own
///   (200 per repetition) and the figure is the median of every key timed.
@MainActor
enum LoginKeystrokeBenchmark {
    static let warmKeys = 2_000
    static let coldKeys = 200
    static let coldBytes = 32 << 20

    struct Result {
        let warm: Double
        let cold: Double
        let cellsPerKey: Double
    }

    /// The demo's screen, ready for the first key: a valid password, the username focused.
    struct Screen {
        let viewModel: LoginViewModel
        let screen: LoginScreen
        let pilot: Pilot
    }

    static func makeScreen() -> Screen {
        let scheduler = TestScheduler()
        let viewModel = LoginViewModel(scheduler: scheduler)
        viewModel.password.accept("tether-demo")
        let screen = LoginScreen(viewModel: viewModel)
        let pilot = try! Pilot(root: screen.root, size: Size(width: 80, height: 24), scheduler: scheduler)
        screen.attach(to: pilot.app)
        precondition(pilot.focusedWidget === screen.username, "W8: the username field is not focused")
        return Screen(viewModel: viewModel, screen: screen, pilot: pilot)
    }

    static func key(_ index: Int) -> KeyEvent { index % 2 == 0 ? .character("a") : .backspace }

    /// Types two keys and checks that each went through to the button.
    static func check(_ screen: Screen) {
        screen.pilot.press(key(0))
        precondition(screen.viewModel.username.value == "a" && screen.screen.signInButton.isEnabled, "W8: not enabled")
        screen.pilot.press(key(1))
        precondition(screen.viewModel.username.value == "" && !screen.screen.signInButton.isEnabled, "W8: not disabled")
    }

    static func run(repetitions: Int) -> Result {
        let screen = makeScreen()
        check(screen)
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: coldBytes, alignment: 64)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0)
        for index in 0..<200 { screen.pilot.press(key(index)) }  // warm-up
        var warm: [Double] = []
        var cold: [Double] = []
        var cells = 0.0
        for repetition in 0..<repetitions {
            // Warm and cold alternate which goes first.
            for part in repetition % 2 == 0 ? [0, 1] : [1, 0] {
                if part == 0 {
                    let before = screen.pilot.cellsWritten
                    let start = now()
                    for index in 0..<warmKeys { screen.pilot.press(key(index)) }
                    warm.append(Double(now() - start) / Double(warmKeys))
                    cells = Double(screen.pilot.cellsWritten - before) / Double(warmKeys)
                } else {
                    for index in 0..<coldKeys {
                        touch(memory, pass: index)
                        let start = now()
                        screen.pilot.press(key(index))
                        cold.append(Double(now() - start))
                    }
                }
            }
        }
        check(screen)
        consume(screen.pilot.cellsWritten)
        return Result(warm: median(warm), cold: median(cold), cellsPerKey: cells)
    }

    /// Writes one byte of every 64-byte line of `memory`, evicting the caches.
    static func touch(_ memory: UnsafeMutableRawBufferPointer, pass: Int) {
        let value = UInt8(truncatingIfNeeded: pass)
        var offset = 0
        while offset < memory.count {
            memory.storeBytes(of: value, toByteOffset: offset, as: UInt8.self)
            offset += 64
        }
    }

    static func report(_ result: Result, repetitions: Int) {
        print("")
        print("## W8: a keystroke through the login screen (headless backend, 80×24)")
        print("")
        print("| W8 | ns/key | target |")
        print("| --- | ---: | ---: |")
        print(
            "| warm (mean of \(warmKeys) keys, median of \(repetitions) repetitions) | \(format(result.warm)) | ≤ 15,000 |"
        )
        print(
            "| cold (32 MB touched before each key; median of \(coldKeys * repetitions) keys) | \(format(result.cold)) | ≤ ½ before |"
        )
        print("")
        print("Cells written per key: \(result.cellsPerKey)")
    }
}
