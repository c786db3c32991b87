/// The introduction said before the first question.
extension AccessibleDialog {
    /// Says the title and how many questions come, and how to go back: "Tether · Sign in.
    /// 4 questions; answer < to go back to the previous one." Said only when there is a
    /// title (a bare form starts with its first question).
    func introduce() {
        guard let title else { return }
        let count = items.indices.filter { askable(items[$0].widget) && !given($0) }.count
        // Answered from outside with nothing left to ask: there is nothing to introduce.
        if count == 0, answeredFromOutside { return }
        var questions = count == 1 ? "1 question" : "\(count) questions"
        let steps = Set(items.compactMap { $0.step.flatMap { $0.isVisible ? ObjectIdentifier($0) : nil } }).count
        if steps > 1 { questions = "\(steps) steps, \(questions)" }
        let back = count > 1 ? "; answer \(AccessibleDialog.backCommand) to go back to the previous one" : ""
        write(CommandRun.sentence(title) + "\n" + "\(questions)\(back).\n")
    }
}
