import TetherReactive

/// A step of a form in pages and its content: ``Form/addStep(_:key:)`` followed by the
/// content. Fields, sections, rows and buttons go inside; the last step usually ends with
/// the form's ``Buttons``.
///
/// ```swift
/// let form = Form {
///     Step("Account") {
///         Field("Name", key: "name", TextField()).required()
///     }
///     Step("Machine") {
///         Field("Host", key: "host", TextField())
///     }
///     .skipped(when: model.useDefaults)
///     Step("Confirm") {
///         Buttons([create], default: create).submitting(model.create)
///     }
/// }
/// ```
@MainActor
public struct Step: FormContent {
    let title: String
    let key: String?
    let content: [any FormContent]
    var skipping: Observable<Bool>?

    /// A step titled `title` holding `content`.
    public init(_ title: String, key: String? = nil, @FormBuilder content: () -> [any FormContent]) {
        self.title = title
        self.key = key
        self.content = content()
    }

    /// Skips the step while `condition`'s latest value is `true`: Next and Back pass over
    /// it, the steps are numbered without it, and its fields keep their values and count as
    /// valid. The binding lasts as long as the form.
    public func skipped(when condition: some ObservableConvertible<Bool>) -> Step {
        var copy = self
        copy.skipping = condition.asObservable()
        return copy
    }

    public func add(to form: Form) {
        let step = form.addStep(title, key: key)
        for part in content { part.add(to: form) }
        if let skipping {
            form.keep(skipping.subscribe(onNext: { [weak step] in step?.isVisible = !$0 }))
        }
    }
}
