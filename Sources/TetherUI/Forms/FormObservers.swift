import TetherReactive

/// The observers of a form's validity and dirty state, made when someone first observes
/// them, so a form nobody watches does no work per change.
@MainActor
final class FormObservers {
    let validity: BehaviorSubject<FormValidity>
    let dirty: BehaviorSubject<Bool>

    init(validity: FormValidity, dirty: Bool) {
        self.validity = BehaviorSubject(value: validity)
        self.dirty = BehaviorSubject(value: dirty)
    }

    isolated deinit {
        validity.onCompleted()
        dirty.onCompleted()
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
