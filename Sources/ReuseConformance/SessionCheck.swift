import Foundation
import ReuseEngine
import ReuseShell

/// What a session must do under any strategy, checked by replaying it:
/// keep every invariant after every line, print the same bytes when run
/// again, answer `tree --pass N` and `pools --pass N` with what it showed
/// right after pass N, and `save` a script that rebuilds the same tree,
/// pools, components and stats.
public struct SessionCheck: Sendable {
    /// The strategy the session starts under.
    public var strategy: String
    /// The strategies the shell knows (the one checked among them).
    public var strategies: [StrategyDescriptor]

    /// Take a checkpoint after every operation and thin them as a large
    /// state's would be, so a short session's past states are rebuilt from
    /// thinned checkpoints (the long-session case).
    public var checkpointsEveryOperation = false

    public init(strategy: String, strategies: [StrategyDescriptor] = StrategyRegistry.all) {
        self.strategy = strategy
        self.strategies = strategies
    }

    /// A fresh, silent shell under ``strategy``, in `directory`.
    public func shell(in directory: URL?, write: @escaping (String) -> Void = { _ in },
                      writeError: ((String) -> Void)? = nil) -> Interpreter {
        let shell = Interpreter(options: .init(width: 80), strategies: strategies, write: write, writeError: writeError)
        if let directory { shell.workingDirectory = directory.path }
        try? shell.selectStrategy(strategy)
        if checkpointsEveryOperation { shell.checkpointAfterEveryOperation() }
        return shell
    }

    /// Runs `lines` in a fresh shell; returns its output and the first
    /// broken invariant, if any. With `pastStates`, it also asks for the
    /// tree and pools after each pass as the pass ends, then for every
    /// such pass again at the end (`tree --pass N --json`, rebuilt from the
    /// history), and reports the first that differs.
    func run(_ lines: [String], directory: URL, pastStates: Bool = false) -> (output: String, failure: String?) {
        var output = ""
        let shell = shell(in: directory) { output += $0 }
        // What each pass showed as it ended, by pass number; an `undo`
        // takes passes back, and a later pass of the same number replaces them.
        var shown: [Int: (line: Int, text: String)] = [:]
        for (index, line) in lines.enumerated() {
            let before = shell.engine.log.currentPass
            shell.run(line: line, at: SourceLocation(file: "<random>", line: index + 1))
            let violations = shell.engine.checkInvariants()
            if !violations.isEmpty {
                return (output, "invariants broken after line \(index + 1) '\(line)' under \(shell.engine.strategy.name): "
                    + violations.prefix(3).map(\.description).joined(separator: "; "))
            }
            let pass = shell.engine.log.currentPass
            if pass < before { shown = shown.filter { $0.key <= pass } }
            if pastStates, pass > before, pass > 0 {
                shown[pass] = (index + 1, shell.answer("tree --json") + shell.answer("pools --json"))
            }
        }
        for pass in shown.keys.sorted() {
            let (line, live) = shown[pass]!
            let asked = shell.answer("tree --pass \(pass) --json") + shell.answer("pools --pass \(pass) --json")
            if asked != live {
                return (output, "a past state differs: pass \(pass) (after line \(line) '\(lines[line - 1])') as shown then "
                    + "and as 'tree/pools --pass \(pass)' rebuilds it:\n" + Self.firstDifference(live, asked))
            }
        }
        return (output, nil)
    }

    /// The state a round trip must rebuild: the strategy, the tree, the
    /// pools, the components and the stats, as JSON (asked past any
    /// `output FILE` the session left on).
    func state(of lines: [String], directory: URL) -> String {
        let shell = shell(in: directory)
        for (index, line) in lines.enumerated() { shell.run(line: line, at: SourceLocation(file: "<random>", line: index + 1)) }
        let current = shell.answer("strategy").split(separator: "\n").first { $0.hasPrefix("*") } ?? ""
        return current + "\n" + ["tree --json", "pools --json", "components --json", "stats --json"].map(shell.answer).joined()
    }

