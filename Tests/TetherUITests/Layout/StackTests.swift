import Testing
import TetherTesting
import TetherUI

/// Text of a fixed size that cannot shrink.
@MainActor
private final class Block: Widget {
    let text: String
    init(_ text: String) {
        self.text = text
        super.init()
    }
    override func preferredSize(for proposal: Size) -> Size { Size(width: text.count, height: 1) }
    override var minimumSize: Size { Size(width: text.count, height: 1) }
    override func draw(in canvas: inout Canvas, context: DrawContext) { canvas.put(text, at: .zero) }
}

@MainActor
@Suite("Stacks")
struct StackTests {
    @Test("a VStack places its children one under the other")
    func vstack() throws {
        let pilot = try Pilot(root: VStack([Label("one"), Label("two")]), size: Size(width: 10, height: 3))
        #expect(pilot.lines == ["one", "two", ""])
    }

    @Test("a VStack leaves spacing rows between its children")
    func vstackSpacing() throws {
        let pilot = try Pilot(root: VStack(spacing: 1, [Label("one"), Label("two")]), size: Size(width: 10, height: 3))
        #expect(pilot.lines == ["one", "", "two"])
    }

    @Test("an HStack places its children side by side, one column apart by default")
    func hstack() throws {
        let pilot = try Pilot(root: HStack([Label("ab"), Label("cd")]), size: Size(width: 10, height: 1))
        #expect(pilot.screen == "ab cd")
    }

    @Test("an HStack leaves its spacing between children")
    func hstackSpacing() throws {
        let pilot = try Pilot(root: HStack(spacing: 3, [Label("ab"), Label("cd")]), size: Size(width: 10, height: 1))
        #expect(pilot.screen == "ab   cd")
    }

    @Test("a VStack with centre alignment centres each child across its width")
    func centerAlignment() throws {
        let pilot = try Pilot(
            root: VStack(alignment: .center, [Label("ab"), Label("abcdef")]),
            size: Size(width: 10, height: 2))
        #expect(pilot.lines == ["    ab", "  abcdef"])
    }

    @Test("a centre in a column leaves the rows its siblings need and centres in the rest")
    func centerSharesColumn() throws {
        let pilot = try Pilot(
            root: VStack([Center(Label("form")), Label("help bar")]), size: Size(width: 10, height: 5))
        #expect(pilot.lines == ["", "   form", "", "", "help bar"])
    }

    @Test("a spacer pushes the widgets after it to the bottom of a column")
    func spacerPushesFooter() throws {
        let pilot = try Pilot(
            root: VStack([Label("top"), Spacer(), Label("footer")]), size: Size(width: 10, height: 4))
        #expect(pilot.lines == ["top", "", "", "footer"])
    }

    @Test("two spacers share the space left evenly")
    func spacersShareEvenly() throws {
        let pilot = try Pilot(
            root: HStack(spacing: 0, [Spacer(), Label("mid"), Spacer()]), size: Size(width: 9, height: 1))
        #expect(pilot.screen == "   mid")
    }

    @Test("a column without a flexible child takes only the rows its children want")
    func fixedColumnHeight() throws {
        let column = VStack([Label("one"), Label("two")])
        #expect(column.preferredSize(for: Size(width: 10, height: 8)) == Size(width: 3, height: 2))
        #expect(VStack([Label("one"), Spacer()]).preferredSize(for: Size(width: 10, height: 8)).height == 8)
    }

    @Test("a hidden child takes no space in a stack")
    func hiddenChild() throws {
        let middle = Label("two")
        middle.isHidden = true
        let pilot = try Pilot(root: VStack([Label("one"), middle, Label("three")]), size: Size(width: 10, height: 3))
        #expect(pilot.lines == ["one", "three", ""])
    }

    @Test("a child wider than the room left gets only that room and truncates")
    func overflowCut() throws {
        let pilot = try Pilot(root: HStack([Label("abc"), Label("defgh")]), size: Size(width: 7, height: 1))
        #expect(pilot.screen == "abc de…")
    }

    // MARK: Center and Padding

    @Test("Center places its child in the middle of the space")
    func center() throws {
        let pilot = try Pilot(root: Center(Label("hi")), size: Size(width: 10, height: 3))
        #expect(pilot.lines == ["", "    hi", ""])
    }

    @Test("Padding leaves its insets around the child")
    func padding() throws {
        let pilot = try Pilot(root: Padding(Insets(top: 1, left: 2), Label("hi")), size: Size(width: 10, height: 3))
        #expect(pilot.lines == ["", "  hi", ""])
    }

    // MARK: AdaptiveStack

    /// A primary "PRIMARY" (7×1) and a secondary "SECOND" (6×1, no smaller), 2 columns apart.
    private func adaptive() -> (AdaptiveStack, Widget) {
        let secondary = Block("SECOND")
        return (AdaptiveStack(spacing: 2, primary: Block("PRIMARY"), secondary: secondary), secondary)
    }

    @Test("an AdaptiveStack puts the secondary beside the primary when there is room")
    func adaptiveBeside() throws {
        let (stack, _) = adaptive()
        let pilot = try Pilot(root: stack, size: Size(width: 20, height: 5))
        #expect(stack.arrangement == .beside)
        #expect(pilot.lines[0] == "PRIMARY  SECOND")
    }

    @Test("an AdaptiveStack puts the secondary below the primary on a narrow terminal")
    func adaptiveBelow() throws {
        let (stack, _) = adaptive()
        let pilot = try Pilot(root: stack, size: Size(width: 14, height: 5))
        #expect(stack.arrangement == .below)
        #expect(pilot.lines == ["PRIMARY", "", "", "SECOND", ""])
    }

    @Test("an AdaptiveStack shows only the primary when the secondary fits neither way")
    func adaptivePrimaryOnly() throws {
        let (stack, _) = adaptive()
        let pilot = try Pilot(root: stack, size: Size(width: 14, height: 3))
        #expect(stack.arrangement == .primaryOnly)
        #expect(pilot.lines == ["PRIMARY", "", ""])
    }

    @Test("an AdaptiveStack rearranges when the terminal is resized")
    func adaptiveResize() throws {
        let (stack, _) = adaptive()
        let pilot = try Pilot(root: stack, size: Size(width: 20, height: 5))
        pilot.resize(to: Size(width: 14, height: 5))
        #expect(pilot.lines[3] == "SECOND")
        pilot.resize(to: Size(width: 20, height: 5))
        #expect(pilot.lines[0] == "PRIMARY  SECOND")
        #expect(pilot.lines[3] == "")
    }

    @Test("an AdaptiveStack with its secondary hidden shows only the primary")
    func adaptiveHiddenSecondary() throws {
        let (stack, secondary) = adaptive()
        secondary.isHidden = true
        let pilot = try Pilot(root: stack, size: Size(width: 20, height: 5))
        #expect(stack.arrangement == .primaryOnly)
        #expect(!pilot.screen.contains("SECOND"))
    }
}
