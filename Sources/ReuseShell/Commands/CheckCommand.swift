import ReuseEngine

/// `check`: every invariant of views and pools, leaks, and views of the wrong class.
enum CheckCommand {
    static let options: [CommandOption] = [.valued("pass"), .flag("json")]

    static let spec = CommandSpec(
        name: "check", group: .inspect,
        usage: "check [--pass N] [--json]",
        summary: "check every invariant of views and pools; list leaks",
        details: "A leak is a property a visible view shows that a fresh view with the same configuration would not, or component state ('state') an instance shows that another item set. Stale rows are rows whose system was not told of a data change (uikit-diffable's id identifiers after 'set', index identifiers after 'insert'): they show their old item, by design. Absent: a header or footer the system gives no view (under uikit an unregistered identifier), with the fix. Not pooled: a list's cell type whose cells the system never reuses for another row (uikit-diffable 'os 14' with no registration up front; a RecyclerView view type whose pool holds 0), with the fix. 'explain on' says both as they happen. Broken invariants make the command fail.",
        example: "check",
        options: options
    ) { (arguments, shell) throws(ShellError) in
        let parsed = try arguments.options(options)
        if let extra = parsed.rest.first { throw ShellError("check: unexpected '\(extra.text)'", at: extra) }
        let engine = try shell.state(at: parsed.values["pass"], for: "check")
        let violations = engine.checkInvariants()
        let leaks = engine.leaks()
        let stateLeaks = engine.stateLeaks()
        let staleRows = engine.staleRows()
        let absent = engine.absentSupplementaries()
        let unpooled = engine.neverPooledCells()
        let mismatches = engine.classMismatches()
        let statistics = engine.statistics
        let views = statistics.views
        if parsed.flags.contains("json") {
            // Schemas/check.schema.json; `counts` are the state's, as `stats` gives them.
            shell.emit(json: .object([
                ("pass", .int(engine.log.currentPass)),
                ("invariants", .array(violations.map { .string($0.description) })),
                ("leaks", .array(leaks.map(leakJSON))),
                ("stateLeaks", .array(stateLeaks.map { leak in
                    .object((leak.view.map { [("view", JSON.view($0))] } ?? []) + [("path", .path(leak.path)),
                             ("name", .string(leak.name)), ("value", .string(leak.value.value)),
                             ("item", .string(leak.shownFor.description)), ("origin", .string(leak.value.origin.description))])
                })),
                ("staleRows", .array(staleRows.map { .string($0.description) })),
                ("absent", .array(absent.map { item in
                    .object([("list", .path(item.list)), ("component", .string(item.component)),
                             ("place", .string(item.isHeader ? "header" : "footer")), ("unregistered", .bool(item.isUnregistered)),
                             ("description", .string(item.description))])
                })),
                ("neverPooled", .array(unpooled.map { item in
                    .object([("list", .path(item.list)), ("component", .string(item.component)),
                             ("why", .string(item.reason.why)), ("fix", .string(item.reason.fix))])
                })),
                ("wrongClasses", .array(mismatches.map { mismatch in
                    .object([("view", .view(mismatch.view)), ("path", .path(mismatch.path)),
                             ("component", .string(mismatch.component)), ("viewClass", .string(mismatch.actual)),
                             ("asks", .string(mismatch.asked)), ("why", shell.whyWrongClass(mismatch).map(JSON.string) ?? .null)])
                })),
                ("counts", countsJSON(statistics.counts, measured: statistics)),
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
                for leak in leaks {
                    var line = "  " + leak.description
                    // A late result that overwrote the item's own (loads that take different times).
                    if let provenance = try? engine.why(leak.view, leak.property), let overtaken = ProvenanceReport.overtaken(provenance) {
                        line += "; it landed after \(overtaken.path.display)'s own result (load #\(overtaken.load), pass \(overtaken.pass))"
                    }
                    shell.emit(line)
                }
            }
            if !staleRows.isEmpty {
                shell.emit("stale rows  " + shell.style.warn("\(staleRows.count)") + " (the system was not told of the change)")
                for row in staleRows { shell.emit("  " + row.description) }
            }
            if !absent.isEmpty {
                shell.emit("absent      " + shell.style.warn("\(absent.count)") + " (shown as nothing)")
                for item in absent { shell.emit("  " + item.description) }
            }
            if !unpooled.isEmpty {
                shell.emit("not pooled  " + shell.style.warn("\(unpooled.count)") + " (cell types the system never reuses)")
                for item in unpooled { shell.emit("  " + item.description) }
            }
            if !stateLeaks.isEmpty {
                shell.emit("state leaks " + shell.style.warn("\(stateLeaks.count)"))
                for leak in stateLeaks { shell.emit("  " + leak.description) }
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
