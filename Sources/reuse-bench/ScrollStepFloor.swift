// The engine's scroll step beside its same-semantics floor (PassFloor.swift),
// the tight floor (the same pass in C, Sources/TightFloor) and the step
// written out with its outcome known in advance; then the pass alone
// (`scroll by 0`). `reuse-bench floors` and `reuse-bench budget` run these.

import ReuseEngine
import ReuseShell
import TightFloor
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: Same-semantics floor

/// The benchmark's scroll step written out, its outcome known in advance
/// (no pass: it does not look up a key, compare a configuration nor settle
/// a parent; it knows the child Dot is kept and skipped): what any
/// implementation must at least do, shown beside ``PassFloor``.
/// The leaving row's cell is hidden and pushed on its key's stack; the
/// entering row pops it (a reuse and an unhide), its label is compared with
/// the row it showed (apply, or skip), its child Dot is reused and skipped.
/// Every step is recorded as a 16-byte event in a reused buffer, counted
/// per kind like the engine's log.
struct WrittenOutStep {
    enum Kind: UInt8 { case create, reuse, unhide, hide, apply, skip }
    struct Event { var kind: Kind; var view: Int32; var row: Int64 }

    var shows: [Int]          // per cell: the row its label shows
    var hidden: [Bool]
    var window: [Int]         // cells of the visible rows, oldest first (a ring)
    var head = 0
    var firstRow = 0
    var free: [Int] = []      // the one key's stack of waiting cells
    var events: [Event] = []
    var counts = [Int](repeating: 0, count: 6)

    init(viewport: Int) {
        shows = Array(0..<viewport)
        hidden = Array(repeating: false, count: viewport)
        window = Array(0..<viewport)
        events.reserveCapacity(4_096)
    }

    @inline(__always)
    mutating func record(_ kind: Kind, _ view: Int, _ row: Int) {
        if events.count == 4_096 { events.removeAll(keepingCapacity: true) }
        events.append(Event(kind: kind, view: Int32(view), row: Int64(row)))
        counts[Int(kind.rawValue)] += 1
    }

    /// One row leaves at the top, one enters at the bottom.
    @inline(never)
    mutating func stepForward() {
        let count = window.count
        let leaving = window[head]
        hidden[leaving] = true
        record(.hide, leaving, firstRow)
        free.append(leaving)
        let row = firstRow + count
        let cell = free.removeLast()
        record(.reuse, cell, row)
        hidden[cell] = false
        record(.unhide, cell, row)
        if shows[cell] == row { record(.skip, cell, row) } else { shows[cell] = row; record(.apply, cell, row) }
        record(.reuse, cell + count, row)     // the child Dot follows its cell
        record(.skip, cell + count, row)
        window[head] = cell
        head = (head + 1) % count
        firstRow += 1
    }
}

/// The benchmark list (`Feed` of `Cell`, a UILabel `text: "Row {i}"` with a
/// child `Dot`, a UIView `backgroundColor: red`) in the pass floor, mounted.
func makePassFloorFeed(viewport: Int) -> (PassFloor, list: Int32) {
    var floor = PassFloor()
    let dot = floor.define(attributes: [(0, 1)])
    let cell = floor.define(attributes: [(1, PassFloor.template | 1 << 32)], children: [dot])
    let feed = floor.define(attributes: [], list: .init(rows: 1_000_000_000, viewport: viewport, cell: cell))
    let list = floor.makeNode(feed)
    floor.roots = [list]
    floor.fullPass()
    return (floor, list)
}

/// The benchmark list (10^9 rows) mounted, its events counted but not
/// kept, warmed up by 200 scrolls by `delta`.
func warmedFeed(viewport: Int, scrollingBy delta: Int) -> Engine {
    var engine = makeEngine(rows: 1_000_000_000, viewport: viewport)
    do { try engine.mount(["Feed"], trigger: "mount") } catch { fatalError("mount failed: \(error)") }
    engine.setKeepsEvents(false)
    for _ in 0..<200 { _ = try? engine.scroll(listPath, .by(delta), trigger: "scroll") }
    return engine
}

/// Nanoseconds per `scroll by delta` over `steps` of them on the benchmark list.
func scrollSteps(_ engine: inout Engine, by delta: Int, steps: Int) -> Double {
    nanoseconds(per: steps) {
        for _ in 0..<steps {
            do { _ = try engine.scroll(listPath, .by(delta), trigger: "scroll") } catch { fatalError("scroll failed: \(error)") }
        }
    }
}

