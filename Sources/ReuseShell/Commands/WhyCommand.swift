import ReuseEngine

enum WhyCommand {
    static let options: [CommandOption] = [.flag("json"), .valued("pass")]

    static let spec = CommandSpec(
        name: "why", group: .inspect,
        usage: "why VIEW PROPERTY [--pass N] [--json]   why VIEW state NAME [--pass N] [--json]",
        summary: "where a property's value came from, and why it is still there",
        details: """
        Names the instance (path, row) that set the value, in which pass and by
        which event (apply, update, a late load's delivery); then the steps
        the view took since (hidden, reused by another instance, hooks, loads),
        and whether anything reset the value. For a class default: what put it
        back. A stale value ends with the fix the platform advises: content
        set on every bind (cellForRowAt, onBindViewHolder: a configuration
        that always sets it), the reuse hook for what is not content (alpha,
        editing, selection) and for entries that pile up; under a system with
        no hook, what its users do instead. VIEW is a view id or the PATH of
        the component holding it.
        'why VIEW state NAME' tells the same of a component's state value
        ('state'): which item set it, where the system keeps it, the steps
        since, and the system's fix when it came from another item. With
        --pass N, the answer as of the end of pass N: the view, its holder and
        the story as they were then (VIEW a PATH held then). A long story
        is cut, with a count of the steps between ('log VIEW' lists them
        all): a property's to its first 4 and last 16 steps; past 2,000
        steps, a state's and --json's to 1,000 at each end ('omittedSteps').
        """,
        example: "why Feed/4 liked",
        options: options
    ) { (arguments, shell) throws(ShellError) in
        let parsed = try arguments.options(options)
        guard let viewToken = parsed.rest.first else { throw arguments.missing("a VIEW (e.g. v4 or Feed/4)") }
        guard parsed.rest.count >= 2 else { throw arguments.missing("a PROPERTY of \(viewToken.text) (e.g. backgroundColor)") }
        let propertyToken = parsed.rest[1]
        // Now, or as of the end of pass N: the view, the holder and the log as they were.
        let state = try shell.state(at: parsed.values["pass"], for: "why")
        if propertyToken.text == "state", propertyToken.kind == .word {
            guard parsed.rest.count >= 3 else { throw arguments.missing("a state NAME after 'state' (e.g. liked)") }
            if parsed.rest.count > 3 { throw ShellError("why: unexpected '\(parsed.rest[3].text)'", at: parsed.rest[3]) }
            let view = try shell.viewID(from: viewToken, in: state)
            let report = StateStory(view: view, name: parsed.rest[2].text, engine: state)
            guard report.value != nil || !report.events.isEmpty else {
                let known = state.stateShown(by: view).map(\.name)
                let hint = closestName(to: parsed.rest[2].text, in: known).map { "; did you mean '\($0)'?" } ?? ""
                throw ShellError("why: \(view) shows no state '\(parsed.rest[2].text)' and none was ever set on it\(hint)", at: parsed.rest[2])
            }
            if parsed.flags.contains("json") { shell.emit(json: report.json) } else { shell.emit(report.text(style: shell.style)) }
            return
        }
        if parsed.rest.count > 2 { throw ShellError("why: unexpected '\(parsed.rest[2].text)'", at: parsed.rest[2]) }
        let view = try shell.viewID(from: viewToken, in: state)
        let provenance: Provenance
        do throws(EngineError) {
            // A past state's log starts at its checkpoint: the story is read
            // from the session's own log, up to the end of that pass.
            let pass = parsed.values["pass"].flatMap { Int($0.text) }
            provenance = try state.why(view, propertyToken.text, story: pass.map { (shell.engine.log, $0) })
        } catch {
            throw ShellError("why: " + error.message, at: propertyToken)
        }
        let report = ProvenanceReport(provenance: provenance, engine: state)
        if parsed.flags.contains("json") { shell.emit(json: report.json) } else { shell.emit(report.text(style: shell.style)) }
    }
}

/// `why` as text and JSON, built from one ``Provenance``.
struct ProvenanceReport {
    let provenance: Provenance
    let engine: Engine

    /// Steps shown before and after the cut in a long story.
    static let head = 4, tail = 16

    var holder: String { provenance.holder?.display ?? "nobody" }

