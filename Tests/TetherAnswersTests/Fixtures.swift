#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherAnswerFiles
import TetherAnswers
import TetherReactive
import TetherUI

/// A sign-up form in two steps: a name (required), an email (required, checked), a plan
/// (a picker), extras (a check list), newsletter (a toggle), a port (an integer), a
/// password (secret, required) and a company shown only for the Team plan.
@MainActor
final class SignUp {
    enum Plan: String, CaseIterable {
        case free = "Free"
        case pro = "Pro"
        case team = "Team"
    }
    enum Extra: String, CaseIterable {
        case backups = "Backups"
        case support = "Support"
        case audit = "Audit log"
    }

    let plan = BehaviorRelay<Plan?>(value: .free)
    let bag = DisposeBag()
    let save = Button("Save")
    lazy var form = Form {
        Step("Account") {
            Field("Name", key: "name", TextField()).required()
            Field("Email", key: "email", TextField()).required().validate(.email())
            Field("Password", key: "password", SecureField()).required().validate(.length(min: 8))
        }
        Step("Plan") {
            Field("Plan", key: "plan", Picker(options: Plan.allCases, title: \.rawValue)).bound(to: plan)
            Field("Extras", key: "extras", CheckList(options: Extra.allCases, title: \.rawValue))
            Field("Newsletter", key: "newsletter", Toggle("Send me news"))
            Field("Port", key: "port", TextField(), as: .integer(in: 1...65_535), value: 8080)
            Field("Company", key: "company", TextField()).required().visible(
                when: plan.asObservable().map { $0 == .team })
            Buttons([save], default: save)
        }
    }
    let names = AnswerNames(environmentPrefix: "SIGNUP_")

    func answers(
        _ arguments: [String] = [], environment: [String: String] = [:], file: String? = nil,
        standardInput: String? = nil
    ) -> FormAnswers {
        FormAnswers(
            for: form, names: names, arguments: arguments, environment: environment, answersFile: file,
            readStandardInput: { standardInput })
    }

    func value(_ key: String) -> String? {
        (form.field(forKey: key)?.widget as? any AccessiblePrompting)?.accessiblePrompt.value
    }
}

/// A file at a fresh path (ending in `suffix`) holding `text` with `mode`, removed by the caller.
func temporaryFile(_ text: String, mode: mode_t = 0o600, suffix: String = "", name: String = #function) -> String {
    let path = "/tmp/tether-answers-\(getpid())-\(name.filter(\.isLetter))" + suffix
    unlink(path)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
    fchmod(descriptor, mode)
    close(descriptor)
    return path
}
