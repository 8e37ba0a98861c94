import Testing
@testable import ReuseEngine

/// The checker is only worth running after every operation if it catches
/// broken states: each corruption here is made on purpose through the view
/// store's internal operations, used where no policy would use them (views
/// only change through those operations now).
@Suite struct InvariantCheckerTests {
    static func mounted() throws -> Harness {
        var h = Harness()
        try h.component("Foo", view: "UIView", [("backgroundColor", "red")])
        try h.component("Bar", view: "UIView", [("alpha", "0.5")])
        try h.mount("Foo", "Bar")
        try h.mount("Foo")  // Bar's v3 waits hidden
        return h
    }

    static let fooKey = key("Foo", "UIView", ["backgroundColor"])
    static let barKey = key("Bar", "UIView", ["alpha"])
    static let otherKey = key("Other", "UIView", [])

    /// A view created under the root and removed at once: a parent nothing
    /// counts (the checker skips a removed view's pools), to move views through.
    static func removedScratchView(_ engine: inout Engine) -> ViewID {
        let scratch = Instance(component: "Scratch", path: Harness.path("Scratch"))
        let view = engine.session.store.createView("UIView", key: key(nil, "UIView", nil), in: .root, for: scratch)
        engine.session.store.remove(view, from: .root, reason: .leftover)
        #expect(engine.checkInvariants() == [])
        return view
    }

    /// Makes `view` record `key` as its pool key without leaving the pool it is in.
    static func relabel(_ engine: inout Engine, _ view: ViewID, as key: ViewKey) {
        let scratch = removedScratchView(&engine)
        engine.session.store.move(view, to: key, in: scratch)
    }

    func violations(_ engine: Engine) -> [String] { engine.checkInvariants().map(\.description) }

    @Test func soundStateHasNoViolations() throws {
        let h = try Self.mounted()
        #expect(h.engine.checkInvariants() == [])
    }

    @Test func heldViewMarkedHidden() throws {
        var engine = try Self.mounted().engine
        engine.session.store.hide(v(2), in: .root)
        #expect(violations(engine) == ["v2: is hidden but held by Foo"])
    }

    @Test func unheldViewMarkedVisible() throws {
        var engine = try Self.mounted().engine
        engine.session.store.take(v(3), key: Self.barKey, in: .root, for: Instance(component: "Bar", path: Harness.path("Bar")))
        #expect(violations(engine) == ["v3: is visible but no component holds it"])
    }

    @Test func viewInTwoPools() throws {
        var engine = try Self.mounted().engine
        // v2 records another key, so moving it into that pool leaves it in Foo's too.
        Self.relabel(&engine, v(2), as: Self.otherKey)
        engine.session.store.move(v(2), to: Self.otherKey, in: .root)
        #expect(engine.views[.root].pools[Self.otherKey]?.views == [v(2)])
        #expect(engine.views[.root].pools[Self.fooKey]?.views == [v(2)])
        #expect(violations(engine) == ["v2: is in 2 pools of v1"])
    }

    @Test func viewTwiceInOnePool() throws {
        var engine = try Self.mounted().engine
        Self.relabel(&engine, v(2), as: Self.otherKey)
        engine.session.store.move(v(2), to: Self.fooKey, in: .root)
        #expect(engine.views[.root].pools[Self.fooKey]?.views == [v(2), v(2)])
        #expect(violations(engine).contains("v1: pool (Foo, UIView, [backgroundColor]) holds a view twice"))
    }

