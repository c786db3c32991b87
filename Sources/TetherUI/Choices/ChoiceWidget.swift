import TetherReactive

/// A widget that chooses among options given as data: ``Picker``, ``Dropdown`` and
/// ``CheckList``. Their shared `rx` members (`rx.options`, `rx.disabledOptions`,
/// `rx.selection`) are defined once over this protocol.
///
/// The options/selection rule: when the options change, a selection still among them stays
/// selected (by equality); a selection that is gone becomes `nil` (``Picker``,
/// ``Dropdown``) or is removed (``CheckList``), and that change **is** reported on
/// `rx.selection`, so a bound model never holds a value the control cannot show. A
/// selection set to a value not among the options is kept until the options next change
/// (so a model may set its selection before its options have loaded).
@MainActor
public protocol ChoiceWidget: Widget {
    /// The type of one option.
    associatedtype Option: Hashable
    /// What is chosen: `Option?` for one of N, `Set<Option>` for many.
    associatedtype Selection: Equatable
    /// The options, in order. Setting them reconciles the selection (see above).
    var options: [Option] { get set }
    /// Options drawn dimmed that the user cannot choose or move to.
    var disabledOptions: Set<Option> { get set }
    /// What is chosen. Setting it is programmatic: redrawn, never reported.
    var selection: Selection { get set }
}

/// The choice widgets of this module build `rx.selection` from their ``UserEditable``.
@MainActor
protocol SelectionReporting<Selection>: AnyObject {
    associatedtype Selection: Equatable
    var selectionProperty: ControlProperty<Selection> { get }
}

extension Reactive where Base: ChoiceWidget {
    /// The selection as a control property: the current selection on subscription, then
    /// each **user** choice, and each change the options force (a selected option that
    /// disappeared); never a programmatic set. Writes set the selection programmatically
    /// when it differs. Its values complete when the widget goes away; a binding ends then
    /// or when its subscription is disposed.
    public var selection: ControlProperty<Base.Selection> {
        if let reporting = base as? any SelectionReporting<Base.Selection> { return reporting.selectionProperty }
        // A conformance from outside this module has no user edits to report.
        return ControlProperty(
            control: base, getter: { $0.selection }, setter: { $0.selection = $1 },
            edits: Observable<Base.Selection>.never())
    }

    /// Binds ``ChoiceWidget/options`` (a filtered list, options loaded by a command). Each
    /// value applies on the main actor while the widget lives and reconciles the selection;
    /// the binding ends when its subscription is disposed.
    public var options: Binder<[Base.Option]> { Binder(base) { widget, options in widget.options = options } }

    /// Binds ``ChoiceWidget/disabledOptions``. Values apply, and the binding ends, as for
    /// ``options``.
    public var disabledOptions: Binder<Set<Base.Option>> {
        Binder(base) { widget, disabled in widget.disabledOptions = disabled }
    }
}

/// Widgets of this module that report a validation message (``CheckList``).
@MainActor
protocol ValidationReporting: AnyObject {
    var validationMessages: Observable<String?> { get }
}

extension Reactive where Base: ChoiceWidget {
    /// The widget's validation message (a ``CheckList`` outside its minimum or maximum
    /// count): the current message on subscription, then each change, `nil` when valid;
    /// bind it to a form field's `rx.error`. Always `nil` for widgets without validation.
    /// It completes when the widget goes away.
    public var validationMessage: Observable<String?> {
        (base as? any ValidationReporting)?.validationMessages ?? Observable.just(nil)
    }
}
