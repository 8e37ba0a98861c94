import Testing
@testable import ReuseEngine

/// Attribute application: unapply before apply, additive attributes, and the
/// leak that keying by view class alone lets through.
@Suite struct ApplicationTests {
    @Test func tapIsNeverDoubledBecauseUnapplyRunsFirst() throws {
        var h = Harness()
        try h.component("Button", view: "UIButton", [("title", "Go"), ("tap", "open")])
        try h.mount("Button")
        #expect(try h.viewOf("Button").properties["tap"] == .entries([.text("open")]))

        let set = try h.set("Button", "tap", "close")
        #expect(h.kinds(set) == [.unapply, .apply, .apply])
        let events = h.events(set)
        #expect(events[0].step == .unapply(Attribute("tap", .text("open"))))
        // Theodolite applies every attribute of the new configuration.
        #expect(events[1].step == .apply(Attribute("title", .text("Go"))))
        #expect(events[2].step == .apply(Attribute("tap", .text("close"))))
        #expect(try h.viewOf("Button").properties["tap"] == .entries([.text("close")]))
        #expect(h.engine.leaks() == [])

        // A view going to another instance with another handler also ends with one.
        try h.mount("Button", "Button")
        try h.set("Button[1]", "tap", "share")
        try h.hide("Button")
        #expect(try h.viewOf("Button[1]").id == v(2))
        #expect(try h.viewOf("Button[1]").properties["tap"] == .entries([.text("share")]))
        #expect(h.engine.leaks() == [])
    }

    @Test func additiveAttributeWithoutUnapplicatorDoublesAndLeaks() throws {
        var h = Harness()
        try h.declare(AttributeDefinition(name: "swipe", effect: .adds))
        try h.component("Swiper", view: "UIView", [("swipe", "left")])
        try h.mount("Swiper")
        #expect(try h.viewOf("Swiper").properties["swipe"] == .entries([.text("left")]))
        #expect(h.engine.leaks() == [])

        let set = try h.set("Swiper", "swipe", "right")
        #expect(h.kinds(set) == [.apply])
        #expect(try h.viewOf("Swiper").properties["swipe"] == .entries([.text("left"), .text("right")]))
        let leaks = h.engine.leaks()
        #expect(leaks.map { Leak(view: $0.view, path: $0.path, property: $0.property, shows: $0.shows, fresh: $0.fresh) }
                == [Leak(view: v(2), path: Harness.path("Swiper"), property: "swipe",
                         shows: .entries([.text("left"), .text("right")]), fresh: .entries([.text("right")]))])
        // The stale entry is the one added in pass 1, not the one `set` added in pass 2.
        #expect(leaks.first?.sources.map(\.pass) == [1])
        #expect(leaks.first?.description == "v2 Swiper: swipe shows [\"left\", \"right\"], a fresh view would show [\"right\"] (added by Swiper in pass 1)")
    }

    @Test func additiveAttributeWithUnapplicatorDoesNotDouble() throws {
        var h = Harness()
        try h.declare(AttributeDefinition(name: "swipe", effect: .adds, hasUnapplicator: true))
        try h.component("Swiper", view: "UIView", [("swipe", "left")])
        try h.mount("Swiper")
        let set = try h.set("Swiper", "swipe", "right")
        #expect(h.kinds(set) == [.unapply, .apply])
        #expect(try h.viewOf("Swiper").properties["swipe"] == .entries([.text("right")]))
        #expect(h.engine.leaks() == [])
    }

    /// Foo then Bar on the same parent; both are UIViews.
    static func fooThenBar(strategy: String) throws -> (Harness, PassSummary) {
        var h = Harness()
        try h.strategy(strategy)
        try h.component("Foo", view: "UIView", [("backgroundColor", "red")])
        try h.component("Bar", view: "UIView", [("alpha", "0.5")])
        try h.mount("Foo")
        let bar = try h.mount("Bar")
        return (h, bar)
    }

    @Test func naiveLeaksTheRedBackground() throws {
        let (h, bar) = try Self.fooThenBar(strategy: "naive")
        #expect(h.engine.strategy.name == "naive")
        #expect(h.kinds(bar) == [.reuse, .apply])
        let reuse = h.events(bar)[0]
        #expect(reuse.view == v(2) && previousOwner(reuse) == Harness.path("Foo") && reuse.step.key == key(nil, "UIView", nil))
        #expect(try h.viewOf("Bar").id == v(2))
        #expect(try h.viewOf("Bar").properties["backgroundColor"] == .value(.color("red")))
        let leaks = h.engine.leaks()
        #expect(leaks.map { Leak(view: $0.view, path: $0.path, property: $0.property, shows: $0.shows, fresh: $0.fresh) }
                == [Leak(view: v(2), path: Harness.path("Bar"), property: "backgroundColor",
                         shows: .value(.color("red")), fresh: .value(.color("clear")))])
        #expect(leaks.first?.sources.map(\.component) == ["Foo"])
        #expect(leaks.first?.description == "v2 Bar: backgroundColor shows red, a fresh view would show clear (set by Foo in pass 1)")
        #expect(h.engine.statistics.leaks == 1)
        #expect(Array(h.engine.views[.root].pools.keys) == [key(nil, "UIView", nil)])
    }

    @Test func theodoliteDoesNotLeak() throws {
        let (h, bar) = try Self.fooThenBar(strategy: "theodolite")
        #expect(bar.counts[.created] == 1 && bar.counts[.reused] == 0)
        #expect(try h.viewOf("Bar").id == v(3))
        #expect(h.engine.leaks() == [])
        #expect(h.engine.statistics.leaks == 0)
    }

    /// A switch removes the old views in its own pass and mounts afresh;
    /// view ids, pass numbers and the log go on.
    @Test func switchingStrategyStartsTheViewTreeAfresh() throws {
        var h = Harness()
        try h.component("Foo", view: "UIView", [("backgroundColor", "red")])
        try h.component("Bar", view: "UIView", [("alpha", "0.5")])
        try h.mount("Foo", "Bar")
        let pass = try #require(try h.strategy("naive"))
        #expect(h.engine.views.count == 5)
        #expect(h.engine.views.aliveCount == 3)
        #expect(h.engine.log.passes.count == 2 && pass.pass == 2)
        #expect(h.kinds(pass) == [.remove, .remove, .create, .apply, .create, .apply])
        #expect(h.events(pass).prefix(2).map(\.view) == [v(2), v(3)])
        #expect(h.events(pass).first?.step == .remove(parent: .root, key: key("Foo", "UIView", ["backgroundColor"]),
                                                       reason: .strategySwitched(from: "theodolite", to: "naive")))
        #expect(h.engine.views[.root].pools[key(nil, "UIView", nil)]?.views == [v(4), v(5)])
        #expect(try h.strategy("theodolite") != nil)
        #expect(h.engine.views[.root].pools.count == 2)
    }
}
