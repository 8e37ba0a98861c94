// reuse-bench: what scrolling a list costs in the reuse engine.
//
//     swift run -c release reuse-bench
//
// For lists of 10^3, 10^6 and 10^9 rows with 10, 100 and 1000 visible rows,
// it mounts a list whose cell is a UILabel (`text: "Row {i}"`) with one child
// UIView, turns event keeping off, and measures:
//
// - mount: time of the first full pass divided by the views it created;
// - step: one `scroll by 1` (one row leaves, one enters), averaged over a
//   round of ~70 ms (at most 7,000 steps), best of three rounds; the rounds
//   of the three list lengths of a viewport are interleaved;
// - jump: one `scroll by <viewport>` (every row leaves and enters), likewise;
// - the views alive after scrolling (the root included), and memory: VmHWM
//   is process-wide, so the RSS growth while building and mounting each
//   list is shown too.
//
// Beside each time is a floor measured in the same run: the bare work the
// operation needs in any recycler (a few dictionary lookups and array
// appends per view or per entering/leaving row), so engine/floor is visible.
// A step must not cost more on a longer list: the last table compares each
// list with the 10^3-row one of the same viewport.
//
// Then the same-semantics floor (PassFloor.swift): the theodolite pass
// written a second time, minimally, over integer ids and flat arrays, run on
// the same list: it must produce the same event counts (the benchmark exits
// 1 otherwise) and engine/floor is printed; the same for a `set` pass over a
// 50-card screen. Beside it, each workload written out with its outcome
// known in advance (no pass at all): a lower bound no pass can reach.
//
// Last, the shell replay: two 100,000-line scripts (one-row scrolls; `set`
// on a 50-card screen) run through the interpreter, each in a child process:
// seconds, lines per second and peak memory. `reuse-bench replay` runs that
// section alone.

import ReuseEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: Clock and memory

/// Monotonic nanoseconds.
@inline(__always)
func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// `VmHWM` and `VmRSS` from /proc/self/status, in kB (0 where unavailable).
func memory() -> (hwm: Int, rss: Int) {
    guard let file = fopen("/proc/self/status", "r") else { return (0, 0) }
    defer { fclose(file) }
    var hwm = 0, rss = 0
    var buffer = [CChar](repeating: 0, count: 256)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let line = String(decoding: bytes, as: UTF8.self)
        // "VmHWM:\t   16640 kB": the only digits are the number.
        func kilobytes() -> Int { Int(String(line.filter(\.isNumber))) ?? 0 }
        if line.hasPrefix("VmHWM:") { hwm = kilobytes() }
        if line.hasPrefix("VmRSS:") { rss = kilobytes() }
    }
    return (hwm, rss)
}

/// Nanoseconds per unit of `body`, which runs `units` of them.
func nanoseconds(per units: Int, _ body: () -> Void) -> Double {
    let start = now()
    body()
    return Double(now() - start) / Double(units)
}

/// Keeps the floor loops from being optimised away.
nonisolated(unsafe) var sink = 0

// MARK: The engine under test

let listPath = ComponentPath([.named("Feed", index: 0)])

func makeEngine(rows: Int, viewport: Int) -> Engine {
    var engine = Engine()
    do {
        try engine.defineComponent("Dot", viewClass: "UIView", attributes: [("backgroundColor", "red", false)], children: [])
        try engine.defineComponent("Cell", viewClass: "UILabel", attributes: [("text", "Row {i}", true)], children: ["Dot"])
        try engine.defineList("Feed", rows: rows, viewport: viewport, cells: ["Cell"])
    } catch {
        fatalError("defining the benchmark list failed: \(error)")
    }
    return engine
}

/// Scrolls back and forth by `delta` (bouncing at the ends) until `budget`
/// nanoseconds have passed or `limit` steps ran; returns (steps, ns per step).
func measureScroll(_ engine: inout Engine, delta: Int, maximumOffset: Int, budget: UInt64, limit: Int) -> (Int, Double) {
    var direction = 1
    var steps = 0
    let start = now()
    var elapsed: UInt64 = 0
    while steps < limit && (steps < 20 || elapsed < budget) {
        let offset = engine.offset(of: listPath)
        if direction > 0 && offset + delta > maximumOffset { direction = -1 }
        if direction < 0 && offset - delta < 0 { direction = 1 }
        do {
            _ = try engine.scroll(listPath, .by(direction * delta), trigger: "scroll")
        } catch {
            fatalError("scroll failed: \(error)")
        }
        steps += 1
        if steps & 15 == 0 { elapsed = now() - start }
    }
    elapsed = now() - start
    return (steps, Double(elapsed) / Double(steps))
}

