extension Form {
    /// What the form's status says now, for the accessible presentation: its visible rows
    /// that are error messages (an app's own message row, a `Label` with the `.error` role)
    /// and its own message row, joined with "; "; `nil` when none says anything.
    var statusText: String? {
        var messages: [String] = []
        for row in rows {
            guard case .widget(let widget) = row, let label = widget as? Label else { continue }
            if label.role == .error, !label.isEffectivelyHidden, !label.text.isEmpty { messages.append(label.text) }
        }
        if let own = statusLabel, !own.isHidden, !own.text.isEmpty, !messages.contains(own.text) {
            messages.append(own.text)
        }
        return messages.isEmpty ? nil : messages.joined(separator: "; ")
    }
}
