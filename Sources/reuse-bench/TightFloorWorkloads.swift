// The benchmark's two workloads in the tight floor (Sources/TightFloor: PassFloor's
// pass in C over flat arrays, without reference counting or bounds checks),
// built as PassFloor's are, and run as the engine's and PassFloor's are.
//
// Each run is one function that callgrind counts whole (Budget.Counted), so
// `reuse-bench budget` takes all of it (the floor built, the loops, the
// counts) out of the engine's figure, and counts the tight floor's figure
// in tf_scroll and tf_full_pass alone.

import TightFloor

/// The benchmark list (`Feed` of `Cell`, a UILabel `text: "Row {i}"` with a
/// child `Dot`, a UIView `backgroundColor: red`) in the tight floor, mounted
/// (by `tf_mount`, so callgrind counts its `tf_scroll` steps alone): the
/// floor, which the caller destroys, and the list's node.
func makeTightFloorFeed(viewport: Int) -> (floor: OpaquePointer, list: Int32) {
    guard let floor = tf_create() else { fatalError("tf_create: out of memory") }
    let dot = tf_define(floor, 1, [0], [1], 0, nil, nil)
    let cell = tf_define(floor, 1, [1], [PassFloor.template | 1 << 32], 1, [dot], nil)
    var shape = tf_list_shape(rows: 1_000_000_000, viewport: Int64(viewport), cell: cell)
    let feed = tf_define(floor, 0, nil, nil, 0, nil, &shape)
    let list = tf_make_node(floor, feed)
    tf_add_root(floor, list)
    tf_mount(floor)
    return (floor, list)
}

/// The `set` benchmark's screen (`Screen` of `cards` `Card`s, a UIView
/// `backgroundColor: white` each with a `Title`, a UILabel `text`) in the
/// tight floor, mounted (by `tf_mount`, so callgrind counts its
/// `tf_full_pass` passes alone): the floor, which the caller destroys, and
/// the cards' nodes.
func makeTightFloorScreen(cards: Int) -> (floor: OpaquePointer, cards: [Int32]) {
    guard let floor = tf_create() else { fatalError("tf_create: out of memory") }
    let title = tf_define(floor, 1, [0], [3], 0, nil, nil)
    let card = tf_define(floor, 1, [1], [4], 1, [title], nil)
    let screen = tf_define(floor, 0, nil, nil, Int32(cards), Array(repeating: card, count: cards), nil)
    let root = tf_make_node(floor, screen)
    tf_add_root(floor, root)
    tf_mount(floor)
    return (floor, (0..<cards).map { tf_child(floor, root, Int32($0)) })
}

/// The tight floor's events of each of `kinds` so far.
func tightFloorCounts(_ floor: OpaquePointer, _ kinds: [tf_kind]) -> [Int] {
    kinds.map { Int(tf_count(floor, $0)) }
}

/// The tight floor over `measureSameSemantics`'s one-row steps (200 to warm
/// up, then three rounds of `steps`): the best round's nanoseconds a step,
/// and the events of each of `kinds` in the rounds.
@inline(never)
func runTightFloorSteps(viewport: Int, steps: Int, kinds: [tf_kind]) -> (nanoseconds: Double, counts: [Int]) {
    let (floor, list) = makeTightFloorFeed(viewport: viewport)
    defer { tf_destroy(floor) }
    for _ in 0..<200 { tf_scroll(floor, list, 1) }
    let before = tightFloorCounts(floor, kinds)
    var best = Double.infinity
    for _ in 0..<3 {
        best = min(best, nanoseconds(per: steps) { for _ in 0..<steps { tf_scroll(floor, list, 1) } })
    }
    sink &+= Int(tf_buffered_events(floor))
    return (best, zip(tightFloorCounts(floor, kinds), before).map { $0 - $1 })
}

/// The tight floor over `measureSetPass`'s lines (three rounds of `sets`;
/// line i sets card i % cards to value 1, then 2 on the next round): the
/// best round's nanoseconds a pass, and the events of each of `kinds` in them.
@inline(never)
func runTightFloorSets(cards: Int, sets: Int, kinds: [tf_kind]) -> (nanoseconds: Double, counts: [Int]) {
    let (floor, cardNodes) = makeTightFloorScreen(cards: cards)
    defer { tf_destroy(floor) }
    let before = tightFloorCounts(floor, kinds)
    var best = Double.infinity
    for round in 0..<3 {
        best = min(best, nanoseconds(per: sets) {
            for line in round * sets ..< (round + 1) * sets {
                tf_set(floor, cardNodes[line % cards], 0, (line / cards) % 2 == 0 ? 1 : 2)
                tf_full_pass(floor)
            }
        })
    }
    sink &+= Int(tf_buffered_events(floor))
    return (best, zip(tightFloorCounts(floor, kinds), before).map { $0 - $1 })
}
