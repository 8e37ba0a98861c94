import Foundation
import ReuseConformance
import ReuseEngine
@testable import ReuseShell
import Testing
import TestSupport

/// Every shortcut of the engine (``FastPaths``) against the general path it
/// stands for: the same sessions run with every shortcut on, with all of
/// them off, and with each one off alone, and must print the same bytes
/// after every line, log the same events and end in the same state (views,
/// properties with who set them, attached configurations, pools, waiting
/// stacks, list rows, the mounted tree and its offsets), under every
/// strategy. FAST_PATHS.md lists the shortcuts and the invariants they
/// rest on; a shortcut that breaks its invariant fails here.
///
/// `REUSE_FAST_PATH_SESSIONS=N` runs N random sessions per shard (CI: 4 x 30).
@Suite(.enabled(if: FastPaths.areSwitchable, "fast paths are switchable in debug builds only"))
struct FastPathEquivalenceTests {
    static let shards = 4
    static let sessionsPerShard = ProcessInfo.processInfo.environment["REUSE_FAST_PATH_SESSIONS"].flatMap(Int.init) ?? 30
    static let linesPerSession = 40

    /// The settings each session runs under besides all on: all off, then each shortcut off alone.
    static let variants: [(name: String, paths: FastPaths)] =
        [("none", .none)] + FastPaths.named.map { ("all but \($0.name)", FastPaths.all.subtracting($0.path)) }

    // MARK: What must agree

    /// Everything a run shows or holds: its output, then a dump of the engine.
    struct Run: Equatable {
        var outputs: [String]
        var dump: String
    }

    /// Runs `lines` in a new shell taking `paths`: the output of each line
    /// (with `check`'s verdict after it), then the engine's dump.
    static func run(_ lines: [String], strategy: String, paths: FastPaths, directory: URL) -> Run {
        var output = ""
        let shell = Interpreter(options: .init(width: 80), write: { output += $0 }, writeError: { output += $0 })
        shell.fastPaths = paths
        shell.workingDirectory = directory.path
        try? shell.selectStrategy(strategy)
        var outputs: [String] = []
        for (index, line) in lines.enumerated() {
            output = ""
            shell.run(line: line, at: SourceLocation(file: "<random>", line: index + 1))
            let violations = shell.engine.checkInvariants().map(\.description)
            outputs.append(output + (violations.isEmpty ? "" : "BROKEN: " + violations.joined(separator: "; ")))
        }
        return Run(outputs: outputs, dump: dump(shell.engine))
    }

    /// The engine's state and log, written out in full, in id and path order.
    static func dump(_ engine: Engine) -> String {
        var lines: [String] = ["strategy \(engine.strategy.name) \(engine.strategy.optionsDescription)"]
        for view in engine.views.all {
            lines.append("\(view.id) \(view.viewClass) super \(view.superview.map(String.init(describing:)) ?? "-") "
                + "subviews \(view.subviews) hidden \(view.isHidden) removed \(view.isRemoved) "
                + "owner \(view.owner.map { $0.description } ?? "-") \(view.ownerComponent ?? "-") "
                + "key \(view.poolKey.map(String.init(describing:)) ?? "-")")
            for (name, value) in view.properties {
                let sources = view.sources(of: name)?.map { $0.map(String.init(describing:)) ?? "default" } ?? []
                lines.append("  \(name) = \(value) by \(sources)")
            }
            lines.append("  attached \(view.attached.map { "\($0.viewClass) \($0.attributes.map(\.description))" } ?? "-")")
            for (key, pool) in view.pools {
                lines.append("  pool \(key): \(pool.views) waiting \(pool.waiting)")
            }
            if let list = view.list {
                lines.append("  list \(list.firstRow) \(Array(list.cells)) header \(list.header.map(String.init(describing:)) ?? "-") "
                    + "footer \(list.footer.map(String.init(describing:)) ?? "-")")
            }
            let cached = engine.strategy.cachedCells(in: view.id)
            if !cached.isEmpty { lines.append("  cached \(cached.map { "\($0.slot):\($0.view)" })") }
        }
        for node in engine.instances {
            lines.append("node \(node.path.description) \(node.name) view \(node.view.map(String.init(describing:)) ?? "-") "
                + "hidden \(node.isHidden) row \(node.row.map(String.init) ?? "-") rows \(node.rows.count) "
                + "offset \(engine.offset(of: node.path))")
        }
        for event in engine.log.events {
            lines.append("event \(event.seq) pass \(event.pass) \(event.view) \(event.component ?? "-") "
                + "\(event.path.map { $0.description } ?? "-") \(event.step)")
        }
        lines.append("passes \(engine.log.passes.map { "\($0.pass) \($0.trigger) \($0.counts)" })")
        lines.append("stats \(engine.statistics)")
        lines.append("leaks \(engine.leaks())")
        return lines.joined(separator: "\n")
    }

