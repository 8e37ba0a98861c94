import Testing
@testable import ReuseEngine

/// The log counts the pass under way a byte per stat (`ByteCounts`) and
/// adds them to the totals when the next pass begins; a count past its byte
/// moves the pass to whole counts. Every pass's summary must still say what
/// its events say, and the totals what the summaries add up to, whichever
/// way a pass was counted, with events kept or only counted, across a
/// rewind.
@Suite struct ByteCountTests {
    /// The counts of a pass as its kept events say them.
    static func recounted(_ log: EventLog, _ summary: PassSummary) -> EventCounts {
        var counts = EventCounts()
        for event in log.events(of: summary) {
            if let index = event.step.kind.countIndex { counts.add(event.step.multiplicity, at: index) }
        }
        return counts
    }

    /// Every pass's counts are its events', and the totals their sum.
    static func checkAgree(_ engine: Engine, sourceLocation: SourceLocation = #_sourceLocation) {
        var sum = EventCounts()
        for summary in engine.log.passes {
            #expect(summary.counts == recounted(engine.log, summary), "pass \(summary.pass)", sourceLocation: sourceLocation)
            sum.add(summary.counts)
        }
        #expect(engine.log.totals == sum, sourceLocation: sourceLocation)
    }

    /// A feed of `viewport` rows whose cell has a child; its mount makes
    /// (and applies) `viewport` cells and as many children in one pass.
    static func feed(viewport: Int, rows: Int = 100_000) throws -> (Engine, ComponentPath) {
        var engine = Engine()
        try engine.defineComponent("Dot", viewClass: "UIView", attributes: [("backgroundColor", "red", false)], children: [])
        try engine.defineComponent("Cell", viewClass: "UILabel", attributes: [("text", "Row {i}", true)], children: ["Dot"])
        try engine.defineList("Feed", rows: rows, viewport: viewport, cells: ["Cell"])
        return (engine, ComponentPath([.named("Feed", index: 0)]))
    }

    /// Passes whose counts fit a byte and one word (a step), fit a byte but
    /// not the word (100 rows mounted: 201 views made, the list's own
    /// among them, two bytes packed), and pass a byte (300 rows: 601
    /// made, 600 reused in a jump): each summary is its events', the
    /// totals their sum, after every operation, and the scroll outcomes
    /// read back the log's summaries.
    @Test func summariesAndTotalsAgreeWithTheEventsWhateverTheCounts() throws {
        for viewport in [3, 100, 300] {
            var (engine, feed) = try Self.feed(viewport: viewport)
            try engine.mount(["Feed"], trigger: "mount Feed")
            Self.checkAgree(engine)
            #expect(engine.log.totals[.created] == 2 * viewport + 1)
            for motion in [ScrollMotion.by(1), .by(1), .by(viewport), .by(2 * viewport), .to(5), .by(-1)] {
                let outcome = try engine.scroll(feed, motion, trigger: "scroll")
                #expect(outcome.pass == engine.log.passes.last, "viewport \(viewport), \(motion)")
                // The open pass's counts are in the totals read now, before the next pass begins.
                Self.checkAgree(engine)
            }
            _ = engine.wait()
            Self.checkAgree(engine)
        }
    }

    /// A step counted many at once (valdi-attach renders every item of a
    /// list in one step: 1,000 here), past a byte from its first step.
    @Test func aStepOfManyCountsPastItsByte() throws {
        var (engine, feed) = try Self.feed(viewport: 4, rows: 1_000)
        let valdi = try #require(StrategyRegistry.named("valdi-attach"))
        try engine.setStrategy(try valdi.with(options: []), trigger: "strategy valdi-attach")
        try engine.mount(["Feed"], trigger: "mount Feed")
        #expect(engine.log.passes.last?.counts[.renders] == 1_000)
        Self.checkAgree(engine)
        _ = try engine.scroll(feed, .by(1), trigger: "scroll")
        Self.checkAgree(engine)
    }

