import Testing
@testable import ReuseEngine

/// What a `set` line does besides its pass (issue 38): the instance's
/// merged configuration changed in place where it can be, and the
/// journal's hash of the operation, each held to its general twin.
@Suite struct SetLineTests {
    /// The merged configuration a run of `set` values leaves, changed in
    /// place (`inPlace`, under `FastPaths.fixedConfigurations`), is the
    /// full merge's after every step, down to the bytes of each name:
    /// a defined attribute replaced, one the definition lacks added then
    /// replaced, a value that reads the row (no merged configuration),
    /// then a plain one again, and a redefinition (another definition
    /// object: merged again from it).
    @Test func aValueReplacedInPlaceIsTheFullMerge() throws {
        var h = Harness()
        try h.component("Card", view: "UILabel", [("text", "hello"), ("alpha", "1")])
        let first = try #require(h.engine.catalog.mountable["Card"])
        var inPlace = InstanceValues()
        var merged = InstanceValues()
        var checked = 0
        func set(_ attribute: String, _ raw: String, over definition: MountableDefinition,
                 sourceLocation: SourceLocation = #_sourceLocation) throws {
            let template = try h.engine.catalog.template(attribute, raw: raw, quoted: false)
            inPlace.set(attribute, to: template, over: definition, inPlace: true)
            merged.set(attribute, to: template, over: definition, inPlace: false)
            let fast = inPlace.configuration(over: definition)
            let general = merged.configuration(over: definition)
            #expect(fast == general, "after \(attribute) \(raw)", sourceLocation: sourceLocation)
            #expect(fast.map(Self.spelled) == general.map(Self.spelled), "after \(attribute) \(raw)", sourceLocation: sourceLocation)
            if general != nil { checked += 1 }
        }
        try set("text", "one", over: first)
        try set("text", "two", over: first)
        try set("alpha", "0.5", over: first)
        try set("backgroundColor", "red", over: first)
        try set("text", "three", over: first)
        try set("backgroundColor", "blue", over: first)
        try set("text", "row {i}", over: first)
        #expect(inPlace.configuration(over: first) == nil, "a value that reads the row merges nothing")
        try set("text", "four", over: first)
        try set("alpha", "0.25", over: first)
        try h.component("Card", view: "UILabel", [("alpha", "1"), ("text", "bye")])
        let second = try #require(h.engine.catalog.mountable["Card"])
        #expect(second !== first)
        try set("text", "five", over: second)
        try set("backgroundColor", "green", over: second)
        #expect(checked == 10)
        let final = try #require(inPlace.configuration(over: second))
        #expect(final.attributes.map(\.name) == ["alpha", "text", "backgroundColor"])
        #expect(final.value(of: "text") == merged.configuration(over: second)?.value(of: "text"))
    }

    /// A configuration's names and values as written, byte for byte.
    static func spelled(_ configuration: ViewConfiguration) -> [[UInt8]] {
        [Array(configuration.viewClass.utf8)] + configuration.attributes.map { Array("\($0.name)=\($0.value)".utf8) }
    }

    /// The journal's hash of a `set` is the same for an operation and one
    /// it repeats (`Operation.repeats`: the same bytes, the same quoting,
    /// an identical path, each held in its own storage here), and spreads
    /// distinct lines over the low bits the journal's table keeps.
    @Test func aSetHashesAsTheOperationItRepeats() throws {
        func path(_ text: String) throws -> ComponentPath { try ComponentPath.parse(text).get() }
        func set(_ text: String, _ attribute: String, _ raw: String, quoted: Bool = false) throws -> Operation {
            // Copied through new storage: only the bytes are shared.
            .set(try path(String(decoding: Array(text.utf8), as: UTF8.self)), attribute: String(decoding: Array(attribute.utf8), as: UTF8.self),
                 raw: String(decoding: Array(raw.utf8), as: UTF8.self), quoted: quoted)
        }
        let pairs: [(Operation, Operation)] = [
            (try set("Card[3]/Title", "text", "hello"), try set("Card[3]/Title", "text", "hello")),
            (try set("Feed/7/Title", "text", "a long value that is not held inline"),
             try set("Feed/7/Title", "text", "a long value that is not held inline")),
            (try set("Card", "alpha", "0.5", quoted: true), try set("Card", "alpha", "0.5", quoted: true)),
        ]
        for (one, other) in pairs {
            #expect(one.repeats(other))
            #expect(one.repeatHash == other.repeatHash)
        }
        // Told apart: each differs from the first pair in one thing.
        let base = try set("Card[3]/Title", "text", "hello")
        for other in [try set("Card[3]/Title", "text", "hellp"), try set("Card[3]/Title", "text", "hello", quoted: true),
                      try set("Card[2]/Title", "text", "hello"), try set("Card[3]/Title", "texts", "hello"),
                      try set("Card[3]/Title", "tex", "thello")] {
            #expect(!base.repeats(other))
            #expect(base.repeatHash != other.repeatHash)
        }
        var lowBits = Set<Int>()
        for card in 0..<64 {
            for value in 0..<64 { lowBits.insert(try #require(try set("Card[\(card)]/Title", "text", "v\(value)").repeatHash) & 4095) }
        }
        // 4,096 distinct lines over 4,096 slots: a uniform hash fills about 2,590.
        #expect(lowBits.count > 2_400, "\(lowBits.count) slots")
    }
}