    /// What is wrong with a session, or nil.
    public func failure(of lines: [String]) -> String? {
        guard let directory = try? Self.temporaryDirectory() else { return "no temporary directory" }
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = run(lines, directory: directory, pastStates: true)
        if let failure = first.failure { return failure }
        let second = run(lines, directory: directory, pastStates: true)
        if second.output != first.output { return "not deterministic: a second run printed other bytes" }
        // Round trip: what `save` writes rebuilds the same state.
        guard let script = savedScript(of: lines, directory: directory) else { return "save wrote nothing" }
        let original = state(of: lines, directory: directory)
        let replayed = state(of: Interpreter.lines(of: script), directory: directory)
        if original != replayed {
            return "save/source round trip differs:\n--- saved script\n\(script)--- first difference\n"
                + Self.firstDifference(original, replayed)
        }
        return nil
    }

    /// Drops lines (halves, then quarters, ..., then single lines, the
    /// single lines again until none can go) while the session still fails
    /// the same way (the same kind of failure: ``kind(of:)``); returns a
    /// script no line of which can go.
    public func shrink(_ lines: [String]) -> [String] {
        guard let original = failure(of: lines) else { return lines }
        let wanted = Self.kind(of: original)
        func stillFails(_ candidate: [String]) -> Bool {
            failure(of: candidate).map { Self.kind(of: $0) == wanted } ?? false
        }
        var current = lines
        var chunk = max(1, current.count / 2)
        while chunk >= 1 {
            var start = 0
            var removedAny = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(current.count, start + chunk))
                if stillFails(candidate) {
                    current = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            // Single lines are tried again after any went: a line may be
            // needed only while another is there.
            if chunk == 1 && !removedAny { break }
            chunk = max(1, chunk / 2)
        }
        return current
    }

    /// What kind of failure a message of ``failure(of:)`` reports: its
    /// words up to the first colon (`invariants broken after line 3 ...`
    /// is kept apart from `not deterministic`, `save/source round trip differs`).
    static func kind(of failure: String) -> String {
        let head = failure.prefix { $0 != ":" && $0 != "\n" }
        return head.hasPrefix("invariants broken") ? "invariants broken" : String(head)
    }

    /// A random session of the prelude and `count` lines from `seed`,
    /// each line written for the state the lines before it left
    /// (``SessionGenerator/line(in:)``), under ``strategy``. `ran` hears
    /// of each written line as it ran: whether it succeeded, and the shell
    /// after it; `writeError` gets the shell's error reports.
    public func randomSession(seed: UInt64, lines count: Int, writeError: ((String) -> Void)? = nil,
                              ran: (_ line: String, _ succeeded: Bool, _ shell: Interpreter) -> Void = { _, _, _ in }) -> [String] {
        var generator = SessionGenerator(seed: seed)
        let directory = try? Self.temporaryDirectory()
        defer { if let directory { try? FileManager.default.removeItem(at: directory) } }
        let shell = shell(in: directory, writeError: writeError)
        var lines = generator.prelude()
        for (index, line) in lines.enumerated() { shell.run(line: line, at: SourceLocation(file: "<random>", line: index + 1)) }
        for _ in 0..<count {
            let line = generator.line(in: shell.engine)
            lines.append(line)
            ran(line, shell.run(line: line, at: SourceLocation(file: "<random>", line: lines.count)), shell)
        }
        return lines
    }

    /// The saved script of `lines` (what `save` writes after them), or nil.
    public func savedScript(of lines: [String]) -> String? {
        guard let directory = try? Self.temporaryDirectory() else { return nil }
        defer { try? FileManager.default.removeItem(at: directory) }
        return savedScript(of: lines, directory: directory)
    }

    /// What `save` writes after `lines`, run in `directory`.
    func savedScript(of lines: [String], directory: URL) -> String? {
        _ = run(lines + ["save saved.reuse"], directory: directory)
        return try? String(contentsOf: directory.appendingPathComponent("saved.reuse"), encoding: .utf8)
    }

    /// The state a fresh process must rebuild from a saved script: what
    /// ``state(of:directory:)`` reads after `lines`, in this process.
    public func finalState(of lines: [String]) -> String? {
        guard let directory = try? Self.temporaryDirectory() else { return nil }
        defer { try? FileManager.default.removeItem(at: directory) }
        return state(of: lines, directory: directory)
    }

    static func firstDifference(_ a: String, _ b: String) -> String {
        let index = zip(a, b).prefix { $0 == $1 }.count
        let start = max(0, index - 120)
        return "session: ..." + String(a.dropFirst(start).prefix(240)) + "\nreplay:  ..." + String(b.dropFirst(start).prefix(240))
    }

    /// A new empty directory under the system's temporary directory.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reuse-random-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
