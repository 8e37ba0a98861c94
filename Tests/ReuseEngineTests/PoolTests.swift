import Testing
@testable import ReuseEngine

/// The seed's pools: keyed by (component, view class, attribute shape), one
/// map per parent view, hidden views as the pool.
@Suite struct PoolTests {
    /// Foo (`backgroundColor: red`) and Bar (`alpha: 0.5`) on the same parent.
    static func fooBar() throws -> Harness {
        var h = Harness()
        try h.component("Foo", view: "UIView", [("backgroundColor", "red")])
        try h.component("Bar", view: "UIView", [("alpha", "0.5")])
        return h
    }

    @Test func fooAndBarNeverShareAView() throws {
        var h = try Self.fooBar()
        let first = try h.mount("Foo")
        #expect(h.kinds(first) == [.create, .apply])
        let foo = try h.viewOf("Foo")
        #expect(foo.id == v(2))

        let second = try h.mount("Bar")
        // Bar gets a view of its own; Foo's waits hidden; the root's subviews
        // follow take order.
        #expect(h.kinds(second) == [.create, .apply, .hide, .reorder])
        let events = h.events(second)
        #expect(events[0].view == v(3))
        #expect(events[0].component == "Bar")
        #expect(events[0].step.key == key("Bar", "UIView", ["alpha"]))
        #expect(events[1].step == .apply(Attribute("alpha", .number(0.5))))
        #expect(events[2].view == v(2) && events[2].component == "Foo")
        #expect(second.counts[.created] == 1 && second.counts[.reused] == 0)

        #expect(h.engine.views[v(2)].isHidden)
        #expect(try h.viewOf("Bar").id == v(3))
        #expect(try h.viewOf("Bar").properties["backgroundColor"] == .value(.color("clear")))
        let root = h.engine.views[.root]
        #expect(Array(root.pools.keys) == [key("Foo", "UIView", ["backgroundColor"]), key("Bar", "UIView", ["alpha"])])
        #expect(root.pools.values.map(\.views) == [[v(2)], [v(3)]])
        #expect(root.subviews == [v(3), v(2)])
        #expect(h.engine.leaks() == [])
    }

    @Test func keyIgnoresValuesButNotIdentifiers() {
        let keying = StrategyRegistry.standard.keying
        #expect(StrategyRegistry.standard.name == "theodolite")
        func keyOf(_ component: String, _ configuration: ViewConfiguration) -> ViewKey {
            keying.key(component, configuration, catalog: Catalog())
        }
        let red = ViewConfiguration(viewClass: "UIView", attributes: [Attribute("backgroundColor", .color("red"))])
        let blue = ViewConfiguration(viewClass: "UIView", attributes: [Attribute("backgroundColor", .color("blue"))])
        let alpha = ViewConfiguration(viewClass: "UIView", attributes: [Attribute("alpha", .number(0.5))])
        let label = ViewConfiguration(viewClass: "UILabel", attributes: [Attribute("backgroundColor", .color("red"))])
        #expect(red.shape == blue.shape)
        #expect(red != blue)
        #expect(keyOf("Foo", red) == keyOf("Foo", blue))
        #expect(keyOf("Foo", red) != keyOf("Bar", red))
        #expect(keyOf("Foo", red) != keyOf("Foo", alpha))
        #expect(keyOf("Foo", red) != keyOf("Foo", label))
        // Order of attributes does not matter for shape or equality.
        let two = ViewConfiguration(viewClass: "UIView", attributes: [Attribute("alpha", .number(1)), Attribute("backgroundColor", .color("red"))])
        let swapped = ViewConfiguration(viewClass: "UIView", attributes: [Attribute("backgroundColor", .color("red")), Attribute("alpha", .number(1))])
        #expect(two == swapped && two.shape == swapped.shape)
        #expect(two.shape.description == "[alpha, backgroundColor]")
    }

