import TetherReactive
import TetherUI

/// The shell a new machine is set up with.
public enum Shell: String, CaseIterable, Sendable, DraftValue {
    case bash, zsh, fish
}

/// The languages the machine is set up for.
public enum Language: String, CaseIterable, Sendable, DraftValue {
    case swift = "Swift"
    case rust = "Rust"
    case go = "Go"
    case cpp = "C++"
    case python = "Python"
    case typescript = "TypeScript"
}

/// The onboarding tool's state: what a new developer tells it about themselves, the
/// machine to set up and a few notes. It knows nothing of widgets; the form's validators say
/// what is acceptable (``OnboardingScreen``).
@MainActor
public final class OnboardingModel {
    // You
    public let name = BehaviorRelay(value: "")
    public let email = BehaviorRelay(value: "")
    public let handle = BehaviorRelay(value: "")
    public let password = BehaviorRelay(value: "")
    public let confirmation = BehaviorRelay(value: "")
    // Machine
    public let shell = BehaviorRelay<Shell?>(value: .zsh)
    public let editor = BehaviorRelay<String?>(value: nil)
    public let languages = BehaviorRelay<Set<Language>>(value: [.swift])
    public let useProxy = BehaviorRelay(value: false)
    public let proxy = BehaviorRelay(value: "")
    public let cores = BehaviorRelay(value: 8)
    public let fontSize = BehaviorRelay(value: 14.0)
    // Notes
    public let notes = BehaviorRelay(value: "")
    public let shareUsage = BehaviorRelay(value: false)

    /// Handles already taken on the (simulated) server.
    public static let takenHandles: Set<String> = ["admin", "root", "ada", "grace"]
    /// The editors to choose from, filtered by typing.
    public static let editors = [
        "Acme", "Android Studio", "Atom", "BBEdit", "CLion", "CotEditor", "Eclipse", "ed", "Emacs",
        "Fleet", "Geany", "Gedit", "Helix", "IntelliJ IDEA", "Jed", "Joe", "Kakoune", "Kate", "Lapce",
        "Leafpad", "Lite XL", "mg", "Micro", "Mousepad", "Nano", "Neovim", "NetBeans", "Notepad++",
        "Nova", "Pulsar", "Sam", "Sublime Text", "TextMate", "Vim", "Visual Studio", "VS Code",
        "VSCodium", "Xcode", "Zed", "Zile",
    ]

    private let scheduler: any Scheduler
    private let latency: Duration

    /// A model asking its simulated server on `scheduler`, each answer after `latency`.
    public init(scheduler: any Scheduler, latency: Duration = .milliseconds(500)) {
        self.scheduler = scheduler
        self.latency = latency
    }

    /// Asks the server whether `handle` is free.
    public func checkHandle(_ handle: String) async -> ValidationResult {
        do {
            try await scheduler.sleep(for: latency)
        } catch {
            return .valid  // cancelled: a newer value is being checked
        }
        return Self.takenHandles.contains(handle.lowercased()) ? .invalid("@\(handle) is taken: try another") : .valid
    }

    /// Saves the answers: returns them as JSON, without the password.
    public private(set) lazy var save = Command<Void, String> { [unowned self] in
        try await self.scheduler.sleep(for: .milliseconds(300))  // pretend to create the account
        return self.json
    }

    /// The answers as one JSON object; never the password or its confirmation.
    public var json: String {
        let fields: [(String, String)] = [
            ("name", Self.quoted(name.value)), ("email", Self.quoted(email.value)),
            ("handle", Self.quoted(handle.value)),
            ("shell", shell.value.map { Self.quoted($0.rawValue) } ?? "null"),
            ("editor", editor.value.map(Self.quoted) ?? "null"),
            (
                "languages",
                "["
                    + Language.allCases.filter(languages.value.contains).map { Self.quoted($0.rawValue) }
                    .joined(separator: ", ") + "]"
            ),
            ("proxy", useProxy.value ? Self.quoted(proxy.value) : "null"),
            ("cores", String(cores.value)), ("fontSize", String(Int(fontSize.value))),
            ("notes", Self.quoted(notes.value)), ("shareUsage", shareUsage.value ? "true" : "false"),
        ]
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
