import Testing
@testable import ReuseEngine

/// Lists: a window of rows over cells recycled on a stack per key; a scroll
/// step costs the rows that enter and leave, never the list's length.
@Suite struct ListTests {
    /// `Feed`: 10^9 rows, 10 visible, cells A (a label) and B (a label with a
    /// child view) alternating by row.
    static func feed(rows: Int = 1_000_000_000, viewport: Int = 10) throws -> Harness {
        var h = Harness()
        try h.component("A", view: "UILabel", [("text", "Row {i}")])
        try h.component("Dot", view: "UIView", [("backgroundColor", "red")])
        try h.component("B", view: "UILabel", [("text", "Row {i}"), ("textColor", "gray")], children: ["Dot"])
        try h.list("Feed", rows: rows, viewport: viewport, cells: ["A", "B"])
        return h
    }

    /// The visible rows are `window`, in order, each on a visible cell showing
    /// its own row number, and the host shows exactly those cells.
    func expectShows(_ h: Harness, _ window: Range<Int>, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let list = try h.node("Feed")
        #expect(list.rows.map(\.row) == window.map { $0 }, sourceLocation: sourceLocation)
        #expect(h.engine.offset(of: Harness.path("Feed")) == window.lowerBound, sourceLocation: sourceLocation)
        for node in list.rows {
            let row = try #require(node.row, sourceLocation: sourceLocation)
            #expect(node.name == (row % 2 == 0 ? "A" : "B"), sourceLocation: sourceLocation)
            let cell = try #require(node.view, sourceLocation: sourceLocation)
            #expect(h.engine.views.visibility(of: cell).isVisible, sourceLocation: sourceLocation)
            #expect(h.engine.views[cell].properties["text"] == .value(.text("Row \(row)")), sourceLocation: sourceLocation)
            if row % 2 == 1 {
                let dot = try #require(node.children.first?.view, sourceLocation: sourceLocation)
                #expect(h.engine.views[dot].superview == cell && h.engine.views.visibility(of: dot).isVisible, sourceLocation: sourceLocation)
            }
        }
        let host = try #require(list.view, sourceLocation: sourceLocation)
        let content = try #require(h.engine.views[host].list, sourceLocation: sourceLocation)
        #expect(content.rows == window, sourceLocation: sourceLocation)
        #expect(Array(content.cells) == list.rows.map(\.view), sourceLocation: sourceLocation)
    }

    /// Events of a step whose parent is the list host (cell-level events).
    func cellEvents(_ h: Harness, _ summary: PassSummary, _ kind: ReuseEvent.Kind) throws -> [ReuseEvent] {
        let host = try #require(try h.node("Feed").view)
        return h.events(summary).filter { $0.kind == kind && $0.step.parent == host }
    }

    /// Checks one step that replaced `leaving` rows with `entering` ones (of
    /// which `enteringB` are B cells): one hide per leaving row, one reuse and
    /// unhide per entering row, applies for their values, nothing created.
    func expectStep(_ h: Harness, _ step: PassSummary, leaving: Int, entering: Int, enteringB: Int,
                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let counts = step.counts
        #expect(counts[.created] == 0, sourceLocation: sourceLocation)
        #expect(try cellEvents(h, step, .hide).count == leaving, sourceLocation: sourceLocation)
        #expect(try cellEvents(h, step, .reuse).count == entering, sourceLocation: sourceLocation)
        #expect(counts[.hidden] == leaving, sourceLocation: sourceLocation)
        #expect(counts[.unhidden] == entering, sourceLocation: sourceLocation)
        // Each B cell also hands its Dot to a new row (reused, configuration equal).
        #expect(counts[.reused] == entering + enteringB, sourceLocation: sourceLocation)
        #expect(counts[.skipped] == enteringB, sourceLocation: sourceLocation)
        // A applies text; B applies text and textColor (no per-attribute diff).
        #expect(counts[.applied] == entering + enteringB, sourceLocation: sourceLocation)
        #expect(counts[.unapplied] == 0 && counts[.reordered] == 0, sourceLocation: sourceLocation)
        let total = counts[.created] + counts[.reused] + counts[.unhidden] + counts[.hidden] + counts[.applied]
            + counts[.unapplied] + counts[.updated] + counts[.skipped] + counts[.reordered]
        #expect(h.events(step).count == total, sourceLocation: sourceLocation)
        #expect(total == leaving + 3 * entering + 3 * enteringB, sourceLocation: sourceLocation)
    }

