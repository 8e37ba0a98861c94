import Testing
import TestSupport
@testable import ReuseEngine

/// The typed API (`defineComponent(_:view:attributes:...)`, `mount(_:)`,
/// `scroll(_:by:)`, ...) is the shell-facing API with its arguments
/// translated: the same session through either leaves the same engine,
/// log and history, and fails with the same errors.
@Suite struct ClientAPITests {
    /// The same session through the shell-facing API, each pass's trigger
    /// the command line the shell would have run.
    static func shellStyleSession() throws -> Engine {
        var engine = Engine()
        let path = { (text: String) in try ComponentPath.parse(text).get() }
        try engine.declare(AttributeDefinition(name: "score", kind: .number))
        try engine.declareViewClass("Badge", defaults: [("text", "new", true), ("textColor", "red", false)])
        try engine.defineComponent("Dot", viewClass: "UIView", attributes: [("backgroundColor", "red", false), ("alpha", "0.5", false)],
                                   children: [])
        try engine.defineComponent("Title", viewClass: "UILabel",
                                   attributes: [("text", "Row {i}", true), ("isUserInteractionEnabled", "false", false), ("score", "{i}", false)],
                                   children: [])
        try engine.defineComponent("Photo", viewClass: "UIImageView", attributes: [("image", "placeholder", true)], children: [],
                                   loads: [LoadRequest(attribute: "image", raw: "photo{i}", quoted: true, after: 2, checksItem: true)])
        try engine.defineComponent("Cell", viewClass: "UIView", attributes: [("cornerRadius", "4", false)], children: ["Title", "Dot", "Photo"])
        try engine.defineComponent("Header", viewClass: "Badge", attributes: [], children: [])
        try engine.defineComponent("Group", viewClass: nil, attributes: [], children: ["Dot", "Dot"])
        try engine.defineList("Feed", rows: 100, viewport: 4, cells: ["Cell"], header: "Header")
        try engine.mount(["Feed", "Group"], trigger: "mount Feed Group")
        _ = try engine.scroll(path("Feed"), .by(2), trigger: "scroll Feed by 2")
        _ = try engine.scroll(path("Feed"), .to(10), trigger: "scroll Feed to 10")
        try engine.set(path("Feed/11/Title"), attribute: "text", raw: "hello there", quoted: true,
                       trigger: "set Feed/11/Title text \"hello there\"")
        try engine.set(path("Feed/11"), attribute: "backgroundColor", raw: "#00FF00", quoted: false,
                       trigger: "set Feed/11 backgroundColor #00FF00")
        try engine.set(path("Feed/12/Dot"), attribute: "alpha", raw: "0.25", quoted: false, trigger: "set Feed/12/Dot alpha 0.25")
        try engine.hide(path("Group/Dot[1]"), trigger: "hide Group/Dot[1]")
        engine.wait(trigger: "wait")
        try engine.show(path("Group/Dot[1]"), trigger: "show Group/Dot[1]")
        try engine.reload(path("Feed/12"), style: .payload, trigger: "reload Feed/12 payload")
        try engine.setStrategy(try #require(StrategyRegistry.named("recyclerview")).with(options: [("cache", 1)]),
                               trigger: "strategy recyclerview cache 1")
        try engine.reloadList(path("Feed"), trigger: "reload Feed")
        try engine.setStrategy(try #require(StrategyRegistry.named("theodolite-2019")).with(options: [("bug27", 1)]),
                               trigger: "strategy theodolite-2019 bug27 on")
        try engine.remount(trigger: "remount")
        return engine
    }

