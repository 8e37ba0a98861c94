import ReuseEngine

extension Interpreter {
    /// Reads a VIEW argument: `v7`, `root`, or a PATH naming the view its
    /// component holds, in `state` (now, unless a past state is inspected).
    func viewID(from token: Token, in state: Engine? = nil) throws(ShellError) -> ViewID {
        let engine = state ?? self.engine
        let text = token.text
        if let id = ViewID(parsing: text) {
            guard engine.views.lookUp(id) != nil else {
                throw ShellError("no view '\(text)' (views are v1-v\(engine.views.count))", at: token)
            }
            return id
        }
        if text.first == "v", text.count > 1, text.dropFirst().allSatisfy(\.isNumber) {
            throw ShellError("no view '\(text)' (views are v1-v\(engine.views.count))", at: token)
        }
        // A PATH works too: the view its component holds now.
        guard case .success(let path) = ComponentPath.parse(text) else {
            throw ShellError("'\(text)' is not a view id (like v2 or root) or a component path", at: token)
        }
        try checkUnambiguous(path, written: token, in: engine)
        let node: MountedNode
        do throws(EngineError) {
            node = try engine.resolve(path)
        } catch {
            throw ShellError(error.message, at: token)
        }
        guard let view = node.view else {
            throw ShellError("'\(text)' has no view (it is hidden or has no view configuration)", at: token)
        }
        return view
    }

    /// Reads a `--pass N` value: the summary of a pass that ran.
    func passSummary(from token: Token, for command: String) throws(ShellError) -> PassSummary {
        guard let number = Int(token.text), number >= 1 else {
            throw ShellError("\(command): --pass needs a pass number, not '\(token.text)'", at: token)
        }
        guard let summary = engine.log.summary(ofPass: number) else {
            throw ShellError("\(command): no pass \(number) (passes run: \(engine.log.passes.count))", at: token)
        }
        return summary
    }

    /// The state a command inspects: now, or right after pass N for `--pass N`.
    func state(at token: Token?, for command: String) throws(ShellError) -> Engine {
        guard let token else { return engine }
        guard let number = Int(token.text), number >= 1 else {
            throw ShellError("\(command): --pass needs a pass number, not '\(token.text)'", at: token)
        }
        guard let state = engine.state(afterPass: number) else {
            throw ShellError("\(command): no pass \(number) (passes run: \(engine.log.currentPass))", at: token)
        }
        return state
    }

    /// What an inspection command was asked: the view, the flags and values,
    /// and the state it looks at.
    struct Inspection {
        var view: ViewID?
        var flags: Set<String>
        var values: [String: Token]
        var state: Engine

        /// `--json` and `--dot` are two answers to one question: one at a time.
        func checkOneFormat(_ arguments: Arguments) throws(ShellError) {
            guard flags.contains("json"), flags.contains("dot") else { return }
            throw ShellError("\(arguments.command.text): --json and --dot are two formats; choose one", at: arguments.command)
        }
    }

    /// Parses `[VIEW] [--json] [--all]`-style arguments. With `past`, a
    /// `--pass N` option selects the state right after pass N, and VIEW is
    /// read in that state.
    func inspection(_ arguments: inout Arguments, flags: Set<String> = [], valued: Set<String> = [], past: Bool = false)
        throws(ShellError) -> Inspection {
        let parsed = try arguments.options(flags: flags.union(["json"]), valued: past ? valued.union(["pass"]) : valued)
        if parsed.rest.count > 1 {
            throw ShellError("\(arguments.command.text): unexpected '\(parsed.rest[1].text)'", at: parsed.rest[1])
        }
        let state = past ? try self.state(at: parsed.values["pass"], for: arguments.command.text) : engine
        let view = try parsed.rest.first.map { (token: Token) throws(ShellError) in try viewID(from: token, in: state) }
        return Inspection(view: view, flags: parsed.flags, values: parsed.values, state: state)
    }
}

