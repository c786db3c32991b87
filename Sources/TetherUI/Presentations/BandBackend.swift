/// A backend that draws in a band of rows of the normal screen rather than on the whole
/// (alternate) screen: the inline presentation (`CursesBackend(presentation: .inline)`).
///
/// Its ``TerminalBackend/size`` is the band's. Before each layout the renderer tells it
/// how many rows the widget tree needs (``fitBand(height:)``); the backend makes room
/// (scrolling the terminal when the band would run past the bottom), clears rows it no
/// longer uses, and reports the new size.
@MainActor
public protocol BandBackend: TerminalBackend {
    /// The whole terminal's size; the band is at most this tall.
    var terminalSize: Size { get }
    /// Sets the band's height to `height` rows, clamped to 1 and the terminal's height.
    func fitBand(height: Int)
}

extension Renderer {
    /// The rows the tree needs at the terminal's width (``Widget/contentHeight(for:)``:
    /// through a ``Center``, which fills whatever it is offered, what it centres).
    static func bandHeight(of root: Widget, in terminal: Size) -> Int {
        root.contentHeight(for: terminal)
    }
}
