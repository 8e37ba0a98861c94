import Testing
@testable import ReuseEngine

/// The history rebuilds any past state exactly, and rewinding equals never
/// having run the operations taken back (state, log, ids, what comes next).
@Suite struct HistoryTests {
    /// The state in brief, without the log (a past state's log is detached).
    static func state(_ engine: Engine) -> String {
        var text = summary(engine).split(separator: "\n").dropLast().joined(separator: "\n")
        for view in engine.views.all {
            text += "\n\(view.id) sources \(view.properties.keys.map { "\($0)=\(view.sources[$0] ?? [])" }) loads \(engine.views.loads(on: view.id))"
        }
        return text + "\npass \(engine.log.currentPass)"
    }

    /// The fuzz catalog, with checkpoints taken often so that replays start
    /// from many of them.
    static func harness() throws -> Harness {
        var h = try FuzzTests.catalog()
        h.thorough = false
        h.engine.history.spacing = 16...256
        h.engine.history.workPerUnitCopied = 0
        // Chunks of two views: checkpoints share the views a short session leaves alone.
        h.engine.history.viewsPerChunk = 2
        return h
    }

    /// Runs `steps` random steps from `seed`, the history's invariants
    /// checked after each; returns the state after each pass, taken live.
    static func liveStates(_ h: inout Harness, steps: Int, seed: UInt64) -> [Int: String] {
        var random = SplitMix(state: seed)
        var live: [Int: String] = [:]
        for _ in 0..<steps {
            let before = h.engine.log.currentPass
            FuzzTests.step(&h, &random)
            if h.engine.log.currentPass > before { live[h.engine.log.currentPass] = state(h.engine) }
            #expect(h.engine.history.invariantsHold)
        }
        return live
    }

    /// Every pass of `live` rebuilt from the history equals its live state.
    static func expectRebuilt(_ live: [Int: String], by engine: Engine) throws {
        for pass in live.keys.sorted() {
            let past = try #require(engine.state(afterPass: pass))
            #expect(state(past) == live[pass], "pass \(pass) rebuilt differs")
        }
    }

    /// A checkpoint after every operation: past the limit they thin out
    /// evenly over the whole session (issue 38: no stretch of the past is
    /// left without them), and every past state still rebuilds exactly.
    @Test func pastStatesSurviveThinnedCheckpoints() throws {
        var h = try Self.harness()
        h.engine.history.spacing = 1...1
        h.engine.history.workPerUnitCopied = 0
        let live = Self.liveStates(&h, steps: 500, seed: 31)
        let operations = h.engine.history.checkpoints.map(\.operations)
        #expect(operations.first == 0 && operations == operations.sorted())
        #expect(h.engine.history.stride >= 4, "enough operations to thin more than once")
        // Evenly spread: no gap between neighbours is wider than the stride.
        let ordinals = h.engine.history.checkpoints.map(\.ordinal)
        #expect(zip(ordinals, ordinals.dropFirst()).allSatisfy { $1 - $0 <= h.engine.history.stride })
        try Self.expectRebuilt(live, by: h.engine)
    }

    /// Issue 39, item 8: the checkpoints weigh at most a fixed multiple of
    /// the present state, whatever the session does, thinning as they must;
    /// every past state still rebuilds exactly.
    @Test func checkpointsWeighWithinAMultipleOfTheState() throws {
        var h = try Self.harness()
        h.engine.checkpointAfterEveryOperation()
        var random = SplitMix(state: 41)
        var live: [Int: String] = [:]
        var thinned = false
        for _ in 0..<400 {
            let before = h.engine.log.currentPass
            FuzzTests.step(&h, &random)
            if h.engine.log.currentPass > before { live[h.engine.log.currentPass] = Self.state(h.engine) }
            let history = h.engine.history
            #expect(history.invariantsHold)
            // The present state's weight (a checkpoint that shares views weighs only what it does not share).
            #expect(history.checkpoints.count <= 2 || history.checkpointWeight <= History.weightMultiple * h.engine.sessionWeight)
            thinned = thinned || history.stride > 1
        }
        #expect(thinned, "the budget never thinned the checkpoints")
        for pass in live.keys.sorted() {
            let past = try #require(h.engine.state(afterPass: pass))
            #expect(Self.state(past) == live[pass], "pass \(pass) rebuilt differs")
        }
    }

