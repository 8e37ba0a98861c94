import Testing
@testable import ReuseEngine

/// States the engine once left broken; each failed the invariant checker.
@Suite struct RegressionTests {
    /// Theodolite's bug #27: when nothing else mounts into a parent, views of
    /// components that left it stayed visible. A parent with a view is now
    /// settled in every pass, children or not.
    @Test func hidingTheOnlyChildHidesItsView() throws {
        var h = Harness()
        try h.component("Foo", view: "UIView", [("backgroundColor", "red")])
        try h.component("Card", view: "UIView", children: ["Foo"])
        try h.mount("Card")
        let hidden = try h.hide("Card/Foo")
        #expect(h.kinds(hidden) == [.skip, .hide])
        #expect(h.engine.views[v(3)].isHidden)
        let shown = try h.show("Card/Foo")
        #expect(h.kinds(shown) == [.skip, .reuse, .unhide, .skip])
    }

    @Test func droppingEveryChildHidesTheirViews() throws {
        var h = Harness()
        try h.component("Foo", view: "UIView", [("backgroundColor", "red")])
        try h.component("Wrapper", children: ["Foo", "Foo"])
        try h.component("Card", view: "UIView", children: ["Wrapper"])
        try h.mount("Card")
        try h.component("Card", view: "UIView", children: [])
        let pass = try h.remount()
        #expect(h.kinds(pass) == [.skip, .hide, .hide])
        #expect(h.engine.views[v(3)].isHidden && h.engine.views[v(4)].isHidden)
        // A cell whose children are hidden: same thing inside a list.
        try h.component("Cell", view: "UILabel", [("text", "Row {i}")], children: ["Foo"])
        try h.list("Feed", rows: 10, viewport: 2, cells: ["Cell"])
        try h.mount("Feed")
        let foo = try h.viewOf("Feed/1/Foo").id
        try h.hide("Feed/1/Foo")
        #expect(h.engine.views[foo].isHidden)
    }

    /// A list redefined as a plain component takes over the host view: its
    /// cells become plain pool views; and back again.
    @Test func listRedefinedAsComponentAndBack() throws {
        var h = Harness()
        try h.component("C", view: "UILabel", [("text", "Row {i}")])
        try h.list("Feed", rows: 100, viewport: 3, cells: ["C"])
        try h.mount("Feed")
        #expect(h.engine.views.count == 5)
        try h.component("Feed", view: "UIScrollView")
        let plain = try h.remount()
        #expect(plain.counts[.hidden] == 3)
        #expect(h.engine.views[v(2)].list == nil)
        try h.component("Feed", view: "UIScrollView", children: ["C", "C", "C", "C", "C"])
        let more = try h.remount()
        #expect(more.counts[.created] == 2 && more.counts[.unhidden] == 3)
        try h.list("Feed", rows: 100, viewport: 3, cells: ["C"])
        // Back to a list: the five plain views become free cells, three return.
        let back = try h.remount()
        #expect(back.counts[.created] == 0 && back.counts[.hidden] == 5 && back.counts[.unhidden] == 3)
        try h.scroll("Feed", by: 40)
        #expect(h.engine.views.count == 7)
        #expect(try h.viewOf("Feed/42").properties["text"] == .value(.text("Row 42")))
    }

    /// Under `naive` a plain UIScrollView component and a list share a pool,
    /// so one can take the other's view.
    @Test func naiveListHostTakenByAPlainComponent() throws {
        var h = Harness()
        try h.strategy("naive")
        try h.component("Pane", view: "UIScrollView")
        try h.component("C", view: "UILabel", [("text", "Row {i}")])
        try h.list("Feed", rows: 1000, viewport: 3, cells: ["C"])
        try h.mount("Feed")
        let pane = try h.mount("Pane")
        #expect(pane.counts[.reused] == 1 && pane.counts[.hidden] == 3)
        let feed = try h.mount("Feed")
        #expect(feed.counts[.created] == 0)
        try h.scroll("Feed", by: 5)
        #expect(h.engine.views.count == 5)
    }

    /// A scroll right after a redefinition used to mount the entering rows
    /// under the new definition next to rows and children mounted under the
    /// old one (a list that was a plain component kept its children, holding
    /// the same views as the new rows). It now runs a full pass.
    @Test func scrollAfterARedefinitionRunsAFullPass() throws {
        var h = Harness()
        try h.component("C", view: "UILabel", [("text", "Row {i}")])
        try h.component("Feed", view: "UIScrollView", children: ["C", "C"])
        try h.mount("Feed")
        try h.list("Feed", rows: 100, viewport: 3, cells: ["C"])
        #expect(h.engine.session.definitionsPending)
        try h.scroll("Feed", by: 1)
        #expect(!h.engine.session.definitionsPending)
        #expect(try h.node("Feed").children.isEmpty)
        #expect(try h.node("Feed").rows.map(\.row) == [1, 2, 3])

        try h.component("B", view: "UIView", [("alpha", "0.5")])
        try h.list("Feed", rows: 100, viewport: 3, cells: ["B"])
        let step = try h.scroll("Feed", by: 1)
        #expect(h.engine.log.summary(ofPass: step.pass)?.trigger == "scroll Feed")
        #expect(try h.node("Feed").rows.map(\.name) == ["B", "B", "B"])
        // Without a redefinition, a scroll touches only the rows that move.
        let plain = try h.scroll("Feed", by: 1)
        #expect(h.kinds(plain) == [.hide, .reuse, .unhide, .skip])
    }

    /// Between a redefinition and the next pass, views still carry the old
    /// configuration: that is pending, not broken.
    @Test func pendingRedefinitionIsNotAViolation() throws {
        var h = Harness()
        try h.component("Foo", view: "UIView", [("backgroundColor", "red")])
        try h.mount("Foo")
        try h.component("Foo", view: "UIView", [("backgroundColor", "blue")])
        #expect(h.engine.checkInvariants() == [])
        let pass = try h.remount()
        #expect(h.kinds(pass) == [.apply])
        var corrupt = h.engine
        corrupt.session.store.attach(ViewConfiguration(viewClass: "UIView", attributes: [Attribute("backgroundColor", .color("red"))]), to: v(2))
        #expect(corrupt.checkInvariants().map(\.description) == ["v2: attached UIView { backgroundColor: red } but Foo asks for UIView { backgroundColor: blue }"])
    }

    /// A list redefined shorter than its offset shows a full window at its end.
    @Test func shorterListBringsItsOffsetBack() throws {
        var h = Harness()
        try h.component("C", view: "UILabel", [("text", "Row {i}")])
        try h.list("Feed", rows: 1000, viewport: 10, cells: ["C"])
        try h.mount("Feed")
        try h.scroll("Feed", to: 995)
        #expect(h.engine.offset(of: Harness.path("Feed")) == 990)
        try h.list("Feed", rows: 100, viewport: 10, cells: ["C"])
        try h.remount()
        #expect(h.engine.offset(of: Harness.path("Feed")) == 90)
        #expect(try h.node("Feed").rows.map(\.row) == Array(90..<100))
        let up = try h.scroll("Feed", by: -1)
        #expect(up.counts[.hidden] == 1)
        // Fewer rows than the viewport: all of them, from row 0.
        try h.list("Feed", rows: 4, viewport: 10, cells: ["C"])
        try h.remount()
        #expect(try h.node("Feed").rows.map(\.row) == [0, 1, 2, 3])
        try h.list("Feed", rows: 0, viewport: 10, cells: ["C"])
        try h.remount()
        #expect(try h.node("Feed").rows.isEmpty)
    }
}