enum TreeCommand {
    static let spec = CommandSpec(
        name: "tree", group: .inspect,
        usage: "tree [VIEW] [--pass N] [--changes] [--all] [--json | --dot]",
        summary: "draw the view tree: id, class, component, key, hidden",
        details: """
        Long lists collapse the rows in the middle and the waiting cells; --all
        expands them. --pass N draws the tree as it was right after pass N.
        --changes marks what the last pass (or pass N) changed: views created,
        shown, hidden or taken by another owner, values set; views it removed
        are named at the end. --dot prints it as a Graphviz graph, with each
        parent's pools as boxes around their views (export FILE.svg draws it).
        """,
        example: "tree --changes"
    ) { (arguments, shell) throws(ShellError) in
        let asked = try shell.inspection(&arguments, flags: ["all", "changes", "dot"], past: true)
        try asked.checkOneFormat(arguments)
        var changes: StateDiff?
        if asked.flags.contains("changes") {
            let pass = asked.state.log.currentPass
            changes = StateDiff(from: shell.views(afterPass: max(0, pass - 1)), to: asked.state.views)
        }
        if asked.flags.contains("dot") {
            shell.write(DotGraph(engine: asked.state, all: asked.flags.contains("all"), changes: changes).tree(from: asked.view ?? .root))
            return
        }
        let renderer = TreeRenderer(engine: asked.state, style: shell.style, all: asked.flags.contains("all"), changes: changes)
        if asked.flags.contains("json") {
            var json = renderer.json(from: asked.view ?? .root)
            // Views the pass removed are in no tree: listed beside it.
            if let changes, case .object(var pairs) = json {
                let removed = changes.views.filter { $0.changes.contains(.removed) }
                pairs.append(("removedByThePass", .array(removed.map { .string($0.view.description) })))
                json = .object(pairs)
            }
            shell.emit(json: json)
        } else {
            shell.emit(renderer.render(from: asked.view ?? .root))
        }
    }
}

enum ComponentsCommand {
    static let spec = CommandSpec(
        name: "components", group: .inspect,
        usage: "components [--pass N] [--all] [--json]",
        summary: "list every mounted component by PATH, with its view",
        example: "components"
    ) { (arguments, shell) throws(ShellError) in
        let parsed = try arguments.options(flags: ["json", "all"], valued: ["pass"])
        if let extra = parsed.rest.first { throw ShellError("components: unexpected '\(extra.text)'", at: extra) }
        let engine = try shell.state(at: parsed.values["pass"], for: "components")
        var rows: [(MountedNode, Int)] = []
        var collapsed: [Int: String] = [:]
        func add(_ node: MountedNode, depth: Int) {
            rows.append((node, depth))
            // A list's header comes before its rows, its footer after.
            var footer: [MountedNode] = []
            var footerName: String?
            if case .list(let spec)? = engine.catalog.components[node.name]?.body { footerName = spec.footer }
            for child in node.children {
                if child.name == footerName { footer.append(child) } else { add(child, depth: depth + 1) }
            }
            defer { for child in footer { add(child, depth: depth + 1) } }
            let edge = TreeRenderer.listEdge
            if parsed.flags.contains("all") || node.rows.count <= 2 * edge + 1 {
                for row in node.rows { add(row, depth: depth + 1) }
            } else {
                for row in node.rows.prefix(edge) { add(row, depth: depth + 1) }
                collapsed[rows.count] = String(repeating: "  ", count: depth + 1) + "… \(node.rows.count - 2 * edge) more rows (components --all)"
                for row in node.rows.suffix(edge) { add(row, depth: depth + 1) }
            }
        }
        for root in engine.mounted { add(root, depth: 0) }
        if parsed.flags.contains("json") {
            let items = rows.map { node, _ -> JSON in
                .object([("path", .string(node.path.display)), ("component", .string(node.name)),
                         ("view", node.view.map { .string($0.description) } ?? .null), ("hidden", .bool(node.isHidden))])
            }
            shell.emit(json: JSON.object([("components", .array(items))]))
            return
        }
        guard !rows.isEmpty else { shell.emit("nothing is mounted"); return }
        let width = rows.map { $0.0.path.display.count + 2 * $0.1 }.max() ?? 0
        for (index, (node, depth)) in rows.enumerated() {
            if let note = collapsed[index] { shell.emit(shell.style.dim(note)) }
            var line = (String(repeating: "  ", count: depth) + node.path.display).padding(width + 2)
            if node.isHidden {
                line += shell.style.dim("hidden (show \(node.path))")
            } else if let view = node.view {
                line += "\(view) \(engine.views[view].viewClass)"
                if let definition = engine.catalog.components[node.name], case .list(let spec) = definition.body {
                    let window = spec.window(at: engine.offset(of: node.path))
                    line += window.isEmpty ? "  list, empty" : "  list, rows \(window.lowerBound)-\(window.upperBound - 1) of \(spec.rows)"
                }
            } else {
                line += shell.style.dim("no view")
            }
            shell.emit(line.trimmingTrailingSpaces())
        }
    }
}