    /// A random session long enough to take many checkpoints; after it, every
    /// pass's state rebuilt from the history equals the copy taken live.
    @Test(arguments: [21, 22, 23] as [UInt64])
    func everyPastStateEqualsTheLiveOne(seed: UInt64) throws {
        var h = try Self.harness()
        var random = SplitMix(state: seed)
        var live: [Int: String] = [:]
        for _ in 0..<400 {
            let before = h.engine.log.currentPass
            FuzzTests.step(&h, &random)
            if h.engine.log.currentPass > before { live[h.engine.log.currentPass] = Self.state(h.engine) }
        }
        #expect(h.engine.history.checkpoints.count > 3, "seed \(seed): too few checkpoints to test replay from them")
        for pass in live.keys.sorted() {
            let past = try #require(h.engine.state(afterPass: pass))
            #expect(Self.state(past) == live[pass], "seed \(seed): pass \(pass) rebuilt differs")
        }
        #expect(h.engine.state(afterPass: 0) == nil)
        #expect(h.engine.state(afterPass: h.engine.log.currentPass + 1) == nil)
    }

    /// Rewinding to any point equals the engine that stopped there, and the
    /// same operations afterwards give the same results on both.
    @Test(arguments: [31, 32, 33] as [UInt64])
    func rewindingEqualsNeverHavingRun(seed: UInt64) throws {
        var h = try Self.harness()
        var random = SplitMix(state: seed)
        var copies: [Engine] = []
        for _ in 0..<300 {
            FuzzTests.step(&h, &random)
            copies.append(h.engine)
        }
        for index in stride(from: 3, to: copies.count, by: 37) {
            let stopped = copies[index]
            var rewound = h.engine
            rewound.rewind(toOperations: stopped.operationCount)
            #expect(Self.state(rewound) == Self.state(stopped), "seed \(seed): rewind to step \(index)")
            #expect(rewound.log.events == stopped.log.events)
            #expect(rewound.log.passes == stopped.log.passes)
            #expect(rewound.log.totals == stopped.log.totals)
            #expect(rewound.operationCount == stopped.operationCount)
            // What comes next is the same too (ids, sequence numbers, checkpoints).
            var a = Harness(engine: rewound, thorough: false)
            var b = Harness(engine: stopped, thorough: false)
            var randomA = SplitMix(state: seed &+ UInt64(index))
            var randomB = randomA
            for _ in 0..<40 {
                FuzzTests.step(&a, &randomA)
                FuzzTests.step(&b, &randomB)
            }
            #expect(Self.state(a.engine) == Self.state(b.engine), "seed \(seed): after rewinding to step \(index)")
            #expect(a.engine.log.events == b.engine.log.events)
        }
    }

    /// A strategy switch is one more pass: the old views are removed in it,
    /// and the state before it stays reachable.
    @Test func aStrategySwitchKeepsHistory() throws {
        var h = Harness()
        try h.component("Foo", view: "UIView", [("backgroundColor", "red")])
        try h.mount("Foo")
        let switched = try #require(try h.strategy("naive"))
        #expect(switched.pass == 2)
        let before = try #require(h.engine.state(afterPass: 1))
        #expect(before.strategy.name == "theodolite")
        #expect(before.views.visibility(of: v(2)) == .visible)
        #expect(h.engine.views.visibility(of: v(2)) == .removed)
        #expect(h.engine.views.visibility(of: v(3)) == .visible)
    }
}

extension HistoryTests {
    /// The journal stays small: an entry is four words as stored, and an
    /// operation a few (large operations are boxed).
    @Test func journalEntriesAreSmall() {
        #expect(MemoryLayout<Operation>.size <= 32)
        #expect(History.Journal.storedStride == 20)
    }

