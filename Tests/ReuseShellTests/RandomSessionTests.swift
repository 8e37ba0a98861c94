import Foundation
import ReuseEngine
import ReuseShell
import Testing
import TestSupport

/// Grammar-aware random sessions through the interpreter, under every
/// strategy. Each session must:
/// - keep every invariant after every line (the checker is the oracle);
/// - print the same bytes when run again (determinism);
/// - `save` a script that, sourced in a fresh shell, rebuilds the same tree
///   and pools (save/source round trip).
///
/// A failing session is shrunk to a minimal script (lines dropped while it
/// still fails), which the failure prints. `REUSE_RANDOM_SESSIONS=N` runs N
/// sessions per shard instead of the default (CI runs 8 x 150 = 1,200).
@Suite struct RandomSessionTests {
    static let shards = 8
    static let sessionsPerShard = ProcessInfo.processInfo.environment["REUSE_RANDOM_SESSIONS"].flatMap(Int.init) ?? 150
    static let linesPerSession = 24

    // MARK: Generating

    /// Writes one random line, looking at the live state for paths and views
    /// most of the time (so commands mostly succeed) and sometimes not.
    struct Generator {
        var random: SplitMix

        static let components = ["A", "B", "C", "D"]
        static let lists = ["L", "M"]
        static let classes = ["UIView", "UIView", "UILabel", "UIImageView", "UIButton"]
        static let values: [(attribute: String, values: [String], classes: [String]?)] = [
            ("backgroundColor", ["red", "blue", "white"], nil),
            ("alpha", ["0.5", "1"], nil),
            ("tap", ["open", "like"], nil),
            ("swipe", ["archive", "delete"], nil),
            ("score", ["1", "2", "{i}"], nil),
            ("text", ["\"Hi\"", "\"Row {i}\""], ["UILabel"]),
            ("image", ["photo", "\"p{i}\""], ["UIImageView"]),
            ("title", ["Go", "Stop"], ["UIButton"]),
        ]

        mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

        /// The opening lines: the declared attributes and one definition of each name.
        mutating func prelude() -> [String] {
            var lines = ["attribute swipe adds", "attribute score kind number unapply"]
            for name in Self.components.reversed() { lines.append(component(name)) }
            lines.append(list("L"))
            lines.append(list("M"))
            for list in Self.lists { for cell in ["C", "D"] { lines.append("register \(list) \(cell)") } }
            lines.append("register L M")
            lines.append("mount A")
            return lines
        }

        mutating func component(_ name: String) -> String {
            // Cells (C, D) always have a view; A and B are sometimes viewless.
            let viewClass = name < "C" && chance(20) ? nil : pick(Self.classes)
            var line = "component \(name)"
            if let viewClass {
                line += " view \(viewClass)"
                let attributes = Self.values.filter { $0.classes?.contains(viewClass) ?? true }.filter { _ in chance(35) }
                if !attributes.isEmpty {
                    var written: [String] = []
                    for attribute in attributes { written.append("\(attribute.attribute): \(pick(attribute.values))") }
                    line += " { " + written.joined(separator: ", ") + " }"
                }
            }
            // Children only from later names (lists under A and B: their cells
            // are C and D), so most definitions are acyclic; a few are not
            // (a component among its own children), and are refused.
            let later = Array(Self.components.drop { $0 != name }.dropFirst()) + (name == "A" || name == "B" ? Self.lists : [])
            let count = later.isEmpty ? 0 : Int.random(in: 0...3, using: &random)
            let children = (0..<count).map { _ in pick(later) } + (chance(3) ? [name] : [])
            if !children.isEmpty { line += " children " + children.joined(separator: " ") }
            return line
        }

        mutating func list(_ name: String) -> String {
            // L may have M as a cell: a list inside a list (a feed of carousels).
            let cells = (0..<Int.random(in: 1...2, using: &random)).map { _ in pick(name == "L" ? ["C", "D", "D", "M"] : ["C", "D", "D"]) }
            var line = "list \(name) rows \(pick([0, 1, 3, 10, 1000])) viewport \(Int.random(in: 1...4, using: &random)) cells "
                + cells.joined(separator: " ")
            if chance(25) { line += " header \(pick(["C", "D"]))" }
            if chance(25) { line += " footer \(pick(["C", "D"]))" }
            if chance(20) { line += " saves offset" }
            return line
        }