enum PoolsCommand {
    static let spec = CommandSpec(
        name: "pools", group: .inspect,
        usage: "pools [VIEW] [--pass N] [--all] [--json | --dot]",
        summary: "show each parent's pools by ViewKey and their views",
        details: """
        Without VIEW: every parent that has pools, in view id order. --dot
        prints them as a Graphviz graph, each pool a box labelled by its key.
        """,
        example: "pools v1"
    ) { (arguments, shell) throws(ShellError) in
        let asked = try shell.inspection(&arguments, flags: ["all", "dot"], past: true)
        try asked.checkOneFormat(arguments)
        if asked.flags.contains("dot") {
            shell.write(DotGraph(engine: asked.state, all: asked.flags.contains("all")).pools(of: asked.view))
            return
        }
        let report = PoolsReport(asked.state, view: asked.view)
        if asked.flags.contains("json") { shell.emit(json: report.json) } else { shell.emit(report.text(style: shell.style, all: asked.flags.contains("all"))) }
    }
}

enum ConfigCommand {
    static let spec = CommandSpec(
        name: "config", group: .inspect,
        usage: "config VIEW [--pass N] [--json]",
        summary: "show a view's configuration, properties and leaks",
        example: "config v2"
    ) { (arguments, shell) throws(ShellError) in
        let asked = try shell.inspection(&arguments, past: true)
        guard let id = asked.view else { throw arguments.missing("a view id (e.g. v2)") }
        let report = ViewReport(id, in: asked.state)
        if asked.flags.contains("json") {
            shell.emit(json: report.json)
        } else {
            // A wrapped value continues under the values, not under the labels.
            shell.emit(report.text(style: shell.style), continuation: String(repeating: " ", count: ViewReport.valueColumn))
        }
    }
}

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

    init(_ id: ViewID, in engine: Engine) {
        self.id = id
        self.view = engine.views[id]
        self.visibility = engine.views.visibility(of: id)
        self.leaks = engine.leaks(of: id)
        self.loads = engine.views.loads(on: id)
    }

    /// The instance holding (or last holding) the view, as users see it.
    var holder: String { id == .root ? "root" : view.owner?.display ?? "-" }

    func text(style: Style) -> String {
        var lines = ["\(id) \(view.viewClass) \(holder) (\(visibility))"]
        if let key = view.poolKey { lines.append("  key         \(key) in \(view.superview?.description ?? "-")") }
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

    var json: JSON {
        let attributes = (view.attached?.attributes ?? []).map { attribute -> JSON in
            .object([("id", .string(attribute.name)), ("value", valueJSON(attribute.value))])
        }
        let leakItems = leaks.map { leak -> JSON in
            .object([("property", .string(leak.property)), ("shows", propertyJSON(leak.shows)),
                     ("fresh", propertyJSON(leak.fresh)), ("sources", .array(leak.sources.map(sourceJSON)))])
        }
        let sources = view.properties.keys.compactMap { name -> (String, JSON)? in
            guard let list = view.sources(of: name), list.contains(where: { $0 != nil }) else { return nil }
            return (name, .array(list.map { $0.map(sourceJSON) ?? .null }))
        }
        return .object([
            ("view", .string(id.description)),
            ("viewClass", .string(view.viewClass)),
            ("component", id == .root ? .null : view.ownerComponent.map(JSON.string) ?? .null),
            ("path", id == .root ? .null : view.owner.map { .string($0.display) } ?? .null),
            ("hidden", .bool(view.isHidden)),
            ("key", view.poolKey.map(keyJSON) ?? .null),
            ("attributes", .array(attributes)),
            ("properties", .object(view.properties.map { ($0.key, propertyJSON($0.value)) })),
            ("sources", .object(sources)),
            ("loading", .array(loads.map(loadJSON))),
            ("leaks", .array(leakItems)),
            ("visibility", .string(visibility.description)),
        ])
    }
}

