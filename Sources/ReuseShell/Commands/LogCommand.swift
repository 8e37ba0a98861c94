import ReuseEngine

/// `log`: the steps taken, filtered; `log keep N|all`: how many the log keeps.
enum LogCommand {
    static let options: [CommandOption] = [.valued("pass"), .valued("last"), .valued("kind"), .flag("json")]

    static let spec = CommandSpec(
        name: "log", group: .inspect,
        usage: "log [VIEW] [--pass N] [--last N] [--kind KIND] [--json]   log keep N|all",
        summary: "list the steps taken (create, reuse, hide, apply, ...)",
        details: """
        Without filters the last 200 events are shown (--json gives how many
        match, 'total', and how many are listed, 'shown'). KIND may be a
        comma-separated list.
        'log keep N' keeps only the latest N events, so a very long session
        stays within bounded memory; counts, stats and pass summaries stay
        exact, 'tree --pass', 'diff' and 'undo' still reach every pass (they
        replay), but 'log' and 'explain' show only kept events and 'why'
        tells its story from the oldest kept event. 'log keep all' keeps
        every event again (from then on); 'log keep' says what is kept.
        """,
        example: "log v2 --pass 3",
        options: options
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
                shell.emitChange("the log keeps every event from now on")
                return
            }
            let (count, _) = try arguments.integer("how many events to keep (or 'all')", in: 1...Int.max)
            try arguments.end()
            shell.engine.keepEvents(atMost: count)
            shell.emitChange("the log keeps the latest \(count) events")
            return
        }
        let asked = try shell.inspection(&arguments, options: options)
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
            // Schemas/log.schema.json: how many kept events match (`total`),
            // how many are listed (`shown`: fewer under the cap or --last),
            // and how many `log keep` dropped. Under --last with a filter the
            // query stopped early: the rest that match are counted here.
            var total = matching
            if last != nil {
                if view == nil, kinds == nil {
                    total = pass.flatMap { engine.log.summary(ofPass: $0) }.map { engine.log.events(of: $0).count } ?? engine.log.events.count
                } else {
                    total = 0
                    engine.log.forEachBackwards(view: view, pass: pass, kinds: kinds) { _ in total += 1; return true }
                }
            }
            // Written as it is rendered, 64 KiB at a time, rather than as one
            // document: a million events never become one tree and one string
            // (the text is JSON.rendered's, key for key).
            var out = "{\"events\":["
            for (index, event) in events.enumerated() {
                if index > 0 { out += "," }
                EventReport(event: event).json.write(to: &out)
                if out.utf8.count >= 1 << 16 {
                    shell.write(out)
                    out = ""
                }
            }
            out += "]"
            for (key, value) in [("total", JSON.int(total)), ("shown", .int(events.count)), ("dropped", .int(engine.log.droppedEvents))] {
                out += ","
                JSON.writeMember(key, value, to: &out)
            }
            shell.write(out + "}\n")
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
        for line in EventReport.lines(events) { shell.emit(line) }
    }
}
