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
    @Test("the form shows the first of three steps with its required fields marked and described")
    func firstStepShown() throws {
        let t = try OnboardingFixture()
        let screen = t.pilot.screen
        for text in ["Step 1 of 3: You", "Name *", "Email *", "Handle *", "Where the invitation goes", "[ Next ]"] {
            #expect(screen.contains(text), "\(text) missing:\n\(screen)")
        }
        #expect(!screen.contains("Languages"), "the machine's fields are on the next step")
    }

    @Test("Next with fields missing names them and focuses the first")
    func nextExplains() throws {
        let t = try OnboardingFixture()
        t.pilot.type("Ada\t")
        t.screen.form.goForward()
        #expect(t.pilot.screen.contains("4 fields need attention: Email, Handle,"), "\(t.pilot.screen)")
        #expect(t.pilot.screen.contains("Password, Confirm"))
        #expect(t.pilot.screen.contains("Step 1 of 3: You"))
        #expect(t.pilot.focusedWidget === t.field("email", String.self)?.widget)
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
        t.screen.form.currentStep = t.screen.form.steps[1]
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

    @Test("Enter on the last step with fields missing on the first goes back to it and focuses the first")
    func saveExplains() throws {
        let t = try OnboardingFixture()
        t.pilot.type("Ada\t")
        t.screen.form.currentStep = t.screen.form.steps[2]
        t.pilot.press(.tab)
        #expect(t.pilot.focusedWidget is Toggle)
        t.pilot.press(.enter)
        #expect(t.pilot.screen.contains("5 fields need attention: Email, Handle,"), "\(t.pilot.screen)")
        #expect(t.pilot.screen.contains("Password, Confirm, Editor (step 2)"))
        #expect(t.pilot.screen.contains("Step 1 of 3: You"))
        #expect(t.pilot.focusedWidget === t.field("email", String.self)?.widget)
    }

    @Test("the key-help bar sits on the bottom row and F1 lists the keys")
    func keyHelp() throws {
        let t = try OnboardingFixture()
        #expect(t.pilot.lines.last?.hasPrefix("Tab/Enter next · Shift-Tab back · Esc cancel") == true)
        t.pilot.press(.function(1))
        #expect(t.pilot.screen.contains("┌─ Keys"))
    }
}
