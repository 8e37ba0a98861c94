import Testing
@testable import ReuseEngine

/// The checker is only worth running after every operation if it catches
/// broken states: each corruption here is made on purpose through the
/// engine's internal setters.
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

    func violations(_ engine: Engine) -> [String] { engine.checkInvariants().map(\.description) }

    @Test func soundStateHasNoViolations() throws {
        let h = try Self.mounted()
        #expect(h.engine.checkInvariants() == [])
    }

    @Test func heldViewMarkedHidden() throws {
        var engine = try Self.mounted().engine
        engine.views[1].isHidden = true
        #expect(violations(engine) == ["v2: is hidden but held by Foo"])
    }

    @Test func unheldViewMarkedVisible() throws {
        var engine = try Self.mounted().engine
        engine.views[2].isHidden = false
        #expect(violations(engine) == ["v3: is visible but no component holds it"])
    }

    @Test func viewInTwoPools() throws {
        var engine = try Self.mounted().engine
        var pool = ReusePool()
        pool.views = [v(2)]
        engine.views[0].pools[key("Other", "UIView", [])] = pool
        #expect(violations(engine) == ["v2: is in 2 pools of v1"])
    }

    @Test func viewTwiceInOnePool() throws {
        var engine = try Self.mounted().engine
        engine.views[0].pools[Self.fooKey]?.views.append(v(2))
        #expect(violations(engine).contains("v1: pool (Foo, UIView, [backgroundColor]) holds a view twice"))
    }

    @Test func viewTwiceInSubviews() throws {
        var engine = try Self.mounted().engine
        engine.views[0].subviews.append(v(2))
        #expect(violations(engine) == ["v2: appears 2 times in subviews (superview v1)"])
    }

    @Test func subviewWithAnotherSuperview() throws {
        var engine = try Self.mounted().engine
        engine.views[1].subviews.append(v(3))
        #expect(violations(engine) == ["v2: lists v3 as a subview, but its superview is v1", "v3: appears 2 times in subviews (superview v1)"])
    }

    @Test func attachedConfigurationChanged() throws {
        var engine = try Self.mounted().engine
        engine.views[1].attached = ViewConfiguration(viewClass: "UIView", attributes: [Attribute("backgroundColor", .color("blue"))])
        #expect(violations(engine) == ["v2: attached UIView { backgroundColor: blue } but Foo asks for UIView { backgroundColor: red }"])
    }

    @Test func attachedConfigurationOfAnotherShape() throws {
        var engine = try Self.mounted().engine
        engine.views[1].attached = ViewConfiguration(viewClass: "UIView", attributes: [Attribute("alpha", .number(1))])
        #expect(violations(engine) == [
            "v2: is in pool (Foo, UIView, [backgroundColor]) but its configuration keys to (Foo, UIView, [alpha])",
            "v2: attached UIView { alpha: 1 } but Foo asks for UIView { backgroundColor: red }",
        ])
    }

    @Test func recordedPoolKeyDisagrees() throws {
        var engine = try Self.mounted().engine
        engine.views[1].poolKey = key("Bar", "UIView", ["alpha"])
        #expect(violations(engine) == ["v2: is in pool (Foo, UIView, [backgroundColor]) but records (Bar, UIView, [alpha])"])
    }

    @Test func poolCursorLeftMidPass() throws {
        var engine = try Self.mounted().engine
        engine.views[0].pools[Self.fooKey]?.cursor = 1
        #expect(violations(engine) == ["v1: pool (Foo, UIView, [backgroundColor]) is left mid-pass (cursor 1)"])
    }

    @Test func viewHeldByTwoInstances() throws {
        var h = Harness()
        try h.component("Foo", view: "UIView", [("backgroundColor", "red")])
        try h.mount("Foo", "Foo")
        var engine = h.engine
        engine.mounted[1].view = v(2)
        #expect(violations(engine) == ["v2: held by both Foo and Foo[1]", "v3: is visible but no component holds it"])
    }

    @Test func viewWithoutSuperview() throws {
        var engine = try Self.mounted().engine
        engine.views[2].superview = nil
        #expect(violations(engine).contains("v3: has no superview"))
        #expect(violations(engine).contains("v1: lists v3 as a subview, but its superview is none"))
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
        visibleOnStack.views[1].pools[cellKey]?.waiting.append(v(4))
        #expect(violations(visibleOnStack) == ["v4: is on v2's recycled stack but is visible or not in the pool"])

        var oneCellTwoRows = h.engine
        oneCellTwoRows.views[1].list?.cells[1] = v(3)
        #expect(violations(oneCellTwoRows).contains("v2: shows one cell for two rows"))

        var wrongRow = h.engine
        wrongRow.views[3].attached = ViewConfiguration(viewClass: "UILabel", attributes: [Attribute("text", .text("Row 99"))])
        #expect(violations(wrongRow) == ["v4: attached UILabel { text: \"Row 99\" } but Feed/1 asks for UILabel { text: \"Row 1\" }"])
    }
}