enum LogCommand {
    static let spec = CommandSpec(
        name: "log", group: .inspect,
        usage: "log [VIEW] [--pass N] [--last N] [--kind KIND] [--json]   log keep N|all",
        summary: "list the steps taken (create, reuse, hide, apply, ...)",
        details: """
        Without filters the last 200 events are shown. KIND may be a comma-separated list.
        'log keep N' keeps only the latest N events, so a very long session
        stays within bounded memory; counts, stats and pass summaries stay
        exact, 'tree --pass', 'diff' and 'undo' still reach every pass (they
        replay), but 'log' and 'explain' show only kept events and 'why'
        tells its story from the oldest kept event. 'log keep all' keeps
        every event again (from then on); 'log keep' says what is kept.
        """,
        example: "log v2 --pass 3"
    ) { (arguments, shell) throws(ShellError) in
        if arguments.accept("keep") {
            if arguments.isAtEnd {
                let limit = shell.engine.log.keepLimit.map { "the latest \($0) events" } ?? "every event"
                let dropped = shell.engine.log.droppedEvents
                shell.emit("the log keeps \(limit)" + (dropped > 0 ? "; \(dropped) older ones were dropped" : ""))
                return
            }
            if arguments.accept("all") {
                try arguments.end()
                shell.engine.keepEvents(atMost: nil)
                shell.emit("the log keeps every event from now on")
                return
            }
            let (count, _) = try arguments.integer("how many events to keep (or 'all')", in: 1...Int.max)
            try arguments.end()
            shell.engine.keepEvents(atMost: count)
            shell.emit("the log keeps the latest \(count) events")
            return
        }
        let asked = try shell.inspection(&arguments, valued: ["pass", "last", "kind"])
        let (view, flags, values) = (asked.view, asked.flags, asked.values)
        let engine = shell.engine
        var pass: Int?
        if let token = values["pass"] { pass = try shell.passSummary(from: token, for: "log").pass }
        var last: Int?
        if let token = values["last"] {
            guard let number = Int(token.text), number >= 1 else {
                throw ShellError("log: --last needs a positive count, not '\(token.text)'", at: token)
            }
            last = number
        }
        var kinds: Set<ReuseEvent.Kind>?
        if let token = values["kind"] {
            var set: Set<ReuseEvent.Kind> = []
            for name in token.text.split(separator: ",") {
                guard let kind = ReuseEvent.Kind(rawValue: String(name)) else {
                    let kinds = ReuseEvent.Kind.allCases.map(\.rawValue)
                    let hint = closestName(to: String(name), in: kinds).map { "; did you mean '\($0)'?" }
                        ?? " (kinds: " + kinds.joined(separator: ", ") + ")"
                    throw ShellError("log: unknown event kind '\(name)'\(hint)", at: token)
                }
                set.insert(kind)
            }
            kinds = set
        }
        let cap = 200
        let limit = last ?? (pass == nil && view == nil && kinds == nil ? cap : nil)
        // The query scans back from the newest event and stops at `limit`:
        // `log --last 3` after a million events reads three of them.
        let events = engine.log.query(view: view, pass: pass, kinds: kinds, last: limit)
        // Capped only without filters, where every kept event matches.
        let matching = last == nil && limit != nil ? engine.log.events.count : events.count
        if flags.contains("json") {
            shell.emit(json: JSON.object([("events", .array(events.map { EventReport(event: $0).json }))]))
            return
        }
        if events.isEmpty {
            if let first = engine.log.firstKeptSeq {
                shell.emit("no events kept (events before #\(first) were dropped: log keep \(engine.log.keepLimit.map(String.init) ?? "all"))")
            } else {
                shell.emit("no events")
            }
            return
        }
        if last == nil, events.count < matching {
            shell.emit(shell.style.dim("(the last \(events.count) of \(matching) events; use --pass N or --last N)"))
        }
        for event in events { shell.emit(EventReport(event: event).line) }
    }
}

