// Scrolling lists of 10^3, 10^6 and 10^9 rows with viewports of 10, 100 and
// 1000 rows: mount, one-row steps and window jumps, each beside a bare
// recycler's floor, views alive and memory (main.swift describes the table).

import ReuseEngine
import ReuseShell
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

// MARK: The table

let rowCounts = [1_000, 1_000_000, 1_000_000_000]
let viewports = [10, 100, 1000]

/// Measures every list and prints the table, then each step's cost against
/// the 10^3-row list of its viewport.
func measureLists() {
    let columns: [(String, Int)] = [
        ("rows", 6), ("viewport", 8), ("views", 6), ("mount ns/view", 13), ("floor", 6), ("x", 5),
        ("steps", 6), ("step+1 ns", 10), ("floor", 6), ("x", 5),
        ("jumps", 6), ("jump ns", 10), ("ns/row", 7), ("floor", 8), ("x", 5),
        ("alive", 6), ("RSS d MB", 8), ("HWM MB", 7),
    ]
    Report.text(columns.map { pad($0.0, $0.1) }.joined(separator: "  "))
    Report.text(columns.map { String(repeating: "-", count: $0.1) }.joined(separator: "  "))

    var results: [Result] = []
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
            Report.text(zip(cells, columns).map { pad($0.0, $0.1.1) }.joined(separator: "  "))
            Report.append(to: "lists", .object([
                ("rows", .int(r.rows)), ("viewport", .int(r.viewport)), ("views", .int(r.created)),
                ("mountNsPerView", .double(r.mountNs)), ("mountFloorNs", .double(r.mountFloor)),
                ("steps", .int(r.steps)), ("stepNs", .double(r.stepNs)), ("stepFloorNs", .double(r.stepFloor)),
                ("jumps", .int(r.jumps)), ("jumpNs", .double(r.jumpNs)),
                ("jumpNsPerRow", .double(r.jumpNs / Double(min(r.viewport, max(1, r.rows - r.viewport))))),
                ("jumpFloorNs", .double(r.jumpFloor)),
                ("alive", .int(r.alive)), ("rssGrowthKB", .int(r.rssDeltaKB)), ("peakKB", .int(r.hwmKB)),
            ]))
        }
    }

    Report.text()
    Report.text("Step cost against list length (same viewport; 1.0 = as cheap as the 10^3-row list):")
    for viewport in viewports {
        let forViewport = results.filter { $0.viewport == viewport }
        guard let base = forViewport.first(where: { $0.stepNs.isFinite }) else { continue }
        let parts = forViewport.filter { $0.stepNs.isFinite }.map { r in
            "\(power(r.rows)): step \(fixed(r.stepNs / base.stepNs, 2)), jump \(fixed(r.jumpNs / base.jumpNs, 2))"
        }
        Report.text("  viewport \(pad(String(viewport), 4)) (vs \(power(base.rows))): " + parts.joined(separator: "; "))
    }
    Report.text()
    Report.text("views: created by the first mount (host + a cell and its child per visible row); alive: after all scrolling")
    Report.text("step+1: `scroll by 1`; jump: `scroll by viewport` (every row leaves and enters); ns/row = jump / rows moved")
    Report.text("steps, jumps: how many ran (three rounds; the best round's mean is shown)")
    Report.text("floor: the same row moves in a bare recycler (dictionary lookups and array appends only), same run")
    Report.text("a 10^3-row list with a 1000-row viewport cannot scroll (all rows visible): no step figures")
    Report.text("RSS d: resident growth while building and mounting that list; HWM: process peak (VmHWM) after its viewport's runs")
}
