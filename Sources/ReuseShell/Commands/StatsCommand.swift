import ReuseEngine

/// `stats`: running totals, or one pass's counts.
enum StatsCommand {
    static let options: [CommandOption] = [.valued("pass"), .flag("json")]

    static let spec = CommandSpec(
        name: "stats", group: .inspect,
        usage: "stats [--pass N] [--json]",
        summary: "running totals, or one pass's counts",
        example: "stats",
        options: options
    ) { (arguments, shell) throws(ShellError) in
        let parsed = try arguments.options(options)
        if let extra = parsed.rest.first { throw ShellError("stats: unexpected '\(extra.text)'", at: extra) }
        // `--pass N`: pass N's own counts, and the state measured right after
        // it (so `passes` is N, as the title says, and views are pass N's).
        var summary: PassSummary?
        var engine = shell.engine
        if let token = parsed.values["pass"] {
            summary = try shell.passSummary(from: token, for: "stats")
            engine = try shell.state(at: token, for: "stats")
        }
        let statistics = engine.statistics
        let counts = summary?.counts ?? statistics.counts
        let title = summary.map { "pass \($0.pass) (\($0.trigger))" }
            ?? "totals after \(statistics.passes) pass\(statistics.passes == 1 ? "" : "es")"
        if parsed.flags.contains("json") {
            // Schemas/stats.schema.json: `pass` is null for the running totals.
            shell.emit(json: .object([
                ("strategy", .string(engine.strategy.name)),
                ("pass", summary.map { .int($0.pass) } ?? .null),
                ("counts", countsJSON(counts, measured: statistics)),
            ]))
            return
        }
        var lines = [shell.style.bold(title) + " under \(engine.strategy.name)"]
        // The name column fits the longest name printed ("reconfigured").
        let printed = Stat.statsCore.map(\.name) + Stat.statsExtra.filter { counts[$0] > 0 }.map(\.name)
        let width = max(10, (printed.map(\.count).max() ?? 0) + 1)
        for stat in Stat.statsCore { lines.append("  " + stat.name.padding(width) + String(counts[stat])) }
        for stat in Stat.statsExtra where counts[stat] > 0 { lines.append("  " + stat.name.padding(width) + String(counts[stat])) }
        lines.append("  " + "leaks".padding(width) + String(statistics.leaks))
        if let nodes = statistics.nodes, let loaded = statistics.nodeViews {
            lines.append("  " + "nodes".padding(width) + "\(nodes) allocated (one per item), \(loaded) with \(loaded == 1 ? "its view" : "their views") loaded")
        }
        var parts = ["root", "\(statistics.visibleViews) visible", "\(statistics.hiddenViews) hidden"]
        if statistics.viewsUnderHidden > 0 { parts.append("\(statistics.viewsUnderHidden) inside hidden views") }
        if statistics.detachedViews > 0 { parts.append("\(statistics.detachedViews) detached in pools") }
        lines.append("  " + "views".padding(width) + "\(statistics.views) alive (" + parts.joined(separator: ", ") + "), peak \(statistics.peakViews)")
        shell.emit(lines.joined(separator: "\n"))
    }
}
