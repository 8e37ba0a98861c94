import Foundation
import ReuseEngine
import Synchronization

#if os(Linux)
/// glibc's `malloc_trim` (malloc.h, which the Glibc module leaves out):
/// gives the free memory of every arena back to the system.
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
#endif

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

    static let options: [CommandOption] = [.valued("script"), .flag("explain"), .flag("json", isCompleted: false)]

    static let spec = CommandSpec(
        name: "compare", group: .inspect,
        usage: "compare [STRATEGY ...] [--script FILE] [--json]\ncompare --explain [A [B]] [--script FILE] [--json]",
        summary: "replay the session under each strategy, side by side",
        details: """
        Columns: views created, reused, hidden, removed; attributes applied,
        unapplied, updated, skipped (views skipped; attributes skipped for
        componentkit, which diffs per attribute); leaks at the end; peak views
        alive; live components at the end; component renders. The current
        strategy keeps its options. A strategy whose replay fails shows where.
        'strategy' lines of the session are left out. The session itself is
        never changed, so Ctrl-C simply stops it.
        --explain A B replays the session under A and B in step and stops at
        the first step they take differently: the pass and the command, the
        steps each took there as 'log' lists them, and the rule each followed,
        quoted from 'help strategy'; then, line by line, how their counts
        drift apart (A's count/B's), and the totals that differ at the end.
        Steps are alike when they are the same kind of step on the same view
        for the same instance, pool keys aside (each system names its pools
        its own way). With one name: the current strategy against it. With
        none: the current strategy against every other, one line each (more
        than two names: the first against each of the others).
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
        let explains = parsed.flags.contains("explain")
        if strategies.isEmpty, !explains { strategies = shell.strategyNames }

        var lines: [(line: String, location: SourceLocation)] = []
        if let script = parsed.values["script"] {
            let path = shell.resolve(script.text)
            let text: String
            do {
                text = try ScriptReader.readAll(atPath: path)
            } catch {
                throw ShellError("compare: cannot read '\(script.text)': \(shell.describe(error, path: path))", at: script)
            }
            lines = Interpreter.commands(of: text, file: script.text).map { ($0.text, $0.location) }
            guard !lines.isEmpty else { throw ShellError("compare: '\(script.text)' has no command to replay", at: script) }
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

        if explains {
            try explain(lines, strategies: strategies, shell: shell, json: parsed.flags.contains("json"), at: arguments.command)
            return
        }

        let rows = replayAll(lines, under: strategies, current: shell.engine.strategy, strategies: shell.strategies,
                             directory: shell.workingDirectory, fastPaths: shell.fastPaths)
        if Interruption.isRequested { throw ShellError("compare: interrupted", at: arguments.command) }
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

    /// `compare --explain`: two strategies in detail, or one against each
    /// other in a line each. The pairs replay one after another: at most
    /// one pair's state alive (each keeps up to 100,000 events).
    static func explain(_ lines: [(line: String, location: SourceLocation)], strategies: [String], shell: Interpreter,
                        json: Bool, at command: Token) throws(ShellError) {
        let current = shell.engine.strategy
        var pairs: [(String, String)]
        switch strategies.count {
        case 0: pairs = shell.strategyNames.filter { $0 != current.name }.map { (current.name, $0) }
        case 1: pairs = [(current.name, strategies[0])]
        default: pairs = strategies.dropFirst().map { (strategies[0], $0) }
        }
        let detailed = pairs.count == 1
        let (directory, known) = (shell.workingDirectory, shell.strategies)
        var explanations: [CompareExplanation] = []
        for (first, second) in pairs {
            if Interruption.isRequested { break }
            explanations.append(CompareExplanation.explain(lines, first: first, second: second,
                                                           current: current, strategies: known, directory: directory))
        }
        if Interruption.isRequested { throw ShellError("compare: interrupted", at: command) }
        let reports = explanations.map(ExplanationReport.init)
        if json {
            shell.emit(json: .object([("explained", .array(reports.map(\.json)))]))
            return
        }
        if detailed, let report = reports.first {
            shell.emit(report.text, continuation: "    ")
            return
        }
        let first = reports.first?.explanation.names[0] ?? current.name
        let width = max(8, reports.map { $0.explanation.names[1].displayWidth }.max() ?? 0)
        var text = ["Where each strategy first parts from \(first): the pass and command,",
                    "then \(first)'s step vs its ('compare --explain \(first) NAME': why)."]
        let indent = String(repeating: " ", count: width + 4)
        for report in reports {
            let lines = report.line.split(separator: "\n")
            text.append("  " + report.explanation.names[1].padding(width) + "  " + (lines.first.map(String.init) ?? ""))
            for more in lines.dropFirst() { text.append(indent + more) }
        }
        shell.emit(text.joined(separator: "\n"), continuation: String(repeating: " ", count: width + 4))
    }

    /// Replays `lines` under each of `names`, two at a time (this
    /// machine's cores), each taking the next name in order; the rows, one
    /// per name, in the names' order (after Ctrl-C, those before the first
    /// replay it stopped).
    ///
    /// Memory stays bounded by one replay's (``ReplayGate``): a strategy
    /// that keeps a view per row shown (Texture's nodes, theodolite-2019's
    /// titles) holds millions of them after a long scroll, so while the
    /// replays running hold more than `viewLimit` views between them, each
    /// but the oldest waits (the oldest never does, and a replay ends in
    /// its own time). Then the peak is at most the largest replay's and
    /// `viewLimit` views more; a `set` session's replays (a hundred views
    /// each) never wait. What outlives a replay is its ``Row``: the name,
    /// the statistics, the failure. Time is the replays' sum, halved where
    /// they run side by side: linear in lines x strategies.
    ///
    /// `fastPaths`: the shortcuts each replay takes (the shell's). With
    /// ``FastPaths/eventlessCompare``, when every line only changes the
    /// session (``keepsNoEvents(_:)``), the replays keep no events.
    static func replayAll(_ lines: [(line: String, location: SourceLocation)], under names: [String], current: Strategy,
                          strategies: [StrategyDescriptor], directory: String, fastPaths: FastPaths = .all,
                          viewLimit: Int = ReplayGate.viewLimit) -> [Row] {
        let keepsEvents = !(fastPaths.contains(.eventlessCompare) && keepsNoEvents(lines))
        let gate = ReplayGate(viewLimit: viewLimit)
        let results = Mutex<[Row?]>(Array(repeating: nil, count: names.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(2, names.count)) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                // Ctrl-C: compare changes nothing, so stopping leaves nothing to undo.
                guard index < names.count, !Interruption.isRequested else { return }
                gate.start(index)
                let row = replay(lines, under: names[index], current: current, strategies: strategies, directory: directory,
                                 fastPaths: fastPaths, keepsEvents: keepsEvents, gate: (gate, index))
                results.withLock { $0[index] = row }
                gate.finish(index)
                #if os(Linux)
                // What the replay held goes back to the system, not to this
                // thread's arena alone: else a large replay's memory, freed
                // on one thread, would stay beside the next on the other.
                _ = mallocTrim(0)
                #endif
            }
        }
        return results.withLock { rows in rows.prefix { $0 != nil }.compactMap { $0 } }
    }

    /// Holds back all but the oldest of the replays running while they
    /// hold more than ``viewLimit`` views between them
    /// (``CompareCommand/replayAll(_:under:current:strategies:directory:fastPaths:viewLimit:)``).
    final class ReplayGate: Sendable {
        /// Views the replays running may hold between them before all but
        /// the oldest wait: about 200 MB (a Texture node view with its
        /// title is about 1.6 KB after a long scroll, two views).
        static let viewLimit = 250_000
        /// Lines a replay runs between two reports of its views.
        static let reportEvery = 1_024

        let viewLimit: Int
        /// The views of each replay running, by its index.
        private let running = Mutex<[Int: Int]>([:])
        private let changed = NSCondition()

        init(viewLimit: Int) { self.viewLimit = viewLimit }

        func start(_ index: Int) { running.withLock { $0[index] = 0 } }

        func finish(_ index: Int) {
            running.withLock { $0[index] = nil }
            changed.broadcast()
        }

        /// Replay `index` holds `views` now: it goes on at once when it is
        /// the oldest running or the replays running hold at most
        /// ``viewLimit`` views, else it waits until that holds (or Ctrl-C).
        func report(_ index: Int, views: Int) {
            running.withLock { $0[index] = views }
            changed.broadcast()
            changed.lock()
            defer { changed.unlock() }
            while mustWait(index), !Interruption.isRequested { _ = changed.wait(until: Date(timeIntervalSinceNow: 0.05)) }
        }

        /// Whether replay `index` must wait: another older one runs, and
        /// the replays running hold more than ``viewLimit`` views.
        func mustWait(_ index: Int) -> Bool {
            running.withLock { running in
                running.keys.contains { $0 < index } && running.values.reduce(0, +) > viewLimit
            }
        }
    }

    /// Whether a replay of `lines` may keep no events
    /// (``FastPaths/eventlessCompare``): every line is a command that
    /// changes the session (one `save` writes back: `set`, `scroll`,
    /// `mount`, a definition...), a command a replay passes over
    /// (`strategy`, `export`...), or no command (a blank line, a comment).
    ///
    /// Invariant: a row is the replay's ``Statistics`` and the line it
    /// stopped at, and neither reads a kept event. The totals are counted
    /// whether events are kept or not (`EventLog.record` and `count`,
    /// `DeterminismTests`), the other measures read the views and the
    /// mounted tree, and no command that changes the session reads the
    /// log's events, nor fails by them: only inspections do (`why`,
    /// `log`, `check`'s story of a leak, `explain`'s narration), so a
    /// line of any other command keeps them.
    static func keepsNoEvents(_ lines: [(line: String, location: SourceLocation)]) -> Bool {
        var lexer = Lexer()
        for (line, _) in lines {
            // A line that does not lex is refused alike either way; kept to the general path all the same.
            guard case .success(let tokens) = lexer.tokenize(line) else { return false }
            guard let first = tokens.first else { continue }
            guard let spec = CommandTable.spec(named: first.text), spec.recordsForSave || !spec.replays else { return false }
        }
        return true
    }

    /// Replays `lines` in a fresh, silent interpreter under `strategy`,
    /// up to the first line it refuses (`keepsEvents`: as ``Replay`` keeps them).
    /// `gate`: where it reports its views every ``ReplayGate/reportEvery``
    /// lines, and waits when told to (with its index).
    static func replay(_ lines: [(line: String, location: SourceLocation)], under strategy: String,
                       current: Strategy, strategies: [StrategyDescriptor], directory: String,
                       fastPaths: FastPaths = .all, keepsEvents: Bool = true, gate: (ReplayGate, Int)? = nil) -> Row {
        let replay = Replay(strategy: strategy, current: current, strategies: strategies, directory: directory,
                            fastPaths: fastPaths, keepsEvents: keepsEvents)
        var failure: String?
        for (number, (line, location)) in lines.enumerated() {
            if Interruption.isRequested { break }
            if let (gate, index) = gate, number % ReplayGate.reportEvery == 0 {
                gate.report(index, views: replay.child.engine.views.aliveCount)
            }
            if !replay.run(line, at: location) {
                failure = replay.failure
                break
            }
        }
        return Row(strategy: replay.label, statistics: replay.child.engine.statistics, failure: failure)
    }

    /// One strategy's silent interpreter, as `compare` replays it.
    final class Replay {
        let child: Interpreter
        let label: String
        let descriptor: StrategyDescriptor?
        /// The last line's error, first line of it.
        private(set) var failure: String?

        /// `keepsOptions`: the current strategy keeps its options (false: its
        /// defaults, to compare it with itself as it comes).
        /// `eventWindow`: the events its log keeps (``CompareExplanation``
        /// reads more of them than a count needs); none when `keepsEvents`
        /// is false (``CompareCommand/keepsNoEvents(_:)``: they are counted).
        /// `fastPaths`: the shortcuts it takes (the shell's).
        init(strategy: String, current: Strategy, strategies: [StrategyDescriptor], directory: String, keepsOptions: Bool = true,
             eventWindow: Int = Replay.eventWindow, fastPaths: FastPaths = .all, keepsEvents: Bool = true) {
            let sink = ErrorSink()
            child = Interpreter(options: .init(replay: true), strategies: strategies, write: { _ in }, writeError: { text in
                sink.text = sink.text ?? text.split(separator: "\n").first.map(String.init)
            })
            child.workingDirectory = directory
            child.fastPaths = fastPaths
            // Its output goes nowhere: muted, no pass line is even made.
            // Errors still reach
            // the sink, which keeps the first line of the last one.
            child.muted = true
            // The current strategy keeps its options (a RecyclerView's sizes).
            if current.name == strategy, keepsOptions {
                child.selectStrategy(current)
            } else if let descriptor = child.strategy(named: strategy) {
                child.selectStrategy(descriptor.standard)
            }
            descriptor = child.strategy(named: strategy)
            // A replay counts; nobody travels back in it or reads its old
            // events: no checkpoints (an `undo` it replays rebuilds from the
            // start) and a bounded log, so its memory follows the state and
            // not the session's length (issue 39).
            child.engine.keepsCheckpoints = false
            if keepsEvents {
                child.engine.keepEvents(atMost: eventWindow)
            } else {
                child.engine.setKeepsEvents(false)
            }
            let options = child.engine.strategy.optionsDescription
            label = options.isEmpty || options == descriptor?.standard.optionsDescription ? strategy : "\(strategy) (\(options))"
            self.sink = sink
        }

        private let sink: ErrorSink

        /// The events a replay's log keeps by default.
        static let eventWindow = 10_000

        /// Runs one line; false when it was refused (``failure`` says why).
        func run(_ line: String, at location: SourceLocation) -> Bool {
            sink.text = nil
            let succeeded = child.run(line: line, at: location)
            failure = sink.text?.replacingOccurrences(of: " error: ", with: " ")
            return succeeded
        }

        /// Where a child's error lines go: one replay, one thread.
        private final class ErrorSink {
            var text: String?
        }
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
