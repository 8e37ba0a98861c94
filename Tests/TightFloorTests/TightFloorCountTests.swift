// The tight floor (Sources/TightFloor) against the engine on small versions
// of reuse-bench's two workloads: the same events of every kind, operation
// by operation, so the floor's semantics cannot drift from the engine's
// while its instruction counts go on being compared with them.

import ReuseEngine
import Testing
import TightFloor

@Suite struct TightFloorCountTests {
    /// The kinds both count, in TightFloor.h's order, with the engine's name for each.
    static let kinds: [(tf_kind, Stat)] = [
        (TF_CREATE, .created), (TF_REUSE, .reused), (TF_UNHIDE, .unhidden), (TF_HIDE, .hidden),
        (TF_APPLY, .applied), (TF_UNAPPLY, .unapplied), (TF_SKIP, .skipped),
    ]

    static func counts(_ engine: Engine) -> [Int] { kinds.map { engine.log.totals[$0.1] } }
    static func counts(_ floor: OpaquePointer) -> [Int] { kinds.map { Int(tf_count(floor, $0.0)) } }

    @Test("A list's scroll steps, one row and jumps, both ways and past the ends: the engine's events")
    func scrollSteps() throws {
        // reuse-bench's list, smaller: a UILabel cell `text: "Row {i}"` with a child Dot.
        var engine = Engine()
        try engine.defineComponent("Dot", viewClass: "UIView", attributes: [("backgroundColor", "red", false)], children: [])
        try engine.defineComponent("Cell", viewClass: "UILabel", attributes: [("text", "Row {i}", true)], children: ["Dot"])
        try engine.defineList("Feed", rows: 1_000, viewport: 5, cells: ["Cell"])
        _ = try engine.mount(["Feed"], trigger: "mount Feed")
        let feed = ComponentPath([.named("Feed", index: 0)])

        let floor = try #require(tf_create())
        defer { tf_destroy(floor) }
        let dot = tf_define(floor, 1, [0], [1], 0, nil, nil)
        let cell = tf_define(floor, 1, [1], [1 << 63 | 1 << 32], 1, [dot], nil)
        var shape = tf_list_shape(rows: 1_000, viewport: 5, cell: cell)
        let list = tf_make_node(floor, tf_define(floor, 0, nil, nil, 0, nil, &shape))
        tf_add_root(floor, list)
        tf_mount(floor)

        let engineStart = Self.counts(engine), floorStart = Self.counts(floor)
        let deltas = Array(repeating: 1, count: 12) + [-1, -1, -3, 0, 7, 5, -5, 2_000, 1, -4, -2_000, -1, 3]
        for (step, delta) in deltas.enumerated() {
            _ = try engine.scroll(feed, .by(delta), trigger: "scroll Feed by \(delta)")
            tf_scroll(floor, list, Int64(delta))
            let engineCounts = zip(Self.counts(engine), engineStart).map { $0 - $1 }
            let floorCounts = zip(Self.counts(floor), floorStart).map { $0 - $1 }
            #expect(floorCounts == engineCounts, "after step \(step) (by \(delta))")
        }
        // The steps did move rows: not two floors agreeing on nothing.
        #expect(tf_count(floor, TF_HIDE) > 40)
    }

    @Test("set on a screen of cards, then a full pass: the engine's events")
    func setPasses() throws {
        // reuse-bench's screen, smaller: cards (a UIView `backgroundColor: white`) each with a Title.
        let cards = 5
        var engine = Engine()
        try engine.defineComponent("Title", viewClass: "UILabel", attributes: [("text", "t", true)], children: [])
        try engine.defineComponent("Card", viewClass: "UIView", attributes: [("backgroundColor", "white", false)], children: ["Title"])
        try engine.defineComponent("Screen", viewClass: "UIView", attributes: [], children: Array(repeating: "Card", count: cards))
        _ = try engine.mount(["Screen"], trigger: "mount Screen")

        let floor = try #require(tf_create())
        defer { tf_destroy(floor) }
        let title = tf_define(floor, 1, [0], [3], 0, nil, nil)
        let card = tf_define(floor, 1, [1], [4], 1, [title], nil)
        let root = tf_make_node(floor, tf_define(floor, 0, nil, nil, Int32(cards), Array(repeating: card, count: cards), nil))
        tf_add_root(floor, root)
        tf_mount(floor)
        #expect(Self.counts(floor) == Self.counts(engine), "the mount")

        let engineStart = Self.counts(engine), floorStart = Self.counts(floor)
        // Line i sets card i % cards to red, then blue on the next round, as reuse-bench does; then one value again.
        for line in 0..<(3 * cards + 1) {
            let (raw, id): (String, UInt64) = line == 3 * cards ? ("red", 1) : (line / cards) % 2 == 0 ? ("red", 1) : ("blue", 2)
            let path = ComponentPath([.named("Screen", index: 0), .named("Card", index: line % cards)])
            _ = try engine.set(path, attribute: "backgroundColor", raw: raw, quoted: false, trigger: "set")
            tf_set(floor, tf_child(floor, root, Int32(line % cards)), 0, id)
            tf_full_pass(floor)
            let engineCounts = zip(Self.counts(engine), engineStart).map { $0 - $1 }
            let floorCounts = zip(Self.counts(floor), floorStart).map { $0 - $1 }
            #expect(floorCounts == engineCounts, "after set line \(line)")
        }
        #expect(tf_count(floor, TF_SKIP) > 100)
    }
}
