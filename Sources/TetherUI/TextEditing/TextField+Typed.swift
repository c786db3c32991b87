import TetherReactive

extension Reactive where Base: TextField {
    /// The text read as a typed value through `format`: bind it two ways to a model value,
    /// `age.rx.value(as: .integer(in: 0...150)) <-> model.age`.
    ///
    /// - Values: the parsed text at subscription (nothing when it does not parse), then
    ///   each **user** edit that parses, once. An edit that does not parse is not sent: the
    ///   text stays exactly as typed and ``TextField/parseError`` holds `format.message`
    ///   (shown by `rx.parseError` once the user leaves the field).
    /// - Writes (the model): the value is formatted into the field unless the text already
    ///   parses to it (typing `007` or `1.` is never reformatted), and the parse error is
    ///   cleared. Writes are programmatic: never reported back as edits.
    ///
    /// The field takes `format.inputFilter` when it has no filter of its own; set
    /// ``TextField/inputFilter`` afterwards to replace it. Values complete when the field
    /// goes away; a binding ends then or when its subscription is disposed.
    @MainActor
    public func value<Value: Equatable>(as format: TextFormat<Value>) -> ControlProperty<Value> {
        let field = base
        if field.inputFilter == nil { field.inputFilter = format.inputFilter }
        let values = Observable<Value>.deferred { [weak field] in
            guard let field else { return .empty() }
            let edits = field.editable.userEdits.compactMap { [weak field] text -> Value? in
                let value = format.parse(text)
                field?.parseError = value == nil ? format.message : nil
                return value
            }
            return format.parse(field.text).map { edits.startWith($0) } ?? edits
        }
        let sink = AnyObserver<Value> { [weak field] event in
            guard case .next(let value) = event, let field else { return }
            field.parseError = nil
            if let current = format.parse(field.text), current == value { return }
            field.text = format.format(value)
        }
        return ControlProperty(values: values, valueSink: sink)
    }

    /// The parse error to show under the field, for a form's error row:
    /// `age.rx.parseError.bind(to: ageRow.rx.error)`. It starts with the error shown now
    /// (`nil` while the field has focus), sends the current ``TextField/parseError`` each
    /// time the user leaves the field, and `nil` as soon as an edit or a model write fixes
    /// the text. It completes when the field goes away.
    @MainActor
    public var parseError: Observable<String?> {
        let field = base
        let left = base.endEditing.asObservable().map { [weak field] in field?.parseError }
        let fixed = base.parseErrorChanges.asObservable().filter { $0 == nil }
        return Observable.merge(left, fixed).startWith(base.isFocused ? nil : base.parseError).distinctUntilChanged()
    }
}