    /// Where two runs part: the first line whose output differs, or the dump.
    static func difference(_ reference: Run, _ other: Run, lines: [String]) -> String? {
        for index in lines.indices where reference.outputs[index] != other.outputs[index] {
            return "line \(index + 1) '\(lines[index])' printed\n\(other.outputs[index])\ninstead of\n\(reference.outputs[index])"
        }
        guard reference.dump != other.dump else { return nil }
        let a = reference.dump.split(separator: "\n", omittingEmptySubsequences: false)
        let b = other.dump.split(separator: "\n", omittingEmptySubsequences: false)
        let index = zip(a, b).prefix { $0 == $1 }.count
        return "the final state differs at dump line \(index + 1):\n  general: "
            + (index < b.count ? String(b[index]) : "(end)") + "\n  fast:    " + (index < a.count ? String(a[index]) : "(end)")
    }

    // MARK: Sessions

    /// Random sessions from the random-session generator, under every strategy.
    @Test(arguments: 0..<shards)
    func randomSessionsAgreeWithTheGeneralPaths(shard: Int) throws {
        let strategies = StrategyRegistry.names
        try withTemporaryDirectory(prefix: "reuse-fast-paths") { directory in
            var scrollsByOne = 0
            for session in 0..<Self.sessionsPerShard {
                let seed = UInt64(0xFA57 + shard * 1_000_003 + session)
                let strategy = strategies[(shard + session) % strategies.count]
                let lines = Self.lines(seed: seed, strategy: strategy, directory: directory)
                scrollsByOne += lines.filter { $0.hasSuffix(" by 1") || $0.hasSuffix(" by -1") }.count
                let reference = Self.run(lines, strategy: strategy, paths: .all, directory: directory)
                for variant in Self.variants {
                    let other = Self.run(lines, strategy: strategy, paths: variant.paths, directory: directory)
                    if let difference = Self.difference(reference, other, lines: lines) {
                        Issue.record("""
                            seed \(seed), strategy \(strategy), \(variant.name): \(difference)
                            script:
                            \(lines.joined(separator: "\n"))
                            """)
                        return
                    }
                }
            }
            // The one-row step must be taken: the sessions scroll by one row.
            #expect(scrollsByOne >= Self.sessionsPerShard)
        }
    }

    /// A session's lines, written while a shell (every shortcut on) runs them.
    static func lines(seed: UInt64, strategy: String, directory: URL) -> [String] {
        var generator = SessionGenerator(seed: seed)
        let shell = Interpreter(options: .init(), write: { _ in })
        shell.workingDirectory = directory.path
        try? shell.selectStrategy(strategy)
        var lines = generator.prelude()
        for (index, line) in lines.enumerated() { shell.run(line: line, at: SourceLocation(file: "<random>", line: index + 1)) }
        for _ in 0..<Self.linesPerSession {
            // Mostly scrolls and sets on rows: the shortcuts live there.
            let line: String
            let lists = shell.engine.instances.filter { !$0.isHidden && shell.engine.catalog.components[$0.name]?.isList == true }
            if !lists.isEmpty, generator.chance(35) {
                let list = generator.pick(lists).path.display
                line = "scroll \(list) by \(generator.pick([1, 1, 1, -1, -1, 2, -3]))"
            } else {
                line = generator.line(in: shell.engine)
            }
            lines.append(line)
            shell.run(line: line, at: SourceLocation(file: "<random>", line: lines.count))
        }
        return lines
    }

