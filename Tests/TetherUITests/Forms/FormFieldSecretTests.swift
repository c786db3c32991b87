#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TetherReactive
import TetherTesting
import TetherUI

@MainActor
@Suite("FormField secrets")
struct FormFieldSecretTests {
    @Test("dumping a password's field, its form or the pilot never shows the password")
    func dumpHidesSecret() async throws {
        let form = Form()
        let password = form.addField("Password", SecureField(), key: "password")
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 3))
        pilot.type("hunter2-secret")
        password.markClean()
        pilot.type("x")
        #expect(password.value == "hunter2-secretx")
        for subject in [password as Any, form, pilot] {
            await Task.yield()  // other suites' work on the main actor goes first
            var text = ""
            dump(subject, to: &text)
            #expect(text.withCString { strstr($0, "hunter2") } == nil, "\(text)")
        }
        var text = ""
        dump(password, to: &text)
        #expect(text.contains("(secret)"))
    }

    @Test("a field that is not secret shows its value in a dump")
    func dumpShowsValue() {
        let form = Form()
        form.addField("Name", TextField(text: "Ada"), key: "name")
        var text = ""
        dump(form.field(forKey: "name") as Any, to: &text)
        #expect(text.contains("Ada"))
    }
}
