import Testing
import TetherReactive
import TetherTesting
import TetherUI

@MainActor
@Suite("Form structure")
struct FormStructureTests {
    @Test("fields are found by key, and a field without one is named after its title")
    func lookUpByKey() {
        let form = Form()
        let name = form.addField("Name", TextField(), key: "full-name")
        let city = form.addField("Home city", TextField())
        #expect(form.field(forKey: "full-name") === name)
        #expect(form.field(forKey: "home-city") === city)
        #expect(form.field(forKey: "nothing") == nil)
    }

    @Test("a section heading shows above its fields, and hiding it hides them")
    func sectionHeading() throws {
        let form = Form()
        form.addField("Name", TextField(text: "Ada"), key: "name")
        let machine = form.addSection("Machine")
        let cores = form.addField("Cores", TextField(text: "8"), key: "cores")
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 4))
        #expect(pilot.lines == ["Name   Ada", "Machine", "Cores  8", ""])
        #expect(form.fields(in: machine).map(\.key) == ["cores"])
        machine.isVisible = false
        #expect(pilot.lines == ["Name   Ada", "", "", ""])
        #expect(!cores.isVisible)
    }

    @Test("moving a field moves its row and its place in the focus order")
    func moveField() throws {
        let form = Form()
        let a = form.addField("A", TextField(text: "1"), key: "a")
        let b = form.addField("B", TextField(text: "2"), key: "b")
        form.move(b, before: a)
        let pilot = try Pilot(root: form, size: Size(width: 20, height: 2))
        #expect(pilot.lines == ["B  2", "A  1"])
        #expect(pilot.focusedWidget === b.widget)
        pilot.press(.tab)
        #expect(pilot.focusedWidget === a.widget)
    }

    @Test("removing a field takes its rows away and forgets its key")
    func removeField() throws {
        let form = Form()
        let a = form.addField("A", TextField(text: "1"), key: "a")
        form.addField("B", TextField(text: "2"), key: "b")
        a.error = "wrong"
        form.remove(a)
        let pilot = try Pilot(root: form, size: Size(width: 20, height: 2))
        #expect(pilot.lines == ["B  2", ""])
        #expect(form.field(forKey: "a") == nil)
        #expect(form.isValid)
    }
}
