import Testing
@testable import ReuseEngine

/// The error, if `body` throws one.
func error(_ body: () throws -> Void) -> EngineError? {
    do {
        try body()
        return nil
    } catch let error as EngineError {
        return error
    } catch {
        Issue.record("not an EngineError: \(error)")
        return nil
    }
}

/// Refused operations: a precise error with a hint, and an engine left as it
/// was (the harness compares the whole engine before and after each failure).
@Suite struct ErrorTests {
    static func card() throws -> Harness {
        var h = Harness()
        try h.component("Foo", view: "UIView", [("backgroundColor", "red")])
        try h.component("Bar", view: "UIView", [("alpha", "0.5")])
        try h.component("Wrapper", children: ["Foo", "Bar"])
        try h.component("Card", view: "UIView", [("cornerRadius", "8")], children: ["Wrapper"])
        try h.component("Cell", view: "UILabel", [("text", "Row {i}")])
        try h.list("Feed", rows: 100, viewport: 10, cells: ["Cell"])
        return h
    }

    @Test func unknownComponentSuggestsTheClosestName() throws {
        var h = try Self.card()
        let failure = error { try h.mount("Crad") }
        #expect(failure == .unknownComponent("Crad", suggestion: "Card"))
        #expect(error { try h.mount("Zzzzzzzz") } == .unknownComponent("Zzzzzzzz", suggestion: nil))
        // An unknown child is found when mounting, not when defining.
        try h.component("Box", view: "UIView", children: ["Fooo"])
        let child = error { try h.mount("Box") }
        #expect(child == .undefinedChild(parent: "Box", child: "Fooo", suggestion: "Foo"))
        #expect(h.engine.log.passes.isEmpty)
    }

    @Test func recursiveDefinitionsAreRefused() throws {
        var h = Harness()
        try h.component("A", children: ["B"])
        let failure = error { try h.component("B", view: "UIView", children: ["A"]) }
        #expect(failure == .recursiveDefinition(["B", "A", "B"]))
        #expect(h.engine.catalog.components["B"] == nil)
        #expect(error { try h.component("C", children: ["C"]) } == .recursiveDefinition(["C", "C"]))
        // Through a list's cells too.
        try h.component("Cell", view: "UIView", children: [])
        try h.list("Feed", rows: 10, viewport: 2, cells: ["Cell"])
        #expect(error { try h.component("Cell", view: "UIView", children: ["Feed"]) } == .recursiveDefinition(["Cell", "Feed", "Cell"]))
    }

    @Test func listCellsNeedAView() throws {
        var h = try Self.card()
        try h.list("Bad", rows: 10, viewport: 2, cells: ["Cell", "Wrapper"])
        let failure = error { try h.mount("Bad") }
        #expect(failure == .listCellWithoutView(list: "Bad", cell: "Wrapper"))
        #expect(error { try h.list("Bad", rows: -1, viewport: 2, cells: ["Cell"]) } == .invalidListSize(.rows(-1)))
        #expect(error { try h.list("Bad", rows: 10, viewport: 0, cells: ["Cell"]) } == .invalidListSize(.viewport(0)))
        #expect(error { try h.list("Bad", rows: 10, viewport: 2, cells: []) } == .invalidListSize(.noCells))
    }

