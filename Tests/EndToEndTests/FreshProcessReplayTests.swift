// Issue 39, item 10: a saved random session, replayed by a fresh process of
// the built binary, rebuilds the state the session ended in: the strategy,
// the tree, the pools, the components and the stats. (RandomSessionTests
// replays `save` in the same process; a fresh one shares no static state.)

import Foundation
import ReuseConformance
import ReuseEngine
import Testing
import TestSupport

@Suite struct FreshProcessReplayTests {
    @Test(arguments: StrategyRegistry.names)
    func aSavedRandomSessionRebuildsItsStateInAFreshProcess(strategy: String) throws {
        let check = SessionCheck(strategy: strategy)
        let questions = ["strategy", "tree --json", "pools --json", "components --json", "stats --json"]
        for session in 0..<4 {
            let seed = UInt64(7_000_000 + 1_000 * session) &+ UInt64(strategy.utf8.reduce(0) { $0 &* 31 &+ Int($1) } & 0xFFFF)
            let lines = check.randomSession(seed: seed, lines: 30)
            let script = try #require(check.savedScript(of: lines), "seed \(seed): save wrote nothing")
            let expected = try #require(check.finalState(of: lines))
            try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
                try Data(script.utf8).write(to: directory.appendingPathComponent("saved.reuse"))
                let run = try runShell(["--width", "80", "-q", "saved.reuse"] + questions.flatMap { ["-c", $0] }, directory: directory)
                let printed = run.output.split(separator: "\n")
                let current = printed.first { $0.hasPrefix("*") } ?? ""
                let replayed = current + "\n" + printed.filter { $0.hasPrefix("{") }.map { $0 + "\n" }.joined()
                #expect(replayed == expected, """
                    seed \(seed) under \(strategy): the fresh process rebuilt another state
                    --- saved script
                    \(script)--- session
                    \(expected)--- fresh process
                    \(replayed)
                    """)
            }
        }
    }
}
