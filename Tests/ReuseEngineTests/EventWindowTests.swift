import Testing
@testable import ReuseEngine

/// `log keep N`: the log holds at most the latest N events, whatever the
/// session's length, while totals, pass summaries and time travel stay exact.
@Suite struct EventWindowTests {
    static func scrollingSession(keep: Int?) throws -> Engine {
        var engine = Engine()
        try engine.defineComponent("Dot", viewClass: "UIView", attributes: [("backgroundColor", "red", false)], children: [])
        try engine.defineComponent("Cell", viewClass: "UILabel", attributes: [("text", "Row {i}", true)], children: ["Dot"])
        try engine.defineList("Feed", rows: 1_000_000, viewport: 5, cells: ["Cell"])
        engine.keepEvents(atMost: keep)
        try engine.mount(["Feed"], trigger: "mount Feed")
        let feed = ComponentPath([.named("Feed", index: 0)])
        for step in 0..<3_000 {
            _ = try engine.scroll(feed, .by(step % 7 == 6 ? -3 : 1), trigger: "scroll")
        }
        return engine
    }

    @Test func theWindowBoundsTheEventsAndTotalsStayExact() throws {
        let kept = try Self.scrollingSession(keep: 100)
        let all = try Self.scrollingSession(keep: nil)
        #expect(kept.log.events.count == 100)
        #expect(Array(kept.log.events) == Array(all.log.events.suffix(100)))
        #expect(kept.log.droppedEvents == all.log.events.count - 100)
        #expect(kept.log.totals == all.log.totals)
        #expect(kept.log.passes.map(\.counts) == all.log.passes.map(\.counts))
        // A pass before the window has no events left; the last one has all.
        #expect(kept.log.query(pass: 2).isEmpty && !all.log.query(pass: 2).isEmpty)
        let last = try #require(kept.log.passes.last)
        #expect(Array(kept.log.events(of: last)) == Array(all.log.events(of: last)))
        // Time travel replays, so it reaches passes outside the window.
        #expect(kept.state(afterPass: 2)?.statistics.views == all.state(afterPass: 2)?.statistics.views)
    }

    @Test func rewindingIntoAndBeyondTheWindowKeepsCountsRight() throws {
        var kept = try Self.scrollingSession(keep: 100)
        var all = try Self.scrollingSession(keep: nil)
        for count in [kept.operationCount - 3, 10] {
            kept.rewind(toOperations: count)
            all.rewind(toOperations: count)
            #expect(kept.log.totals == all.log.totals)
            #expect(kept.log.currentPass == all.log.currentPass)
            #expect(Array(kept.log.events) == Array(all.log.events.suffix(kept.log.events.count)))
        }
        // And the session goes on with the same numbers.
        let feed = ComponentPath([.named("Feed", index: 0)])
        _ = try kept.scroll(feed, .by(1), trigger: "scroll")
        _ = try all.scroll(feed, .by(1), trigger: "scroll")
        #expect(kept.log.events.last == all.log.events.last)
    }
}