    @Test func invalidValuesSuggestTheClosestOne() throws {
        var h = Harness()
        let colour = error { try h.component("X", view: "UIView", [("backgroundColor", "rde")]) }
        #expect(colour == .invalidValue(attribute: "backgroundColor", ValueError(kind: .color, raw: "rde", suggestion: "red")))
        #expect(error { try h.component("X", view: "UIView", [("alpha", "half")]) }
            == .invalidValue(attribute: "alpha", ValueError(kind: .number, raw: "half", suggestion: nil)))
        #expect(error { try h.component("X", view: "UIView", [("isUserInteractionEnabled", "ture")]) }
            == .invalidValue(attribute: "isUserInteractionEnabled", ValueError(kind: .bool, raw: "ture", suggestion: "true")))
        #expect(error { try h.component("X", view: "UILable") } == .unknownViewClass("UILable", suggestion: "UILabel"))
        #expect(error { try h.component("X", view: "UIView", [("bakgroundColor", "red")]) }
            == .unknownAttribute("bakgroundColor", suggestion: "backgroundColor"))
        #expect(error { try h.component("X", view: "UIView", [("alpha", "1"), ("alpha", "0")]) } == .duplicateAttribute("alpha"))
        #expect(error { try h.declare(AttributeDefinition(name: "tap")) } == .builtInRedefinition(.attribute, name: "tap"))
        #expect(h.engine.catalog.components.isEmpty)
        // Hex colours are fine.
        try h.component("X", view: "UIView", [("backgroundColor", "#FF0000")])
    }

    @Test func refusedOperationsOnPathsAndLists() throws {
        var h = try Self.card()
        #expect(error { try h.scroll("Feed", by: 1) } == .nothingMounted)
        try h.mount("Card", "Feed")
        #expect(error { try h.hide("Crad") } == .noSuchPath(Harness.path("Crad"), suggestion: "Card"))
        #expect(error { try h.hide("Card/Wrapper/Baz") } == .noSuchPath(Harness.path("Card/Wrapper/Baz"), suggestion: "Card/Wrapper/Bar"))
        #expect(error { try h.hide("Feed/50") } == .rowNotVisible(list: Harness.path("Feed"), row: 50, visible: 0..<10))
        #expect(error { try h.scroll("Card", by: 1) } == .notAList(Harness.path("Card")))
        #expect(error { try h.set("Card/Wrapper", "alpha", "1") } == .noView(Harness.path("Card/Wrapper")))
        #expect(error { try h.set("Feed", "alpha", "1") } == .listTakesNoAttributes(Harness.path("Feed")))
        #expect(error { try h.set("Card", "backgroundColor", "bleu") }
            == .invalidValue(attribute: "backgroundColor", ValueError(kind: .color, raw: "bleu", suggestion: "blue")))
        #expect(error { try h.show("Card") } == .notHidden(Harness.path("Card"), hidden: []))
        try h.hide("Card/Wrapper/Foo")
        #expect(error { try h.hide("Card/Wrapper/Foo") } == .alreadyHidden(Harness.path("Card/Wrapper/Foo")))
        #expect(error { try h.show("Card") } == .notHidden(Harness.path("Card"), hidden: [Harness.path("Card/Wrapper/Foo")]))
        // Unknown strategy names are the shell's to refuse (with a suggestion):
        // the registry has none of that name, and the engine keeps its strategy.
        #expect(StrategyRegistry.named("theodolit") == nil)
        #expect(StrategyRegistry.names.contains("theodolite"))
        #expect(h.engine.strategy.name == "theodolite")
        #expect(throws: EngineError.viewNotHeld(v(3))) { try h.engine.holder(of: v(3)) }
        #expect(throws: EngineError.unknownView(v(999))) { try h.engine.holder(of: v(999)) }
    }

    /// A pass-running operation refused because a mounted type no longer
    /// mounts must not leave its own change behind (it used to: `hide`, `show`
    /// and `set` recorded the change, then the pass's check threw).
    @Test func operationsRefusedByTheMountCheckChangeNothing() throws {
        var h = try Self.card()
        try h.mount("Card")
        try h.hide("Card/Wrapper/Bar")
        try h.component("Wrapper", children: ["Foo", "Bar", "Nope"])
        let nope = EngineError.undefinedChild(parent: "Wrapper", child: "Nope", suggestion: nil)
        #expect(error { try h.hide("Card/Wrapper/Foo") } == nope)
        #expect(error { try h.show("Card/Wrapper/Bar") } == nope)
        #expect(error { try h.set("Card", "cornerRadius", "2") } == nope)
        #expect(error { try h.remount() } == nope)
        #expect(Array(h.engine.session.hiddenPaths) == [Harness.path("Card/Wrapper/Bar")])
        #expect(h.engine.session.instanceValues.isEmpty)
        #expect(h.engine.log.passes.count == 2)
    }
}
