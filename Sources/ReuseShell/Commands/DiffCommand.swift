import ReuseEngine

/// `diff [A] B`: what changed in the views between two passes.
enum DiffCommand {
    static let options: [CommandOption] = [.flag("json")]

    static let spec = CommandSpec(
        name: "diff", group: .inspect,
        usage: "diff [[A] B] [--json]",
        summary: "what changed between two passes: views created, removed, hidden, shown, reused, values",
        details: """
        'diff' alone shows what the last pass changed; 'diff N' what pass N
        changed (from N-1 to N); 'diff A B' everything from right after pass A
        to right after pass B (0 is before the first pass). The difference is
        net: a view hidden and taken again in between shows only its new owner.
        Each new value says who set it.
        """,
        example: "diff 3",
        options: options
    ) { (arguments, shell) throws(ShellError) in
        let parsed = try arguments.options(options)
        if parsed.rest.count > 2 { throw ShellError("diff: unexpected '\(parsed.rest[2].text)'", at: parsed.rest[2]) }
        let current = shell.engine.log.currentPass
        guard current > 0 else { throw ShellError("diff: no pass has run yet", at: arguments.command) }
        var numbers: [Int] = []
        for token in parsed.rest {
            guard let number = Int(token.text), number >= 0 else {
                throw ShellError("diff: '\(token.text)' is not a pass number", at: token)
            }
            guard number <= current else { throw ShellError("diff: no pass \(number) (passes run: \(current))", at: token) }
            numbers.append(number)
        }
        let to = numbers.last ?? current
        let from = numbers.count == 2 ? numbers[0] : max(0, to - 1)
        if numbers.count == 2, from > to {
            throw ShellError("diff: pass \(from) comes after pass \(to); write the earlier one first (diff \(to) \(from))", at: parsed.rest[0])
        }
        let (before, after) = shell.engines(afterPass: from, andPass: to)
        let diff = StateDiff(from: before, to: after)
        if parsed.flags.contains("json") {
            shell.emit(json: DiffReport(diff: diff).json(from: from, to: to))
            return
        }
        var header = "pass \(from) -> pass \(to)"
        if to == from + 1, let summary = shell.engine.log.summary(ofPass: to) { header += " (\(summary.trigger))" }
        let count = diff.views.reduce(0) { $0 + $1.changes.count }
        header += count == 0 ? ": no change" : ": \(count) change\(count == 1 ? "" : "s") in \(diff.views.count) view\(diff.views.count == 1 ? "" : "s")"
        shell.emit(([shell.style.bold(header)] + DiffReport(diff: diff).lines(style: shell.style)).joined(separator: "\n"))
    }
}

extension Interpreter {
    /// The session's state right after pass `number` (0: before the first pass).
    func engine(afterPass number: Int) -> Engine {
        if number == engine.log.currentPass { return engine }
        return engine.state(afterPass: number) ?? Engine()
    }

    /// The session's states right after passes `from` and `to` (`from` at
    /// most `to`): both past ones rebuilt in one replay where they can be
    /// (``Engine/states(afterPass:andPass:)``).
    func engines(afterPass from: Int, andPass to: Int) -> (Engine, Engine) {
        if from >= 1, to < engine.log.currentPass, let states = engine.states(afterPass: from, andPass: to) { return states }
        return (engine(afterPass: from), engine(afterPass: to))
    }
}

/// A ``StateDiff`` in words and as JSON.
struct DiffReport {
    let diff: StateDiff

    /// One change in words: `owner Feed/0 -> Feed/5`, `backgroundColor: red -> blue (set by Feed/3 in pass 3)`.
    static func describe(_ change: StateDiff.Change) -> String {
        switch change {
        case .created: return "created"
        case .removed: return "removed"
        case .hidden: return "hidden"
        case .shown: return "shown"
        case .owner(let from, let to): return "owner \(from?.display ?? "none") -> \(to?.display ?? "none")"
        case .parent(let from, let to): return "parent \(from?.description ?? "none") -> \(to?.description ?? "none")"
        case .pool(let from, let to): return "pool \(from?.description ?? "none") -> \(to?.description ?? "none")"
        case .property(let name, let old, let new, let sources):
            var text = "\(name): \(old?.description ?? "nothing") -> \(new?.description ?? "nothing")"
            if let origin = PropertySource.origin(sources, adds: new?.isEntries ?? false) {
                text += " (\(origin))"
            } else if new != nil {
                text += " (the class default)"
            }
            return text
        case .state(let name, let old, let new, let origin):
            return "state \(name): \(old ?? "not set") -> \(new ?? "not set")" + (origin.map { " (set by \($0))" } ?? "")
        }
    }

    /// `v6 UIView Feed/3  backgroundColor: red -> blue (set by Feed/3 in pass 3)`, aligned.
    func lines(style: Style) -> [String] {
        let labels = diff.views.map { "\($0.view) \($0.viewClass)" + ($0.holder.map { " " + $0.display } ?? "") }
        let width = labels.map(\.count).max() ?? 0
        var lines: [String] = []
        for (label, view) in zip(labels, diff.views) {
            for (index, change) in view.changes.enumerated() {
                let text = DiffReport.describe(change)
                let marked: String
                switch change {
                case .created, .shown: marked = style.good(text)
                case .removed, .hidden: marked = style.warn(text)
                default: marked = text
                }
                lines.append("  " + (index == 0 ? label : "").padding(width) + "  " + marked)
            }
        }
        return lines
    }

    /// Schemas/diff.schema.json: the two passes and each view's changes.
    func json(from: Int, to: Int) -> JSON {
        let views = diff.views.map { view -> JSON in
            .object([("view", .view(view.view)), ("viewClass", .string(view.viewClass)), ("path", .path(view.holder)),
                     ("changes", .array(view.changes.map(DiffReport.json)))])
        }
        return .object([("from", .int(from)), ("to", .int(to)), ("views", .array(views))])
    }

    /// One change: a `change` of Schemas/common.schema.json.
    static func json(_ change: StateDiff.Change) -> JSON {
        switch change {
        case .created: return .object([("change", .string("created"))])
        case .removed: return .object([("change", .string("removed"))])
        case .hidden: return .object([("change", .string("hidden"))])
        case .shown: return .object([("change", .string("shown"))])
        case .owner(let from, let to):
            return .object([("change", .string("owner")), ("old", .path(from)), ("new", .path(to))])
        case .parent(let from, let to):
            return .object([("change", .string("parent")), ("old", from.map(JSON.view) ?? .null), ("new", to.map(JSON.view) ?? .null)])
        case .pool(let from, let to):
            return .object([("change", .string("pool")), ("old", from.map(keyJSON) ?? .null), ("new", to.map(keyJSON) ?? .null)])
        case .property(let name, let old, let new, let sources):
            return .object([("change", .string("property")), ("property", .string(name)), ("old", propertyJSON(old)),
                            ("new", propertyJSON(new)), ("sources", .array(sources.compactMap { $0 }.map(sourceJSON)))])
        case .state(let name, let old, let new, let origin):
            return .object([("change", .string("state")), ("name", .string(name)), ("old", old.map(JSON.string) ?? .null),
                            ("new", new.map(JSON.string) ?? .null), ("origin", origin.map { .string($0.description) } ?? .null)])
        }
    }
}
