// The engine's `set` pass over a 50-card screen beside its same-semantics
// floor (PassFloor.swift), the tight floor (the same pass in C,
// Sources/TightFloor) and the pass written out with its outcome known in
// advance. `reuse-bench floors` and `reuse-bench budget` run it.

import ReuseEngine
import TightFloor

/// The benchmark's `set` pass written out, its outcome known in advance (no
/// key, no pool, no settling: every instance keeps its view): per instance,
/// the value id it asks for compared with the one attached, applied or
/// skipped. Flat arrays, 16-byte events in a reused buffer, counted per kind.
struct WrittenOutSetPass {
    enum Kind: UInt8 { case apply, skip }
    struct Event { var kind: Kind; var view: Int32; var instance: Int64 }

    /// Per instance, in tree order (screen, then each card and its title):
    /// the value id it asks for and its view.
    var requested: [Int32]
    var viewOf: [Int32]
    /// Per view: the value id attached to it.
    var attached: [Int32]
    var events: [Event] = []
    var counts = [0, 0]

    init(cards: Int) {
        let instances = 1 + 2 * cards
        requested = Array(repeating: 0, count: instances)
        viewOf = (0..<instances).map { Int32($0) }
        attached = requested
        events.reserveCapacity(4_096)
    }

    @inline(__always)
    mutating func record(_ kind: Kind, _ view: Int32, _ instance: Int) {
        if events.count == 4_096 { events.removeAll(keepingCapacity: true) }
        events.append(Event(kind: kind, view: view, instance: Int64(instance)))
        counts[Int(kind.rawValue)] += 1
    }

    /// `set Screen/Card[card] backgroundColor VALUE`, then the pass over every instance.
    @inline(never)
    mutating func set(card: Int, value: Int32) {
        requested[1 + 2 * card] = value
        for instance in requested.indices {
            let view = viewOf[instance]
            if attached[Int(view)] == requested[instance] {
                record(.skip, view, instance)
            } else {
                attached[Int(view)] = requested[instance]
                record(.apply, view, instance)
            }
        }
    }
}

/// Engine and floor over the same `set` lines on a 50-card screen; the counts must agree.
func measureSetPass(cards: Int, sets: Int) {
    var engine = Engine()
    do {
        try engine.defineComponent("Title", viewClass: "UILabel", attributes: [("text", "t", true)], children: [])
        try engine.defineComponent("Card", viewClass: "UIView", attributes: [("backgroundColor", "white", false)], children: ["Title"])
        try engine.defineComponent("Screen", viewClass: "UIView", attributes: [], children: Array(repeating: "Card", count: cards))
        try engine.mount(["Screen"], trigger: "mount Screen")
    } catch {
        fatalError("defining the set benchmark failed: \(error)")
    }
    engine.setKeepsEvents(false)
    let paths = (0..<cards).map { ComponentPath([.named("Screen", index: 0), .named("Card", index: $0)]) }
    // Line i sets card i % cards to red, then blue on the next round, as the replay script does.
    func value(_ line: Int) -> (raw: String, id: Int32) { (line / cards) % 2 == 0 ? ("red", 1) : ("blue", 2) }
    var written = WrittenOutSetPass(cards: cards)
    var floor = PassFloor()
    let title = floor.define(attributes: [(0, 3)])
    let card = floor.define(attributes: [(1, 4)], children: [title])
    let screen = floor.define(attributes: [], children: Array(repeating: card, count: cards))
    let root = floor.makeNode(screen)
    floor.roots = [root]
    floor.fullPass()
    let cardNodes = (0..<cards).map { floor.child(root, $0) }
    let before = engine.log.totals
    let floorBefore = floor.counts
    var best = Double.infinity
    var floorBest = Double.infinity
    var writtenBest = Double.infinity
    var line = 0
    for _ in 0..<3 {
        let first = line
        best = min(best, nanoseconds(per: sets) {
            for offset in 0..<sets {
                let current = first + offset
                do {
                    _ = try engine.set(paths[current % cards], attribute: "backgroundColor", raw: value(current).raw,
                                       quoted: false, trigger: "set")
                } catch {
                    fatalError("set failed: \(error)")
                }
            }
        })
        floorBest = min(floorBest, nanoseconds(per: sets) {
            for offset in 0..<sets {
                floor.set(cardNodes[(first + offset) % cards], slot: 0, to: PassFloor.Value(value(first + offset).id))
                floor.fullPass()
            }
        })
        writtenBest = min(writtenBest, nanoseconds(per: sets) {
            for offset in 0..<sets { written.set(card: (first + offset) % cards, value: value(first + offset).id) }
        })
        line += sets
    }
    let after = engine.log.totals
    let engineCounts = [after[.applied] - before[.applied], after[.skipped] - before[.skipped],
                        after[.created] - before[.created], after[.reused] - before[.reused]]
    let floorCounts = [PassFloor.Kind.apply, .skip, .create, .reuse].map { floor.counts[Int($0.rawValue)] - floorBefore[Int($0.rawValue)] }
    let tight = runTightFloorSets(cards: cards, sets: sets, kinds: [TF_APPLY, TF_SKIP, TF_CREATE, TF_REUSE])
    let writtenCounts = [written.counts[0], written.counts[1], 0, 0]
    reportFloor("set-pass", "Same-semantics floor for a set pass (\(cards) cards, \(1 + 2 * cards) instances, \(3 * sets) sets, theodolite)",
                per: "pass", engine: best, floor: floorBest, tight: tight.nanoseconds, written: writtenBest, counted: "applied, skipped, created, reused",
                engineCounts: engineCounts, floorCounts: floorCounts, tightCounts: tight.counts, writtenCounts: writtenCounts)
    sink &+= floor.events.count + written.events.count
}
