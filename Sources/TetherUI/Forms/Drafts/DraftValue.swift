/// A value a form can save in a draft and read back: strings, numbers, truth values,
/// optionals and collections of them, and enums whose raw value is one of them.
///
/// Conform your own option type (a picker's `Option`) to keep it in drafts; a field whose
/// value does not conform is left out of the draft.
public protocol DraftValue {
    /// The value as draft data.
    var draftData: DraftData { get }
    /// The value read back from draft data; `nil` when it does not fit (a draft from an
    /// older version of the form).
    init?(draftData: DraftData)
}

/// A value in a draft file (a subset of JSON: no nested objects).
public enum DraftData: Hashable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([DraftData])
}

extension String: DraftValue {
    public var draftData: DraftData { .string(self) }
    public init?(draftData: DraftData) {
        guard case .string(let value) = draftData else { return nil }
        self = value
    }
}

extension Bool: DraftValue {
    public var draftData: DraftData { .bool(self) }
    public init?(draftData: DraftData) {
        guard case .bool(let value) = draftData else { return nil }
        self = value
    }
}

extension Double: DraftValue {
    public var draftData: DraftData { .number(self) }
    public init?(draftData: DraftData) {
        guard case .number(let value) = draftData else { return nil }
        self = value
    }
}

extension Int: DraftValue {
    public var draftData: DraftData { .number(Double(self)) }
    public init?(draftData: DraftData) {
        guard case .number(let value) = draftData, let exact = Int(exactly: value) else { return nil }
        self = exact
    }
}

extension Optional: DraftValue where Wrapped: DraftValue {
    public var draftData: DraftData { self?.draftData ?? .null }
    public init?(draftData: DraftData) {
        if draftData == .null {
            self = .none
        } else if let value = Wrapped(draftData: draftData) {
            self = .some(value)
        } else {
            return nil
        }
    }
}

extension Array: DraftValue where Element: DraftValue {
    public var draftData: DraftData { .array(map(\.draftData)) }
    public init?(draftData: DraftData) {
        guard case .array(let items) = draftData else { return nil }
        var values: [Element] = []
        for item in items {
            guard let value = Element(draftData: item) else { return nil }
            values.append(value)
        }
        self = values
    }
}

extension Set: DraftValue where Element: DraftValue {
    public var draftData: DraftData { .array(map(\.draftData)) }
    public init?(draftData: DraftData) {
        guard let values = [Element](draftData: draftData) else { return nil }
        self = Set(values)
    }
}

extension DraftValue where Self: RawRepresentable, RawValue: DraftValue {
    public var draftData: DraftData { rawValue.draftData }
    public init?(draftData: DraftData) {
        guard let raw = RawValue(draftData: draftData) else { return nil }
        self.init(rawValue: raw)
    }
}