// MARK: Floors: the bare work in a minimal recycler

/// A visible window of cells, free-cell stacks per key, the row each cell
/// shows, and each cell's child: what any recycler must touch per row.
struct FloorRecycler {
    var ring: [Int]
    var head = 0
    var free: [Int: [Int]] = [:]
    var shows: [Int]
    var child: [Int: Int] = [:]
    var firstRow = 0

    init(viewport: Int) {
        ring = Array(0..<viewport)
        shows = Array(0..<viewport)
        for cell in 0..<viewport { child[cell] = viewport + cell }
    }

    /// Moves the window by `delta` rows (`|delta|` rows leave, as many enter):
    /// per leaving row a lookup and an append, per entering row a lookup and
    /// a pop, a store of the row shown and a lookup of the child.
    @inline(never)
    mutating func step(by delta: Int) {
        let count = ring.count
        for _ in 0..<abs(delta) {
            let leaving = delta > 0 ? head : (head + count - 1) % count
            free[0, default: []].append(ring[leaving])
            let row = delta > 0 ? firstRow + count : firstRow - 1
            let cell = free[0]!.removeLast()
            shows[cell] = row
            sink &+= child[cell] ?? 0
            ring[leaving] = cell
            if delta > 0 { head = (head + 1) % count; firstRow += 1 } else { head = leaving; firstRow -= 1 }
        }
    }
}

/// ns per step of the floor, over `steps` steps bouncing like the engine's.
func floorScroll(viewport: Int, delta: Int, maximumOffset: Int, steps: Int) -> Double {
    var floor = FloorRecycler(viewport: viewport)
    var direction = 1
    let start = now()
    for _ in 0..<steps {
        if direction > 0 && floor.firstRow + delta > maximumOffset { direction = -1 }
        if direction < 0 && floor.firstRow - delta < 0 { direction = 1 }
        floor.step(by: direction * delta)
    }
    let elapsed = now() - start
    sink &+= floor.shows[0]
    return Double(elapsed) / Double(steps)
}

/// A view as small as a view record can be.
struct FloorView {
    var id: Int
    var superview: Int
    var value: Int
}

/// ns per view of creating `count` views: an append and a pool insertion each.
@inline(never)
func floorMount(count: Int) -> Double {
    var best = Double.infinity
    for _ in 0..<5 {
        let start = now()
        var views: [FloorView] = []
        var pools: [Int: [Int]] = [:]
        for id in 0..<count {
            views.append(FloorView(id: id, superview: id / 2, value: id))
            pools[id & 1, default: []].append(id)
        }
        let elapsed = now() - start
        sink &+= views.count + pools.count
        best = min(best, Double(elapsed) / Double(count))
    }
    return best
}

// MARK: One configuration

struct Result {
    var rows: Int
    var viewport: Int
    var created: Int
    var mountNs: Double
    var mountFloor: Double
    var steps: Int
    var stepNs: Double
    var stepFloor: Double
    var jumps: Int
    var jumpNs: Double
    var jumpFloor: Double
    var alive: Int
    var rssDeltaKB: Int
    var hwmKB: Int
}

/// A mounted list under measurement.
struct Subject {
    var engine: Engine
    var result: Result
    var maximumOffset: Int { max(0, result.rows - result.viewport) }
}

/// Builds and mounts one list, timing the mount; RSS growth is measured
/// around building and mounting.
func mountSubject(rows: Int, viewport: Int) -> Subject {
    let before = memory()
    var engine = makeEngine(rows: rows, viewport: viewport)
    let mountStart = now()
    do { try engine.mount(["Feed"], trigger: "mount") } catch { fatalError("mount failed: \(error)") }
    let mountElapsed = now() - mountStart
    let created = engine.log.totals[.created]
    engine.setKeepsEvents(false)
    let after = memory()
    let result = Result(rows: rows, viewport: viewport, created: created,
                        mountNs: Double(mountElapsed) / Double(created), mountFloor: floorMount(count: created),
                        steps: 0, stepNs: .infinity, stepFloor: .infinity, jumps: 0, jumpNs: .infinity, jumpFloor: .infinity,
                        alive: 0, rssDeltaKB: after.rss - before.rss, hwmKB: 0)
    return Subject(engine: engine, result: result)
}

