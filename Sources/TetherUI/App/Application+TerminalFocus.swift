import TetherReactive

extension Application: ReactiveCompatible {}

extension Application {
    /// Whether the terminal window has focus, as the terminal last reported it (DEC mode
    /// 1004 focus reports, which `VTBackend` asks for unless its options turn them off).
    ///
    /// Before the first report, and for the whole run on a terminal that never reports
    /// (or a backend that cannot ask), the terminal is assumed focused: `true`.
    public var isTerminalFocused: Bool { terminalFocusSubject.value }

    /// A focus report from the backend: stores it and tells ``Reactive/terminalFocus``
    /// subscribers, when it is a change.
    func terminalFocusChanged(_ focused: Bool) {
        guard focused != terminalFocusSubject.value else { return }
        terminalFocusSubject.onNext(focused)
    }
}

extension Reactive where Base: Application {
    /// Whether the terminal window has focus (``Application/isTerminalFocused``): the
    /// current value on subscription, then each change the terminal reports — only
    /// changes (a repeated report emits nothing), and nothing at all from a terminal that
    /// does not report focus. It completes when the application stops (its run ends: a
    /// quit, Ctrl-C, a signal).
    public var terminalFocus: Observable<Bool> { base.terminalFocusSubject.asObservable() }
}
