import Foundation
import ReuseEngine
import ReuseShell

/// What a session must do under any strategy, checked by replaying it:
/// keep every invariant after every line, print the same bytes when run
/// again, and `save` a script that rebuilds the same tree and pools.
public struct SessionCheck: Sendable {
    /// The strategy the session starts under.
    public var strategy: String
    /// The strategies the shell knows (the one checked among them).
    public var strategies: [StrategyDescriptor]

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
        return shell
    }

    /// Runs `lines` in a fresh shell; returns its output and the first
    /// broken invariant, if any.
    func run(_ lines: [String], directory: URL) -> (output: String, failure: String?) {
        var output = ""
        let shell = shell(in: directory) { output += $0 }
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

    /// The state a round trip must rebuild: the strategy, the tree and the pools, as JSON.
    func state(of lines: [String], directory: URL) -> String {
        var output = ""
        let shell = shell(in: directory) { output += $0 }
        for (index, line) in lines.enumerated() { shell.run(line: line, at: SourceLocation(file: "<random>", line: index + 1)) }
        output = ""
        shell.run(line: "strategy", at: SourceLocation(file: "<state>", line: 1))
        let current = output.split(separator: "\n").first { $0.hasPrefix("*") } ?? ""
        output = ""
        shell.run(line: "tree --json", at: SourceLocation(file: "<state>", line: 2))
        shell.run(line: "pools --json", at: SourceLocation(file: "<state>", line: 3))
        return current + "\n" + output
    }

    /// What is wrong with a session, or nil.
    public func failure(of lines: [String]) -> String? {
        guard let directory = try? Self.temporaryDirectory() else { return "no temporary directory" }
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = run(lines, directory: directory)
        if let failure = first.failure { return failure }
        let second = run(lines, directory: directory)
        if second.output != first.output { return "not deterministic: a second run printed other bytes" }
        // Round trip: what `save` writes rebuilds the same state.
        _ = run(lines + ["save saved.reuse"], directory: directory)
        let saved = directory.appendingPathComponent("saved.reuse")
        guard let script = try? String(contentsOf: saved, encoding: .utf8) else { return "save wrote nothing" }
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
