import ReuseEngine

/// One view as `config` shows it, built once for the text and the JSON.
struct ViewReport {
    /// Where values start on a line of the text: after `  properties  `.
    static let valueColumn = 14

    let id: ViewID
    let view: SimulatedView
    let visibility: Visibility
    let leaks: [Leak]
    /// Loads under way that will land on this view.
    let loads: [Load]
    /// Component state the view shows (``Engine/stateShown(by:)``).
    let state: [(name: String, value: StateValue, fromAnotherItem: Bool)]
    /// Where the strategy keeps state (`view`, `item`, `slot`).
    let stateHome: StateHome

    init(_ id: ViewID, in engine: Engine) {
        self.id = id
        self.view = engine.views[id]
        self.visibility = engine.views.visibility(of: id)
        self.leaks = engine.leaks(of: id)
        self.loads = engine.views.loads(on: id)
        self.state = engine.stateShown(by: id)
        self.stateHome = engine.strategy.stateHome
    }

    /// The instance holding (or last holding) the view, as users see it.
    var holder: String { id == .root ? "root" : view.owner?.display ?? "-" }

    func text(style: Style) -> String {
        var lines = ["\(id) \(view.viewClass) \(holder) (\(visibility))"]
        if let key = view.poolKey { lines.append("  key         \(key) in \(view.superview?.description ?? "-")") }
        if visibility == .detached(from: nil) { lines.append("  key         none: no superview, it waits in the pool of \(view.viewClass)") }
        lines.append("  attached    " + (view.attached.map { $0.attributes.isEmpty ? "(no attributes)" : $0.attributes.map(\.description).joined(separator: ", ") } ?? "nothing"))
        let width = view.properties.keys.map(\.count).max() ?? 0
        for (index, (name, value)) in view.properties.enumerated() {
            let label = index == 0 ? "  properties  " : "              "
            var line = label + name.padding(width) + "  " + value.description
            if let origin = PropertySource.origin(view.sources(of: name) ?? [], adds: value.isEntries) { line += style.dim("  (\(origin))") }
            lines.append(line)
        }
        for (index, load) in loads.enumerated() {
            let label = index == 0 ? "  loading     " : "              "
            lines.append(label + "\(load.attribute) for \(load.path.display), arrives in pass \(load.due) (load #\(load.number)"
                         + (load.checksItem ? ", checked" : "") + ")")
        }
        let kept = stateHome == .node ? "kept with the item's node" : stateHome.isWithItem ? "kept with the item" : "kept on the view"
        for (index, entry) in state.enumerated() {
            let label = index == 0 ? "  state       " : "              "
            let line = label + "\(entry.name) = \(entry.value.value)" + (entry.value.saveable ? " (saveable)" : "")
            let origin = "  (set by \(entry.value.origin); \(kept))"
            lines.append(entry.fromAnotherItem ? line + style.warn(origin + ": another item's") : line + style.dim(origin))
        }
        if leaks.isEmpty {
            lines.append("  leaks       none")
        } else {
            for (index, leak) in leaks.enumerated() {
                let label = index == 0 ? "  leaks       " : "              "
                let source = leak.sources.isEmpty ? "" : ", " + leak.origin
                lines.append(label + style.warn("\(leak.property) shows \(leak.shows?.description ?? "nothing"); a fresh view would show \(leak.fresh?.description ?? "nothing")\(source)"))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The view as JSON, with the state's `pass` (Schemas/config.schema.json).
    func json(pass: Int) -> JSON {
        let attributes = (view.attached?.attributes ?? []).map { attribute -> JSON in
            .object([("attribute", .string(attribute.name)), ("value", valueJSON(attribute.value))])
        }
        let sources = view.properties.keys.compactMap { name -> (String, JSON)? in
            guard let list = view.sources(of: name), list.contains(where: { $0 != nil }) else { return nil }
            return (name, .array(list.map { $0.map(sourceJSON) ?? .null }))
        }
        return .object([
            ("pass", .int(pass)),
            ("view", .view(id)),
            ("viewClass", .string(view.viewClass)),
            ("path", id == .root ? .null : .path(view.owner)),
            ("component", id == .root ? .null : view.ownerComponent.map(JSON.string) ?? .null),
            ("hidden", .bool(view.isHidden)),
            ("visibility", .string(visibility.description)),
            ("key", view.poolKey.map(keyJSON) ?? .null),
            ("attributes", .array(attributes)),
            ("properties", .object(view.properties.map { ($0.key, propertyJSON($0.value)) })),
            ("sourcesByProperty", .object(sources)),
            ("loading", .array(loads.map(loadJSON))),
            ("leaks", .array(leaks.map(leakJSON))),
            ("state", .array(state.map { entry in
                .object([("name", .string(entry.name)), ("value", .string(entry.value.value)), ("saveable", .bool(entry.value.saveable)),
                         ("origin", .string(entry.value.origin.description)), ("fromAnotherItem", .bool(entry.fromAnotherItem)),
                         ("keptWith", .string(stateHome.isWithItem ? "item" : "view"))])
            })),
        ])
    }
}