enum StatsCommand {
    static let spec = CommandSpec(
        name: "stats", group: .inspect,
        usage: "stats [--pass N] [--json]",
        summary: "running totals, or one pass's counts",
        example: "stats"
    ) { (arguments, shell) throws(ShellError) in
        let parsed = try arguments.options(flags: ["json"], valued: ["pass"])
        if let extra = parsed.rest.first { throw ShellError("stats: unexpected '\(extra.text)'", at: extra) }
        let engine = shell.engine
        let statistics = engine.statistics
        var counts = statistics.counts
        var title = "totals after \(statistics.passes) pass\(statistics.passes == 1 ? "" : "es")"
        if let token = parsed.values["pass"] {
            let summary = try shell.passSummary(from: token, for: "stats")
            counts = summary.counts
            title = "pass \(summary.pass) (\(summary.trigger))"
        }
        if parsed.flags.contains("json") {
            var pairs: [(String, JSON)] = []
            for stat in Stat.statsJSON {
                // A pass's own counts; measures of the state are the session's.
                let value = stat.isCounted && parsed.values["pass"] != nil ? counts[stat] : statistics[stat]
                pairs.append((stat.jsonKey, .int(value)))
            }
            pairs.append(("strategy", .string(engine.strategy.name)))
            shell.emit(json: JSON.object(pairs))
            return
        }
        var lines = [shell.style.bold(title) + " under \(engine.strategy.name)"]
        let width = 10
        for stat in Stat.statsCore { lines.append("  " + stat.name.padding(width) + String(counts[stat])) }
        for stat in Stat.statsExtra where counts[stat] > 0 { lines.append("  " + stat.name.padding(width) + String(counts[stat])) }
        lines.append("  " + "leaks".padding(width) + String(statistics.leaks))
        var parts = ["root", "\(statistics.visibleViews) visible", "\(statistics.hiddenViews) hidden"]
        if statistics.viewsUnderHidden > 0 { parts.append("\(statistics.viewsUnderHidden) inside hidden views") }
        lines.append("  " + "views".padding(width) + "\(statistics.views) alive (" + parts.joined(separator: ", ") + "), peak \(statistics.peakViews)")
        shell.emit(lines.joined(separator: "\n"))
    }
}

