/// The options of a choice widget with what drawing and choosing need, computed once each
/// time the options change: titles, the widest title, and an index by option.
@MainActor
struct OptionList<Option: Hashable> {
    private(set) var options: [Option] = []
    private(set) var titles: [String] = []
    /// The widest title, in terminal columns.
    private(set) var widestTitle = 0
    private var indexByOption: [Option: Int] = [:]
    /// Options drawn dimmed and skipped by moves and choices.
    var disabled: Set<Option> = []
    let title: (Option) -> String

    init(_ options: [Option], title: @escaping (Option) -> String) {
        self.title = title
        replace(with: options)
    }

    var count: Int { options.count }
    var isEmpty: Bool { options.isEmpty }

    /// Replaces the options (a repeated option keeps its first place).
    mutating func replace(with newOptions: [Option]) {
        options = newOptions
        titles = newOptions.map(title)
        widestTitle = titles.reduce(0) { max($0, $1.terminalWidth) }
        indexByOption = Dictionary(minimumCapacity: newOptions.count)
        for (index, option) in newOptions.enumerated() where indexByOption[option] == nil {
            indexByOption[option] = index
        }
    }

    /// Replaces the options (``replace(with:)``) and returns where the option that was at
    /// `highlighted` is now, `nil` when it is gone: what each choosing widget's `options`
    /// setter keeps its cursor on.
    mutating func replace(with newOptions: [Option], keeping highlighted: Int?) -> Int? {
        let option = highlighted.map { options[$0] }
        replace(with: newOptions)
        return option.flatMap(index(of:))
    }

    func index(of option: Option) -> Int? { indexByOption[option] }

    func contains(_ option: Option) -> Bool { indexByOption[option] != nil }

    func isEnabled(_ index: Int) -> Bool { disabled.isEmpty || !disabled.contains(options[index]) }

    /// The first enabled index at `start` or after it going by `step` (±1), or `nil`.
    func enabledIndex(from start: Int, step: Int) -> Int? {
        var index = start
        while index >= 0 && index < options.count {
            if isEnabled(index) { return index }
            index += step
        }
        return nil
    }

    /// Where a list cursor at `cursor` goes for a move intent, skipping disabled options
    /// (`nil`: the intent is not a move, or there is nowhere to go).
    func target(of intent: Intent, from cursor: Int?, page: Int) -> Int? {
        switch intent {
        case .selectNext: cursor.map { enabledIndex(from: $0 + 1, step: 1) } ?? enabledIndex(from: 0, step: 1)
        case .selectPrevious: cursor.map { enabledIndex(from: $0 - 1, step: -1) } ?? enabledIndex(from: 0, step: 1)
        case .selectFirst: enabledIndex(from: 0, step: 1)
        case .selectLast: enabledIndex(from: options.count - 1, step: -1)
        case .selectNextPage:
            enabledIndex(from: min(options.count - 1, (cursor ?? -1) + page), step: -1)
        case .selectPreviousPage:
            enabledIndex(from: max(0, (cursor ?? 0) - page), step: 1)
        default: nil
        }
    }
}

/// How a ``Picker`` or ``CheckList`` lays its options out.
public enum ChoiceAxis: Hashable, Sendable {
    /// One option per row.
    case vertical
    /// Options side by side, two spaces apart, in reading order: wrapped onto more rows when
    /// the width runs out (only an option wider than the whole width is cut).
    case horizontal
}
