import Foundation
import ReuseEngine
import Synchronization

/// `compare`: replays one session under several strategies and prints what
/// each did, side by side.
enum CompareCommand {
    /// One strategy's totals after the replay, or where the replay failed.
    struct Row: Sendable {
        var strategy: String
        var statistics: Statistics?
        var failure: String?

        func value(_ stat: Stat) -> Int { statistics?[stat] ?? 0 }
    }

    static let options: [CommandOption] = [.valued("script"), .flag("json", isCompleted: false)]

    static let spec = CommandSpec(
        name: "compare", group: .inspect,
        usage: "compare [STRATEGY ...] [--script FILE] [--json]",
        summary: "replay the session under each strategy, side by side",
        details: """
        Columns: views created, reused, hidden, removed; attributes applied,
        unapplied, updated, skipped (views skipped; attributes skipped for
        componentkit, which diffs per attribute); leaks at the end; peak views
        alive; live components at the end; component renders. The current
        strategy keeps its options. A strategy whose replay fails shows where.
        'strategy' lines of the session are left out. The session itself is
        never changed, so Ctrl-C simply stops it.
        """,
        example: "compare theodolite naive recyclerview",
        options: options,
        replays: false
    ) { (arguments, shell) throws(ShellError) in
        let parsed = try arguments.options(options)
        var strategies: [String] = []
        for token in parsed.rest {
            guard shell.strategy(named: token.text) != nil else {
                let hint = closestName(to: token.text, in: shell.strategyNames).map { "; did you mean '\($0)'?" } ?? ""
                throw ShellError("compare: unknown strategy '\(token.text)'\(hint)", at: token)
            }
            strategies.append(token.text)
        }
        if strategies.isEmpty { strategies = shell.strategyNames }

        var lines: [(line: String, location: SourceLocation)] = []
        if let script = parsed.values["script"] {
            let path = shell.resolve(script.text)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ShellError("compare: cannot read '\(script.text)'", at: script)
            }
            lines = Interpreter.commands(of: text, file: script.text).map { ($0.text, $0.location) }
        } else {
            // Recorded commands, less those a replay passes over (the replaying
            // interpreter also skips them in a --script file, by command).
            lines = shell.recorded.enumerated().compactMap { index, command in
                guard CommandTable.spec(named: command.command)?.replays == true else { return nil }
                return (command.line, SourceLocation(file: "<session>", line: index + 1))
            }
        }
        guard !lines.isEmpty else {
            throw ShellError("compare: nothing to replay yet; define and mount something first, or give --script FILE", at: arguments.command)
        }

        // The replays are independent (each in its own interpreter): they run
        // side by side, one per core, and the rows keep the strategies' order.
        let current = shell.engine.strategy
        let directory = shell.workingDirectory
        let (replayed, names, known) = (lines, strategies, shell.strategies)
        let results = Mutex<[Row?]>(Array(repeating: nil, count: names.count))
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            // Ctrl-C: compare changes nothing, so stopping leaves nothing to undo.
            guard !Interruption.isRequested else { return }
            let row = replay(replayed, under: names[index], current: current, strategies: known, directory: directory)
            results.withLock { $0[index] = row }
        }
        if Interruption.isRequested { throw ShellError("compare: interrupted", at: arguments.command) }
        let rows = results.withLock { $0.compactMap { $0 } }
        if parsed.flags.contains("json") {
            // Schemas/compare.schema.json: every stat (the table shows a few),
            // under the keys `stats` uses.
            let items = rows.map { row -> JSON in
                let statistics = row.statistics ?? Engine().statistics
                return .object([("strategy", .string(row.strategy)), ("failure", row.failure.map(JSON.string) ?? .null),
                                ("counts", countsJSON(statistics.counts, measured: statistics))])
            }
            shell.emit(json: .object([("strategies", .array(items))]))
            return
        }
        shell.emit(table(rows, width: shell.options.width))
    }

    /// Replays `lines` in a fresh, silent interpreter under `strategy`.
    static func replay(_ lines: [(line: String, location: SourceLocation)], under strategy: String,
                       current: Strategy, strategies: [StrategyDescriptor], directory: String) -> Row {
        var failure: String?
        let child = Interpreter(options: .init(replay: true), strategies: strategies, write: { _ in }, writeError: { text in
            if failure == nil { failure = text.split(separator: "\n").first.map(String.init) }
        })
        child.workingDirectory = directory
        // The current strategy keeps its options (a RecyclerView's sizes).
        if current.name == strategy {
            child.selectStrategy(current)
        } else if let descriptor = child.strategy(named: strategy) {
            child.selectStrategy(descriptor.standard)
        }
        for (line, location) in lines {
            if Interruption.isRequested || !child.run(line: line, at: location) { break }
        }
        let options = child.engine.strategy.optionsDescription
        let label = options.isEmpty || options == child.strategy(named: strategy)?.standard.optionsDescription
            ? strategy : "\(strategy) (\(options))"
        var row = Row(strategy: label, statistics: child.engine.statistics)
        if let failure {
            row.failure = failure.replacingOccurrences(of: " error: ", with: " ")
        }
        return row
    }

    /// The rows side by side, one column per stat; when that is wider than
    /// `width` (0: no limit), the stats are split into narrower tables, one
    /// under the other, each with the strategy names.
    static func table(_ rows: [Row], width: Int) -> String {
        let nameWidth = max(8, rows.map(\.strategy.displayWidth).max() ?? 0)
        let columns = Stat.compared
        var widths = columns.map(\.name.count)
        for row in rows where row.failure == nil {
            for (index, column) in columns.enumerated() { widths[index] = max(widths[index], String(row.value(column)).count) }
        }
        // Groups of columns that fit the width beside the names.
        var groups: [[Int]] = [[]]
        var used = nameWidth
        for index in columns.indices {
            if width > 0, used + 1 + widths[index] > width, let last = groups.last, !last.isEmpty {
                groups.append([])
                used = nameWidth
            }
            groups[groups.count - 1].append(index)
            used += 1 + widths[index]
        }
        func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        var lines: [String] = []
        for (number, group) in groups.enumerated() {
            if number > 0 { lines.append("") }
            lines.append("strategy".padding(nameWidth) + " " + group.map { pad(columns[$0].name, widths[$0]) }.joined(separator: " "))
            for row in rows {
                if let failure = row.failure, row.statistics?.passes ?? 0 == 0 {
                    if number == 0 { lines.append(row.strategy.padding(nameWidth) + " failed: " + failure) }
                    continue
                }
                lines.append(row.strategy.padding(nameWidth) + " " + group.map { pad(String(row.value(columns[$0])), widths[$0]) }.joined(separator: " "))
                if let failure = row.failure, number == groups.count - 1 {
                    lines.append(String(repeating: " ", count: nameWidth) + " stopped: " + failure)
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}
