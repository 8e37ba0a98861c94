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
        #expect(failure?.description == "unknown component 'Crad'; did you mean 'Card'?")
        #expect(failure?.subject == "Crad")
        #expect(error { try h.mount("Zzzzzzzz") } == .unknownComponent("Zzzzzzzz", suggestion: nil))
        // An unknown child is found when mounting, not when defining.
        try h.component("Box", view: "UIView", children: ["Fooo"])
        let child = error { try h.mount("Box") }
        #expect(child == .undefinedChild(parent: "Box", child: "Fooo", suggestion: "Foo"))
        #expect(child?.description == "'Box' refers to 'Fooo', which is not defined; did you mean 'Foo'? (define it, or redefine 'Box')")
        #expect(h.engine.log.passes.isEmpty)
    }

    @Test func recursiveDefinitionsAreRefused() throws {
        var h = Harness()
        try h.component("A", children: ["B"])
        let failure = error { try h.component("B", view: "UIView", children: ["A"]) }
        #expect(failure == .recursiveDefinition(["B", "A", "B"]))
        #expect(failure?.description == "recursive definition: B -> A -> B")
        #expect(failure?.subject == "A")
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
        #expect(failure?.description == "list 'Bad' needs cells with a view, but 'Wrapper' has none (give it 'view CLASS')")
        #expect(error { try h.list("Bad", rows: -1, viewport: 2, cells: ["Cell"]) }
            == .invalidListSize("rows must be between 0 and \(ListSpec.maximumRows), not -1"))
        #expect(error { try h.list("Bad", rows: 10, viewport: 0, cells: ["Cell"]) }
            == .invalidListSize("viewport must be between 1 and \(ListSpec.maximumViewport), not 0"))
        #expect(error { try h.list("Bad", rows: 10, viewport: 2, cells: []) }
            == .invalidListSize("a list needs at least one cell component"))
    }

    @Test func invalidValuesSuggestTheClosestOne() throws {
        var h = Harness()
        let colour = error { try h.component("X", view: "UIView", [("backgroundColor", "rde")]) }
        #expect(colour == .invalidValue(attribute: "backgroundColor", ValueError(kind: .color, raw: "rde", suggestion: "red")))
        #expect(colour?.description == "'rde' is not a valid value for backgroundColor: expected a colour name or #rrggbb; did you mean 'red'?")
        #expect(colour?.subject == "rde")
        #expect(error { try h.component("X", view: "UIView", [("alpha", "half")]) }
            == .invalidValue(attribute: "alpha", ValueError(kind: .number, raw: "half", suggestion: nil)))
        #expect(error { try h.component("X", view: "UIView", [("isUserInteractionEnabled", "ture")]) }
            == .invalidValue(attribute: "isUserInteractionEnabled", ValueError(kind: .bool, raw: "ture", suggestion: "true")))
        #expect(error { try h.component("X", view: "UILable") } == .unknownViewClass("UILable", suggestion: "UILabel"))
        #expect(error { try h.component("X", view: "UIView", [("bakgroundColor", "red")]) }
            == .unknownAttribute("bakgroundColor", suggestion: "backgroundColor"))
        #expect(error { try h.component("X", view: "UIView", [("alpha", "1"), ("alpha", "0")]) } == .duplicateAttribute("alpha"))
        #expect(error { try h.declare(AttributeDefinition(name: "tap")) } == .builtInRedefinition(kind: "attribute", name: "tap"))
        #expect(h.engine.catalog.components.isEmpty)
        // Hex colours are fine.
        try h.component("X", view: "UIView", [("backgroundColor", "#FF0000")])
    }

    @Test func refusedOperationsOnPathsAndLists() throws {
        var h = try Self.card()
        #expect(error { try h.scroll("Feed", by: 1) } == .nothingMounted)
        try h.mount("Card", "Feed")
        #expect(error { try h.hide("Crad") } == .noSuchPath("Crad", suggestion: "Card"))
        #expect(error { try h.hide("Card/Wrapper/Baz") } == .noSuchPath("Card/Wrapper/Baz", suggestion: "Card/Wrapper/Bar"))
        #expect(error { try h.hide("Feed/50") } == .rowNotVisible(list: "Feed", row: 50, visible: 0..<10))
        #expect(error { try h.scroll("Card", by: 1) } == .notAList("Card"))
        #expect(error { try h.set("Card/Wrapper", "alpha", "1") } == .noView("Card/Wrapper"))
        #expect(error { try h.set("Feed", "alpha", "1") } == .listTakesNoAttributes("Feed"))
        #expect(error { try h.set("Card", "backgroundColor", "bleu") }
            == .invalidValue(attribute: "backgroundColor", ValueError(kind: .color, raw: "bleu", suggestion: "blue")))
        #expect(error { try h.show("Card") } == .notHidden("Card", hidden: []))
        try h.hide("Card/Wrapper/Foo")
        #expect(error { try h.hide("Card/Wrapper/Foo") } == .alreadyHidden("Card/Wrapper/Foo"))
        #expect(error { try h.show("Card") } == .notHidden("Card", hidden: ["Card/Wrapper/Foo"]))
        let strategy = error { _ = try h.strategy("theodolit") }
        #expect(strategy == .unknownStrategy("theodolit", suggestion: "theodolite"))
        #expect(h.engine.strategy.name == "theodolite")
        #expect(throws: EngineError.viewNotHeld(v(3))) { try h.engine.holder(of: v(3)) }
        #expect(throws: EngineError.unknownView("v999")) { try h.engine.holder(of: v(999)) }
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
        #expect(h.engine.hiddenPaths == [Harness.path("Card/Wrapper/Bar")])
        #expect(h.engine.instanceValues.isEmpty)
        #expect(h.engine.log.passes.count == 2)
    }
}
