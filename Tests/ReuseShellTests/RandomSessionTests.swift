import Foundation
import ReuseEngine
import ReuseConformance
import ReuseShell
import Testing

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
/// The generator and the checks are the conformance kit's
/// (``SessionGenerator``, ``SessionCheck``), which any strategy can run.
@Suite struct RandomSessionTests {
    static let shards = 8
    static let sessionsPerShard = ProcessInfo.processInfo.environment["REUSE_RANDOM_SESSIONS"].flatMap(Int.init) ?? 150
    static let linesPerSession = 24

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
            let strategy = strategies[(shard + session) % strategies.count]
            let check = SessionCheck(strategy: strategy)
            // The lines depend on the state, so they are written while a shell runs them.
            var lastError = ""
            var sessionPasses = 0
            let lines = check.randomSession(seed: seed, lines: Self.linesPerSession,
                                            writeError: { lastError = $0.split(separator: "\n").first.map(String.init) ?? "" }) { line, succeeded, shell in
                linesRun += 1
                sessionPasses = shell.engine.log.currentPass
                if succeeded {
                    linesAccepted += 1
                } else {
                    refused[String(line.prefix { $0 != " " }), default: 0] += 1
                    if ProcessInfo.processInfo.environment["REUSE_RANDOM_DEBUG"] != nil { print("REFUSED \(strategy): \(line) -> \(lastError)") }
                }
            }
            passes += sessionPasses
            if let failure = check.failure(of: lines) {
                Self.record(failure, of: lines, check: check, "random session (seed \(seed), strategy \(strategy))")
                return
            }
        }
    }

    /// Records a failing session, shrunk to a script no line of which can go.
    static func record(_ failure: String, of lines: [String], check: SessionCheck, _ session: String) {
        let minimal = check.shrink(lines)
        Issue.record("""
            \(session) failed: \(failure)
            minimal script (\(minimal.count) of \(lines.count) lines), with --strategy \(check.strategy):
            \(minimal.joined(separator: "\n"))
            shrunk failure: \(check.failure(of: minimal) ?? "?")
            """)
    }

    /// The long-session case (issue 39): sessions whose checkpoints thin
    /// out (one after every operation, weighed with no floor), so past
    /// states are rebuilt from far back; every `tree --pass N` and `pools
    /// --pass N` must still answer what pass N showed.
    @Test(arguments: ["theodolite", "recyclerview", "uikit", "compose", "litho"])
    func pastStatesOfALongSessionSurviveThinnedCheckpoints(strategy: String) throws {
        var check = SessionCheck(strategy: strategy)
        check.checkpointsEveryOperation = true
        for session in 0..<2 {
            let seed = UInt64(9_000_000 + session) &+ UInt64(strategy.utf8.count)
            let lines = check.randomSession(seed: seed, lines: 200)
            if let failure = check.failure(of: lines) {
                Self.record(failure, of: lines, check: check, "long session (seed \(seed), strategy \(strategy))")
            }
        }
    }
}
