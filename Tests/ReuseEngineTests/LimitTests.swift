import Testing
@testable import ReuseEngine

/// Sizes a user can make huge are handled in time linear in the input, or
/// refused with an error naming the limit; nothing recurses natively on a
/// user's nesting, and counts saturate.
///
/// The time bounds are generous (the work takes about a tenth of them in the
/// debug build): they catch the quadratic and exponential regressions
/// these tests are about (minutes), not small slowdowns.
@Suite struct LimitTests {
    /// `C1 children C2`, ..., `Cn` with a view each, in definition order.
    static func chain(_ count: Int) -> [(name: String, children: [String])] {
        (1...count).map { index in ("C\(index)", index < count ? ["C\(index + 1)"] : []) }
    }

    static func define(_ chain: some Sequence<(name: String, children: [String])>, in engine: inout Engine) throws(EngineError) {
        for link in chain {
            try engine.defineComponent(link.name, viewClass: "UIView", attributes: [], children: link.children)
        }
    }

    static func elapsed(_ body: () throws -> Void) rethrows -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return clock.now - start
    }

    @Test func aTenThousandLongChainIsDefinedInLinearTimeInEitherOrder() throws {
        for order in ["root first", "leaf first"] {
            var engine = Engine()
            let links = LimitTests.chain(10_000)
            let time = try LimitTests.elapsed {
                try LimitTests.define(order == "root first" ? Array(links) : links.reversed(), in: &engine)
            }
            #expect(engine.catalog.components.count == 10_000)
            #expect(time < .seconds(5), "defining a 10^4-long chain \(order) took \(time)")
        }
    }

    @Test func aCycleClosedAtTheEndOfALongChainIsFoundAndNamed() throws {
        var engine = Engine()
        try LimitTests.define(LimitTests.chain(10_000).reversed(), in: &engine)
        let before = engine.catalog.components.count
        #expect(throws: EngineError.recursiveDefinition(["C10000", "C1", "C2"] + (3...10_000).map { "C\($0)" })) {
            try engine.defineComponent("C10000", viewClass: "UIView", attributes: [], children: ["C1"])
        }
        #expect(engine.catalog.components.count == before)
        #expect(engine.catalog.components["C10000"]?.references == [])
    }

    @Test func aHundredThousandDeepChainIsRefusedWithTheLimit() throws {
        var engine = Engine()
        try LimitTests.define(LimitTests.chain(100_000), in: &engine)
        var failure: EngineError?
        let time = LimitTests.elapsed {
            do throws(EngineError) { try engine.mount(["C1"], trigger: "mount C1") } catch { failure = error }
        }
        guard case .tooDeep(let chain, let limit)? = failure else {
            Issue.record("expected tooDeep, got \(String(describing: failure))")
            return
        }
        #expect(limit == Catalog.maximumDepth)
        #expect(chain.count == 100_000 && chain.first == "C1" && chain.last == "C100000")
        #expect(engine.session.mounted.isEmpty && engine.statistics.counts[.created] == 0)
        #expect(time < .seconds(5), "refusing a 10^5-deep mount took \(time)")
    }

    @Test func aChainAtTheDepthLimitMountsAndEveryWalkOverItWorks() throws {
        var engine = Engine()
        try LimitTests.define(LimitTests.chain(Catalog.maximumDepth), in: &engine)
        try engine.mount(["C1"], trigger: "mount C1")
        #expect(engine.statistics.counts[.created] == Catalog.maximumDepth)
        #expect(engine.checkInvariants() == [])
        try engine.remount(trigger: "remount")
        #expect(engine.statistics.counts[.skipped] == Catalog.maximumDepth)
        #expect(engine.state(afterPass: 1)?.statistics.views == Catalog.maximumDepth + 1)  // and the root view
        // One level more is refused, and the tree stays as it was.
        try engine.defineComponent("C0", viewClass: "UIView", attributes: [], children: ["C1"])
        #expect(throws: EngineError.self) { try engine.mount(["C0"], trigger: "mount C0") }
        #expect(engine.session.mounted.first?.name == "C1")
    }

    @Test func sharedSubtreesThatMultiplyPastTheLimitAreRefusedWithASaturatedCount() throws {
        // D1 children D2 D2, D2 children D3 D3, ...: 2^64 - 1 instances.
        var engine = Engine()
        for level in stride(from: 64, through: 1, by: -1) {
            try engine.defineComponent("D\(level)", viewClass: "UIView", attributes: [],
                                       children: level < 64 ? ["D\(level + 1)", "D\(level + 1)"] : [])
        }
        #expect(throws: EngineError.tooManyInstances(["D1"], count: .max, limit: Catalog.maximumInstances)) {
            try engine.mount(["D1"], trigger: "mount D1")
        }
        // Ten levels (1,023 instances) mount.
        #expect(throws: Never.self) { try engine.mount(["D55"], trigger: "mount D55") }
        #expect(engine.statistics.views == 1_023 + 1)  // and the root view
    }

    /// Issue 39, item 4: the limit is the whole tree's. `mount D1 D1`
    /// mounted two trees of 524,287 instances each, since each root was
    /// checked alone.
    @Test func theInstanceLimitCountsEveryRootTogether() throws {
        var engine = Engine()
        for level in stride(from: 19, through: 1, by: -1) {
            try engine.defineComponent("D\(level)", viewClass: "UIView", attributes: [],
                                       children: level < 19 ? ["D\(level + 1)", "D\(level + 1)"] : [])
        }
        #expect(throws: EngineError.tooManyInstances(["D1", "D1"], count: 2 * ((1 << 19) - 1), limit: Catalog.maximumInstances)) {
            try engine.mount(["D1", "D1"], trigger: "mount D1 D1")
        }
        #expect(engine.statistics.views == 1, "nothing mounted but the root view")
        try engine.mount(["D10", "D10"], trigger: "mount D10 D10")
        #expect(engine.statistics.views == 2 * 1_023 + 1)
        // A redefinition that would take the mounted tree past the limit is
        // refused where it is written, and the catalogue keeps the old one.
        // Each D10 holds 512 D19 leaves; a D19 holding a 1,000-row list
        // would make 1,002 instances of each.
        try engine.defineComponent("G", viewClass: "UIView", attributes: [], children: [])
        try engine.defineList("F", rows: 1_000, viewport: 1_000, cells: ["G"])
        let before = engine.catalog.components["D19"]
        #expect(throws: EngineError.definitionPastLimit(
            "D19", .tooManyInstances(["D10", "D10"], count: 2 * (511 + 512 * 1_002), limit: Catalog.maximumInstances))) {
            try engine.defineComponent("D19", viewClass: "UIView", attributes: [], children: ["F"])
        }
        #expect(engine.catalog.components["D19"] == before)
        try engine.remount(trigger: "remount")
        #expect(engine.statistics.views == 2 * 1_023 + 1)
        #expect(engine.checkInvariants().isEmpty)
    }

    /// Issue 39, item 9: a redefinition making the mounted tree 1,001 deep
    /// was taken, and every later pass refused, even `hide` of the part
    /// that made it deep. It is refused itself now, whether it names a
    /// deeper type or defines one the tree waited for.
    @Test func aDefinitionThatWouldNestTheMountedTreeTooDeepIsRefused() throws {
        var engine = Engine()
        try LimitTests.define(LimitTests.chain(Catalog.maximumDepth - 1), in: &engine)
        try engine.mount(["C1"], trigger: "mount C1")
        func refusal(_ name: String) -> (any Error) -> Bool {
            { error in
                guard case .definitionPastLimit(name, .tooDeep(let chain, limit: Catalog.maximumDepth)) = error as? EngineError else { return false }
                return chain.count == Catalog.maximumDepth + 1 && chain.first == "C1"
            }
        }
        // A name not defined yet counts as a level: C999 -> X makes 1,000.
        let last = "C\(Catalog.maximumDepth - 1)"
        try engine.defineComponent(last, viewClass: "UIView", attributes: [], children: ["X"])
        #expect(performing: {
            try engine.defineComponent("X", viewClass: "UIView", attributes: [], children: ["Y"])
        }, throws: refusal("X"))
        #expect(engine.catalog.components["X"] == nil)
        // A type nobody mounts may be as deep as it likes until it is named.
        try engine.defineComponent("Y", viewClass: "UIView", attributes: [], children: ["Y2"])
        #expect(performing: {
            try engine.defineComponent(last, viewClass: "UIView", attributes: [], children: ["Y"])
        }, throws: refusal(last))
        #expect(engine.catalog.components[last]?.references == ["X"], "the old definition stays")
        try engine.defineComponent("X", viewClass: "UIView", attributes: [], children: [])
        try engine.hide(try ComponentPath(parsing: "C1/C2"), trigger: "hide C1/C2")
        #expect(engine.checkInvariants().isEmpty)
    }

    /// Issue 15: valdi-attach counted every item's tree of a 10^12-row list
    /// whose cell had a 10^8-instance subtree, and the count overflowed
    /// (SIGILL). Such a cell is now refused at mount, and the count saturates.
    @Test func valdiAttachLiveCountOfAHugeListNeverTraps() throws {
        var engine = Engine()
        let valdi = try #require(StrategyRegistry.named("valdi-attach"))
        try engine.setStrategy(try valdi.with(options: []), trigger: "strategy valdi-attach")
        for level in stride(from: 27, through: 1, by: -1) {
            try engine.defineComponent("D\(level)", viewClass: "UIView", attributes: [],
                                       children: level < 27 ? ["D\(level + 1)", "D\(level + 1)"] : [])
        }
        try engine.defineList("Feed", rows: ListSpec.maximumRows, viewport: 1, cells: ["D1"])
        #expect(throws: EngineError.tooManyInstances(["Feed"], count: (1 << 27) - 1 + 1, limit: Catalog.maximumInstances)) {
            try engine.mount(["Feed"], trigger: "mount Feed")
        }
        try engine.defineList("Feed", rows: ListSpec.maximumRows, viewport: 1, cells: ["D20"])
        try engine.mount(["Feed"], trigger: "mount Feed")
        #expect(engine.statistics.liveComponents == 1 + ListSpec.maximumRows * ((1 << 8) - 1))
        #expect(Int.max.addingSaturated(1) == .max && (Int.max / 2).multipliedSaturated(3) == .max)
        #expect(Int.min.addingSaturated(-1) == .min && (Int.max / 2).multipliedSaturated(-3) == .min)
    }
}

