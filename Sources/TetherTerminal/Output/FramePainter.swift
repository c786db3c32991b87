package import TetherUI

/// Paints frames in place of ``ScreenWriter``: TetherCurses' ncurses renderer
/// (`CursesBackend`'s `renderer: .ncurses`), which hands each frame to ncurses' own screen
/// and refresh. The backend keeps everything else (modes, input, the way out); a painter
/// only turns frames into bytes, which the backend writes as it writes the writer's.
@MainActor
package protocol FramePainter: AnyObject {
    /// The bytes that make a terminal of `terminal`'s size show `frame` in `region`, with the
    /// cursor at `caret` (frame coordinates) or hidden when `caret` is `nil` or off the frame.
    func paint(_ frame: Frame, caret: Point?, region: ScreenWriter.Region, terminal: Size) -> [UInt8]
    /// What the terminal shows is unknown (a resize, a resume, another program wrote over
    /// it): the next ``paint(_:caret:region:terminal:)`` draws every cell of its region.
    func invalidate()
    /// Where the last paint left the terminal's cursor, in frame coordinates.
    var cursor: Point? { get }
}