    @Test func scrollingABillionRowsCreatesNoViewsAfterTheFirstScreenful() throws {
        var h = try Self.feed()
        let first = try h.mount("Feed")
        // The host, ten cells, a Dot in each of the five B cells.
        #expect(first.counts[.created] == 1 + 10 + 5)
        let screenful = h.engine.log.totals[.created]
        try expectShows(h, 0..<10)

        let by1 = try h.scroll("Feed", by: 1)
        #expect(h.kinds(by1) == [.hide, .reuse, .unhide, .apply])
        let events = h.events(by1)
        let leftCell = events[0].view
        #expect(events[0].path == Harness.path("Feed/0"))
        #expect(events[1].view == leftCell && events[1].path == Harness.path("Feed/10"))
        #expect(previousOwner(events[1]) == Harness.path("Feed/0"))
        #expect(events[3].step.attribute?.value == .text("Row 10"))
        try expectStep(h, by1, leaving: 1, entering: 1, enteringB: 0)
        try expectShows(h, 1..<11)

        let by7 = try h.scroll("Feed", by: 7)
        try expectStep(h, by7, leaving: 7, entering: 7, enteringB: 4)
        try expectShows(h, 8..<18)

        let jump = try h.scroll("Feed", to: 500_000_000)
        try expectStep(h, jump, leaving: 10, entering: 10, enteringB: 5)
        try expectShows(h, 500_000_000..<500_000_010)
        #expect(try h.viewOf("Feed/500000000").properties["text"] == .value(.text("Row 500000000")))

        let end = try h.scroll("Feed", to: Int.max)
        try expectStep(h, end, leaving: 10, entering: 10, enteringB: 5)
        try expectShows(h, 999_999_990..<1_000_000_000)
        #expect(try h.viewOf("Feed/999999999").properties["text"] == .value(.text("Row 999999999")))

        let start = try h.scroll("Feed", to: 0)
        try expectStep(h, start, leaving: 10, entering: 10, enteringB: 5)
        try expectShows(h, 0..<10)

        // Already at the top: nothing moves, nothing happens.
        let up = try h.scroll("Feed", by: -3)
        #expect(h.events(up).isEmpty)
        try expectShows(h, 0..<10)

        let down = try h.scroll("Feed", by: 5)
        try expectStep(h, down, leaving: 5, entering: 5, enteringB: 2)
        try expectShows(h, 5..<15)
        let back = try h.scroll("Feed", by: -3)
        try expectStep(h, back, leaving: 3, entering: 3, enteringB: 1)
        try expectShows(h, 2..<12)
        // Rows entering at the front are mounted in row order.
        #expect(try cellEvents(h, back, .reuse).map(\.path) == [2, 3, 4].map { Harness.path("Feed/\($0)") })

        #expect(h.engine.log.totals[.created] == screenful)
        #expect(h.engine.views.count == 1 + screenful)
        #expect(h.engine.statistics.peakViews == 1 + screenful)
        #expect(h.engine.statistics.visibleViews == screenful)
    }

    @Test func scrollStepCostDoesNotDependOnTheListLength() throws {
        var short = try Self.feed(rows: 1_000)
        var long = try Self.feed(rows: 1_000_000_000_000)
        try short.mount("Feed")
        try long.mount("Feed")
        for delta in [1, 3, 1, 10, 7] {
            let a = try short.scroll("Feed", by: delta)
            let b = try long.scroll("Feed", by: delta)
            #expect(a.counts == b.counts)
            #expect(short.kinds(a) == long.kinds(b))
        }
        #expect(short.engine.views.count == long.engine.views.count)
    }

    @Test func recycledCellsGoBackOnAStackPerKey() throws {
        var h = try Self.feed()
        try h.mount("Feed")
        let host = try #require(try h.node("Feed").view)
        let cellA = try h.viewOf("Feed/0").id
        let cellB = try h.viewOf("Feed/1").id
        // Jump far away and back by a whole screen: every cell leaves, and the
        // entering rows take them from the top of each stack.
        try h.scroll("Feed", by: 2)
        let pools = h.engine.views[host].pools
        #expect(pools[key("A", "UILabel", ["text"])]?.waiting == [])
        #expect(pools[key("B", "UILabel", ["text", "textColor"])]?.waiting == [])
        #expect(try h.viewOf("Feed/10").id == cellA)
        #expect(try h.viewOf("Feed/11").id == cellB)
        // Shorter lists leave waiting cells on the stack.
        try h.list("Feed", rows: 1_000_000_000, viewport: 4, cells: ["A", "B"])
        try h.remount()
        let after = h.engine.views[host].pools
        #expect(after[key("A", "UILabel", ["text"])]?.waiting.count == 3)
        #expect(after[key("B", "UILabel", ["text", "textColor"])]?.waiting.count == 3)
        try expectShows(h, 2..<6)
    }