    /// Issue 38: the journal stores the low halves of event and sequence
    /// numbers and where their high halves change; entries read back as
    /// appended past 2^32 and 2^33 (a long session under `log keep`), and
    /// after the journal is cut back and goes on.
    @Test func journalNumbersPastThirtyTwoBits() throws {
        var h = Harness()
        h.thorough = false
        try h.component("Row", view: "UIView", [("backgroundColor", "white")])
        try h.mount("Row")
        let operation = try #require(h.engine.history.entries.last).operation
        let start = (1 << 32) - 3
        func entry(_ step: Int) -> History.Entry {
            // Events grow faster than sequence numbers, so their halves change at different entries.
            History.Entry(operation: operation, before: EventLog.Mark(passes: step, events: start + 2 * step, seq: start + step),
                          passesAfter: step + 1)
        }
        var journal = History.Journal()
        for step in 0..<(1 << 4) { journal.append(entry(step)) }
        journal.append(History.Entry(operation: operation, before: EventLog.Mark(passes: 16, events: 3 << 32, seq: 1 << 33),
                                     passesAfter: 17))
        func check(_ count: Int) {
            #expect(journal.count == count)
            for step in 0..<min(count, 16) {
                #expect(journal[step].before == entry(step).before, "entry \(step)")
                #expect(journal[step].passesAfter == step + 1)
            }
        }
        check(17)
        #expect(journal[16].before.events == 3 << 32 && journal[16].before.seq == 1 << 33)
        journal.removeAll(from: 4)
        check(4)
        for step in 4..<16 { journal.append(entry(step)) }
        check(16)
        journal.removeAll(from: 0)
        journal.append(entry(0))
        check(1)
    }

    /// Each scroll journals the list and motion that ran, whether it
    /// repeats the last operation stored (`Journal.appendScroll`, which
    /// makes no operation then), repeats an earlier one, or is new; the
    /// same list with another motion and another list with the same motion
    /// are new operations.
    @Test func eachScrollJournalsItsListAndMotion() throws {
        var h = Harness()
        h.thorough = false
        try h.component("Title", view: "UILabel", [("text", "row {i}")])
        try h.component("Row", view: "UIView", [("backgroundColor", "white")], children: ["Title"])
        try h.list("Feed", rows: 1_000, viewport: 5, cells: ["Row"])
        try h.list("Side", rows: 1_000, viewport: 3, cells: ["Row"])
        try h.mount("Feed", "Side")
        let setup = (operations: h.engine.operationCount, stored: h.engine.history.entries.storedOperations)
        let runs: [(list: String, motion: ScrollMotion)] = [
            ("Feed", .by(1)), ("Feed", .by(1)), ("Side", .by(1)), ("Feed", .by(2)), ("Feed", .by(2)),
            ("Feed", .to(3)), ("Side", .to(3)), ("Feed", .by(1)),
        ]
        for run in runs {
            switch run.motion {
            case .by(let delta): try h.scroll(run.list, by: delta)
            case .to(let target): try h.scroll(run.list, to: target)
            }
        }
        #expect(h.engine.operationCount == setup.operations + runs.count)
        for (offset, run) in runs.enumerated() {
            let operation = h.engine.history.entries[setup.operations + offset].operation
            guard case .scroll(let path, let motion) = operation else {
                Issue.record("entry \(offset) is not a scroll")
                continue
            }
            #expect(path == Harness.path(run.list) && motion == run.motion, "entry \(offset)")
        }
        // New: Feed by 1, Side by 1, Feed by 2, Feed to 3, Side to 3.
        #expect(h.engine.history.entries.storedOperations == setup.stored + 5)
    }

    /// A run of equal operations stores one; rewinding into the middle of
    /// a run and going on with another operation equals never having run
    /// the rest, and every past state still rebuilds.
    @Test func aRunOfEqualOperationsIsStoredOnce() throws {
        func feed() throws -> Harness {
            var h = Harness()
            h.thorough = false
            h.engine.history.spacing = 64...64
            h.engine.history.workPerUnitCopied = 0
            try h.component("Title", view: "UILabel", [("text", "row {i}")])
            try h.component("Row", view: "UIView", [("backgroundColor", "white")], children: ["Title"])
            try h.list("Feed", rows: 1_000, viewport: 5, cells: ["Row"])
            try h.mount("Feed")
            return h
        }
        var h = try feed()
        let setup = h.engine.history.entries.storedOperations
        var live: [Int: String] = [:]
        for _ in 0..<100 {
            let pass = try h.scroll("Feed", by: 1).pass
            live[pass] = Self.state(h.engine)
        }
        #expect(h.engine.history.entries.storedOperations == setup + 1)
        for pass in live.keys.sorted() where pass % 7 == 0 {
            #expect(Self.state(try #require(h.engine.state(afterPass: pass))) == live[pass], "pass \(pass)")
        }
        h.engine.rewind(toOperations: h.engine.operationCount - 60)
        for _ in 0..<3 { _ = try h.scroll("Feed", by: 2) }
        var fresh = try feed()
        for _ in 0..<40 { _ = try fresh.scroll("Feed", by: 1) }
        for _ in 0..<3 { _ = try fresh.scroll("Feed", by: 2) }
        #expect(Self.state(h.engine) == Self.state(fresh.engine))
        #expect(Array(h.engine.log.events) == Array(fresh.engine.log.events))
        #expect(h.engine.history.entries.storedOperations == setup + 2)
        let past = try #require(h.engine.state(afterPass: h.engine.log.currentPass - 4))
        let freshPast = try #require(fresh.engine.state(afterPass: fresh.engine.log.currentPass - 4))
        #expect(Self.state(past) == Self.state(freshPast))
        // A past state counts on from its checkpoint but keeps no events:
        // they are the live log's.
        #expect(past.log.events.isEmpty && past.log.currentPass == h.engine.log.currentPass - 4)
    }