    @Test func sameShapeOtherValuesSharesThePoolAndAppliesOnlyValues() throws {
        var h = Harness()
        try h.component("Tile", view: "UIView", [("backgroundColor", "red")])
        let mounted = try h.mount("Tile", "Tile")
        #expect(mounted.counts[.created] == 2)
        let tileKey = key("Tile", "UIView", ["backgroundColor"])
        #expect(Array(h.engine.views[.root].pools.keys) == [tileKey])
        #expect(h.engine.views[.root].pools[tileKey]?.views == [v(2), v(3)])

        // Another value on one instance: only that value is applied, on its own view.
        let set = try h.set("Tile[1]", "backgroundColor", "blue")
        #expect(h.kinds(set) == [.skip, .apply])
        #expect(h.events(set)[0].view == v(2))
        #expect(h.events(set)[1].view == v(3) && h.events(set)[1].step.attribute?.value == .color("blue"))
        #expect(h.engine.views[v(3)].properties["backgroundColor"] == .value(.color("blue")))
        #expect(h.engine.views[v(2)].properties["backgroundColor"] == .value(.color("red")))

        // Hide the first: the blue instance takes the first view of the pool
        // (positional), so that view is reused with one apply and no create.
        let hidden = try h.hide("Tile")
        #expect(h.kinds(hidden) == [.reuse, .apply, .hide])
        let reuse = h.events(hidden)[0]
        #expect(reuse.view == v(2))
        #expect(reuse.path == Harness.path("Tile[1]"))
        #expect(previousOwner(reuse) == Harness.path("Tile"))
        #expect(h.events(hidden)[1].step.attribute?.value == .color("blue"))
        #expect(h.events(hidden)[2].view == v(3))
        #expect(try h.viewOf("Tile[1]").properties["backgroundColor"] == .value(.color("blue")))

        // Show it again: both come back on the two views, nothing created; the
        // blue view still carries blue, so it is skipped.
        let shown = try h.show("Tile")
        #expect(h.kinds(shown) == [.reuse, .apply, .reuse, .unhide, .skip])
        #expect(shown.counts[.created] == 0)
        #expect(try h.viewOf("Tile").id == v(2))
        #expect(try h.viewOf("Tile[1]").id == v(3))
        #expect(h.engine.views.count == 3)
        #expect(h.engine.leaks() == [])
    }

    @Test func equalConfigurationIsSkipped() throws {
        var h = try Self.fooBar()
        try h.mount("Foo", "Bar")
        let again = try h.remount()
        #expect(h.kinds(again) == [.skip, .skip])
        #expect(again.counts[.applied] == 0 && again.counts[.created] == 0 && again.counts[.reused] == 0)
        let mountedAgain = try h.mount("Foo", "Bar")
        #expect(h.kinds(mountedAgain) == [.skip, .skip])
        #expect(h.events(mountedAgain).map(\.view) == [v(2), v(3)])
    }

    @Test func hiddenViewsComeBackUnhidden() throws {
        var h = try Self.fooBar()
        try h.mount("Foo", "Bar")
        let drop = try h.mount("Foo")
        #expect(h.kinds(drop) == [.skip, .hide])
        #expect(h.events(drop)[1].view == v(3))
        #expect(h.engine.views[v(3)].isHidden)
        #expect(h.engine.views[.root].subviews == [v(2), v(3)])

        let back = try h.mount("Foo", "Bar")
        #expect(h.kinds(back) == [.skip, .reuse, .unhide, .skip])
        #expect(h.events(back)[1].view == v(3) && h.events(back)[2].view == v(3))
        #expect(back.counts[.created] == 0)
        #expect(!h.engine.views[v(3)].isHidden)
        #expect(try h.viewOf("Bar").id == v(3))
        #expect(h.engine.views.count == 3)
    }

