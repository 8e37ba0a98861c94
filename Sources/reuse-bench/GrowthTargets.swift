// Scale targets of issue 38 that `reuse-bench scale` measures in
// child processes of this benchmark (Scale.swift holds them):
//
// - theodolite-2019: "200k scroll lines in time and memory linear in lines".
//   The scroll session (`ScaleBenchmark.scrollSession`) under
//   `strategy theodolite-2019`, at 200,000 lines, at a fifth as many
//   (40,000) and at none (the mount alone), each in a child: its seconds
//   and its peak resident memory less the resident memory before the
//   session. A line's figure is the session's less the mount's, over its
//   lines; the figure a line at 200,000 over the same at 40,000 is held to
//   1.25 (1 is linear; issue 38's quadratic settle took 14.5 s and 1,217 MB
//   for 200,000 lines against 0.45 s and 141 MB for 40,000: 6.4 and 1.7).
//   With `--lines` below 200,000, the two sessions are `--lines` and a fifth
//   of it (small runs are a smoke test: their figures are mostly noise).
// - Pictures of big trees: `export FILE.svg` of each Benchmarks/export-*.reuse
//   tree (5,002 to 6,397 views), timed from the `export` line alone (the
//   script's other lines, which build the tree, run first), held to 3 s for
//   the slowest. It needs Graphviz (`dot`, `neato`); without it the target
//   is not measured, which counts as not met.
// - A lone removal: under `strategy texture` every row the list ever showed
//   keeps its node view in the host, and `reload ROW` removes the row's
//   view (a delete plus an insert). The scroll session at 100,000 lines and
//   at a hundredth of it (or `--lines` and a hundredth, when fewer), each in
//   a child, then `reload` of a row on screen timed a few thousand times:
//   a reload's time at the long session over the short one, held to 2 (a
//   cost that follows the work is flat: 1; filtering the host's subviews,
//   pool and stack whole, as before `FastPaths.removalFromEnd`, took about
//   22 at these lengths).
// - A fragmented list: `insert` lines scattered over a 10,000,000-row list
//   (off screen, each splitting a run of items: as many runs as inserts),
//   30,000 of them and a thirtieth as many (or `--lines` and a thirtieth,
//   when fewer), each in a child, then 2,000 `insert` and `delete` pairs at
//   scattered rows (the list keeps its runs) timed: a change's time at the
//   long session over the short one, held to 2. The runs sit in a B+ tree
//   (`ItemSequence`), so a change costs O(log runs); when each change
//   rebuilt the runs whole, 30,000 inserts took 25 s (about 7.5x a change
//   for 10x the runs).
// - Item data that moves: a `set` value on each of 100,000 rows (a one-row
//   scroll and a `set` on the row that entered, per pair of lines) and on
//   a hundredth as many, each in a child, then `insert Feed at R` and
//   `delete Feed at R` a few rows above the window's end, timed a few
//   thousand times: a change's time at the long session over the short
//   one, held to 2 (flat: 1). Rebuilding every value's entry at each
//   change, as before `ItemDataMap`, took about 300x at these lengths.

