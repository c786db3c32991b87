import TetherReactive

/// The observers of a form's validity and dirty state, each made when someone first
/// observes it, so a form nobody watches does no work per change, and a form whose submit
/// only needs "is anything invalid?" never builds the lists of fields.
@MainActor
final class FormObservers {
    /// Whether some field is invalid (the submit command's enabled state).
    var hasErrors: BehaviorSubject<Bool>?
    /// Whether every field is valid and no check is pending.
    var isValid: BehaviorSubject<Bool>?
    /// The invalid and pending fields, in row order.
    var lists: BehaviorSubject<FormValidity>?
    /// Whether some field is dirty.
    var dirty: BehaviorSubject<Bool>?

    isolated deinit {
        hasErrors?.onCompleted()
        isValid?.onCompleted()
        lists?.onCompleted()
        dirty?.onCompleted()
    }
}

/// Which fields of a form are invalid and which wait for a check, in row order.
@MainActor
struct FormValidity: Equatable {
    let invalid: [Form.Field]
    let pending: [Form.Field]

    init(_ fields: [Form.Field]) {
        var invalid: [Form.Field] = [], pending: [Form.Field] = []
        for field in fields {
            switch field.validation {
            case .valid: break
            case .invalid: invalid.append(field)
            case .pending: pending.append(field)
            }
        }
        self.invalid = invalid
        self.pending = pending
    }

    nonisolated static func == (lhs: FormValidity, rhs: FormValidity) -> Bool {
        lhs.invalid.elementsEqual(rhs.invalid, by: ===) && lhs.pending.elementsEqual(rhs.pending, by: ===)
    }
}