    @Test func viewlessComponentsMountChildrenIntoTheNearestAncestorView() throws {
        var h = try Self.fooBar()
        try h.component("Wrapper", children: ["Foo", "Bar"])
        try h.component("Card", view: "UIView", [("cornerRadius", "8")], children: ["Wrapper"])
        let pass = try h.mount("Card")
        #expect(pass.counts[.created] == 3)
        let card = try h.viewOf("Card")
        #expect(try h.node("Card/Wrapper").view == nil)
        #expect(Array(card.pools.keys) == [key("Foo", "UIView", ["backgroundColor"]), key("Bar", "UIView", ["alpha"])])
        #expect(card.subviews == [try h.viewOf("Card/Wrapper/Foo").id, try h.viewOf("Card/Wrapper/Bar").id])
        #expect(try h.viewOf("Card/Wrapper/Foo").superview == card.id)
        #expect(Array(h.engine.views[.root].pools.keys) == [key("Card", "UIView", ["cornerRadius"])])
        #expect(h.engine.views[.root].subviews == [card.id])

        // At the root, a viewless component's children land in the root's pools.
        try h.mount("Wrapper")
        #expect(Array(h.engine.views[.root].pools.keys) == [
            key("Card", "UIView", ["cornerRadius"]), key("Foo", "UIView", ["backgroundColor"]), key("Bar", "UIView", ["alpha"]),
        ])
        #expect(try h.viewOf("Wrapper/Foo").superview == .root)
        #expect(h.engine.views[card.id].isHidden)
    }

    @Test func subviewsFollowTakeOrder() throws {
        var h = try Self.fooBar()
        try h.mount("Foo", "Bar")
        #expect(h.engine.views[.root].subviews == [v(2), v(3)])
        let swapped = try h.mount("Bar", "Foo")
        #expect(h.kinds(swapped) == [.skip, .skip, .reorder])
        let reorder = h.events(swapped)[2]
        #expect(reorder.view == .root)
        #expect(reorder.step == .reorder([v(3), v(2)]))
        #expect(h.engine.views[.root].subviews == [v(3), v(2)])
        #expect(swapped.counts[.created] == 0)
        // The same order again: nothing to reorder.
        let same = try h.mount("Bar", "Foo")
        #expect(h.kinds(same) == [.skip, .skip])
    }

    @Test func positionalReuseKeepsViewsInPlaceAndPoolsNeverShrink() throws {
        var h = try Self.fooBar()
        try h.mount("Foo", "Foo", "Foo")
        #expect(h.engine.views[.root].pools[key("Foo", "UIView", ["backgroundColor"])]?.views == [v(2), v(3), v(4)])
        let fewer = try h.mount("Foo")
        #expect(h.kinds(fewer) == [.skip, .hide, .hide])
        #expect(h.events(fewer).map(\.view) == [v(2), v(3), v(4)])
        #expect(h.engine.views[.root].pools[key("Foo", "UIView", ["backgroundColor"])]?.views == [v(2), v(3), v(4)])
        let more = try h.mount("Foo", "Foo", "Foo", "Foo")
        #expect(more.counts[.created] == 1 && more.counts[.unhidden] == 2)
        #expect(h.engine.views[.root].pools[key("Foo", "UIView", ["backgroundColor"])]?.views == [v(2), v(3), v(4), v(5)])
        #expect(h.engine.statistics.peakViews == 5)
    }

    @Test func hidingAComponentHidesItsViewAndShowingReusesIt() throws {
        var h = try Self.fooBar()
        try h.component("Card", view: "UIView", [("cornerRadius", "8")], children: ["Foo", "Bar"])
        try h.mount("Card")
        let hidden = try h.hide("Card/Foo")
        #expect(h.kinds(hidden) == [.skip, .skip, .hide, .reorder])
        #expect(h.events(hidden)[2].view == v(3))
        #expect(try h.node("Card/Foo").isHidden)
        #expect(try h.node("Card/Foo").view == nil)
        let shown = try h.show("Card/Foo")
        #expect(h.kinds(shown) == [.skip, .reuse, .unhide, .skip, .skip, .reorder])
        #expect(try h.viewOf("Card/Foo").id == v(3))
        #expect(h.engine.views[v(2)].subviews == [v(3), v(4)])
    }
}