    @Test func viewTwiceInSubviews() throws {
        var engine = try Self.mounted().engine
        engine.session.store.order(.root, first: [v(2), v(3), v(2)])
        #expect(engine.views[.root].subviews == [v(2), v(3), v(2)])
        #expect(violations(engine) == ["v1: counts 1 visible subviews but has 2", "v2: appears 2 times in subviews (superview v1)",
                                       "3 views counted alive but 4 are in the hierarchy"])
    }

    @Test func subviewWithAnotherSuperview() throws {
        var engine = try Self.mounted().engine
        engine.session.store.order(v(2), first: [v(3)])
        #expect(violations(engine) == ["v2: lists v3 as a subview, but its superview is v1", "v3: appears 2 times in subviews (superview v1)",
                                       "3 views counted alive but 4 are in the hierarchy"])
    }

    @Test func attachedConfigurationChanged() throws {
        var engine = try Self.mounted().engine
        engine.session.store.attach(ViewConfiguration(viewClass: "UIView", attributes: [Attribute("backgroundColor", .color("blue"))]), to: v(2))
        #expect(violations(engine) == ["v2: attached UIView { backgroundColor: blue } but Foo asks for UIView { backgroundColor: red }"])
    }

    @Test func attachedConfigurationOfAnotherShape() throws {
        var engine = try Self.mounted().engine
        engine.session.store.attach(ViewConfiguration(viewClass: "UIView", attributes: [Attribute("alpha", .number(1))]), to: v(2))
        #expect(violations(engine) == [
            "v2: is in pool (Foo, UIView, [backgroundColor]) but its configuration keys to (Foo, UIView, [alpha])",
            "v2: attached UIView { alpha: 1 } but Foo asks for UIView { backgroundColor: red }",
        ])
    }

    @Test func recordedPoolKeyDisagrees() throws {
        var engine = try Self.mounted().engine
        Self.relabel(&engine, v(2), as: Self.barKey)
        #expect(violations(engine) == ["v2: is in pool (Foo, UIView, [backgroundColor]) but records (Bar, UIView, [alpha])"])
    }

    /// A view created inside a removed one is alive but out of the hierarchy.
    @Test func viewAliveInsideARemovedView() throws {
        var engine = try Self.mounted().engine
        let scratch = Self.removedScratchView(&engine)
        let inside = engine.session.store.createView("UIView", key: Self.fooKey, in: scratch, for: Instance(component: "Foo", path: Harness.path("Foo")))
        #expect(violations(engine) == [
            "\(inside): is alive inside removed \(scratch)",
            "\(inside): appears 0 times in subviews (superview \(scratch))",
            "\(inside): is in 0 pools of \(scratch)",
            "4 views counted alive but 3 are in the hierarchy",
        ])
    }

    @Test func viewHeldByTwoInstances() throws {
        var h = Harness()
        try h.component("Foo", view: "UIView", [("backgroundColor", "red")])
        try h.mount("Foo", "Foo")
        var engine = h.engine
        engine.session.mounted[1].view = v(2)
        #expect(violations(engine) == ["v2: held by both Foo and Foo[1]", "v3: is visible but no component holds it"])
    }

    @Test func viewWithoutSuperview() throws {
        var engine = try Self.mounted().engine
        // No operation leaves a live view without a superview; the nearest
        // state is a view removed from elsewhere while its parent still lists it.
        let scratch = Self.removedScratchView(&engine)
        engine.session.store.remove(v(3), from: scratch, reason: .leftover)
        #expect(engine.views[v(3)].superview == nil && engine.views[.root].subviews.contains(v(3)))
        #expect(violations(engine) == ["v1: lists v3 as a subview, but its superview is none",
                                       "2 views counted alive but 3 are in the hierarchy"])
    }

    @Test func listCorruptions() throws {
        var h = Harness()
        try h.component("Cell", view: "UILabel", [("text", "Row {i}")])
        try h.list("Feed", rows: 100, viewport: 3, cells: ["Cell"])
        try h.mount("Feed")
        try h.list("Feed", rows: 100, viewport: 2, cells: ["Cell"])
        try h.remount()  // Feed/2's cell v5 waits on the stack
        let cellKey = key("Cell", "UILabel", ["text"])
        #expect(h.engine.views[v(2)].pools[cellKey]?.waiting == [v(5)])
        #expect(h.engine.checkInvariants() == [])

        var visibleOnStack = h.engine
        visibleOnStack.session.store.pushWaiting(v(4), in: v(2))
        #expect(violations(visibleOnStack) == ["v4: is on v2's waiting stack but is visible or not in the pool"])

        // Pushed twice: a lone removal (`FastPaths.removalFromEnd`) would take one and leave the other.
        var twiceOnStack = h.engine
        twiceOnStack.session.store.pushWaiting(v(5), in: v(2))
        #expect(twiceOnStack.views[v(2)].pools[cellKey]?.waiting == [v(5), v(5)])
        #expect(violations(twiceOnStack) == ["v2: pool (Cell, UILabel, [text])'s waiting stack holds a view twice"])

        var oneCellTwoRows = h.engine
        let taken = oneCellTwoRows.session.store.takeRows(of: v(2))
        var rows = try #require(taken)
        rows.cells[1] = v(3)
        oneCellTwoRows.session.store.putRows(rows, on: v(2))
        #expect(violations(oneCellTwoRows).contains("v2: shows one cell for two rows"))

        var wrongRow = h.engine
        wrongRow.session.store.attach(ViewConfiguration(viewClass: "UILabel", attributes: [Attribute("text", .text("Row 99"))]), to: v(4))
        #expect(violations(wrongRow) == ["v4: attached UILabel { text: \"Row 99\" } but Feed/1 asks for UILabel { text: \"Row 1\" }"])
    }
}