    /// Issue 38: cutting the log back restores its totals from the nearest
    /// snapshot (one per ``EventLog/totalsStride`` passes) and the passes
    /// after it; the totals equal those of the session that stopped there,
    /// on both sides of a snapshot, and stay right as the session goes on.
    @Test func undoingRestoresTheTotalsFromTheNearestSnapshot() throws {
        var h = Harness()
        h.thorough = false
        try h.component("Title", view: "UILabel", [("text", "row {i}")])
        try h.component("Row", view: "UIView", [("backgroundColor", "white")], children: ["Title"])
        try h.list("Feed", rows: 100_000, viewport: 5, cells: ["Row"])
        try h.mount("Feed")
        let stride = EventLog.totalsStride
        let mounted = h.engine.operationCount
        var totals: [Int: EventCounts] = [mounted: h.engine.log.totals]
        for step in 0..<(2 * stride + 300) {
            _ = try h.scroll("Feed", by: step % 5 == 0 ? 3 : 1)
            totals[h.engine.operationCount] = h.engine.log.totals
        }
        let last = h.engine.operationCount
        // Every operation since the mount ran one pass: passes lead operations by this many.
        let lead = h.engine.log.currentPass - h.engine.operationCount
        // Operation counts at these pass counts: either side of the first two snapshots.
        let lastPass = h.engine.log.currentPass
        for point in [1, 2, stride - 1, stride, stride + 1, stride + 2, 2 * stride, 2 * stride + 1, lastPass - 1]
            .map({ $0 - lead }).filter({ $0 >= mounted }) {
            var rewound = h.engine
            rewound.rewind(toOperations: point)
            let expected = try #require(totals[point], "operation \(point)")
            #expect(rewound.log.totals == expected, "rewound to operation \(point)")
            // Going on from there counts as the session did.
            for step in 0..<min(stride + 10, last - point) {
                _ = try rewound.scroll(listPath, .by((point - mounted + step) % 5 == 0 ? 3 : 1), trigger: "scroll Feed")
            }
            let reached = rewound.operationCount
            #expect(rewound.log.totals == totals[reached], "from \(point) on to \(reached)")
        }
    }

    private var listPath: ComponentPath { ComponentPath([.named("Feed", index: 0)]) }