extension LimitTests {
    @Test func definitionsAndChildrenAreBounded() throws {
        var engine = Engine()
        let children = (0...Catalog.maximumChildren).map { "B\($0)" }
        #expect(throws: EngineError.tooMany(.children(of: "A"), count: Catalog.maximumChildren + 1, limit: Catalog.maximumChildren)) {
            try engine.defineComponent("A", viewClass: "UIView", attributes: [], children: children)
        }
        #expect(engine.catalog.components.isEmpty)
        try engine.defineComponent("A", viewClass: "UIView", attributes: [], children: Array(children.dropLast()))
        #expect(engine.catalog.components["A"]?.references.count == Catalog.maximumChildren)
    }

    @Test func suggestionsAreBoundedByLength() {
        let long = String(repeating: "Card", count: 10_000)
        #expect(closestName(to: long, in: [long + "s", "Card"]) == nil)
        #expect(closestName(to: "Crad", in: [long, "Card"]) == "Card")
        #expect(closestName(to: String(repeating: "a", count: 64), in: [String(repeating: "a", count: 63)]) != nil)
    }
}

import Synchronization

/// Counts down the calls of an interruption check; trips at zero.
final class Tripwire: Sendable {
    let remaining: Atomic<Int>
    init(after calls: Int) { remaining = Atomic(calls) }
    @Sendable func check() -> Bool { remaining.subtract(1, ordering: .relaxed).newValue < 0 }
}

