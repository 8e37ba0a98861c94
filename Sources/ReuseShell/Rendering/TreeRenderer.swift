import ReuseEngine

/// Draws the view tree with box-drawing characters, one view per line.
///
/// Each line: id, class, the component holding it (or last holding it) and
/// its pool key; hidden views are marked (dim on a terminal). List hosts show
/// their visible cells in row order, collapsed unless `all` is set.
struct TreeRenderer {
    let engine: Engine

    init(engine: Engine, style: Style, all: Bool) {
        self.engine = engine
        self.style = style
        self.all = all
        self.held = Set(engine.instances.compactMap(\.view))
    }

    let style: Style
    let all: Bool
    /// Views some mounted instance holds; a visible view outside it is stale.
    let held: Set<ViewID>
    /// Visible cells shown at each end of a long list before collapsing.
    static let listEdge = 3

    func render(from root: ViewID) -> String {
        var lines: [String] = [label(root, underHidden: false)]
        draw(children(of: root), prefix: "", underHidden: engine.views[root].isHidden, into: &lines)
        return lines.joined(separator: "\n")
    }

    enum Entry {
        case view(ViewID)
        case note(String)
    }

    func children(of id: ViewID) -> [Entry] {
        let view = engine.views[id]
        guard let list = view.list else { return view.subviews.map(Entry.view) }
        let visible = list.shown
        let visibleSet = Set(visible)
        let waiting = view.subviews.filter { !visibleSet.contains($0) }
        var entries: [Entry] = []
        if all || visible.count <= 2 * TreeRenderer.listEdge + 1 {
            entries += visible.map(Entry.view)
        } else {
            entries += visible.prefix(TreeRenderer.listEdge).map(Entry.view)
            entries.append(.note("… \(visible.count - 2 * TreeRenderer.listEdge) more visible rows (tree --all)"))
            entries += visible.suffix(TreeRenderer.listEdge).map(Entry.view)
        }
        if all || waiting.count <= 2 {
            entries += waiting.map(Entry.view)
        } else {
            let ids = waiting.map(\.description)
            let shown = ids.count <= 6 ? ids.joined(separator: " ") : ids.prefix(6).joined(separator: " ") + " …"
            entries.append(.note("\(waiting.count) hidden cells waiting in the pool: \(shown) (tree --all)"))
        }
        return entries
    }

    func draw(_ entries: [Entry], prefix: String, underHidden: Bool, into lines: inout [String]) {
        for (index, entry) in entries.enumerated() {
            let last = index == entries.count - 1
            let branch = last ? "└─ " : "├─ "
            switch entry {
            case .note(let text):
                lines.append(prefix + branch + style.dim(text))
            case .view(let id):
                lines.append(prefix + branch + label(id, underHidden: underHidden))
                let hidden = underHidden || engine.views[id].isHidden
                draw(children(of: id), prefix: prefix + (last ? "   " : "│  "), underHidden: hidden, into: &lines)
            }
        }
    }

    func label(_ id: ViewID, underHidden: Bool) -> String {
        let view = engine.views[id]
        if id == .root { return "\(id) \(view.viewClass) root" }
        let owner = view.owner?.display ?? "-"
        if view.isHidden {
            var text = "\(id) \(view.viewClass)"
            if let key = view.poolKey { text += " " + key.description }
            return style.dim(text + " hidden, last held by \(owner)")
        }
        var text = "\(id) \(view.viewClass) \(owner)"
        if let key = view.poolKey { text += " " + key.description }
        if !underHidden, !held.contains(id) { text += " " + style.warn("stale: visible, but no component holds it") }
        if underHidden { return style.dim(text) }
        return text
    }

    // MARK: JSON

    func json(from id: ViewID) -> JSON {
        let view = engine.views[id]
        var pairs: [(String, JSON)] = [
            ("id", .string(id.description)),
            ("viewClass", .string(view.viewClass)),
            ("component", id == .root ? .null : view.owner.map { JSON.string($0.display) } ?? .null),
            ("hidden", .bool(view.isHidden)),
        ]
        if let key = view.poolKey { pairs.append(("key", keyJSON(key))) }
        if let list = view.list, !list.cells.isEmpty {
            pairs.append(("rows", .object([("first", .int(list.firstRow)), ("count", .int(list.cells.count))])))
        }
        pairs.append(("children", .array(view.subviews.map(json(from:)))))
        return .object(pairs)
    }
}

/// A pool key as JSON: `{"component":"Foo","viewClass":"UIView","shape":["backgroundColor"]}`.
func keyJSON(_ key: ViewKey) -> JSON {
    var pairs: [(String, JSON)] = [
        ("component", key.component.map(JSON.string) ?? .null),
        ("viewClass", .string(key.viewClass)),
        ("shape", key.shape.map { .array($0.identifiers.map(JSON.string)) } ?? .null),
    ]
    if let qualifier = key.qualifier { pairs.append(("qualifier", .string(qualifier.description))) }
    return .object(pairs)
}

/// An attribute value as JSON: text and colours as strings, numbers, bools.
func valueJSON(_ value: AttributeValue) -> JSON {
    switch value {
    case .text(let text): return .string(text)
    case .color(let name): return .string(name)
    case .number(let number):
        if abs(number) < 1e15, let integer = Int(exactly: number) { return .int(integer) }
        return .double(number)
    case .bool(let flag): return .bool(flag)
    case .none: return .null
    }
}

func propertyJSON(_ value: PropertyValue?) -> JSON {
    switch value {
    case .value(let value)?: return valueJSON(value)
    case .entries(let entries)?: return .array(entries.map(valueJSON))
    case nil: return .null
    }
}
