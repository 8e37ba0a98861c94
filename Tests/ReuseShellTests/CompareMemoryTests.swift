import Foundation
@testable import ReuseEngine
@testable import ReuseShell
import Testing

/// What `compare` keeps (issue 38: 10^6 scroll lines under every strategy
/// in bounded memory): two replays at a time while they hold few views,
/// else one (`CompareCommand.ReplayGate`), each keeping its counts and
/// not the session's past, and Texture's node views found by owner
/// without a look at every view waiting.
@Suite struct CompareMemoryTests {
    /// The scroll session `reuse-bench scale` builds: a 20-row window of a
    /// long list, then `lines` one-row scrolls.
    static func scrollLines(_ lines: Int) -> [(line: String, location: ReuseShell.SourceLocation)] {
        let head = [
            #"component Title view UILabel { text: "row {i}" }"#,
            "component Row view UIView { backgroundColor: white } children Title",
            "list Feed rows 100000000 viewport 20 cells Row",
            "mount Feed",
        ]
        return (head + Array(repeating: "scroll Feed by 1", count: lines)).enumerated().map {
            ($0.element, ReuseShell.SourceLocation(file: "scroll.reuse", line: $0.offset + 1))
        }
    }

    /// A replay after `lines` scroll lines under `strategy`: what it holds.
    static func replayed(_ lines: Int, under strategy: String) -> CompareCommand.Replay {
        let replay = CompareCommand.Replay(strategy: strategy, current: StrategyDescriptor.theodolite.standard,
                                           strategies: StrategyRegistry.all, directory: FileManager.default.currentDirectoryPath)
        for (line, location) in scrollLines(lines) { #expect(replay.run(line, at: location), "\(strategy): \(line)") }
        return replay
    }

    /// Under a strategy that keeps no view per row shown, a replay holds as
    /// much after 400 lines as after 100: the same views, the origin as its
    /// only checkpoint, at most its window of events. (Texture keeps a node
    /// view per row shown and theodolite-2019 a hidden title, as upstream
    /// does: their views grow by design, see the next test.)
    @Test(arguments: ["theodolite", "naive", "recyclerview", "componentkit", "divkit", "valdi-rebind", "iglistkit",
                      "compose", "flashlist", "litho"])
    func aReplayHoldsNoMoreAfterMoreLines(strategy: String) {
        let short = Self.replayed(100, under: strategy), long = Self.replayed(400, under: strategy)
        for replay in [short, long] {
            #expect(replay.child.engine.checkpointCount == 1, "\(strategy): only the origin")
            #expect(replay.child.engine.log.events.count <= CompareCommand.Replay.eventWindow)
        }
        #expect(long.child.engine.views.count == short.child.engine.views.count, "\(strategy): views made")
        #expect(long.child.engine.views.aliveCount == short.child.engine.views.aliveCount)
        #expect(long.child.engine.sessionWeight == short.child.engine.sessionWeight, "\(strategy): the state's weight")
        #expect(long.child.engine.statistics.passes == short.child.engine.statistics.passes + 300)
    }

    /// Texture keeps each row's node view (and its title) for the list's
    /// life, and theodolite-2019 a hidden title per row shown: the views
    /// they hold grow by exactly that, and nothing else does.
    @Test func textureAndTheodolite2019GrowOnlyByTheViewsTheyKeep() {
        for (strategy, perLine) in [("texture", 2), ("theodolite-2019", 1)] {
            let short = Self.replayed(100, under: strategy), long = Self.replayed(400, under: strategy)
            #expect(long.child.engine.views.aliveCount - short.child.engine.views.aliveCount == 300 * perLine, "\(strategy)")
            #expect(long.child.engine.checkpointCount == 1)
        }
    }

    /// `compare` replays one strategy after another, in the order asked,
    /// and its rows are each replay's own totals.
    @Test func replaysRunOneAfterAnotherInOrder() {
        let lines = Self.scrollLines(30)
        let names = ["texture", "theodolite", "recyclerview", "uikit"]
        let rows = CompareCommand.replayAll(lines, under: names, current: StrategyDescriptor.theodolite.standard,
                                            strategies: StrategyRegistry.all, directory: FileManager.default.currentDirectoryPath)
        #expect(rows.map(\.strategy) == names)
        for (row, name) in zip(rows, names) {
            let alone = CompareCommand.replay(lines, under: name, current: StrategyDescriptor.theodolite.standard,
                                              strategies: StrategyRegistry.all, directory: FileManager.default.currentDirectoryPath)
            #expect(row.statistics?.counts == alone.statistics?.counts, "\(name)")
            #expect(row.failure == alone.failure)
        }
        // uikit refuses the mount (no registration): a failure, counted where it stopped.
        #expect(rows[3].failure != nil)
    }

    /// Two replays run side by side; the rows are the names' order and
    /// each replay's own, whatever the view limit (0: every replay but the
    /// oldest waits at its every report, so they end one after another).
    @Test(arguments: [0, 1_000, CompareCommand.ReplayGate.viewLimit])
    func sideBySideReplaysGiveEachItsOwnRow(viewLimit: Int) {
        let lines = Self.scrollLines(2_500)
        let names = ["texture", "theodolite-2019", "theodolite", "litho", "divkit"]
        let directory = FileManager.default.currentDirectoryPath
        let rows = CompareCommand.replayAll(lines, under: names, current: StrategyDescriptor.theodolite.standard,
                                            strategies: StrategyRegistry.all, directory: directory, viewLimit: viewLimit)
        #expect(rows.map(\.strategy) == names)
        for (row, name) in zip(rows, names) {
            let alone = CompareCommand.replay(lines, under: name, current: StrategyDescriptor.theodolite.standard,
                                              strategies: StrategyRegistry.all, directory: directory)
            #expect(row.statistics == alone.statistics, "\(name)")
            #expect(row.failure == alone.failure)
        }
    }

    /// The gate holds back every replay but the oldest running while they
    /// hold more than its limit between them, and none below it.
    @Test func theGateHoldsBackAllButTheOldestOverItsLimit() {
        let gate = CompareCommand.ReplayGate(viewLimit: 100)
        gate.start(3)
        gate.start(5)
        #expect(!gate.mustWait(3) && !gate.mustWait(5))
        gate.report(3, views: 60)
        #expect(!gate.mustWait(5))
        gate.report(3, views: 101)
        #expect(!gate.mustWait(3), "the oldest never waits")
        #expect(gate.mustWait(5))
        gate.finish(3)
        #expect(!gate.mustWait(5), "alone, it goes on")
        gate.start(6)
        gate.report(5, views: 400)
        #expect(gate.mustWait(6) && !gate.mustWait(5))
    }

    /// A Texture session that scrolls both ways, jumps, reloads rows and
    /// the list, and inserts and deletes items (owners that follow their
    /// items): with ``FastPaths/waitingByOwner`` on and off, the same output
    /// after every line, a clean invariant check (which holds the owner
    /// index to the waiting stack) and the same views.
    @Test func textureFindsItsNodeViewsByOwnerAsTheSearchDoes() throws {
        let script = """
            component Title view UILabel { text: "row {i}" }
            component Row view UIView { backgroundColor: white } children Title
            list Feed rows 200 viewport 5 cells Row
            mount Feed
            """.split(separator: "\n").map(String.init)
            + Array(repeating: "scroll Feed by 1", count: 12) + Array(repeating: "scroll Feed by -1", count: 7)
            + ["scroll Feed to 40", "scroll Feed to 6", "reload Feed/7", "set Feed/8/Title text hello", "scroll Feed by 9",
               "scroll Feed by -9", "insert Feed at 2 count 3", "scroll Feed by -3", "scroll Feed by 4",
               "scroll Feed by -6", "delete Feed at 1 count 2", "scroll Feed by 3", "reload Feed", "scroll Feed by 2",
               "scroll Feed by -2", "undo 3", "scroll Feed by -1"]
        func run(_ paths: FastPaths) -> (outputs: [String], views: [String], indexed: Bool) {
            var output = ""
            let shell = Interpreter(options: .init(width: 80), write: { output += $0 }, writeError: { output += $0 })
            shell.fastPaths = paths
            try? shell.selectStrategy("texture")
            var outputs: [String] = []
            for (index, line) in script.enumerated() {
                output = ""
                shell.run(line: line, at: ReuseShell.SourceLocation(file: "<texture>", line: index + 1))
                outputs.append(output + shell.engine.checkInvariants().map(\.description).joined(separator: "; "))
            }
            let views = shell.engine.views.all.map {
                "\($0.id) hidden \($0.isHidden) removed \($0.isRemoved) owner \($0.owner?.description ?? "-") super \($0.superview?.description ?? "-")"
            }
            let indexed = shell.engine.views.all.contains { view in view.pools.contains { $0.value.waitingByOwner != nil } }
            return (outputs, views, indexed)
        }
        let fast = run(.all)
        #expect(fast.outputs.allSatisfy { !$0.contains("BROKEN") && !$0.contains("owner index") }, "\(fast.outputs)")
        #expect(fast.indexed, "the row dequeues asked the index")
        guard FastPaths.areSwitchable else { return }
        let plain = run(FastPaths.all.subtracting(.waitingByOwner))
        #expect(!plain.indexed)
        #expect(fast.outputs == plain.outputs)
        #expect(fast.views == plain.views)
    }
}