    @Test func theTypedAPIRunsTheShellFacingPath() throws {
        let typed = try TypedSession.engine()
        let shellStyle = try Self.shellStyleSession()
        #expect(typed.checkInvariants() == [])
        // The state (catalogue, tree, views, pools, values, offsets), the
        // journal the history replays, and every past state it rebuilds.
        // (Not `fingerprint`: two engines' dictionaries dump in orders of
        // their own.)
        #expect(summary(typed) == summary(shellStyle))
        #expect(Self.journal(typed) == Self.journal(shellStyle))
        for pass in 1...typed.log.currentPass {
            #expect(typed.state(afterPass: pass).map(summary) == shellStyle.state(afterPass: pass).map(summary), "pass \(pass)")
        }
        #expect(Array(typed.log.events) == Array(shellStyle.log.events))
        #expect(typed.log.passes == shellStyle.log.passes)
        #expect(typed.log.passes.map(\.trigger) == [
            "mount Feed Group", "scroll Feed by 2", "scroll Feed to 10", "set Feed/11/Title text \"hello there\"",
            "set Feed/11 backgroundColor #00FF00", "set Feed/12/Dot alpha 0.25", "hide Group/Dot[1]", "wait",
            "show Group/Dot[1]", "reload Feed/12 payload", "strategy recyclerview cache 1", "reload Feed",
            "strategy theodolite-2019 bug27 on", "remount",
        ])
        // Definitions read back as the script lines that make them.
        #expect(typed.catalog.components.values.map(\.declaration) == [
            "component Dot view UIView { backgroundColor: red, alpha: 0.5 }",
            "component Title view UILabel { text: \"Row {i}\", isUserInteractionEnabled: false, score: {i} }",
            "component Photo view UIImageView { image: \"placeholder\" } loads image \"photo{i}\" after 2 checked",
            "component Cell view UIView { cornerRadius: 4 } children Title Dot Photo",
            "component Header view Badge",
            "component Group children Dot Dot",
            "list Feed rows 100 viewport 4 cells Cell header Header",
        ])
    }

    /// The operations the history journaled, as text (a strategy by its
    /// name and options: its policies hold dictionaries).
    static func journal(_ engine: Engine) -> [String] {
        engine.history.entries.map { entry in
            if case .setStrategy(let strategy) = entry.operation { return "strategy \(strategy.name) \(strategy.optionsDescription)" }
            return String(describing: entry.operation)
        }
    }

    @Test func typedValuesReachTheViews() throws {
        var engine = Engine()
        try engine.declare(AttributeDefinition(name: "score", kind: .number))
        try engine.defineComponent("Title", view: "UILabel",
                                   attributes: ["text": "Row {i}", "alpha": 0.5, "isUserInteractionEnabled": false,
                                                "textColor": .color("#FF0000"), "score": .rowNumber])
        try engine.defineList("Feed", rows: 10, viewport: 2, cells: ["Title"])
        try engine.mount("Feed")
        try engine.scroll("Feed", to: 7)
        let view = try #require(try engine.resolve("Feed/8").view)
        #expect(engine.views[view].property("text") == .value(.text("Row 8")))
        #expect(engine.views[view].property("alpha") == .value(.number(0.5)))
        #expect(engine.views[view].property("isUserInteractionEnabled") == .value(.bool(false)))
        #expect(engine.views[view].property("textColor") == .value(.color("#ff0000")))
        #expect(engine.views[view].property("score") == .value(.number(8)))
    }

    @Test func literalsAndWrittenForms() {
        let values: [AttributeInput] = ["text", "Row \(3)", 0.5, 2, true, .color("red"), .rowNumber, .number(1e-7)]
        #expect(values == [.text("text"), .text("Row 3"), .number(0.5), .number(2), .bool(true), .color("red"), .rowNumber,
                           .number(1e-7)])
        #expect(values.map(\.script) == ["\"text\"", "\"Row 3\"", "0.5", "2", "true", "red", "{i}", "1e-07"])
        #expect(AttributeInput.text("say \"hi\"").written == ("say \"hi\"", true))
        let list = AttributeList([("alpha", 0.5), ("text", "x")])
        let literal: AttributeList = ["alpha": 0.5, "text": "x"]
        #expect(list == literal)
        #expect(list.entries.map(\.name) == ["alpha", "text"])
        #expect(literal.script == "{ alpha: 0.5, text: \"x\" }")
    }

    @Test func pathsFromLiteralsAndText() throws {
        let literal: ComponentPath = "Feed/3/Card[1]"
        #expect(literal == (try ComponentPath.parse("Feed/3/Card[1]").get()))
        #expect(literal.display == "Feed/3/Card[1]")
        #expect(literal.segments.map { $0 } == [.named("Feed", index: 0), .row(3), .named("Card", index: 1)])
        #expect(try ComponentPath(parsing: "Feed/3") == "Feed/3")
        #expect(throws: PathSyntaxError(segment: "3x", offset: 5)) { try ComponentPath(parsing: "Feed/3x") }
        #expect(PathSyntaxError(segment: "3x", offset: 5).description
            == "'3x' is not a path segment (write Name, Name[index] or a row number, joined by '/')")
    }

    /// Each typed call that is refused throws the error the shell-facing
    /// call throws for the same input, and changes nothing.
    @Test func typedErrorsAreTheShellFacingErrors() throws {
        var h = Harness()
        try h.component("Card", view: "UIView", [("backgroundColor", "white")])
        try h.list("Feed", rows: 10, viewport: 3, cells: ["Card"])
        try h.mount("Feed")

        typealias Call = (inout Engine) throws(EngineError) -> Void
        let cases: [(typed: Call, shellStyle: Call, error: EngineError)] = [
            ({ e throws(EngineError) in try e.defineComponent("X", view: "UIVeiw") },
             { e throws(EngineError) in try e.defineComponent("X", viewClass: "UIVeiw", attributes: [], children: []) },
             .unknownViewClass("UIVeiw", suggestion: "UIView")),
            ({ e throws(EngineError) in try e.defineComponent("X", view: "UIView", attributes: ["backgroundColour": .color("red")]) },
             { e throws(EngineError) in
                try e.defineComponent("X", viewClass: "UIView", attributes: [("backgroundColour", "red", false)], children: []) },
             .unknownAttribute("backgroundColour", suggestion: "backgroundColor")),
            ({ e throws(EngineError) in try e.defineComponent("X", view: "UIView", attributes: ["alpha": true]) },
             { e throws(EngineError) in try e.defineComponent("X", viewClass: "UIView", attributes: [("alpha", "true", false)], children: []) },
             .invalidValue(attribute: "alpha", ValueError(kind: .number, raw: "true", suggestion: nil))),
            ({ e throws(EngineError) in try e.defineComponent("X", view: "UIView", attributes: ["alpha": .number(.infinity)]) },
             { e throws(EngineError) in try e.defineComponent("X", viewClass: "UIView", attributes: [("alpha", "inf", false)], children: []) },
             .invalidValue(attribute: "alpha", ValueError(kind: .number, raw: "inf", suggestion: nil))),
            ({ e throws(EngineError) in try e.defineComponent("X", view: "UIView", attributes: ["alpha": 2]) },
             { e throws(EngineError) in try e.defineComponent("X", viewClass: "UIView", attributes: [("alpha", "2", false)], children: []) },
             .outOfRange(attribute: "alpha", value: "2", range: 0...1)),
            ({ e throws(EngineError) in try e.defineComponent("X", view: "UIView", attributes: ["tintColor": .color("redd")]) },
             { e throws(EngineError) in try e.defineComponent("X", viewClass: "UIView", attributes: [("tintColor", "redd", false)], children: []) },
             .invalidValue(attribute: "tintColor", ValueError(kind: .color, raw: "redd", suggestion: "red"))),
            ({ e throws(EngineError) in try e.defineComponent("X", view: "UIView", attributes: ["alpha": 0.5, "alpha": 1]) },
             { e throws(EngineError) in
                try e.defineComponent("X", viewClass: "UIView", attributes: [("alpha", "0.5", false), ("alpha", "1", false)], children: []) },
             .duplicateAttribute("alpha")),
            ({ e throws(EngineError) in try e.defineComponent("X", view: "UIView", attributes: ["text": "hi"]) },
             { e throws(EngineError) in try e.defineComponent("X", viewClass: "UIView", attributes: [("text", "hi", true)], children: []) },
             .notAPropertyOfClass(attribute: "text", viewClass: "UIView", classesWithIt: ["UILabel"])),
            ({ e throws(EngineError) in try e.declareViewClass("UIView", defaults: [:]) },
             { e throws(EngineError) in try e.declareViewClass("UIView", defaults: []) },
             .builtInRedefinition(.viewClass, name: "UIView")),
            ({ e throws(EngineError) in try e.mount("Crad") },
             { e throws(EngineError) in try e.mount(["Crad"], trigger: "mount Crad") },
             .unknownComponent("Crad", suggestion: "Card")),
            ({ e throws(EngineError) in try e.scroll("Fed", by: 1) },
             { e throws(EngineError) in _ = try e.scroll("Fed", .by(1), trigger: "scroll Fed by 1") },
             .noSuchPath("Fed", suggestion: "Feed")),
            ({ e throws(EngineError) in try e.set("Feed", "alpha", to: 0.5) },
             { e throws(EngineError) in try e.set("Feed", attribute: "alpha", raw: "0.5", quoted: false, trigger: "set Feed alpha 0.5") },
             .listTakesNoAttributes("Feed")),
            ({ e throws(EngineError) in try e.set("Feed/1", "alpha", to: "half") },
             { e throws(EngineError) in try e.set("Feed/1", attribute: "alpha", raw: "half", quoted: true, trigger: "set Feed/1 alpha \"half\"") },
             .invalidValue(attribute: "alpha", ValueError(kind: .number, raw: "half", suggestion: nil))),
            ({ e throws(EngineError) in try e.show("Feed/1") },
             { e throws(EngineError) in try e.show("Feed/1", trigger: "show Feed/1") },
             .notHidden("Feed/1", hidden: [])),
            ({ e throws(EngineError) in try e.setStrategy(named: "uikt") },
             { e throws(EngineError) in throw .unknownStrategy("uikt", suggestion: closestName(to: "uikt", in: StrategyRegistry.names)) },
             .unknownStrategy("uikt", suggestion: "uikit")),
            ({ e throws(EngineError) in try e.setStrategy(named: "naive", options: ["cache": 1]) },
             { e throws(EngineError) in _ = try e.setStrategy(try StrategyDescriptor.naive.with(options: [("cache", 1)]), trigger: "strategy naive cache 1") },
             .unknownOption(strategy: "naive", option: "cache", known: [])),
        ]
        for (index, (typed, shellStyle, expected)) in cases.enumerated() {
            #expect(throws: expected, "case \(index), typed") { try h.run(#_sourceLocation) { e throws(EngineError) in try typed(&e) } }
            #expect(throws: expected, "case \(index), shell-facing") {
                try h.run(#_sourceLocation) { e throws(EngineError) in try shellStyle(&e) }
            }
        }
    }
}