        mutating func line(in engine: Engine) -> String {
            let live = engine.instances.filter { !$0.isHidden }
            let paths = live.map(\.path.display)
            let withViews = live.filter { $0.view != nil }
            let lists = live.filter { engine.catalog.components[$0.name]?.isList == true }.map(\.path.display)
            let views = engine.views.all.map(\.id.description)
            if engine.mounted.isEmpty, chance(80) { return "mount " + pick(["A", "B", "A L"]) }
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<10: return component(pick(Self.components))
            case 10..<14: return list(pick(Self.lists))
            case 14..<24: return "mount " + (0..<Int.random(in: 1...3, using: &random)).map { _ in pick(["A", "A", "B", "C", "D", "L", "M"]) }.joined(separator: " ")
            case 24..<28: return "remount"
            case 28..<34: return paths.isEmpty ? "hide A" : "hide \(pick(paths))"
            case 34..<38:
                let hidden = engine.instances.filter(\.isHidden).map(\.path.display)
                return hidden.isEmpty ? "show A" : "show \(pick(hidden))"
            case 38..<50:
                guard !withViews.isEmpty else { return "set A alpha 0.5" }
                let node = pick(withViews)
                let viewClass = engine.catalog.components[node.name]?.view?.viewClass ?? "UIView"
                let attribute = pick(Self.values.filter { $0.classes?.contains(viewClass) ?? true })
                return "set \(node.path.display) \(attribute.attribute) \(pick(attribute.values))"
            case 50..<62:
                let list = lists.isEmpty ? "L" : pick(lists)
                return chance(70) ? "scroll \(list) by \(Int.random(in: -4...4, using: &random))" : "scroll \(list) to \(Int.random(in: 0...1200, using: &random))"
            case 62..<65:
                let rows = paths.filter { $0.contains("/") && $0.split(separator: "/").contains { Int($0) != nil } }
                // A whole list now and then (reloadData, notifyDataSetChanged).
                if !lists.isEmpty, chance(30) { return "reload \(pick(lists))" }
                return rows.isEmpty ? "reload L/0" : "reload \(pick(rows))" + pick(["", " payload", " replace"])
            case 65..<68: return "wait"
            case 68..<74: return "strategy \(pick(StrategyRegistry.names))"
            case 74..<77:
                let cell = pick(["C", "D"])
                return chance(70) ? "register \(pick(Self.lists)) \(cell)" : "register \(pick(Self.lists)) \(cell) as X"
            case 77..<79: return "prepare \(pick(["C", "D"])) resets " + pick(["tap", "swipe", "score", "alpha"]) + (chance(50) ? " cancels loads" : "")
            case 79..<81: return "attribute score kind \(pick(["number", "text"]))" + (chance(50) ? " unapply" : "")
            case 81..<83: return "undo" + (chance(50) ? "" : " 2")
            case 83..<85: return pick(["tree", "pools", "components", "stats", "log --last 3", "diff", "check", "log keep 7", "log keep all"])
            case 85..<88: return "config \(views.isEmpty ? "v1" : pick(views))"
            case 88..<90:
                guard !withViews.isEmpty else { return "why A alpha" }
                return "why \(pick(withViews).path.display) \(pick(["alpha", "tap", "backgroundColor"]))"
            case 90..<92: return "tap \(views.isEmpty ? "v2" : pick(views))"
            case 92..<94: return "tree --pass \(Int.random(in: 1...max(1, engine.log.currentPass), using: &random)) --json"
            default: return pick(["mount Nope", "set A/Nope alpha 1", "scroll A by 1", "hide v999", "list L rows -1 viewport 0 cells C", "show Zed"])
            }
        }
    }

    // MARK: Checking

    /// Runs `lines` in a fresh shell; returns its output and the first
    /// broken invariant, if any.
    static func run(_ lines: [String], directory: URL, strategy: String) -> (output: String, failure: String?) {
        var output = ""
        let shell = Interpreter(options: .init(width: 80)) { output += $0 }
        shell.workingDirectory = directory.path
        try? shell.selectStrategy(strategy)
        for (index, line) in lines.enumerated() {
            shell.run(line: line, at: SourceLocation(file: "<random>", line: index + 1))
            let violations = shell.engine.checkInvariants()
            if !violations.isEmpty {
                return (output, "invariants broken after line \(index + 1) '\(line)' under \(shell.engine.strategy.name): "
                    + violations.prefix(3).map(\.description).joined(separator: "; "))
            }
        }
        return (output, nil)
    }

    /// The state a round trip must rebuild: the tree and the pools, as JSON.
    static func state(of lines: [String], directory: URL, strategy: String) -> String {
        var output = ""
        let shell = Interpreter(options: .init()) { output += $0 }
        shell.workingDirectory = directory.path
        try? shell.selectStrategy(strategy)
        for (index, line) in lines.enumerated() { shell.run(line: line, at: SourceLocation(file: "<random>", line: index + 1)) }
        output = ""
        shell.run(line: "strategy", at: SourceLocation(file: "<state>", line: 1))
        let current = output.split(separator: "\n").first { $0.hasPrefix("*") } ?? ""
        output = ""
        shell.run(line: "tree --json", at: SourceLocation(file: "<state>", line: 2))
        shell.run(line: "pools --json", at: SourceLocation(file: "<state>", line: 3))
        return current + "\n" + output
    }

    /// What is wrong with a session, or `nil`.
    static func failure(of lines: [String], strategy: String) -> String? {
        guard let directory = try? temporaryDirectory() else { return "no temporary directory" }
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = run(lines, directory: directory, strategy: strategy)
        if let failure = first.failure { return failure }
        let second = run(lines, directory: directory, strategy: strategy)
        if second.output != first.output { return "not deterministic: a second run printed other bytes" }
        // Round trip: what `save` writes rebuilds the same state.
        _ = run(lines + ["save saved.reuse"], directory: directory, strategy: strategy)
        let saved = directory.appendingPathComponent("saved.reuse")
        guard let script = try? String(contentsOf: saved, encoding: .utf8) else {
            return "save wrote nothing"
        }
        let original = state(of: lines, directory: directory, strategy: strategy)
        let replayed = state(of: Interpreter.lines(of: script), directory: directory, strategy: strategy)
        if original != replayed {
            return "save/source round trip differs:\n--- saved script\n\(script)--- first difference\n"
                + firstDifference(original, replayed)
        }
        return nil
    }

    static func firstDifference(_ a: String, _ b: String) -> String {
        let index = zip(a, b).prefix { $0 == $1 }.count
        let start = max(0, index - 120)
        return "session: ..." + String(a.dropFirst(start).prefix(240)) + "\nreplay:  ..." + String(b.dropFirst(start).prefix(240))
    }

    /// Drops lines (halves, then quarters, ..., then single lines) while the
    /// session still fails; returns a script no line of which can go.
    static func shrink(_ lines: [String], strategy: String) -> [String] {
        var current = lines
        var chunk = max(1, current.count / 2)
        while chunk >= 1 {
            var start = 0
            var removedAny = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(current.count, start + chunk))
                if failure(of: candidate, strategy: strategy) != nil {
                    current = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny || chunk == 1 { chunk /= 2 } else { chunk = max(1, chunk / 2) }
        }
        return current
    }

    @Test(arguments: 0..<shards)
    func randomSessionsKeepInvariantsReplayAndRoundTrip(shard: Int) {
        let strategies = StrategyRegistry.names
        var (linesRun, linesAccepted, passes) = (0, 0, 0)
        var refused: [String: Int] = [:]
        defer {
            // The sessions must mostly do something: a generator whose lines
            // all fail would test nothing.
            #expect(linesAccepted * 10 >= linesRun * 6, "shard \(shard): only \(linesAccepted) of \(linesRun) lines succeeded; refused: \(refused.sorted { $0.value > $1.value }.prefix(8))")
            #expect(passes >= Self.sessionsPerShard * 8, "shard \(shard): only \(passes) passes")
        }
        for session in 0..<Self.sessionsPerShard {
            let seed = UInt64(shard * 1_000_003 + session)
            var generator = Generator(random: SplitMix(state: seed))
            let strategy = strategies[(shard + session) % strategies.count]
            // The lines depend on the state, so they are written while a shell runs them.
            var lastError = ""
            let shell = Interpreter(options: .init(), write: { _ in }, writeError: { lastError = $0.split(separator: "\n").first.map(String.init) ?? "" })
            if let directory = try? temporaryDirectory() { shell.workingDirectory = directory.path }
            try? shell.selectStrategy(strategy)
            var lines = generator.prelude()
            for (index, line) in lines.enumerated() { shell.run(line: line, at: SourceLocation(file: "<random>", line: index + 1)) }
            for _ in 0..<Self.linesPerSession {
                let line = generator.line(in: shell.engine)
                lines.append(line)
                linesRun += 1
                if shell.run(line: line, at: SourceLocation(file: "<random>", line: lines.count)) {
                    linesAccepted += 1
                } else {
                    refused[String(line.prefix { $0 != " " }), default: 0] += 1
                    if ProcessInfo.processInfo.environment["REUSE_RANDOM_DEBUG"] != nil { print("REFUSED \(strategy): \(line) -> \(lastError)") }
                }
            }
            passes += shell.engine.log.currentPass
            if let failure = Self.failure(of: lines, strategy: strategy) {
                let minimal = Self.shrink(lines, strategy: strategy)
                Issue.record("""
                    random session (seed \(seed), strategy \(strategy)) failed: \(failure)
                    minimal script (\(minimal.count) of \(lines.count) lines), with --strategy \(strategy):
                    \(minimal.joined(separator: "\n"))
                    shrunk failure: \(Self.failure(of: minimal, strategy: strategy) ?? "?")
                    """)
                return
            }
        }
    }
}

/// A new empty directory under the system's temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("reuse-random-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