    func text(style: Style) -> String {
        let p = provenance
        let shows = p.shows?.description ?? "nothing"
        var lines = ["\(p.view) \(p.property) shows \(shows) (held by \(holder))"]
        if p.isStale {
            lines.append("  " + style.warn("stale: a fresh view for \(holder) would show \(p.fresh?.description ?? "nothing")"))
        }
        if p.setters.isEmpty {
            if let reset = p.resetBy {
                lines.append("  the class default, put back in pass \(reset.pass) (#\(reset.seq), \(reset.kind.rawValue))")
            } else {
                lines.append("  the class default: nothing set it since the view was made")
            }
        } else {
            let adds = p.shows?.isEntries == true
            for (index, setter) in p.setters.enumerated() {
                let what = adds ? "entry \(index + 1) added by" : "set by"
                lines.append("  \(what) \(setter) (#\(setter.seq), \(Self.means(setter)))")
            }
        }
        // The story, oldest first: the setting (or resetting) event, then every step since.
        var story = p.since
        if let reset = p.resetBy { story.insert(reset, at: 0) }
        if !story.isEmpty, !(p.setters.isEmpty && p.resetBy == nil) {
            lines.append(late(p) != nil ? "  the view's steps from the load's start on:" : "  the view's steps from then on:")
            // A long story comes with its ends and a count of the steps between (``Provenance/since``).
            let total = story.count + p.omittedSteps
            let cut = total > Self.head + Self.tail
            let listed = EventReport.lines(cut ? Array(story.prefix(Self.head) + story.suffix(Self.tail)) : story)
            for line in listed.prefix(cut ? Self.head : listed.count) { lines.append("    " + line) }
            if cut {
                lines.append("    … \(total - Self.head - Self.tail) more steps ('log \(p.view)' lists them)")
                for line in listed.suffix(Self.tail) { lines.append("    " + line) }
            }
        }
        lines.append(contentsOf: conclusion.map { "  " + $0 })
        if !p.eventsKept { lines.append("  (the log keeps no events: only who set the value is known)") }
        if let first = p.keptFrom {
            lines.append("  (the story starts before event #\(first), the oldest the log keeps: 'log keep' dropped the rest)")
        }
        return lines.joined(separator: "\n")
    }

    /// A late result that landed on another item after that item's own
    /// result on the same view (loads that take different times): the
    /// item, its own load and the pass it was delivered in; nil otherwise.
    static func overtaken(_ p: Provenance) -> (path: ComponentPath, load: Int, pass: Int)? {
        guard let last = p.setters.last, last.load != nil, let landing = p.landing,
              case .deliver(_, let landedOn?) = landing.step,
              let own = p.overtakenDelivery, case .deliver(let load, _) = own.step else { return nil }
        return (landedOn, load.number, own.pass)
    }

    /// The sentences that close the story: why the value is still there, what will change it.
    var conclusion: [String] {
        let p = provenance
        var lines: [String] = []
        if !p.setters.isEmpty {
            let others = Set(p.setters.map(\.path)).subtracting(p.holder.map { [$0] } ?? [])
            let sets = p.holderSets.map { "sets it to \($0)" } ?? "does not set \(p.property)"
            let landing = p.landing
            var landedOn: ComponentPath?
            if case .deliver(_, let shows?)? = landing?.step { landedOn = shows }
            if let late = late(p), let landedOn {
                let now = landedOn == p.holder ? "" : " (it shows \(holder) now)"
                lines.append("the load for \(late.path.display) outlived its item: \(p.view) showed \(landedOn.display) when the result "
                             + "landed\(now), and nothing cancelled the load or checked the item")
                if let overtaken = ProvenanceReport.overtaken(p) {
                    lines.append("it landed after \(overtaken.path.display)'s own result (load #\(overtaken.load), delivered in pass \(overtaken.pass)): "
                                 + "the slower load, started earlier, had the last word")
                }
                lines.append("fix: " + loadFix())
            } else if let late = late(p), late.path != p.holder {
                let sets = p.holderSets.map { "sets \(p.property) to \($0), as the attached configuration did" } ?? "does not set \(p.property)"
                lines.append("the load for \(late.path.display) landed while \(p.view) showed it; then \(p.view) went to \(holder), "
                             + "whose configuration \(sets), so nothing set it again: the late result was never part of a configuration")
                lines.append("fix: " + resetFix())
            } else if p.isStale, p.property == "contentOffset", let list = listHeld() {
                let from = p.setters.last.map { " from \($0.path.display)" } ?? ""
                lines.append("under \(engine.strategy.name) a list's offset is its view's own state: \(p.view) brought it\(from) "
                             + "when it was reused for \(holder), and nothing restores \(holder)'s own")
                lines.append("fix: save each item's offset and restore it when its cell is bound ('list \(list) ... saves offset')")
            } else if p.isStale {
                lines.append("nothing reset \(p.property) since: \(holder)'s configuration \(sets), and " + hookNote())
                lines.append("fix: " + advice.fix)
            } else if !others.isEmpty {
                lines.append("\(holder) asks for this value; it was set by " + Set(p.setters.map(\.path)).sorted().map(\.display).joined(separator: ", ")
                             + " and kept because the value is the same")
            }
        }
        for load in p.pending {
            lines.append("a load under way will set it: load #\(load.number) \(load.attribute) for \(load.path.display), arriving in pass \(load.due)"
                         + (load.checksItem ? " (checked)" : ""))
        }
        return lines
    }