    /// Every lesson, and feeds that scroll a long way and change rows, under
    /// every strategy: the same bytes and the same state with every shortcut
    /// off as on.
    @Test(arguments: StrategyRegistry.names)
    func lessonsAndFeedsAgreeWithTheGeneralPaths(strategy: String) throws {
        try withTemporaryDirectory(prefix: "reuse-fast-paths") { directory in
            var scripts: [(name: String, lines: [String])] = []
            let sessions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Sessions")
            for file in try FileManager.default.contentsOfDirectory(atPath: sessions.path).sorted() where file.hasSuffix(".reuse") {
                let text = try String(contentsOf: sessions.appendingPathComponent(file), encoding: .utf8)
                // Lessons choose their own strategies; `strategy` lines stay.
                scripts.append((file, Interpreter.lines(of: text).filter { !$0.hasPrefix("compare") && !$0.hasPrefix("export") }))
            }
            scripts.append(("feed", Self.feed))
            scripts += Self.corners
            for script in scripts {
                let reference = Self.run(script.lines, strategy: strategy, paths: .all, directory: directory)
                for variant in [("none", FastPaths.none)] + Self.variants.dropFirst().map({ ($0.name, $0.paths) }) {
                    let other = Self.run(script.lines, strategy: strategy, paths: variant.1, directory: directory)
                    if let difference = Self.difference(reference, other, lines: script.lines) {
                        Issue.record("\(script.name) under \(strategy), \(variant.0): \(difference)")
                        break
                    }
                }
            }
        }
    }

