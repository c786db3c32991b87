#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@testable import LoginDemoCore
import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// The password never leaves the view model and the field's editor
/// (docs/reliability.md, "Secrets").
@MainActor
@Suite("Secrets")
struct SecretTests {
    /// The right password: graphemes that appear nowhere in the demo's interface, so a
    /// single one on screen is a leak.
    static let password = "ꙮ☃ǂᚠ✠⌘ʬᏍ"
    /// A wrong password tried first: plain ASCII, checked as a whole and in pieces of four.
    static let wrongPassword = "Xyzzy-Plugh-42"
    static let accounts = AccountStore(accounts: ["ada": password])

    /// The password and every four-character piece of the ASCII one.
    static var secrets: [String] {
        let ascii = Array(wrongPassword)
        return [password, wrongPassword] + (0...(ascii.count - 4)).map { String(ascii[$0..<($0 + 4)]) }
    }

    /// The secrets `text` holds, byte for byte with C's `strstr`: a whole tree's dump runs to
    /// 4 MB, where `String.contains` (and a generic search of its bytes) held the main actor,
    /// and every other suite's sessions, for 19 seconds; `strstr` takes milliseconds.
    static func leaks(in text: String) -> [String] {
        text.withCString { haystack in secrets.filter { strstr(haystack, $0) != nil } }
    }

    /// Everything `dump` writes for `value`.
    static func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    /// A whole session, calling `observe` after every step: the username, a wrong password
    /// (fails), the right one typed with edits (a typo deleted, the caret moved), sign in,
    /// the welcome screen, a key to leave.
    static func session(_ demo: Demo, observe: () -> Void) async {
        observe()
        demo.fill(username: "ada", password: wrongPassword, observe: observe)
        await demo.submit()
        observe()
        await demo.finishSignIn(observe: observe)
        let keys: [KeyEvent] = [.character("q"), .backspace, .left, .left, .right, .right, .end]
        for character in password.prefix(4) {
            demo.pilot.type(String(character))
            observe()
        }
        for key in keys {
            demo.pilot.press(key)
            observe()
        }
        for character in password.dropFirst(4) {
            demo.pilot.type(String(character))
            observe()
        }
        await demo.submit()
        observe()
        await demo.finishSignIn(observe: observe)
        demo.pilot.type("x")
        observe()
    }

    @Test("a session with the password typed in really signs in (so the other tests see it)")
    func sessionSignsIn() async throws {
        let demo = try Demo(accounts: Self.accounts)
        var sawPassword = false
        await Self.session(demo) { sawPassword = sawPassword || demo.viewModel.password.value == Self.password }
        #expect(sawPassword)
        #expect(demo.viewModel.session.value?.username == "ada")
    }

    @Test("the SecureField's description, debugDescription and dump never show the password")
    func secureFieldDescriptions() throws {
        let demo = try Demo(accounts: Self.accounts)
        demo.fill(username: "ada", password: Self.password)
        let field = demo.screen.password
        #expect(field.text == Self.password)
        let texts = [
            field.description, field.debugDescription, String(describing: field), String(reflecting: field),
            Self.dumped(field),
        ]
        #expect(texts.flatMap(Self.leaks).isEmpty, "\(texts)")
    }

    @Test("the view model's description, debugDescription and dump never show the password")
    func viewModelDescriptions() throws {
        let demo = try Demo(accounts: Self.accounts)
        demo.fill(username: "ada", password: Self.password)
        let model = demo.viewModel
        #expect(model.password.value == Self.password)
        let texts = [model.description, String(describing: model), String(reflecting: model), Self.dumped(model)]
        #expect(texts.flatMap(Self.leaks).isEmpty, "\(texts)")
    }

    @Test("dumping the whole screen, the application or the pilot never shows the password")
    func wholeTreeDump() async throws {
        let demo = try Demo(accounts: Self.accounts)
        demo.fill(username: "ada", password: Self.password)
        var texts: [String] = []
        for value in [demo.screen, demo.pilot.app, demo.pilot] as [AnyObject] {
            // Each dump walks the whole tree; other suites' sessions run in between.
            await Task.yield()
            texts.append(Self.dumped(value))
        }
        #expect(texts.flatMap(Self.leaks).isEmpty)
    }

    @Test("nothing reported to Diagnostics during a whole session contains the password")
    func diagnosticsDuringSession() async throws {
        var messages: [String] = []
        let savedHandler = Diagnostics.handler, savedBindingHandler = Diagnostics.bindingErrorHandler
        Diagnostics.handler = { messages.append($0) }
        Diagnostics.bindingErrorHandler = { messages.append($0) }
        defer {
            Diagnostics.handler = savedHandler
            Diagnostics.bindingErrorHandler = savedBindingHandler
        }
        let demo = try Demo(accounts: Self.accounts)
        await Self.session(demo) {}
        #expect(messages.flatMap(Self.leaks).isEmpty, "\(messages)")
    }