    /// Events counted and not kept count as kept ones do (the `count`
    /// path), and a rewind into a pass counted a byte each, or past a
    /// byte, restores the totals and summaries of the session without it.
    @Test func countedOnlyAndRewoundAgreeWithKept() throws {
        var (kept, feed) = try Self.feed(viewport: 200)
        var counted = kept
        counted.setKeepsEvents(false)
        for index in 0..<2 {
            var engine = index == 0 ? kept : counted
            try engine.mount(["Feed"], trigger: "mount Feed")
            for motion in [ScrollMotion.by(1), .by(300), .by(1), .to(0)] { _ = try engine.scroll(feed, motion, trigger: "scroll") }
            if index == 0 { kept = engine } else { counted = engine }
        }
        #expect(counted.log.totals == kept.log.totals)
        #expect(counted.log.passes.map(\.counts) == kept.log.passes.map(\.counts))
        Self.checkAgree(kept)

        // Rewound to each operation in turn, from the end: the summaries
        // and totals of a session that stopped there.
        var fresh = try Self.feed(viewport: 200).0
        var states: [Engine] = []
        try fresh.mount(["Feed"], trigger: "mount Feed")
        states.append(fresh)
        for motion in [ScrollMotion.by(1), .by(300), .by(1), .to(0)] {
            _ = try fresh.scroll(feed, motion, trigger: "scroll")
            states.append(fresh)
        }
        let defined = kept.operationCount - states.count
        for (offset, state) in states.enumerated().reversed() {
            var rewound = kept
            rewound.rewind(toOperations: defined + offset + 1)
            #expect(rewound.log.totals == state.log.totals, "after \(offset + 1) operations")
            #expect(rewound.log.passes.map(\.counts) == state.log.passes.map(\.counts))
            Self.checkAgree(rewound)
            // And counting goes on from there as in a session that never went further.
            _ = try rewound.scroll(feed, .by(1), trigger: "scroll")
            var onward = state
            _ = try onward.scroll(feed, .by(1), trigger: "scroll")
            #expect(rewound.log.totals == onward.log.totals)
            Self.checkAgree(rewound)
        }
    }

    /// The bytes count to 255 and refuse more (or a negative amount),
    /// changing nothing then; packed, they are what draining the same
    /// counts as `EventCounts` gives inline, or nil where draining gives
    /// none (a count of 128 or more, or nine counts), the totals then left
    /// alone.
    @Test func bytesPackAsDrainedCountsDo() throws {
        var bytes = ByteCounts()
        let fits = bytes.add(255, at: 23)
        let pastByte = bytes.add(1, at: 23)
        let refused = [bytes.add(-1, at: 0), bytes.add(256, at: 0), bytes.add(Int.min, at: 0)]
        #expect(fits && !pastByte && refused == [false, false, false])
        #expect(bytes[23] == 255 && bytes[0] == 0)
        #expect(ByteCounts(bytes.counts) == bytes)

        var generator = SplitMix(state: 38)
        for round in 0..<2_000 {
            var counts = EventCounts()
            var bytes = ByteCounts()
            let many = Int(generator.next() % 11)
            for _ in 0..<many {
                let index = Int(generator.next() % 24)
                let amount = round.isMultiple(of: 5) ? Int(generator.next() % 40) : Int(generator.next() % 3)
                guard bytes.add(amount, at: index) else { continue }
                counts.add(amount, at: index)
            }
            #expect(bytes.counts == counts)
            var totals = EventCounts()
            totals.add(Int.max - 1, at: 3)
            let before = totals
            let packed = bytes.packedInWord(touched: counts.nonzeroMask | UInt32(generator.next() & 0xFF_FFFF), addingTo: &totals)
            var drained = counts
            var spilled: [UInt8] = []
            let (mask, inline) = drained.drain(touched: counts.nonzeroMask, into: &spilled, inliningUpTo: 8)
            let fitsWord = counts.nonzeroMask.nonzeroBitCount <= 8 && Stat.counted.allSatisfy { counts[$0] < 0x80 }
            if fitsWord {
                let (byteMask, word) = try #require(packed)
                #expect(byteMask == mask && word == inline)
                var expected = before
                for index in 0..<24 { expected.add(counts.values[index], at: index) }
                #expect(totals == expected)
            } else {
                #expect(packed == nil)
                #expect(totals == before)
            }
            // Moved: into whole counts and the totals, the bytes left zero.
            var whole = EventCounts()
            var movedTotals = EventCounts()
            bytes.move(touched: counts.nonzeroMask, into: &whole, addingTo: &movedTotals)
            #expect(whole == counts && movedTotals == counts && bytes.isZero)
        }
    }
}
