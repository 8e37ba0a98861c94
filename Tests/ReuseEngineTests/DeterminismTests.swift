import Testing
@testable import ReuseEngine

/// The same operations give the same events, views and ids, every time.
@Suite struct DeterminismTests {
    /// A session touching every operation.
    /// Returns the harness and every event of the session (a strategy switch
    /// starts a new log, so the log is collected before each switch).
    static func session() throws -> (Harness, [ReuseEvent]) {
        var transcript: [ReuseEvent] = []
        var h = Harness()
        try h.component("Foo", view: "UIView", [("backgroundColor", "red")])
        try h.component("Bar", view: "UIView", [("alpha", "0.5")])
        try h.component("Wrapper", children: ["Foo", "Bar"])
        try h.component("Card", view: "UIView", [("cornerRadius", "8")], children: ["Wrapper", "Foo"])
        try h.component("A", view: "UILabel", [("text", "Row {i}")])
        try h.component("B", view: "UILabel", [("text", "Item {i}"), ("tap", "open")], children: ["Bar"])
        try h.list("Feed", rows: 1_000_000, viewport: 6, cells: ["A", "B", "B"])
        try h.mount("Card", "Feed", "Foo")
        try h.scroll("Feed", by: 4)
        try h.set("Card/Wrapper/Foo", "backgroundColor", "blue")
        try h.hide("Card/Wrapper/Bar")
        try h.mount("Feed", "Card", "Card")
        try h.set("Feed/5", "tap", "close")
        try h.scroll("Feed", to: 777)
        try h.show("Card/Wrapper/Bar")
        try h.scroll("Feed", by: -2)
        transcript += h.engine.log.events
        try h.strategy("naive")
        try h.mount("Foo", "Bar", "Card")
        transcript += h.engine.log.events
        try h.strategy("theodolite")
        try h.remount()
        transcript += h.engine.log.events
        return (h, transcript)
    }

    /// A view's whole state as text, in a fixed order.
    static func describe(_ view: SimulatedView) -> String {
        let pools = view.pools.map { "\($0.key)=\($0.value.views)/\($0.value.waiting)" }
        let setBy = view.sources.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.map { $0?.description ?? "-" })" }
        return "\(view.id) \(view.viewClass) super=\(view.superview?.description ?? "-") sub=\(view.subviews) hidden=\(view.isHidden) "
            + "removed=\(view.isRemoved) "
            + "props=\(view.properties.map { "\($0.key)=\($0.value)" }) setBy=\(setBy) attached=\(view.attached?.description ?? "-") "
            + "pools=\(pools) key=\(view.poolKey?.description ?? "-") owner=\(view.owner?.description ?? "-") "
            + "list=\(view.list.map { "\($0.rows) \(Array($0.cells))" } ?? "-")"
    }

    @Test func sameOperationsGiveIdenticalLogsAndViews() throws {
        let (first, firstEvents) = try Self.session()
        let (second, secondEvents) = try Self.session()
        #expect(firstEvents.count > 100)
        #expect(firstEvents == secondEvents)
        #expect(first.engine.log.events == second.engine.log.events)
        #expect(first.engine.log.passes == second.engine.log.passes)
        #expect(first.engine.views.all.map(Self.describe) == second.engine.views.all.map(Self.describe))
        #expect(first.engine.instances.map(\.path) == second.engine.instances.map(\.path))
        #expect(first.engine.leaks() == second.engine.leaks())
    }

    @Test func viewIdsFollowCreationOrder() throws {
        let (h, _) = try Self.session()
        let views = h.engine.views.all
        #expect(views.indices.allSatisfy { views[$0].id == ViewID($0 + 1) })
        #expect(views[0].id == .root && views[0].superview == nil)
        let created = h.engine.log.events.filter { $0.kind == .create }.map(\.view.number)
        // The strategy switch dropped the views; since then, ids count up from v2.
        #expect(created == Array(2..<(2 + created.count)))
        #expect(created.count == h.engine.views.count - 1)
        // Sequence numbers count up through the session.
        let seqs = h.engine.log.events.map(\.seq)
        #expect(seqs == Array(1...seqs.count))
        #expect(h.engine.log.events.map(\.pass) == h.engine.log.events.map(\.pass).sorted())
    }

    /// With events off (as in a rewind's replay, `compare` and
    /// `reuse-bench`) steps are counted without being made
    /// (``ViewStore/record(_:for:_:_:)``): the same totals, pass counts,
    /// views and sequence numbers (in the sources views keep) as with
    /// events kept, under every strategy.
    @Test(arguments: StrategyRegistry.names)
    func eventsAreCountedEvenWhenNotKept(_ strategy: String) throws {
        func run(keepsEvents: Bool) throws -> Harness {
            var h = Harness()
            h.engine.setKeepsEvents(keepsEvents)
            try h.strategy(strategy)
            try h.component("Dot", view: "UIView", [("backgroundColor", "red")])
            try h.component("Cell", view: "UILabel", [("text", "Row {i}"), ("tap", "open")], children: ["Dot"])
            try h.list("Feed", rows: 1_000, viewport: 5, cells: ["Cell"])
            try h.engine.register(list: "Feed", cell: "Cell", identifier: nil)
            try h.mount("Feed")
            try h.scroll("Feed", by: 3)
            try h.scroll("Feed", by: -2)
            try h.set("Feed/2", "text", "Pinned")
            try h.scroll("Feed", to: 500)
            try h.scroll("Feed", by: 1)
            return h
        }
        let kept = try run(keepsEvents: true)
        let counted = try run(keepsEvents: false)
        #expect(!kept.engine.log.events.isEmpty)
        #expect(counted.engine.log.events.isEmpty)
        #expect(kept.engine.log.totals == counted.engine.log.totals)
        #expect(kept.engine.log.passes.map(\.counts) == counted.engine.log.passes.map(\.counts))
        #expect(kept.engine.views.all.map(Self.describe) == counted.engine.views.all.map(Self.describe))
        let sequenceNumbers = { (h: Harness) in h.engine.views.all.map { $0.sources.values.map { $0.map { $0?.seq } } } }
        #expect(sequenceNumbers(kept) == sequenceNumbers(counted))
    }
}
