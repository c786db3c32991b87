import TetherReactive

/// The body of a confirmation dialog: its message, wrapped by display width, a blank row, and
/// a row of two buttons, cancel then confirm, centred. The overlay stack draws its box with
/// the title in the top border and keeps it modal;
/// ``Widget/presentConfirmation(title:message:confirm:cancel:confirmIsSafe:_:)`` opens it.
@MainActor
final class ConfirmationDialog: Widget {
    /// The widest the dialog gets, its border included, however long the message.
    static let maximumWidth = 60

    private let title: String
    private let message: Label
    let cancelButton: Button
    let confirmButton: Button
    private let buttonRow: ButtonRow
    /// Whether the confirm button closed the dialog (`false` until then, and for any other way).
    private(set) var confirmed = false
    private var taps: [any Disposable] = []

    /// Whether `confirm` is the answer that loses nothing (Esc gives it).
    private let confirmIsSafe: Bool

    init(title: String, message: String, confirm: String, cancel: String, confirmIsSafe: Bool = false) {
        self.title = title
        self.confirmIsSafe = confirmIsSafe
        self.message = Label(message, overflow: .wrap)
        cancelButton = Button(cancel)
        confirmButton = Button(confirm)
        buttonRow = ButtonRow([cancelButton, confirmButton])
        super.init()
        addChild(self.message)
        addChild(buttonRow)
        taps = [
            cancelButton.taps.subscribe(onNext: { [weak self] in self?.close(confirmed: false) }),
            confirmButton.taps.subscribe(onNext: { [weak self] in self?.close(confirmed: true) }),
        ]
    }

    isolated deinit {
        for tap in taps { tap.dispose() }
    }

    /// Closes the dialog, answering `confirmed`.
    private func close(confirmed: Bool) {
        guard isPresentedAsPopup else { return }
        self.confirmed = confirmed
        dismissPopup()
    }

    /// Says what Esc does in key help: the safe answer's words (`Esc resume`,
    /// `Esc keep editing`), never a bare "cancel".
    override var keyBindings: KeyMap? { escapeHelp }

    private lazy var escapeHelp: KeyMap = {
        var map = KeyMap()
        map.setHelp((confirmIsSafe ? confirmButton : cancelButton).title.lowercased(), for: .cancel)
        return map
    }()

    /// Esc gives the answer that loses nothing: no, or yes when confirming is the safe answer.
    override func perform(_ intent: Intent) -> Bool {
        guard intent == .cancel else { return false }
        close(confirmed: confirmIsSafe)
        return true
    }

    // MARK: Layout

    /// As wide as the message, the buttons and the title in the border need (one column of
    /// padding on each side), at most ``maximumWidth`` with the border and the room offered;
    /// as tall as the message wrapped to that width, a blank row and the buttons.
    override func preferredSize(for proposal: Size) -> Size {
        let room = max(1, min(proposal.width, Self.maximumWidth - 2))
        let unbounded = Size(width: 1_000, height: 1_000)
        let wanted = max(
            message.preferredSize(for: Size(width: max(1, room - 2), height: 1_000)).width + 2,
            buttonRow.preferredSize(for: unbounded).width + 2, title.terminalWidth + 4)
        let width = min(room, wanted)
        let lines = message.preferredSize(for: Size(width: max(1, width - 2), height: 1_000)).height
        return Size(width: width, height: min(proposal.height, lines + 2))
    }

    override var minimumSize: Size { Size(width: buttonRow.minimumSize.width + 2, height: 3) }

    /// The buttons on the last row, centred; the message from the top, over every row but
    /// the blank one and the buttons' (cut when the screen is too short for all of it).
    override func layoutChildren() {
        let inner = frame.inset(by: Insets(horizontal: 1))
        let buttonsWidth = min(inner.width, buttonRow.preferredSize(for: inner.size).width)
        buttonRow.place(
            in: Rect(
                x: inner.minX + (inner.width - buttonsWidth) / 2, y: frame.maxY - 1, width: buttonsWidth,
                height: min(1, frame.height)))
        message.place(in: Rect(x: inner.minX, y: frame.minY, width: inner.width, height: max(0, frame.height - 2)))
    }

    override var description: String { "ConfirmationDialog(\(title.debugDescription))" }
}
