import TetherReactive
import TetherUI

/// One person's sign-up screen: their own name field and command, over the workshop's
/// shared places and list, which update live whoever signs up.
@MainActor
public final class WorkshopScreen {
    /// This person's name, bound two ways to the field.
    public let name = BehaviorRelay(value: "")
    /// The name this person signed up with, once they have.
    public let joined = BehaviorRelay<String?>(value: nil)
    /// The screen.
    public let root: Widget
    /// Signs this person up (enabled while the form is valid, there are places and this
    /// person has not signed up yet).
    public let signUp: Command<Void, String>
    /// The sign-up form, which asks before Esc throws a typed name away.
    public let form: Form
    private let bag = DisposeBag()

    /// The screen of one session of `workshop`.
    public init(workshop: Workshop) {
        let places = Label("", role: .accent)
        let list = Label("", overflow: .wrap)
        let status = Label("", overflow: .wrap)
        let name = self.name
        let joined = self.joined
        let signUp = Command<Void, String>(
            enabledIf: Observable.combineLatest(workshop.attendees, joined) { attendees, joined in
                attendees.count < workshop.capacity && joined == nil
            }
        ) {
            () async throws -> String in
            let signed = name.value
            do {
                try workshop.signUp(signed)
            } catch let refusal as Workshop.Refusal where refusal.reason == .alreadySignedUp {
                // The name is what was refused: said under it, and not offered back by ear.
                throw FieldRefusal(key: "name", message: refusal.message)
            }
            joined.accept(signed)
            return signed
        }
        self.signUp = signUp
        let join = Button("Sign up")
        form = Form {
            Field("Your name", key: "name", TextField(placeholder: "as on your badge", width: 24))
                .required()
                .bound(to: name)
            Buttons([join], default: join).submitting(signUp)
        }
        root = Center(Panel(title: workshop.title, VStack([places, list, form, status])))
        workshop.attendees.asObservable()
            .map { Workshop.describePlaces(left: max(0, workshop.capacity - $0.count), of: workshop.capacity) }
            .bind(to: places.rx.text).disposed(by: bag)
        workshop.attendees.asObservable()
            .map { $0.isEmpty ? "Nobody has signed up yet." : "Signed up: " + $0.joined(separator: ", ") }
            .bind(to: list.rx.text).disposed(by: bag)
        joined.asObservable()
            .map { $0.map { "You're in, \($0). Esc leaves." } ?? "Esc leaves without signing up." }
            .bind(to: status.rx.text).disposed(by: bag)
        // A name already signed up shows under the name until it is edited; the last place
        // going meanwhile shows in the form's own message row, under Sign up.
    }

    /// Connects the screen's keys to `app`: Esc leaves, asking first when a name was typed
    /// and not signed up with.
    public func attach(to app: Application) {
        app.onKey(.escape) { [weak self, weak app] in self?.form.confirmDiscard { app?.quit() } }.disposed(by: bag)
    }
}