/// One round on one list: about 70 ms of `by 1` steps, then of jumps, each
/// followed by its floor; the best round's means are kept.
func measureRound(_ subject: inout Subject) {
    let maximumOffset = subject.maximumOffset
    guard maximumOffset > 0 else { return }
    let viewport = subject.result.viewport
    let jump = min(viewport, maximumOffset)
    let (steps, stepNs) = measureScroll(&subject.engine, delta: 1, maximumOffset: maximumOffset, budget: 70_000_000, limit: 7_000)
    subject.result.steps += steps
    subject.result.stepNs = min(subject.result.stepNs, stepNs)
    subject.result.stepFloor = min(subject.result.stepFloor,
                                   floorScroll(viewport: viewport, delta: 1, maximumOffset: maximumOffset, steps: max(steps, 7_000)))
    let (jumps, jumpNs) = measureScroll(&subject.engine, delta: jump, maximumOffset: maximumOffset, budget: 70_000_000, limit: 7_000)
    subject.result.jumps += jumps
    subject.result.jumpNs = min(subject.result.jumpNs, jumpNs)
    subject.result.jumpFloor = min(subject.result.jumpFloor,
                                   floorScroll(viewport: viewport, delta: jump, maximumOffset: maximumOffset, steps: max(jumps, 100)))
}

/// The three list lengths of one viewport, measured in interleaved rounds
/// (so a busy machine slows them alike and the comparison stays fair).
func runViewport(_ viewport: Int) -> [Result] {
    var subjects = rowCounts.map { mountSubject(rows: $0, viewport: viewport) }
    for index in subjects.indices where subjects[index].maximumOffset > 0 {
        // Warm up.
        _ = measureScroll(&subjects[index].engine, delta: 1, maximumOffset: subjects[index].maximumOffset, budget: 0, limit: 200)
    }
    for _ in 0..<3 {
        for index in subjects.indices { measureRound(&subjects[index]) }
    }
    return subjects.map { subject in
        var result = subject.result
        result.alive = subject.engine.views.aliveCount
        result.hwmKB = memory().hwm
        // Scrolling must never create views after the first screenful.
        precondition(subject.engine.log.totals[.created] == result.created, "views were created while scrolling")
        return result
    }
}

// MARK: Printing

func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return left ? text + padding : padding + text
}

func fixed(_ value: Double, _ decimals: Int = 0) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if decimals == 0 { return String(Int(rounded)) }
    let whole = Int(rounded)
    var fraction = String(Int(((abs(rounded) - Double(abs(whole))) * scale).rounded()))
    while fraction.count < decimals { fraction = "0" + fraction }
    return (rounded < 0 && whole == 0 ? "-" : "") + "\(whole).\(fraction)"
}

func ratio(_ engine: Double, _ floor: Double) -> String {
    guard engine.isFinite, floor.isFinite, floor > 0 else { return "-" }
    let times = engine / floor
    return fixed(times, times < 10 ? 1 : 0) + "x"
}

func power(_ rows: Int) -> String {
    var exponent = 0
    var value = rows
    while value >= 10 && value % 10 == 0 { value /= 10; exponent += 1 }
    return value == 1 ? "10^\(exponent)" : String(rows)
}

func megabytes(_ kilobytes: Int) -> String { fixed(Double(kilobytes) / 1024, 1) }

ReplayBenchmark.runChildIfAsked()
let usage = """
    usage: reuse-bench [floors | replay]
      (none)   every section: scrolling lists of 10^3-10^9 rows, the same-semantics floors, the shell replay
      floors   the engine beside its same-semantics floors alone (a scroll step, a set pass)
      replay   the two 100,000-line shell replays alone
    Build with -c release for meaningful figures.
    """