    /// The list type whose instance holds the view, if a list holds it.
    func listHeld() -> String? {
        guard let holder = provenance.holder, let node = try? engine.resolve(holder),
              engine.catalog.components[node.name]?.isList == true else { return nil }
        return node.name
    }

    /// The component whose `prepare` the strategy's hook runs on this view, if any.
    var hookComponent: String? { engine.hookComponent(for: provenance.view) }

    /// Whether the strategy's reuse hook resets the property here.
    func hookNote() -> String {
        let property = provenance.property
        guard let hook = engine.strategy.reuseHook else { return "\(engine.strategy.name) has no reuse hook that could" }
        guard let component = hookComponent else { return "\(hook.rawValue) never runs on this view (it is in no list cell)" }
        if let preparation = engine.catalog.preparations[component], preparation.resets.contains(property) {
            return "\(hook.rawValue) resets it ('prepare \(component)') but has not run on it since"
        }
        return "\(hook.rawValue) does not reset it"
    }

    /// The platform's fix for a value from another item (``ReuseAdvice``).
    var advice: ReuseAdvice {
        let p = provenance
        let definition = engine.catalog.attributes[p.property]
        let component = p.holder.flatMap { try? engine.resolve($0) }?.name
        let fresh: String
        switch p.fresh {
        case .value(let value)?: fresh = value.description
        default:
            switch definition?.kind {
            case .bool?: fresh = "false"
            case .number?: fresh = "0"
            case .color?: fresh = "clear"
            default: fresh = "\"\""
            }
        }
        return ReuseAdvice(strategy: engine.strategy, property: p.property, definition: definition, component: component,
                           hookComponent: hookComponent, freshValue: fresh)
    }

    /// The last setter when it is a late result.
    func late(_ p: Provenance) -> PropertySource? {
        p.setters.last.flatMap { $0.load != nil ? $0 : nil }
    }

    /// How to clear a late result before the view shows another item.
    func resetFix() -> String {
        if engine.strategy.reuseHook != nil, hookComponent != nil { return advice.fix }
        return "\(engine.strategy.name) applies only what changed in a configuration and has no reuse hook here: "
            + "give the result to the component (a state update, 'set \(holder) \(provenance.property) ...') so the diff knows what the view shows"
    }

    /// How to stop a late result from landing on another item under this strategy.
    func loadFix() -> String {
        let checked = "make the completion check the item ('loads ... checked')"
        guard let hook = engine.strategy.reuseHook, let component = hookComponent else {
            return "\(engine.strategy.name) has no reuse hook that reaches this view: \(checked)"
        }
        if engine.catalog.preparations[component]?.cancelsLoads == true {
            return "\(hook.rawValue) cancels \(component)'s loads now ('prepare \(component)'), for loads started from here on"
        }
        return "cancel it in \(hook.rawValue) ('prepare \(component) cancels loads'), or \(checked)"
    }

    static func means(_ source: PropertySource) -> String {
        switch source.means {
        case .apply: "apply"
        case .update: "update"
        case .delivery(let load, _): "delivery of load #\(load)"
        }
    }

    /// Schemas/why.schema.json. `eventsKept` and `keptFrom` say when the
    /// story is cut short (`log keep`): the text's closing notes.
    var json: JSON {
        let p = provenance
        return .object([
            ("view", .view(p.view)), ("property", .string(p.property)), ("path", .path(p.holder)),
            ("shows", propertyJSON(p.shows)), ("fresh", propertyJSON(p.fresh)), ("stale", .bool(p.isStale)),
            ("holderSets", p.holderSets.map(valueJSON) ?? .null),
            ("setters", .array(p.setters.map(sourceJSON))),
            ("resetBy", p.resetBy.map { EventReport(event: $0).json } ?? .null),
            ("since", .array(p.since.map { EventReport(event: $0).json })),
            ("omittedSteps", .int(p.omittedSteps)),
            ("pending", .array(p.pending.map(loadJSON))),
            ("conclusion", .array(conclusion.map(JSON.string))),
            ("eventsKept", .bool(p.eventsKept)),
            ("keptFrom", p.keptFrom.map(JSON.int) ?? .null),
        ])
    }
}