    /// Issue 38: two past states rebuilt in one replay (`diff A B`,
    /// ``FastPaths/continuedReplay``) are the states each rebuilds alone,
    /// for pairs with and without a checkpoint between them.
    @Test func twoPastStatesInOneReplay() throws {
        var h = try Self.harness()
        var random = SplitMix(state: 53)
        for _ in 0..<300 { FuzzTests.step(&h, &random) }
        let passes = h.engine.log.currentPass
        #expect(passes > 100, "passes to pair")
        var continued = 0
        for first in stride(from: 1, to: passes, by: 7) {
            for gap in [0, 1, 3, 40] where first + gap < passes {
                let second = first + gap
                let alone = (try #require(h.engine.state(afterPass: first)), try #require(h.engine.state(afterPass: second)))
                for paths in [FastPaths.all, FastPaths.all.subtracting(.continuedReplay)] {
                    var engine = h.engine
                    engine.fastPaths = paths
                    let pair = try #require(engine.states(afterPass: first, andPass: second))
                    #expect(Self.state(pair.0) == Self.state(alone.0), "pass \(first) of \(first), \(second)")
                    #expect(Self.state(pair.1) == Self.state(alone.1), "pass \(second) of \(first), \(second)")
                }
                let operations = try #require(h.engine.history.operations(throughPass: first))
                let last = try #require(h.engine.history.operations(throughPass: second))
                let nearest = try #require(h.engine.history.checkpoint(atOrBefore: last))
                if nearest.operations <= operations { continued += 1 }
            }
        }
        #expect(continued > 10, "pairs replayed on")
        // A live engine that is being interrupted rebuilds both states whole:
        // replays never stop half way (the second carries on from the first).
        var interrupted = h.engine
        interrupted.interruptionCheck = { true }
        for first in stride(from: 1, to: passes - 41, by: 13) {
            let pair = try #require(interrupted.states(afterPass: first, andPass: first + 40))
            #expect(Self.state(pair.1) == Self.state(try #require(h.engine.state(afterPass: first + 40))), "pass \(first + 40)")
        }
        #expect(h.engine.states(afterPass: 5, andPass: 4) == nil && h.engine.states(afterPass: 0, andPass: 4) == nil)
    }

    /// Issue 38: an undo hands the log chunks and checkpoints it cuts away
    /// to ``Reclamation``, which frees them on its queue; the engine after
    /// it is the one that frees them in place (``FastPaths/releaseInBackground``
    /// off) would leave, and goes on the same.
    @Test func anUndoFreesWhatItCutInTheBackground() throws {
        var h = Harness()
        h.thorough = false
        h.engine.session.store.log.narrowChunks(to: 64)
        h.engine.history.spacing = 16...64
        try h.component("Title", view: "UILabel", [("text", "row {i}")])
        try h.component("Row", view: "UIView", [("backgroundColor", "white")], children: ["Title"])
        try h.list("Feed", rows: 100_000, viewport: 5, cells: ["Row"])
        try h.mount("Feed")
        let mounted = h.engine.operationCount
        for step in 0..<600 { _ = try h.scroll("Feed", by: step % 7 == 0 ? 4 : 1) }
        let checkpoints = h.engine.history.checkpoints.count
        #expect(checkpoints > 4, "checkpoints to cut away")
        let before = Reclamation.drain()
        var background = h.engine
        var inPlace = h.engine
        inPlace.fastPaths.remove(.releaseInBackground)
        background.rewind(toOperations: mounted + 100)
        inPlace.rewind(toOperations: mounted + 100)
        let after = Reclamation.drain()
        // At least this undo's parcel, freed by the time `drain` returns
        // (other tests may hand over more meanwhile: only lower bounds hold).
        #expect(after.handedOver > before.handedOver)
        #expect(after.freed > before.handedOver)
        #expect(background.history.checkpoints.count < checkpoints)
        #expect(Self.state(background) == Self.state(inPlace))
        #expect(background.log.totals == inPlace.log.totals && background.log.events.count == inPlace.log.events.count)
        for step in 0..<50 {
            _ = try background.scroll(listPath, .by(step % 3 + 1), trigger: "scroll Feed")
            _ = try inPlace.scroll(listPath, .by(step % 3 + 1), trigger: "scroll Feed")
        }
        #expect(Self.state(background) == Self.state(inPlace))
        #expect(Array(background.log.events) == Array(inPlace.log.events))
    }

    /// The journal stores a command typed again once, but two spellings of
    /// one text are two commands: a replay sets what was typed, byte for
    /// byte (`café` precomposed, then with a combining accent).
    @Test func aValueTypedTwoWaysIsReplayedAsTyped() throws {
        var h = Harness()
        h.thorough = false
        try h.component("Label", view: "UILabel", [("text", "\"start\"")])
        try h.mount("Label")
        let composed = "caf\u{E9}", combining = "cafe\u{301}"
        for value in [composed, "x", combining, "y"] { try h.set("Label", "text", value) }
        var rewound = h.engine
        rewound.rewind(toOperations: h.engine.operationCount - 1)
        let label = try #require(rewound.views.all.first { $0.owner?.display == "Label" })
        guard case .value(.text(let shown))? = label.property("text") else {
            Issue.record("no text on the label: \(String(describing: label.property("text")))")
            return
        }
        #expect(Array(shown.utf8) == Array(combining.utf8), "replayed \(Array(shown.utf8))")
    }
}