switch CommandLine.arguments.dropFirst().first {
case nil, "replay", "floors":
    break
case "-h", "--help", "help":
    print(usage)
    exit(0)
case let other?:
    let message = "reuse-bench: unknown argument '\(other)'\n\(usage)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(64)
}
if CommandLine.arguments.dropFirst().first == "replay" {
    ReplayBenchmark.measure(lines: 100_000)
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "floors" {
    measureSameSemantics(viewport: 20, steps: 20_000)
    measureEmptyStep(viewport: 20, steps: 20_000)
    measureSetPass(cards: 50, sets: 2_000)
    exit(0)
}

let rowCounts = [1_000, 1_000_000, 1_000_000_000]
let viewports = [10, 100, 1000]

#if DEBUG
print("note: a debug build; run `swift run -c release reuse-bench` for meaningful figures\n")
#endif

let columns: [(String, Int)] = [
    ("rows", 6), ("viewport", 8), ("views", 6), ("mount ns/view", 13), ("floor", 6), ("x", 5),
    ("steps", 6), ("step+1 ns", 10), ("floor", 6), ("x", 5),
    ("jumps", 6), ("jump ns", 10), ("ns/row", 7), ("floor", 8), ("x", 5),
    ("alive", 6), ("RSS d MB", 8), ("HWM MB", 7),
]
print(columns.map { pad($0.0, $0.1) }.joined(separator: "  "))
print(columns.map { String(repeating: "-", count: $0.1) }.joined(separator: "  "))

var results: [Result] = []
let totalStart = now()
// Warm up (first-touch page faults, lazy runtime set-up) so the first row is not penalised.
do {
    var warm = mountSubject(rows: 1_000, viewport: 100)
    _ = measureScroll(&warm.engine, delta: 1, maximumOffset: warm.maximumOffset, budget: 20_000_000, limit: 2_000)
}
for viewport in viewports {
    for r in runViewport(viewport) {
        results.append(r)
        let cells: [String] = [
            power(r.rows), String(r.viewport), String(r.created),
            fixed(r.mountNs), fixed(r.mountFloor, 1), ratio(r.mountNs, r.mountFloor),
            String(r.steps), fixed(r.stepNs), fixed(r.stepFloor, 1), ratio(r.stepNs, r.stepFloor),
            String(r.jumps), fixed(r.jumpNs), fixed(r.jumpNs / Double(min(r.viewport, max(1, r.rows - r.viewport)))),
            fixed(r.jumpFloor, 1), ratio(r.jumpNs, r.jumpFloor),
            String(r.alive), megabytes(r.rssDeltaKB), megabytes(r.hwmKB),
        ]
        print(zip(cells, columns).map { pad($0.0, $0.1.1) }.joined(separator: "  "))
    }
}

print("")
print("Step cost against list length (same viewport; 1.0 = as cheap as the 10^3-row list):")
for viewport in viewports {
    let forViewport = results.filter { $0.viewport == viewport }
    guard let base = forViewport.first(where: { $0.stepNs.isFinite }) else { continue }
    let parts = forViewport.filter { $0.stepNs.isFinite }.map { r in
        "\(power(r.rows)): step \(fixed(r.stepNs / base.stepNs, 2)), jump \(fixed(r.jumpNs / base.jumpNs, 2))"
    }
    print("  viewport \(pad(String(viewport), 4)) (vs \(power(base.rows))): " + parts.joined(separator: "; "))
}
print("")
print("views: created by the first mount (host + a cell and its child per visible row); alive: after all scrolling")
print("step+1: `scroll by 1`; jump: `scroll by viewport` (every row leaves and enters); ns/row = jump / rows moved")
print("steps, jumps: how many ran (three rounds; the best round's mean is shown)")
print("floor: the same row moves in a bare recycler (dictionary lookups and array appends only), same run")
print("a 10^3-row list with a 1000-row viewport cannot scroll (all rows visible): no step figures")
print("RSS d: resident growth while building and mounting that list; HWM: process peak (VmHWM) after its viewport's runs")

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
    let engineCounts = [Stat.created, .reused, .unhidden, .hidden, .applied, .skipped].map { after[$0] - before[$0] }
    let floorCounts = [PassFloor.Kind.create, .reuse, .unhide, .hide, .apply, .skip].map { floor.counts[Int($0.rawValue)] - floorBefore[Int($0.rawValue)] }
    let writtenCounts = [WrittenOutStep.Kind.create, .reuse, .unhide, .hide, .apply, .skip].map { written.counts[Int($0.rawValue)] - writtenBefore[Int($0.rawValue)] }
    reportFloor("Same-semantics floor (viewport \(viewport), \(3 * steps) one-row steps, theodolite)", per: "step",
                engine: best, floor: floorBest, written: writtenBest, counted: "created, reused, unhidden, hidden, applied, skipped",
                engineCounts: engineCounts, floorCounts: floorCounts, writtenCounts: writtenCounts)
    sink &+= floor.events.count + written.events.count
}

