// What every section of reuse-bench shares: the clock, memory figures, the
// benchmark list, and the printing of figures.

import ReuseEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: Clock and memory

/// The clock `now()` reads: monotonic, or with `REUSE_BENCH_CLOCK=thread`
/// the calling thread's CPU time, which a busy machine's other processes
/// do not add to (work on other threads, such as ``Reclamation``'s, is
/// not counted then).
let benchClock: clockid_t = getenv("REUSE_BENCH_CLOCK").map { String(cString: $0) } == "thread"
    ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC

/// Nanoseconds on ``benchClock``.
@inline(__always)
func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(benchClock, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Nanoseconds of CPU time every thread of this process has used: what
/// a measurement whose work runs on threads of its own (`compare`'s
/// replays, two at a time) reads under `REUSE_BENCH_CLOCK=thread`, where
/// ``now()`` would count the calling thread alone.
func processCPUTime() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Nanoseconds on ``benchClock`` for work that may run on other threads:
/// the monotonic clock, or under `REUSE_BENCH_CLOCK=thread` the whole
/// process's CPU time (``processCPUTime()``).
func nowAcrossThreads() -> UInt64 {
    benchClock == CLOCK_THREAD_CPUTIME_ID ? processCPUTime() : now()
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

// The benchmark list's path, `listPath`, is declared in main.swift: see there.

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

// MARK: Printing

func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return left ? text + padding : padding + text
}

/// One line of a table: each cell padded to its column's width (left
/// aligned where the column says so), two spaces apart, no trailing blanks.
func tableRow(_ cells: [String], _ columns: [(title: String, width: Int, left: Bool)]) -> String {
    let line = "  " + zip(cells, columns).map { pad($0.0, $0.1.width, left: $0.1.left) }.joined(separator: "  ")
    return String(line.reversed().drop { $0 == " " }.reversed())
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