extension LimitTests {
    /// Ctrl-C inside one pass: the operation throws `.interrupted` and the
    /// engine is exactly as before it; what runs next runs as if the
    /// interrupted command had never been typed.
    @Test func anInterruptedPassLeavesTheEngineAsItWas() throws {
        func session(_ engine: inout Engine) throws {
            for level in stride(from: 8, through: 1, by: -1) {
                try engine.defineComponent("D\(level)", viewClass: "UIView", attributes: [("alpha", "0.5", false)],
                                           children: level < 8 ? ["D\(level + 1)", "D\(level + 1)"] : [])
            }
            try engine.mount(["D3"], trigger: "mount D3")
            try engine.set(ComponentPath([.named("D3", index: 0)]), attribute: "alpha", raw: "1", quoted: false, trigger: "set")
        }
        var engine = Engine()
        try session(&engine)
        let before = summary(engine)
        let (eventsBefore, operationsBefore) = (engine.log.events.count, engine.operationCount)
        let wire = Tripwire(after: 100)
        engine.setInterruptionCheck(wire.check)
        #expect(throws: EngineError.interrupted) { try engine.mount(["D1"], trigger: "mount D1") }
        engine.setInterruptionCheck(nil)
        // (Not `fingerprint`: a state rebuilt by replay holds equal
        // dictionaries whose dump order may differ.)
        #expect(summary(engine) == before)
        #expect(engine.log.events.count == eventsBefore && engine.operationCount == operationsBefore)
        #expect(engine.checkInvariants() == [])
        // Then the next command runs as in a session that never saw it.
        try engine.remount(trigger: "remount")
        var untouched = Engine()
        try session(&untouched)
        try untouched.remount(trigger: "remount")
        #expect(summary(engine) == summary(untouched))
        #expect(engine.log.events == untouched.log.events)
    }
}
