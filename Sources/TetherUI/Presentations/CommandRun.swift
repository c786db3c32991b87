import TetherReactive

/// One run of a button's command, as the accessible presentation announces it: one outcome,
/// told once, when the run ends.
@MainActor
struct CommandRun {
    /// How a run ended, in words.
    enum Outcome: Equatable {
        /// It produced a value: the sentence describing it.
        case succeeded(String)
        /// It threw: the error as a sentence.
        case failed(String)
        /// It was cancelled before producing anything.
        case cancelled
    }

    private let observe: (@escaping (Outcome) -> Void) -> any Disposable

    /// The outcome of `execution`; a value is described by `describe`, or by its own
    /// description when it has one, or as "Done.".
    init<Output>(_ execution: CommandExecution<Output>, describe: ((Output) -> String)?) {
        observe = { tell in
            let told = Flag()
            return execution.asObservable().subscribe(
                onNext: { value in
                    guard !told.isSet else { return }
                    told.isSet = true
                    tell(.succeeded(CommandRun.sentence(describe?(value) ?? CommandRun.text(of: value))))
                },
                onError: { error in
                    guard !told.isSet else { return }
                    told.isSet = true
                    tell(.failed(CommandRun.sentence(String(describing: error))))
                },
                onCompleted: {
                    guard !told.isSet else { return }
                    told.isSet = true
                    tell(.cancelled)
                })
        }
    }

    /// Calls `tell` once with the outcome (at once if the run has ended already).
    func whenEnded(_ tell: @escaping (Outcome) -> Void) -> any Disposable { observe(tell) }

    private static func text<Output>(of value: Output) -> String {
        if Output.self == Void.self { return "Done" }
        if let described = value as? any CustomStringConvertible { return described.description }
        return "Done"
    }

    /// `text` ending with a full stop (or the `?`/`!`/`…` it has).
    static func sentence(_ text: String) -> String {
        guard let last = text.last else { return text }
        return ".!?…".contains(last) ? text : text + "."
    }

    private final class Flag {
        var isSet = false
    }
}