/// Engine and floors over the same one-row steps; the counts must agree.
func measureSameSemantics(viewport: Int, steps: Int) {
    var engine = warmedFeed(viewport: viewport, scrollingBy: 1)
    let before = engine.log.totals
    var best = Double.infinity
    var (floor, list) = makePassFloorFeed(viewport: viewport)
    var floorBest = Double.infinity
    var written = WrittenOutStep(viewport: viewport)
    var writtenBest = Double.infinity
    for _ in 0..<200 {
        floor.scroll(list, by: 1)
        written.stepForward()
    }
    let floorBefore = floor.counts
    let writtenBefore = written.counts
    for _ in 0..<3 {
        best = min(best, scrollSteps(&engine, by: 1, steps: steps))
        floorBest = min(floorBest, nanoseconds(per: steps) { for _ in 0..<steps { floor.scroll(list, by: 1) } })
        writtenBest = min(writtenBest, nanoseconds(per: steps) { for _ in 0..<steps { written.stepForward() } })
    }
    let after = engine.log.totals
    let tight = runTightFloorSteps(viewport: viewport, steps: steps, kinds: [TF_CREATE, TF_REUSE, TF_UNHIDE, TF_HIDE, TF_APPLY, TF_SKIP])
    let engineCounts = [Stat.created, .reused, .unhidden, .hidden, .applied, .skipped].map { after[$0] - before[$0] }
    let floorCounts = [PassFloor.Kind.create, .reuse, .unhide, .hide, .apply, .skip].map { floor.counts[Int($0.rawValue)] - floorBefore[Int($0.rawValue)] }
    let writtenCounts = [WrittenOutStep.Kind.create, .reuse, .unhide, .hide, .apply, .skip].map { written.counts[Int($0.rawValue)] - writtenBefore[Int($0.rawValue)] }
    reportFloor("scroll-step", "Same-semantics floor (viewport \(viewport), \(3 * steps) one-row steps, theodolite)", per: "step",
                engine: best, floor: floorBest, tight: tight.nanoseconds, written: writtenBest,
                counted: "created, reused, unhidden, hidden, applied, skipped",
                engineCounts: engineCounts, floorCounts: floorCounts, tightCounts: tight.counts, writtenCounts: writtenCounts)
    sink &+= floor.events.count + written.events.count
}

/// Prints the engine beside its same-semantics floor (``PassFloor``), the
/// tight floor (the same pass in C over flat arrays, Sources/TightFloor) and
/// the workload written out (its outcome known in advance), with the counts
/// each produced; exits 1 when they differ (the ratios would mean nothing).
func reportFloor(_ workload: String, _ title: String, per unit: String, engine: Double, floor: Double, tight: Double, written: Double,
                 counted: String, engineCounts: [Int], floorCounts: [Int], tightCounts: [Int], writtenCounts: [Int]) {
    Report.text()
    Report.text(title + ":")
    Report.text("  engine \(fixed(engine)) ns/\(unit), floor \(fixed(floor, 1)) ns/\(unit): \(ratio(engine, floor))")
    Report.text("  tight floor (the same pass in C, flat arrays, no reference counting): \(fixed(tight, 1)) ns/\(unit): \(ratio(engine, tight))")
    Report.text("  written out (no pass, outcome known): \(fixed(written, 1)) ns/\(unit): \(ratio(engine, written))")
    Report.text("  counts (\(counted)): engine \(engineCounts), floor \(floorCounts), tight floor \(tightCounts), written out \(writtenCounts)")
    Report.append(to: "floors", .object([
        ("workload", .string(workload)), ("title", .string(title)), ("unit", .string(unit)),
        ("engineNs", .double(engine)), ("floorNs", .double(floor)), ("tightFloorNs", .double(tight)), ("writtenOutNs", .double(written)),
        ("counted", .array(counted.split(separator: ", ").map { .string(String($0)) })),
        ("engineCounts", .array(engineCounts.map(JSON.int))), ("floorCounts", .array(floorCounts.map(JSON.int))),
        ("tightFloorCounts", .array(tightCounts.map(JSON.int))), ("writtenOutCounts", .array(writtenCounts.map(JSON.int))),
    ]))
    guard engineCounts == floorCounts, engineCounts == tightCounts, engineCounts == writtenCounts else {
        Report.problem("  MISMATCH: a floor does not do the engine's work; the ratio means nothing")
        Report.exit(1)
    }
}

/// The engine's fixed cost of a scroll step: `scroll by 0` on the same
/// list moves no row, so what it costs is the pass itself (the journal
/// entry, the list found and its offset moved, the log's pass summary, the
/// host's rows taken out and put back, settling). Printed under the floor,
/// whose step has no such cost to speak of.
func measureEmptyStep(viewport: Int, steps: Int) {
    var engine = warmedFeed(viewport: viewport, scrollingBy: 0)
    let before = engine.log.totals
    var best = Double.infinity
    for _ in 0..<3 { best = min(best, scrollSteps(&engine, by: 0, steps: steps)) }
    let after = engine.log.totals
    let moved = Stat.counted.map { after[$0] - before[$0] }.reduce(0, +)
    Report.text("  of which the pass alone (`scroll by 0`: no row moves, \(moved) events): \(fixed(best)) ns/step")
    Report.append(to: "floors", .object([
        ("workload", .string("pass-alone")), ("unit", .string("step")), ("engineNs", .double(best)), ("events", .int(moved)),
    ]))
}