/// Prints the engine beside its same-semantics floor (``PassFloor``) and
/// the workload written out (its outcome known in advance), with the counts
/// each produced; exits 1 when they differ (the ratio would mean nothing).
func reportFloor(_ title: String, per unit: String, engine: Double, floor: Double, written: Double, counted: String,
                 engineCounts: [Int], floorCounts: [Int], writtenCounts: [Int]) {
    print("")
    print(title + ":")
    print("  engine \(fixed(engine)) ns/\(unit), floor \(fixed(floor, 1)) ns/\(unit): \(ratio(engine, floor))")
    print("  written out (no pass, outcome known): \(fixed(written, 1)) ns/\(unit): \(ratio(engine, written))")
    print("  counts (\(counted)): engine \(engineCounts), floor \(floorCounts), written out \(writtenCounts)")
    guard engineCounts == floorCounts, engineCounts == writtenCounts else {
        print("  MISMATCH: a floor does not do the engine's work; the ratio means nothing")
        exit(1)
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
    print("  of which the pass alone (`scroll by 0`: no row moves, \(moved) events): \(fixed(best)) ns/step")
}

measureSameSemantics(viewport: 20, steps: 20_000)
measureEmptyStep(viewport: 20, steps: 20_000)

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
    let writtenCounts = [written.counts[0], written.counts[1], 0, 0]
    reportFloor("Same-semantics floor for a set pass (\(cards) cards, \(1 + 2 * cards) instances, \(3 * sets) sets, theodolite)",
                per: "pass", engine: best, floor: floorBest, written: writtenBest, counted: "applied, skipped, created, reused",
                engineCounts: engineCounts, floorCounts: floorCounts, writtenCounts: writtenCounts)
    sink &+= floor.events.count + written.events.count
}

measureSetPass(cards: 50, sets: 2_000)

// MARK: Time travel

/// A 10^5-pass session (mount, then one-row scrolls, events kept as in the
/// shell), then the state right after 20 passes spread over it, rebuilt from
/// the history (nearest checkpoint, then replay), and a rewind to the middle.
func measureTimeTravel(passes: Int) {
    var engine = makeEngine(rows: 1_000_000, viewport: 20)
    let before = memory().rss
    let start = now()
    do {
        try engine.mount(["Feed"], trigger: "mount Feed")
        for _ in 1..<passes { _ = try engine.scroll(listPath, .by(1), trigger: "scroll Feed by 1") }
    } catch {
        fatalError("the time-travel session failed: \(error)")
    }
    let built = Double(now() - start) / 1e9
    var times: [Double] = []
    for index in 0..<20 {
        let pass = 1 + (index * 4_999 + passes / 2) % passes
        let queryStart = now()
        guard let past = engine.state(afterPass: pass) else { fatalError("no pass \(pass)") }
        times.append(Double(now() - queryStart) / 1e6)
        sink &+= past.views.count
    }
    let rewindStart = now()
    engine.rewind(toOperations: engine.operationCount / 2)
    let rewind = Double(now() - rewindStart) / 1e6
    print("")
    print("Time travel: \(passes) passes built in \(fixed(built, 1)) s (RSS +\(megabytes(memory().rss - before)) MB, events kept)")
    print("  state(afterPass:) over 20 passes: mean \(fixed(times.reduce(0, +) / Double(times.count), 2)) ms, "
          + "max \(fixed(times.max() ?? 0, 2)) ms; rewind to the middle: \(fixed(rewind, 1)) ms")
}

measureTimeTravel(passes: 100_000)
ReplayBenchmark.measure(lines: 100_000)
print("total \(fixed(Double(now() - totalStart) / 1e9, 1)) s (checksum \(sink & 0xff))")
