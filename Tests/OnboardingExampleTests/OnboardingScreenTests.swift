import OnboardingCore
import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// The onboarding screen on a headless terminal, its model on the pilot's virtual clock.
@MainActor
final class OnboardingFixture {
    let scheduler = TestScheduler()
    let model: OnboardingModel
    let screen: OnboardingScreen
    let pilot: Pilot

    init(size: Size = Size(width: 80, height: 40), draftPath: String? = nil) throws {
        model = OnboardingModel(scheduler: scheduler)
        screen = OnboardingScreen(model: model, draftPath: draftPath)
        pilot = try Pilot(root: screen.root, size: size, scheduler: scheduler) { [screen] app in screen.attach(to: app)
        }
    }

    /// Fills the "You" section: name, email, handle, password twice.
    func fillYou(handle: String = "lovelace") {
        pilot.type("Ada\tada@example.com\t\(handle)\tanalytical\tanalytical\t")
    }

    /// Lets the handle's check run: past the debounce and the server's latency.
    func checkHandle() async {
        pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        pilot.advance(by: .milliseconds(500))
        await pilot.settle()
    }

    func field<Value>(_ key: String, _: Value.Type) -> FormField<Value>? {
        screen.form.field(forKey: key) as? FormField<Value>
    }
}

@MainActor
@Suite("Onboarding screen")
struct OnboardingScreenTests {
    @Test("the form shows three sections with the required fields marked")
    func sectionsShown() throws {
        let t = try OnboardingFixture()
        let screen = t.pilot.screen
        for text in ["You", "Machine", "Notes", "Name *", "Email *", "Handle *", "Languages"] {
            #expect(screen.contains(text), "\(text) missing:\n\(screen)")
        }
        #expect(!screen.contains("Proxy URL"), "the proxy URL shows only with the proxy on")
    }

    @Test("a taken handle is found by the asynchronous check, which shows while it runs")
    func handleTaken() async throws {
        let t = try OnboardingFixture()
        t.pilot.type("Ada\tada@example.com\tada")
        #expect(t.pilot.screen.contains("Checking the handle…"))
        await t.checkHandle()
        #expect(t.pilot.screen.contains("@ada is taken: try another"))
    }

    @Test("the confirmation must match the password")
    func confirmationMatches() throws {
        let t = try OnboardingFixture()
        t.pilot.type("Ada\tada@example.com\tlovelace\tanalytical\tanalytica\t")
        #expect(t.pilot.screen.contains("The passwords differ"))
    }

    @Test("turning the proxy on shows its URL field, which is then required")
    func proxyRevealed() throws {
        let t = try OnboardingFixture()
        t.model.useProxy.accept(true)
        #expect(t.pilot.screen.contains("Proxy URL"))
        #expect(t.field("proxy", String.self)?.validation == .invalid("Proxy URL is required"))
        t.model.useProxy.accept(false)
        #expect(t.field("proxy", String.self)?.validation == .valid)
    }

    @Test("saving writes the answers as JSON without the password")
    func saveWritesJSON() async throws {
        let t = try OnboardingFixture()
        var saved: [String] = []
        let bag = DisposeBag()
        t.model.save.values.subscribe(onNext: { saved.append($0) }).disposed(by: bag)
        t.fillYou()
        t.model.editor.accept("Helix")
        await t.checkHandle()
        t.screen.save.press()
        await t.pilot.settle()
        t.pilot.advance(by: .milliseconds(300))
        await t.pilot.settle()
        let json = try #require(saved.first)
        #expect(json.hasPrefix("{\"name\": \"Ada\", \"email\": \"ada@example.com\", \"handle\": \"lovelace\""))
        #expect(json.contains("\"editor\": \"Helix\""))
        #expect(json.contains("\"languages\": [\"Swift\"]"))
        #expect(!json.contains("analytical"))
    }

    @Test("Save with fields missing names them and focuses the first")
    func saveExplains() throws {
        let t = try OnboardingFixture()
        t.pilot.type("Ada\t")
        t.field("cores", Int.self)?.widget.focus()
        t.pilot.press(.enter)
        #expect(t.pilot.screen.contains("5 fields need attention: Email, Handle, Password, Confirm,"))
        #expect(t.pilot.focusedWidget === t.field("email", String.self)?.widget)
    }
}