    /// `compare` keeping no events (``FastPaths/eventlessCompare``): every
    /// lesson's and feed's lines that change the session, a `set` session
    /// and a scroll session, replayed under every strategy with events
    /// counted only and with the general path's bounded log: the same rows
    /// (every count, every measure of the state, the line each stopped at).
    @Test func compareWithoutEventsCountsAlike() throws {
        let sessions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sessions")
        var scripts: [(name: String, lines: [String])] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: sessions.path).sorted() where file.hasSuffix(".reuse") {
            scripts.append((file, Interpreter.lines(of: try String(contentsOf: sessions.appendingPathComponent(file), encoding: .utf8))))
        }
        scripts.append(("feed", Self.feed))
        scripts += Self.corners
        scripts.append(("set", ["component Title view UILabel { text: \"title\" }",
                                "component Card view UIView { backgroundColor: white } children Title",
                                "component Screen view UIView children Card Card Card", "mount Screen"]
                               + (0..<60).map { "set Screen/Card[\($0 % 3)] backgroundColor \($0 % 2 == 0 ? "red" : "blue")" }))
        scripts.append(("scroll", ["component Title view UILabel { text: \"row {i}\" }",
                                   "component Row view UIView { backgroundColor: white } children Title",
                                   "list Feed rows 1000 viewport 20 cells Row", "mount Feed"]
                                  + Array(repeating: "scroll Feed by 1", count: 60)))
        let directory = FileManager.default.currentDirectoryPath
        let current = StrategyDescriptor.theodolite.standard
        var eventless = 0
        for script in scripts {
            // The lines that change the session (and those a replay passes over, and comments).
            let lines = script.lines.enumerated().map { ($0.element, SourceLocation(file: script.name, line: $0.offset + 1)) }
                .filter { CompareCommand.keepsNoEvents([$0]) }
            #expect(CompareCommand.keepsNoEvents(lines), "\(script.name)")
            let fast = CompareCommand.replayAll(lines, under: StrategyRegistry.names, current: current, strategies: StrategyRegistry.all,
                                                directory: directory, fastPaths: .all)
            let general = CompareCommand.replayAll(lines, under: StrategyRegistry.names, current: current, strategies: StrategyRegistry.all,
                                                   directory: directory, fastPaths: FastPaths.all.subtracting(.eventlessCompare))
            #expect(fast.count == general.count)
            for (a, b) in zip(fast, general) {
                #expect(a.strategy == b.strategy && a.failure == b.failure && a.statistics == b.statistics,
                        "\(script.name) under \(a.strategy): \(String(describing: a.statistics)) \(a.failure ?? "-") instead of \(String(describing: b.statistics)) \(b.failure ?? "-")")
                if a.failure == nil { eventless += 1 }
            }
        }
        // Most replays run to their end (a lesson's lines without its inspections may stop early).
        #expect(eventless > scripts.count * StrategyRegistry.names.count / 2)
    }

    /// The shortcut is taken only where it may be: a line that reads the
    /// log (an inspection) keeps the events, and a replay with the
    /// shortcut keeps none while it counts them.
    @Test func compareKeepsEventsForInspections() {
        func lines(_ texts: [String]) -> [(line: String, location: ReuseShell.SourceLocation)] {
            texts.enumerated().map { ($0.element, SourceLocation(file: "t", line: $0.offset + 1)) }
        }
        // `strategy` and `undo` are passed over by a replay.
        let changes = ["component A view UILabel { text: hi }", "# a comment", "", "mount A", "set A text bye", "strategy naive", "undo"]
        #expect(CompareCommand.keepsNoEvents(lines(changes)))
        for inspection in ["why v2 text", "log --last 5", "check", "explain on", "stats", "tree", "expect v2 text bye", "nonsense"] {
            #expect(!CompareCommand.keepsNoEvents(lines(changes + [inspection])), "\(inspection)")
        }
        let current = StrategyDescriptor.theodolite.standard
        let directory = FileManager.default.currentDirectoryPath
        for keepsEvents in [false, true] {
            let replay = CompareCommand.Replay(strategy: "theodolite", current: current, strategies: StrategyRegistry.all,
                                               directory: directory, keepsEvents: keepsEvents)
            for (line, location) in lines(changes) { #expect(replay.run(line, at: location)) }
            #expect(replay.child.engine.log.events.isEmpty == !keepsEvents)
            #expect(replay.child.engine.statistics.counts[.created] == 1)
        }
    }

    /// Sessions that reach shortcuts the random sessions rarely reach, each
    /// found by breaking that shortcut on purpose and watching the suite pass.
    static let corners: [(name: String, lines: [String])] = [
        // keptKeys: a row node moved onto the row that has a `set` value
        // (a jump, then one row, then back) must not bring its old cell key.
        ("kept cell key onto a row with a value", [
            "component C view UILabel { text: \"Row {i}\" }", "list L rows 10 viewport 2 cells C", "register L C",
            "component A view UIView children L", "mount A", "set A/L/1 alpha 0.5",
            "scroll A/L by 2", "scroll A/L by 1", "scroll A/L by -3", "pools", "check",
        ]),
        // propertySlots: a property removed from in front of a remembered
        // slot (unapplied while its attribute had an unapplicator).
        ("stale property slot", [
            "attribute score kind number", "attribute foo kind number", "attribute bar kind number",
            "component C view UIView { score: {i}, foo: 7, bar: 9 }", "list L rows 10 viewport 1 cells C", "register L C",
            "component A view UIView children L", "mount A", "scroll A/L by 1", "scroll A/L by 1",
            "attribute score kind number unapply", "scroll A/L by 1", "attribute score kind number",
            "scroll A/L by 1", "scroll A/L by 1", "config v3", "check",
        ]),
        // leafParent: a list host that showed no rows, taken over by a leaf.
        ("empty list host becomes a leaf", [
            "component C view UILabel { text: \"Row {i}\" }", "list L rows 0 viewport 2 cells C", "register L C",
            "component A view UIView children L", "mount A", "component L view UIScrollView", "remount", "tree", "check",
        ]),
        // spareRowNodes: a `set` on a child inside a row, then a scroll of
        // more than one row that moves that row's node to another row.
        ("set value inside a moved row", [
            "component D view UIButton { tap: like }", "component C view UIView { alpha: 1 } children D",
            "list L rows 20 viewport 3 cells C", "register L C", "component A view UIView children L", "mount A",
            "set A/L/1/D tap open", "scroll A/L by 2", "scroll A/L by -2", "check",
        ]),
        // removalFromEnd: lone views taken out of a host whose rows scrolled
        // away and back (Texture keeps every row's node view there, the ones
        // reloaded now far from the end), of two cell types (FlashList's
        // type change), reloaded, replaced and deleted, then the whole list.
        ("lone removals after a scroll both ways", [
            "component Dot view UIView { backgroundColor: red }", "component C view UILabel { text: \"Row {i}\" } children Dot",
            "component Ad view UIImageView { image: \"ad{i}\" }", "list L rows 60 viewport 4 cells C Ad C",
            "register L C", "register L Ad", "component A view UIView children L", "mount A",
        ] + Array(repeating: "scroll A/L by 1", count: 12) + Array(repeating: "scroll A/L by -1", count: 8) + [
            "reload A/L/5", "reload A/L/6 replace", "hide A/L/5/Dot", "reload A/L/5", "show A/L/5/Dot", "scroll A/L by 1",
            "reload A/L/7", "delete A/L at 6 count 2", "scroll A/L by -1", "component C view UILabel { text: \"Item {i}\" }",
            "scroll A/L by 2", "reload A/L", "pools", "check",
        ]),
    ]

    /// A feed of cards with a child, rows of two cell types, a header and
    /// footer, scrolled one row at a time both ways, past its ends, by
    /// jumps, with values set on rows and instances hidden on the way.
    static let feed: [String] = {
        var lines = [
            "attribute swipe adds", "attribute score kind number unapply",
            "component Heart view UIButton { alpha: 1, tap: like }",
            "component Title view UILabel { text: \"Item {i}\" }",
            "component Card view UIView { backgroundColor: white, score: {i} } children Title Heart",
            "component Ad view UIImageView { image: \"ad{i}\" }",
            "component Head view UILabel { text: Top }",
            "list Feed rows 40 viewport 5 cells Card Card Ad header Head footer Head",
            "register Feed Card", "register Feed Ad", "register Feed Head",
            "component Screen view UIView children Feed",
            "mount Screen",
        ]
        for step in 0..<30 { lines.append("scroll Screen/Feed by \(step % 7 == 6 ? -1 : 1)") }
        // The window shows rows 22-26 now.
        lines += ["set Screen/Feed/24/Heart alpha 0.5", "set Screen/Feed/23 swipe archive", "scroll Screen/Feed by 1",
                  "scroll Screen/Feed by -1", "hide Screen/Feed/25/Title", "scroll Screen/Feed by -1", "scroll Screen/Feed by 1",
                  "show Screen/Feed/25/Title", "reload Screen/Feed/24", "reload Screen/Feed/26 payload",
                  "scroll Screen/Feed by 3", "scroll Screen/Feed by -3",
                  "scroll Screen/Feed to 0", "scroll Screen/Feed by -1", "scroll Screen/Feed to 1000", "scroll Screen/Feed by 1",
                  "component Title view UILabel { text: \"Row {i}\" }", "scroll Screen/Feed by -1", "scroll Screen/Feed by -1",
                  "undo", "remount", "scroll Screen/Feed by -2", "tree --pass 3", "check"]
        return lines
    }()
}
