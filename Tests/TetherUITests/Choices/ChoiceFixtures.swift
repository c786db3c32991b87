import TetherUI
import TetherTesting

/// An option with a title and a code, as a model would hold it.
struct Country: Hashable {
    let name: String
    let code: String
}

let germany = Country(name: "Germany", code: "DE")
let france = Country(name: "France", code: "FR")
let spain = Country(name: "Spain", code: "ES")

/// A form whose rows are `widgets`, on a terminal of `size`, with partial redraws verified.
@MainActor
func makeChoicePilot(_ widgets: Widget..., size: Size = Size(width: 40, height: 8)) throws -> Pilot {
    let form = Form()
    for widget in widgets { form.addRow(widget) }
    let pilot = try Pilot(root: form, size: size)
    pilot.app.verifiesPartialRedraws = true
    return pilot
}
