import ReuseEngine

/// Draws the view tree with box-drawing characters, one view per line.
///
/// Each line: id, class, the component holding it (or last holding it) and
/// its pool key; hidden views are marked (dim on a terminal). List hosts show
/// their visible cells in row order, collapsed unless `all` is set.
struct TreeRenderer {
    let engine: Engine

    init(engine: Engine, style: Style, all: Bool, changes: StateDiff? = nil) {
        self.engine = engine
        self.style = style
        self.all = all
        self.held = Set(engine.instances.compactMap(\.view))
        self.changes = changes
        var changed: [ViewID: [StateDiff.Change]] = [:]
        for view in changes?.views ?? [] { changed[view.view] = view.changes }
        self.changed = changed
    }

    let style: Style
    let all: Bool
    /// Views some mounted instance holds; a visible view outside it is stale.
    let held: Set<ViewID>
    /// What the pass being marked changed (`tree --changes`), if marking.
    let changes: StateDiff?
    /// The same, by view.
    let changed: [ViewID: [StateDiff.Change]]
    /// Visible cells shown at each end of a long list before collapsing.
    static let listEdge = 3

    func render(from root: ViewID) -> String {
        var lines: [String] = [label(root, underHidden: false)]
        draw(children(of: root), prefix: "", underHidden: engine.views[root].isHidden, into: &lines)
        // Views the pass removed are in no tree: name them after it.
        let removed = (changes?.views ?? []).filter { $0.changes.contains(.removed) }
        if !removed.isEmpty {
            let names = removed.prefix(6).map { "\($0.view) \($0.viewClass)" + ($0.holder.map { " (\($0.display))" } ?? "") }
            let more = removed.count > 6 ? ", and \(removed.count - 6) more (diff)" : ""
            lines.append(style.warn("removed by the pass: ") + names.joined(separator: ", ") + more)
        }
        // Views waiting detached are in no tree either: named after the root's.
        if root == .root, let line = detachedLine() { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    /// `detached, in the pool of their class (oldest first): v2 UIView (last held by Box/A), ...`,
    /// or nil when no view waits detached. At most six unless `all`.
    func detachedLine() -> String? {
        let waiting = engine.views.classPools.values.joined()
        guard !waiting.isEmpty else { return nil }
        let shown = all ? Array(waiting) : Array(waiting.prefix(6))
        let names = shown.map { id in
            let view = engine.views[id]
            return "\(id) \(view.viewClass)" + (view.owner.map { " (last held by \($0.display))" } ?? "")
        }
        let more = shown.count < waiting.count ? ", and \(waiting.count - shown.count) more (tree --all)" : ""
        let pools = engine.strategy.globalPoolsByComponentType ? "component type" : "class"
        return style.dim("detached, in the pool of their \(pools) (oldest first): " + names.joined(separator: ", ") + more)
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
        entries += listed(waiting, as: "hidden cells waiting in the pool")
        // RecyclerView's cached and pooled cells are no subviews: listed
        // after the host's subviews, marked detached.
        entries += listed(engine.views.detachedViews(of: id), as: "cells detached, in the Recycler's cache and pool")
        return entries
    }

    /// `views` one by one, or, beyond two unless `all`, one note: their
    /// count, `what` they are and the first six ids.
    func listed(_ views: [ViewID], as what: String) -> [Entry] {
        if all || views.count <= 2 { return views.map(Entry.view) }
        let ids = views.map(\.description)
        let shown = ids.count <= 6 ? ids.joined(separator: " ") : ids.prefix(6).joined(separator: " ") + " …"
        return [.note("\(views.count) \(what): \(shown) (tree --all)")]
    }

    func draw(_ entries: [Entry], prefix: String, underHidden: Bool, into lines: inout [String]) {
        for (index, entry) in entries.enumerated() {
            let last = index == entries.count - 1
            let branch = last ? "└─ " : "├─ "
            switch entry {
            case .note(let text):
                lines.append(prefix + branch + style.dim(text))
            case .view(let id):
                lines.append(prefix + branch + label(id, underHidden: underHidden) + mark(id))
                let hidden = underHidden || engine.views[id].isHidden
                draw(children(of: id), prefix: prefix + (last ? "   " : "│  "), underHidden: hidden, into: &lines)
            }
        }
    }

    /// `  ← owner Feed/0 -> Feed/5; shown` for a view the marked pass changed.
    func mark(_ id: ViewID) -> String {
        guard let changes = changed[id] else { return "" }
        return "  " + style.accent("← " + changes.map(DiffReport.describe).joined(separator: "; "))
    }

    /// What the tree says of one view, the same for the text and the JSON.
    struct Facts {
        var id: ViewID
        var viewClass: String
        /// The instance holding it (or that held it last), as users see it; nil for the root.
        var holder: String?
        var key: ViewKey?
        var isHidden: Bool
        /// Out of the hierarchy, waiting in the pool of its class (Valdi).
        var isDetached: Bool
        /// Visible, in a visible parent, yet no mounted component holds it.
        var isStale: Bool
    }

    func facts(_ id: ViewID, underHidden: Bool) -> Facts {
        let view = engine.views[id]
        let isDetached = id != .root && view.superview == nil && !view.isRemoved
        return Facts(id: id, viewClass: view.viewClass, holder: id == .root ? nil : view.owner?.display ?? "-",
                     key: view.poolKey, isHidden: view.isHidden, isDetached: isDetached,
                     isStale: id != .root && !view.isHidden && !isDetached && !underHidden && !held.contains(id))
    }

    func label(_ id: ViewID, underHidden: Bool) -> String {
        let facts = facts(id, underHidden: underHidden)
        guard let owner = facts.holder else { return "\(id) \(facts.viewClass) root" }
        let key = facts.key.map { " " + $0.description } ?? ""
        if engine.views[id].isDetached {
            return style.dim("\(id) \(facts.viewClass)\(key) detached, in the Recycler, last held by \(owner)")
        }
        if facts.isHidden {
            return style.dim("\(id) \(facts.viewClass)\(key) hidden, last held by \(owner)")
        }
        if facts.isDetached {
            return style.dim("\(id) \(facts.viewClass) detached in the pool of its class, last held by \(owner)")
        }
        // Inside a hidden view nobody sees it, and its last holder's path may
        // be held by a live view elsewhere: say so in words, not dimness alone.
        if underHidden {
            return style.dim("\(id) \(facts.viewClass)\(key) inside a hidden view, last held by \(owner)")
        }
        var text = "\(id) \(facts.viewClass) \(owner)\(key)"
        if facts.isStale { text += " " + style.warn("stale: visible, but no component holds it") }
        return text
    }

    // MARK: JSON

    /// One view and every view below it, in subview order (lists are not
    /// collapsed): a `node` of Schemas/tree.schema.json. Each node has
    /// `changes` when the tree marks a pass's changes.
    func json(from id: ViewID, underHidden: Bool = false) -> JSON {
        // Depth first with an explicit stack, so a tree at the depth limit
        // costs no native stack (DepthTests: 1,000 levels in a debug build).
        // Each frame holds a view's own pairs, the views below it still to
        // do (subviews, then the Recycler's detached cells) and the JSON of
        // those done.
        var stack = [jsonFrame(id, underHidden: underHidden)]
        while true {
            let top = stack.count - 1
            if let (next, hidden) = stack[top].pending.popLast() {
                stack.append(jsonFrame(next, underHidden: hidden))
                continue
            }
            let frame = stack.removeLast()
            var pairs = frame.pairs
            pairs.append(("children", .array(Array(frame.done[..<frame.subviews]))))
            pairs.append(("detachedCells", .array(Array(frame.done[frame.subviews...]))))
            guard !stack.isEmpty else { return .object(pairs) }
            stack[stack.count - 1].done.append(.object(pairs))
        }
    }

    /// One view's part of ``json(from:underHidden:)``.
    private struct JSONFrame {
        /// Its own pairs, without `children` and `detachedCells`.
        var pairs: [(String, JSON)]
        /// How many of the views below are subviews (the rest are detached cells).
        var subviews: Int
        /// The views below still to do, the next one last, each with whether it is under a hidden view.
        var pending: [(ViewID, Bool)]
        /// The JSON of the views below done so far, in order.
        var done: [JSON] = []
    }

    private func jsonFrame(_ id: ViewID, underHidden: Bool) -> JSONFrame {
        let facts = facts(id, underHidden: underHidden)
        let view = engine.views[id]
        var rows = JSON.null
        if let list = view.list, !list.cells.isEmpty {
            rows = .object([("first", .int(list.firstRow)), ("count", .int(list.cells.count))])
        }
        var pairs: [(String, JSON)] = [
            ("view", .view(id)),
            ("viewClass", .string(facts.viewClass)),
            ("path", id == .root ? .null : .path(view.owner)),
            ("component", id == .root ? .null : view.ownerComponent.map(JSON.string) ?? .null),
            ("hidden", .bool(facts.isHidden)),
            // Out of its parent's subviews: in the pool of its class (Valdi) or in a Recycler (RecyclerView).
            ("detached", .bool(facts.isDetached || view.isDetached)),
            ("stale", .bool(facts.isStale)),
            ("key", facts.key.map(keyJSON) ?? .null),
            ("rows", rows),
        ]
        if changes != nil { pairs.append(("changes", .array((changed[id] ?? []).map(DiffReport.json)))) }
        let hidden = underHidden || facts.isHidden
        // A list host's cells its Recycler holds out of its subviews (RecyclerView).
        let detached = view.pools.isEmpty ? [] : engine.views.detachedViews(of: id)
        let below = view.subviews.map { ($0, hidden) } + detached.map { ($0, true) }
        return JSONFrame(pairs: pairs, subviews: view.subviews.count, pending: below.reversed())
    }
}

/// A pool key as JSON: `{"component":"Foo","viewClass":"UIView","shape":["backgroundColor"],"qualifier":null}`.
func keyJSON(_ key: ViewKey) -> JSON {
    .object([
        ("component", key.component.map(JSON.string) ?? .null),
        ("viewClass", key.viewClass.map(JSON.string) ?? .null),
        ("shape", key.shape.map { .array($0.identifiers.map(JSON.string)) } ?? .null),
        ("qualifier", key.qualifier.map { .string($0.description) } ?? .null),
    ])
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

/// Who set a value: `{"path":"Feed/1","component":"Cell","pass":2,"seq":9,"means":"apply","load":null,"started":null}`
/// (a delivery names its `load` and the pass it `started` in).
func sourceJSON(_ source: PropertySource) -> JSON {
    var pairs: [(String, JSON)] = [
        ("path", .path(source.path)), ("component", .string(source.component)),
        ("pass", .int(source.pass)), ("seq", .int(source.seq)),
    ]
    switch source.means {
    case .apply: pairs += [("means", .string("apply")), ("load", .null), ("started", .null)]
    case .update: pairs += [("means", .string("update")), ("load", .null), ("started", .null)]
    case .delivery(let load, let started):
        pairs += [("means", .string("delivery")), ("load", .int(load)), ("started", .int(started))]
    }
    return .object(pairs)
}

/// A load under way: `{"load":2,"view":"v5","attribute":"image","value":"photo3","path":"Feed/3","started":2,"due":4,"checked":false}`.
func loadJSON(_ load: Load) -> JSON {
    .object([("load", .int(load.number)), ("view", .view(load.view)),
             ("attribute", .string(load.attribute.name)), ("value", valueJSON(load.attribute.value)),
             ("path", .path(load.path)), ("started", .int(load.started)), ("due", .int(load.due)),
             ("checked", .bool(load.checksItem))])
}