    @Test func hiddenRowsStayOutWhileScrolling() throws {
        var h = try Self.feed()
        try h.mount("Feed")
        let cell = try h.viewOf("Feed/3").id
        let hidden = try h.hide("Feed/3")
        #expect(h.kinds(hidden).filter { $0 != .skip } == [.hide])
        #expect(h.engine.views[cell].isHidden)
        #expect(try h.node("Feed/3").isHidden)
        // Scroll it away and back: the row stays hidden and holds no cell.
        try h.scroll("Feed", by: 20)
        try h.scroll("Feed", to: 0)
        #expect(try h.node("Feed/3").isHidden && (try h.node("Feed/3").view) == nil)
        let shown = try h.show("Feed/3")
        #expect(shown.counts[.created] == 0)
        try expectShows(h, 0..<10)
    }

    @Test func instanceValuesFollowTheRow() throws {
        var h = try Self.feed()
        try h.mount("Feed")
        try h.set("Feed/2", "text", "Pinned")
        #expect(try h.viewOf("Feed/2").properties["text"] == .value(.text("Pinned")))
        try h.scroll("Feed", by: 5)
        try h.scroll("Feed", by: -5)
        #expect(try h.viewOf("Feed/2").properties["text"] == .value(.text("Pinned")))
        #expect(try h.viewOf("Feed/4").properties["text"] == .value(.text("Row 4")))
        // A new attribute changes the row's shape: it gets a cell of another key.
        let before = try h.viewOf("Feed/2").id
        let pass = try h.set("Feed/2", "alpha", "0.5")
        #expect(pass.counts[.created] == 1)
        #expect(try h.viewOf("Feed/2").id != before)
        #expect(h.engine.views[before].isHidden)
        #expect(h.engine.leaks() == [])
    }

    @Test func nestedListsScrollIndependently() throws {
        var h = Harness()
        try h.component("Item", view: "UILabel", [("text", "Item {i}")])
        try h.list("Inner", rows: 100, viewport: 3, cells: ["Item"])
        try h.component("Row", view: "UIView", children: ["Inner"])
        try h.list("Outer", rows: 50, viewport: 2, cells: ["Row"])
        try h.mount("Outer")
        let step = try h.scroll("Outer/1/Inner", by: 2)
        #expect(step.counts[.created] == 0 && step.counts[.hidden] == 2 && step.counts[.reused] == 2)
        #expect(h.engine.offset(of: Harness.path("Outer/1/Inner")) == 2)
        #expect(h.engine.offset(of: Harness.path("Outer/0/Inner")) == 0)
        #expect(try h.node("Outer/1/Inner").rows.map(\.row) == [2, 3, 4])
        #expect(try h.viewOf("Outer/1/Inner/4").properties["text"] == .value(.text("Item 4")))
        // A scroll reaches its list through the tree in place; paths that
        // name no list get the errors resolving them gives.
        #expect(throws: EngineError.notAList(Harness.path("Outer/1"))) { try h.scroll("Outer/1", by: 1) }
        #expect(throws: EngineError.rowNotVisible(list: Harness.path("Outer"), row: 4, visible: 0..<2)) {
            try h.scroll("Outer/4/Inner", by: 1)
        }
        #expect(throws: EngineError.noSuchPath(Harness.path("Outr"), suggestion: "Outer")) { try h.scroll("Outr", by: 1) }
        #expect(throws: EngineError.noSuchPath(Harness.path("Outer/1/Innr"), suggestion: "Outer/1/Inner")) {
            try h.scroll("Outer/1/Innr", by: 1)
        }
        // The outer list scrolls whole rows, inner lists included.
        let outer = try h.scroll("Outer", by: 1)
        #expect(outer.counts[.created] == 0)
        #expect(try h.node("Outer/2/Inner").rows.map(\.row) == [0, 1, 2])
    }
}