enum CheckCommand {
    static let spec = CommandSpec(
        name: "check", group: .inspect,
        usage: "check [--pass N] [--json]",
        summary: "check every invariant of views and pools; list leaks",
        details: "A leak is a property a visible view shows that a fresh view with the same configuration would not. Broken invariants make the command fail.",
        example: "check"
    ) { (arguments, shell) throws(ShellError) in
        let parsed = try arguments.options(flags: ["json"], valued: ["pass"])
        if let extra = parsed.rest.first { throw ShellError("check: unexpected '\(extra.text)'", at: extra) }
        let engine = try shell.state(at: parsed.values["pass"], for: "check")
        let violations = engine.checkInvariants()
        let leaks = engine.leaks()
        let mismatches = engine.classMismatches()
        let views = engine.statistics.views
        if parsed.flags.contains("json") {
            shell.emit(json: JSON.object([
                ("invariants", .array(violations.map { .string($0.description) })),
                ("views", .int(views)),
                ("wrongClasses", .array(mismatches.map { mismatch in
                    .object([("view", .string(mismatch.view.description)), ("path", .string(mismatch.path.display)),
                             ("component", .string(mismatch.component)), ("asks", .string(mismatch.asked)),
                             ("is", .string(mismatch.actual)), ("why", shell.whyWrongClass(mismatch).map(JSON.string) ?? .null)])
                })),
                ("leaks", .array(leaks.map { leak in
                    .object([("view", .string(leak.view.description)), ("path", .string(leak.path.display)),
                             ("property", .string(leak.property)), ("shows", propertyJSON(leak.shows)),
                             ("fresh", propertyJSON(leak.fresh)), ("sources", .array(leak.sources.map(sourceJSON)))])
                })),
            ]))
        } else {
            if violations.isEmpty {
                shell.emit("invariants  " + shell.style.good("ok") + " (\(views) views)")
            } else {
                shell.emit("invariants  " + shell.style.error("\(violations.count) broken"))
                for violation in violations { shell.emit("  " + violation.description) }
            }
            if leaks.isEmpty {
                shell.emit("leaks       none")
            } else {
                shell.emit("leaks       " + shell.style.warn("\(leaks.count)"))
                for leak in leaks { shell.emit("  " + leak.description) }
            }
            if !mismatches.isEmpty {
                shell.emit("wrong class " + shell.style.warn("\(mismatches.count)"))
                for mismatch in mismatches {
                    let why = shell.whyWrongClass(mismatch).map { " (\($0))" } ?? ""
                    shell.emit("  \(mismatch.view) \(mismatch.path.display): \(mismatch.component) asks for a \(mismatch.asked), the view is a \(mismatch.actual)\(why)")
                }
            }
        }
        if !violations.isEmpty {
            throw ShellError("check: \(violations.count) invariant\(violations.count == 1 ? "" : "s") broken", at: arguments.command)
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension Interpreter {
    /// Why a view has another class than its instance asks for, when a
    /// registration explains it (UIKit: one identifier, one class).
    func whyWrongClass(_ mismatch: ClassMismatch) -> String? {
        guard let identifier = mismatch.identifier, let makes = mismatch.identifierMakes, let list = mismatch.list else { return nil }
        if makes == mismatch.component {
            return "the \(quoted(identifier)) queue still held a \(mismatch.actual) cell made before 'register \(list) \(makes) as \(identifier)'"
        }
        return "identifier \(quoted(identifier)) makes \(makes) cells since 'register \(list) \(makes) as \(identifier)'"
    }
}

enum TapCommand {
    static let spec = CommandSpec(
        name: "tap", group: .inspect,
        usage: "tap VIEW [--json]",
        summary: "fire a view's tap handlers and list the ones that ran",
        details: """
        Every entry the additive 'tap' attribute added to the view runs: a
        handler applied twice without an unapplicator in between runs twice.
        A view that is hidden, or inside a hidden view, gets no taps.
        """,
        example: "tap Feed/1/Heart"
    ) { (arguments, shell) throws(ShellError) in
        let asked = try shell.inspection(&arguments)
        let (view, flags) = (asked.view, asked.flags)
        guard let id = view else { throw arguments.missing("a VIEW to tap (e.g. v5 or Feed/1/Heart)") }
        let engine = shell.engine
        let visibility = engine.views.visibility(of: id)
        guard visibility.isVisible else {
            throw ShellError("tap: \(id) is \(visibility): a view nobody can see gets no taps", at: arguments.tokens.first { !$0.text.hasPrefix("--") } ?? arguments.command)
        }
        let subject = engine.views[id]
        var handlers: [AttributeValue] = []
        if case .entries(let entries)? = subject.properties["tap"] { handlers = entries }
        let holder = subject.owner?.display ?? (id == .root ? "root" : "-")
        if flags.contains("json") {
            shell.emit(json: JSON.object([("view", .string(id.description)), ("path", .string(holder)),
                                    ("ran", .array(handlers.map { .string($0.plain) }))]))
            return
        }
        guard !handlers.isEmpty else {
            shell.emit("\(id) \(holder): no tap handler ran (it has none)")
            return
        }
        let count = handlers.count == 1 ? "1 tap handler ran" : "\(handlers.count) tap handlers ran"
        var line = "\(id) \(holder): \(count): " + handlers.map(\.plain).joined(separator: ", ")
        if Set(handlers.map(\.plain)).count < handlers.count {
            line += shell.style.warn(" (a handler added more than once: applied again without an unapplicator)")
        }
        shell.emit(line)
    }
}
