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
        if statistics.detachedViews > 0 { parts.append("\(statistics.detachedViews) detached in pools") }
        lines.append("  " + "views".padding(width) + "\(statistics.views) alive (" + parts.joined(separator: ", ") + "), peak \(statistics.peakViews)")
        shell.emit(lines.joined(separator: "\n"))
    }
}