/// `why VIEW state NAME`: a component state value's story, as text and JSON
/// (Schemas/why.schema.json, its second form).
struct StateStory {
    let view: ViewID
    let name: String
    let engine: Engine
    /// The value shown now, if any, and whether another item set it.
    let value: (value: StateValue, fromAnotherItem: Bool)?
    /// The events of the view that bear on the value, oldest first: its
    /// state events for `name`, and every change of hands, hook and move
    /// since the value was set (or since its last state event); for a long
    /// story, its first and last ``Provenance/storyEnds`` (``Engine/stateStory(of:name:)``).
    let events: [ReuseEvent]
    /// Steps of the story between the two ends `events` holds (0: it holds them all).
    let omitted: Int

    init(view: ViewID, name: String, engine: Engine) {
        self.view = view
        self.name = name
        self.engine = engine
        value = engine.stateShown(by: view).first { $0.name == name }.map { ($0.value, $0.fromAnotherItem) }
        (events, omitted) = engine.stateStory(of: view, name: name)
    }

    var holder: String { engine.views[view].owner?.display ?? "nobody" }

    /// Where the strategy keeps state, in words.
    var home: String {
        switch engine.strategy.stateHome {
        case .view: "kept on the view: it goes with the view to the next item the view shows"
        case .item: "kept with the item by the framework, by the list's key"
        case .node: "kept with the item's node, made anew by a reload"
        case .slot: "kept on the slot while it shows; forgotten when it leaves the screen unless saveable"
        }
    }

    /// The system's own fix for a value that came from another item.
    var fix: String? {
        guard let value, value.fromAnotherItem else { return nil }
        let cell = engine.views[view].ownerComponent ?? "CELL"
        let strategy = engine.strategy
        switch strategy.stateHome {
        case .view:
            if let hook = strategy.reuseHook, hook != .didEnterReusePool {
                return "fix: reset it where the system hands the view on: 'prepare \(cell) resets-state \(name)' (\(hook.rawValue)), or 'prepare \(cell) resets-state \(name) on item'"
            }
            return "fix: reset it when the item changes: 'prepare \(cell) resets-state \(name) on item' (FlashList's useRecyclingState)"
        case .item, .node, .slot:
            return "fix: give the list stable keys ('list LIST ... key id'): the state then follows its item"
        }
    }

    func text(style: Style) -> String {
        var lines: [String] = []
        if let value {
            lines.append("\(view) state \(name) = \(value.value.value) (held by \(holder))" + (value.value.saveable ? ", saveable" : ""))
            lines.append("  set by \(value.value.origin); \(home)")
            if value.fromAnotherItem { lines.append("  " + style.warn("from another item: \(holder) did not set it")) }
        } else {
            lines.append("\(view) state \(name) is not set (held by \(holder)); \(home)")
        }
        if !events.isEmpty {
            lines.append("  the view's steps from then on:")
            let listed = EventReport.lines(events)
            // A story of more than 2,000 steps: its ends, and a count of those between.
            let cut = omitted > 0 ? Provenance.storyEnds : listed.count
            for line in listed.prefix(cut) { lines.append("    " + line) }
            if omitted > 0 {
                lines.append("    … \(omitted) more steps ('log \(view)' lists them)")
                for line in listed.dropFirst(cut) { lines.append("    " + line) }
            }
        }
        if let fix { lines.append("  " + fix) }
        return lines.joined(separator: "\n")
    }

    var json: JSON {
        .object([
            ("view", .view(view)), ("name", .string(name)), ("path", .path(engine.views[view].owner)),
            ("value", value.map { .string($0.value.value) } ?? .null),
            ("origin", value.map { .string($0.value.origin.description) } ?? .null),
            ("saveable", .bool(value?.value.saveable ?? false)),
            ("fromAnotherItem", .bool(value?.fromAnotherItem ?? false)),
            ("keptWith", .string(engine.strategy.stateHome.rawValue)),
            ("since", .array(events.map { EventReport(event: $0).json })),
            ("omittedSteps", .int(omitted)),
            ("conclusion", .array(fix.map { [JSON.string($0)] } ?? [])),
        ])
    }
}