    @Test("the screen text never contains the password or a piece of it at any step of a whole session")
    func screenNeverShowsPassword() async throws {
        let demo = try Demo(accounts: Self.accounts)
        var screens = 0
        var leaked: [String] = []
        await Self.session(demo) {
            screens += 1
            let leaks = Self.leaks(in: demo.pilot.screen)
            if !leaks.isEmpty { leaked.append("\(leaks) on:\n\(demo.pilot.screen)") }
        }
        #expect(screens > 40)
        #expect(leaked.isEmpty, "\(leaked.prefix(3))")
        print("Secrets: \(screens) screens of a whole session checked for \(Self.secrets.count) secrets")
    }

    @Test("no cell of the headless terminal ever holds a grapheme of the masked password")
    func gridNeverHoldsPasswordGraphemes() async throws {
        let demo = try Demo(accounts: Self.accounts)
        let graphemes = Set(Self.password.map(String.init))
        var cells = 0
        var leaked: Set<String> = []
        await Self.session(demo) {
            for cell in demo.pilot.backend.screen.cells {
                cells += 1
                if graphemes.contains(cell.grapheme) { leaked.insert(cell.grapheme) }
            }
        }
        #expect(cells > 40 * 80 * 24)
        #expect(leaked.isEmpty)
        print("Secrets: \(cells) cells checked for the password's \(graphemes.count) graphemes")
    }

    // MARK: Snapshot files

    /// The passwords the repository's tests type: none may be in a reference screen.
    static let repositoryPasswords = [
        "tether-demo", "hunter2", "wrong-password", "secret-password", password, wrongPassword,
    ]

    /// The `Tests` folder of this checkout.
    static let testsFolder: String = {
        let file = "\(#filePath)"
        return file.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/")
    }()

    /// Every file under a `__Snapshots__` folder below `folder`.
    static func snapshotFiles(under folder: String, inSnapshots: Bool = false) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var files: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let path = folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                files += snapshotFiles(under: path, inSnapshots: inSnapshots || name == "__Snapshots__")
            } else if inSnapshots {
                files.append(path)
            }
        }
        return files
    }

    static func contents(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// "path: password" for each password the tests type found in one of `files`.
    static func leakedPasswords(in files: [String]) -> [String] {
        var leaks: [String] = []
        for path in files {
            guard let text = contents(of: path) else {
                leaks.append("\(path): unreadable")
                continue
            }
            for secret in repositoryPasswords + secrets where text.contains(secret) {
                leaks.append("\(path): \(secret)")
            }
        }
        return leaks
    }

    /// Records the demo's screens as snapshots in a new temporary `__Snapshots__` folder,
    /// through the pilot's snapshot API, at each step of a session with passwords typed;
    /// returns the folder above it.
    static func recordSessionSnapshots() async throws -> String {
        var template = Array("/tmp/tether-secrets-XXXXXX".utf8CString)
        let root =
            template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!).map { String(cString: $0) } } ?? ""
        let folder = root + "/__Snapshots__/SecretTests"
        let demo = try Demo(accounts: accounts)
        var step = 0
        await session(demo) {
            step += 1
            do {
                try demo.pilot.assertSnapshot(named: "session-\(step)", in: folder)
            } catch {
                // A first comparison records the reference and throws: what this scan wants.
            }
        }
        return root
    }

    @Test("snapshot files recorded through the pilot, passwords typed, hold no password; nor do the repository's")
    func snapshotFilesHoldNoPassword() async throws {
        #expect(opendir(Self.testsFolder).map { closedir($0) } != nil, "no Tests folder at \(Self.testsFolder)")
        let recorded = try await Self.recordSessionSnapshots()
        let recordedFiles = Self.snapshotFiles(under: recorded)
        let files = recordedFiles + Self.snapshotFiles(under: Self.testsFolder)
        let leaks = Self.leakedPasswords(in: files)
        print("Secrets: scanned \(files.count) snapshot files (\(recordedFiles.count) recorded in \(recorded))")
        #expect(recordedFiles.count > 40)
        #expect(leaks.isEmpty, "\(leaks)")
    }

    @Test("the snapshot scan finds a password written into a snapshot file")
    func snapshotScanFindsAPlantedPassword() throws {
        var template = Array("/tmp/tether-secrets-XXXXXX".utf8CString)
        let root =
            template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!).map { String(cString: $0) } } ?? ""
        let pilot = try Pilot(root: Label("Password  \(Self.wrongPassword)"), size: Size(width: 40, height: 1))
        _ = try? pilot.assertSnapshot(named: "planted", in: root + "/nested/__Snapshots__/Planted")
        let files = Self.snapshotFiles(under: root)
        #expect(files == [root + "/nested/__Snapshots__/Planted/planted.txt"])
        #expect(
            Self.leakedPasswords(in: files).contains(
                "\(root)/nested/__Snapshots__/Planted/planted.txt: \(Self.wrongPassword)"))
    }
}
