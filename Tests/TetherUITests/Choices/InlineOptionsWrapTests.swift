import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// Languages whose titles make a horizontal list of 41 columns on one row:
/// `[ ] Swift  [ ] Rust  [ ] C++  [ ] Haskell`.
private let languages = ["Swift", "Rust", "C++", "Haskell"]

@MainActor
private func languageList(axis: ChoiceAxis = .horizontal) -> CheckList<String> {
    CheckList(options: languages, axis: axis)
}

@MainActor
private func wrappedPilot(_ widget: Widget, width: Int) throws -> Pilot {
    let form = Form()
    form.addField("Langs", widget)
    form.addField("Next", TextField(placeholder: "next"))
    let pilot = try Pilot(root: form, size: Size(width: width, height: 6))
    pilot.app.verifiesPartialRedraws = true
    return pilot
}

@MainActor
@Suite("Horizontal choice lists wrap")
struct InlineOptionsWrapTests {
    @Test("a horizontal check list too wide for its row wraps onto more rows instead of cutting titles")
    func checkListWraps() throws {
        let pilot = try wrappedPilot(languageList(), width: 30)
        #expect(
            Array(pilot.lines.prefix(3)) == [
                "Langs  [ ] Swift  [ ] Rust", "       [ ] C++  [ ] Haskell", "Next   next",
            ])
    }

    @Test("a wrapped horizontal list reports the wrapped height as its preferred size")
    func preferredSizeIsWrappedHeight() {
        let list = languageList()
        #expect(list.preferredSize(for: Size(width: 23, height: 10)) == Size(width: 20, height: 2))
        #expect(list.preferredSize(for: Size(width: 18, height: 10)) == Size(width: 17, height: 3))
        #expect(list.preferredSize(for: Size(width: 80, height: 10)) == Size(width: 41, height: 1))
    }

    @Test("→ moves through a wrapped list in reading order, onto the next row and back")
    func arrowsInReadingOrder() throws {
        let list = languageList()
        let pilot = try wrappedPilot(list, width: 30)
        pilot.press(.right, .right, .space)
        #expect(list.selection == ["C++"])
        pilot.press(.left, .space)
        #expect(list.selection == ["C++", "Rust"])
        pilot.press(.right, .right, .space)
        #expect(list.selection == ["C++", "Rust", "Haskell"])
    }

    @Test("a click on an option of the second row checks that option")
    func clickOnSecondRow() throws {
        let list = languageList()
        let pilot = try wrappedPilot(list, width: 30)
        pilot.click(at: Point(x: 18, y: 1))
        #expect(list.selection == ["Haskell"])
        pilot.click(at: Point(x: 8, y: 1))
        #expect(list.selection == ["Haskell", "C++"])
        pilot.click(at: Point(x: 14, y: 1))
        #expect(list.selection == ["Haskell", "C++"])
    }

    @Test("only an option wider than the whole width is cut, on a row of its own")
    func onlyTooWideOptionIsCut() throws {
        let list = CheckList(options: ["Go", "Objective-C++ and friends", "C"], axis: .horizontal)
        let pilot = try wrappedPilot(list, width: 24)
        #expect(Array(pilot.lines.prefix(3)) == ["Langs  [ ] Go", "       [ ] Objective-C+…", "       [ ] C"])
    }

    @Test("a horizontal picker wraps its options the same way")
    func pickerWraps() throws {
        let picker = Picker(options: languages, selection: "C++", axis: .horizontal)
        let pilot = try wrappedPilot(picker, width: 30)
        #expect(Array(pilot.lines.prefix(2)) == ["Langs  ( ) Swift  ( ) Rust", "       (•) C++  ( ) Haskell"])
        pilot.click(at: Point(x: 18, y: 1))
        #expect(picker.selection == "Haskell")
    }

    @Test("a horizontal list wraps when the terminal narrows and goes back to one row when it widens")
    func rewrapsOnResize() throws {
        let pilot = try wrappedPilot(languageList(), width: 60)
        pilot.resize(to: Size(width: 30, height: 6))
        #expect(
            Array(pilot.lines.prefix(3)) == [
                "Langs  [ ] Swift  [ ] Rust", "       [ ] C++  [ ] Haskell", "Next   next",
            ])
        pilot.resize(to: Size(width: 60, height: 6))
        #expect(Array(pilot.lines.prefix(2)) == ["Langs  [ ] Swift  [ ] Rust  [ ] C++  [ ] Haskell", "Next   next"])
    }
}