import ReuseShell
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum GrowthTargets {
    /// The most a figure a line may grow from the short session to the long one.
    static let linearLimit = 1.25
    /// The most an export of a big tree may take, in seconds.
    static let exportLimit = 3.0

    /// The most a reload's time may grow from the short Texture session to the long one.
    static let reloadLimit = 2.0
    /// Reloads timed in each Texture session.
    static let reloads = 4_000

    /// In the child (`--scale-child texture-reload LINES run`): the scroll
    /// session under texture, then ``reloads`` reloads of a row on screen,
    /// timed together; prints the seconds a reload took.
    static func runTextureReloadChild(lines: Int) -> Never {
        // The window shows rows `lines` to `lines + 19` after `lines` one-row scrolls.
        timeLines(after: "strategy texture\n" + ScaleBenchmark.scrollSession(lines: lines), file: "texture.reuse",
                  Array(repeating: "reload Feed/\(lines + 5)", count: reloads), figure: "secondsPerReload") { interpreter in
            print("views\t\(interpreter.engine.views.count)")
        }
    }

    /// In a child: runs `script`, then `lines` timed together; prints
    /// `figure` (the seconds one line took) and what `report` adds, then
    /// exits (1 when the script or a line failed).
    static func timeLines(after script: String, file: String, _ lines: [String], figure: String,
                          report: (Interpreter) -> Void = { _ in }) -> Never {
        var written = 0
        let interpreter = Interpreter(options: .init(width: 80), write: { written &+= $0.utf8.count }, writeError: { _ in })
        guard interpreter.run(script: script, file: file) else { exit(1) }
        let first = script.utf8.count { $0 == UInt8(ascii: "\n") } + 1
        var ok = true
        let start = now()
        for (index, line) in lines.enumerated() {
            ok = interpreter.run(line: line, at: SourceLocation(file: file, line: first + index)) && ok
        }
        print("\(figure)\t\(Double(now() - start) / 1e9 / Double(max(lines.count, 1)))")
        report(interpreter)
        sink &+= written
        exit(ok ? 0 : 1)
    }

    /// The most a change's time may grow from the short fragmented session to the long one.
    static let fragmentsLimit = 2.0
    /// `insert` and `delete` pairs timed in each fragmented session.
    static let fragmentChanges = 2_000

    /// The row of the `index`th scattered insert or change: spread over the
    /// first half of the list, off screen (/work/audit's `inserts-N.reuse`).
    static func scatteredRow(_ index: Int) -> Int { 100 + (index * 7_919) % 5_000_000 }

    /// A 20-row window on a 10,000,000-row list and `inserts` scattered
    /// one-item inserts.
    static func fragmentedSession(inserts: Int) -> String {
        var text = """
            component Title view UILabel { text: "row {i}" }
            component Row view UIView { backgroundColor: white } children Title
            list Feed rows 10000000 viewport 20 cells Row
            mount Feed

            """
        text.reserveCapacity(inserts * 24)
        for index in 0..<inserts { text += "insert Feed at \(scatteredRow(index))\n" }
        return text
    }

    /// In the child (`--scale-child fragments INSERTS run`): the fragmented
    /// session, then ``fragmentChanges`` `insert`/`delete` pairs at rows
    /// scattered as its inserts were, timed together; prints the seconds a
    /// change took.
    static func runFragmentsChild(inserts: Int) -> Never {
        // Rows of other inserts than the session's (its indexes go on).
        let rows = (0..<fragmentChanges).map { scatteredRow(inserts + 1 + $0 * 13) }
        timeLines(after: fragmentedSession(inserts: inserts), file: "fragments.reuse",
                  rows.flatMap { ["insert Feed at \($0)", "delete Feed at \($0)"] }, figure: "secondsPerChange")
    }

    /// The most a change's time may grow from the short item-data session to the long one.
    static let itemMovesLimit = 2.0
    /// Inserts and deletes timed in each item-data session (half of each).
    static let itemMoves = 2_000

    /// In the child (`--scale-child item-moves LINES run`): `LINES` one-row
    /// scrolls, each followed by a `set` on the row that entered (a value on
    /// each of `LINES` items), then ``itemMoves`` `insert`/`delete` lines a
    /// few rows above the window's end, timed together; prints the seconds
    /// one took. Only the rows from the change on move (15 of them carry
    /// values), so a cost that follows the work is the same at any length.
    static func runItemMovesChild(lines: Int) -> Never {
        var script = "strategy theodolite\n" + ScaleBenchmark.scrollSession(lines: 0)
        for row in 0..<lines { script += "scroll Feed by 1\nset Feed/\(row + 20)/Title text v\n" }
        let row = lines + 5
        timeLines(after: script, file: "item-moves.reuse",
                  (0..<itemMoves).map { $0 % 2 == 0 ? "insert Feed at \(row)" : "delete Feed at \(row)" },
                  figure: "secondsPerChange")
    }

    /// A growth target's two sessions: `longest` lines (or `lines`, when
    /// fewer) and that over `ratio`. theodolite-2019: 200,000 and a fifth;
    /// Texture's reloads: 100,000 (the host then holds 100,000 node views)
    /// and a hundredth.
    static func sessionLines(_ lines: Int, longest: Int, ratio: Int) -> (short: Int, long: Int) {
        let long = min(longest, lines)
        return (max(1, long / ratio), long)
    }

    /// In the child (`--scale-child theodolite LINES run`): the scroll
    /// session under theodolite-2019; prints its seconds and the peak
    /// resident memory it added.
    static func runTheodoliteChild(lines: Int) -> Never {
        let script = "strategy theodolite-2019\n" + ScaleBenchmark.scrollSession(lines: lines)
        var written = 0
        let before = memory().rss
        let interpreter = Interpreter(options: .init(width: 80), write: { written &+= $0.utf8.count }, writeError: { _ in })
        let start = now()
        let ok = interpreter.run(script: script, file: "theodolite-2019.reuse")
        print("seconds\t\(Double(now() - start) / 1e9)")
        print("addedKB\t\(memory().hwm - before)")
        print("passes\t\(interpreter.engine.log.currentPass)")
        sink &+= written
        exit(ok ? 0 : 1)
    }

    /// Benchmarks/export-*.reuse beside this source file's package, by name.
    static var exportScripts: [String] {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Sources/reuse-bench/GrowthTargets.swift
        let directory = (parts + ["Benchmarks"]).joined(separator: "/")
        return ["export-list-5002.reuse", "export-wide-5051.reuse", "export-deep-6397.reuse"].map { directory + "/" + $0 }
    }

    /// Whether Graphviz's `dot` and `neato` run here.
    static var hasGraphviz: Bool {
        ["dot", "neato"].allSatisfy { program in
            var status: Int32 = 0
            guard let probe = Budget.spawn([program, "-V"], output: "/dev/null") else { return false }
            return waitpid(probe, &status, 0) == probe && status == 0
        }
    }

    /// In the child (`--scale-child export SCRIPT run`): runs the script's
    /// lines before its `export` line, then times the export (to a scratch
    /// file); prints its seconds and the views drawn.
    static func runExportChild(script path: String) -> Never {
        guard let text = Budget.readText(path) else { exit(1) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let exportLine = lines.firstIndex(where: { $0.hasPrefix("export ") }) else { exit(1) }
        var written = 0
        let interpreter = Interpreter(options: .init(width: 80), write: { written &+= $0.utf8.count }, writeError: { _ in })
        guard interpreter.run(script: lines[..<exportLine].joined(separator: "\n") + "\n", file: path) else { exit(1) }
        // The same export, to a scratch file of this process.
        let words = lines[exportLine].split(separator: " ").map(String.init)
        let scratch = "/tmp/reuse-bench-\(getpid())-export.svg"
        let command = (["export", scratch] + words.dropFirst(2)).joined(separator: " ")
        // Graphviz runs in a child process: on the thread's CPU clock
        // (`REUSE_BENCH_CLOCK=thread`) its CPU time is added, or the figure
        // would leave out most of the work.
        let start = now(), childStart = childrenCPUTime()
        let ok = interpreter.run(line: command, at: SourceLocation(file: path, line: exportLine + 1))
        var elapsed = now() - start
        if benchClock == CLOCK_THREAD_CPUTIME_ID { elapsed += childrenCPUTime() - childStart }
        let seconds = Double(elapsed) / 1e9
        var info = stat()
        let drawn = ok && stat(scratch, &info) == 0 && info.st_size > 0
        unlink(scratch)
        print("seconds\t\(seconds)")
        print("views\t\(interpreter.engine.views.count)")
        sink &+= written
        exit(drawn ? 0 : 1)
    }
}

/// Nanoseconds of CPU time (user and system) of this process's children
/// that have ended and been waited for.
func childrenCPUTime() -> UInt64 {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)  // glibc's enum, passed as its Int32
    #else
    getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    func nanoseconds(_ time: timeval) -> UInt64 { UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_usec) * 1_000 }
    return nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime)
}
