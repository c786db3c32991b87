import TetherReactive

/// A part of a form written with ``FormBuilder``: a ``Field``, a ``Section``, a ``Row`` or
/// ``Buttons``. Each adds itself to the form being built.
@MainActor
public protocol FormContent {
    /// Adds this part's rows to `form`.
    func add(to form: Form)
}

/// Builds a form the way SwiftUI users write one, with `if`, `if let`, `switch` and
/// `for`:
///
/// ```swift
/// let form = Form {
///     Section("You") {
///         Field("Name", key: "name", TextField()).required()
///         Field("Email", key: "email", TextField()).validate(.email()).bound(to: model.email)
///         if askAge { Field("Age", key: "age", TextField(), as: .integer(in: 0...150), value: 30) }
///     }
///     Buttons([save], default: save).submitting(model.save)
/// }
/// ```
///
/// It makes the same fields as ``Form/addField(_:_:key:)`` and friends, in the order
/// written; the imperative API stays for forms built as data arrives.
@resultBuilder
@MainActor
public enum FormBuilder {
    public static func buildExpression(_ content: some FormContent) -> [any FormContent] { [content] }
    public static func buildBlock(_ parts: [any FormContent]...) -> [any FormContent] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [any FormContent]?) -> [any FormContent] { part ?? [] }
    public static func buildEither(first part: [any FormContent]) -> [any FormContent] { part }
    public static func buildEither(second part: [any FormContent]) -> [any FormContent] { part }
    public static func buildArray(_ parts: [[any FormContent]]) -> [any FormContent] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [any FormContent]) -> [any FormContent] { part }
}

extension Form {
    /// A form built from `content` (see ``FormBuilder``). Bindings the content makes
    /// (``Field/bound(to:)``, conditions) last as long as the form.
    public convenience init(labelWidth: Int? = nil, @FormBuilder content: () -> [any FormContent]) {
        self.init(labelWidth: labelWidth)
        for part in content() { part.add(to: self) }
    }

    /// Keeps `binding` for as long as the form lives.
    func keep(_ binding: any Disposable) {
        retained.append(DisposableBox(binding))
    }
}

/// Disposes its disposable when it goes away.
@MainActor
private final class DisposableBox {
    let disposable: any Disposable
    init(_ disposable: any Disposable) { self.disposable = disposable }
    isolated deinit { disposable.dispose() }
}

/// A titled section and its content: ``Form/addSection(_:key:)`` followed by the content.
@MainActor
public struct Section: FormContent {
    let title: String
    let key: String?
    let content: [any FormContent]
    var visibility: Observable<Bool>?

    /// A section titled `title` holding `content`.
    public init(_ title: String, key: String? = nil, @FormBuilder content: () -> [any FormContent]) {
        self.title = title
        self.key = key
        self.content = content()
    }

    /// Shows the section while `condition`'s latest value is `true` (its fields keep their
    /// values and count as valid while hidden).
    public func visible(when condition: some ObservableConvertible<Bool>) -> Section {
        var copy = self
        copy.visibility = condition.asObservable()
        return copy
    }

    public func add(to form: Form) {
        let section = form.addSection(title, key: key)
        for part in content { part.add(to: form) }
        if let visibility {
            form.keep(visibility.subscribe(onNext: { [weak section] in section?.isVisible = $0 }))
        }
    }
}

/// A row holding a widget with no label (a toggle, a message): ``Form/addRow(_:)``.
@MainActor
public struct Row: FormContent {
    let widget: Widget

    /// A row of `widget`.
    public init(_ widget: Widget) { self.widget = widget }

    public func add(to form: Form) { form.addRow(widget) }
}

/// A row of buttons: ``Form/addButtons(_:default:)``.
@MainActor
public struct Buttons: FormContent {
    let buttons: [Button]
    let defaultButton: Button?
    var submit: ((Form) -> Void)?

    /// `buttons`, left to right; Enter from the last text field presses `defaultButton`.
    public init(_ buttons: [Button], default defaultButton: Button? = nil) {
        self.buttons = buttons
        self.defaultButton = defaultButton
    }

    /// Binds the default button to the form's submit command running `command`
    /// (``Form/submitCommand(running:)``): enabled by the form's validity, waiting for
    /// pending checks. `describeResult` is what the accessible presentation says when a run
    /// succeeds (``Button/bind(_:describeResult:)``).
    public func submitting<Output>(
        _ command: Command<Void, Output>, describeResult: ((Output) -> String)? = nil
    ) -> Buttons {
        var copy = self
        copy.submit = { [defaultButton] form in
            defaultButton?.bind(form.submitCommand(running: command), describeResult: describeResult)
        }
        return copy
    }

    public func add(to form: Form) {
        form.addButtons(buttons, default: defaultButton)
        submit?(form)
    }
}
