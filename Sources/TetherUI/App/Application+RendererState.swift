// What the test pilot and the reliability tests read of the renderer.
extension Application {
    /// After each partial redraw, also draw everything and count frames that differ
    /// (``partialRedrawMismatches``). The reliability tests turn it on.
    package var verifiesPartialRedraws: Bool {
        get { renderer.verifiesPartialRedraws }
        set { renderer.verifiesPartialRedraws = newValue }
    }
    package var partialRedrawMismatches: Int { renderer.partialRedrawMismatches }
    /// Renders that drew only some rows.
    package var partialRedrawCount: Int { renderer.partialRedrawCount }
    package var lastFrame: Frame? { renderer.lastFrame }
    package var lastCursor: Point? { renderer.lastCursor }
    package var renderCount: Int { renderer.renderCount }
}
