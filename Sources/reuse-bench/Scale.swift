// The scale targets (issue 38): what a session of a million lines must
// still answer at once, each target with its measured figure and ratio.
// `reuse-bench scale` exits 1 when one is missed.
//
// Time travel: a session of `--lines` `set` lines on a 50-card screen, and
// one of as many one-row scrolls of a 20-row window, each built through the
// interpreter (as a user's script is). Then, at 20 passes spread over the
// session: `tree`, `pools` and `config --pass P`, `diff P P+1`, `why` of a
// value set at mount (now and `--pass P`), and `undo` of a few depths (the
// last). Every answer must take at most 50 ms. The checkpoints' share of
// the session's memory is the resident memory the session adds with them
// less the same without them (each in its own child process), over the
// former, and must stay at most 25%.
//
// `compare --script` (each in a child process, its peak VmHWM): the scroll
// session of `--lines` lines under every strategy in at most 2 GB, and the
// set session of a tenth as many lines in at most 15 s per 10^5 lines.
//
// A lone removal (GrowthTargets.swift): Texture's `reload ROW` after the
// scroll session at 100,000 lines and at 1,000, each in a child, a
// reload's time long over short held to 2 (flat: 1).
//
// A fragmented list (GrowthTargets.swift): `insert` and `delete` after
// 30,000 scattered inserts and after 1,000, each in a child, a change's
// time long over short held to 2 (flat: 1).
//
// theodolite-2019 (GrowthTargets.swift): the scroll session under
// `strategy theodolite-2019` at 200,000 lines and at 40,000 (or `--lines`
// and a fifth of it, when fewer), and the mount alone, each in a child:
// seconds and the peak memory the session added, less the mount's, a line
// at the long session over the same at the short one, held to 1.25
// (linear: 1).
//
// Recording (Recording.swift): the engine's instructions per instance of
// one `set` pass over 100,501 instances over those of 100 passes over
// 1,006, each recording about 100,000 events (six chunks), counted by
// callgrind in a child, held to 1.10x.
//
// Pictures of big trees (GrowthTargets.swift): `export FILE.svg` of each
// Benchmarks/export-*.reuse tree (5,002 to 6,397 views), the export line
// alone timed in a child, the slowest held to 3 s. Without Graphviz (`dot`,
// `neato`) it is not measured.
//
// The tight floor (TightFloorTargets.swift): the engine's scroll step and
// `set` pass in instructions, counted by callgrind as `reuse-bench budget`
// counts them, held to 4x and 2.5x the tight floor's; `--no-floor` skips
// them (and the recording and front-end targets, also counted by
// callgrind). Without valgrind, or in a debug build, the instruction
// targets are not measured, which counts as not met.
//
// The front end (FrontEndTarget.swift): a scroll line's and a `set` line's
// instructions beyond the engine's operation, counted by callgrind, held
// to 9,000; `--no-front-end` (or `--no-floor`) skips them.

import ReuseEngine
import ReuseShell
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum ScaleBenchmark {
    /// One target: a figure, its limit and what the two make.
    struct Target {
        var name: String
        var measured: Double
        var limit: Double
        var unit: String
        /// Why the figure could not be measured (nil: it was).
        var notMeasured: String? = nil
        var met: Bool { notMeasured == nil && measured <= limit }
        var ratio: Double { measured / limit }
    }

    nonisolated(unsafe) private static var targets: [Target] = []

    /// The 50-card screen and `lines` `set` lines on it.
    static func setSession(lines: Int) -> String {
        var text = """
            component Title view UILabel { text: "title" }
            component Card view UIView { backgroundColor: white } children Title
            component Screen view UIView children \(Array(repeating: "Card", count: 50).joined(separator: " "))
            mount Screen

            """
        text.reserveCapacity(lines * 48)
        for line in 0..<lines {
            text += "set Screen/Card[\(line % 50)] backgroundColor \((line / 50) % 2 == 0 ? "red" : "blue")\n"
        }
        return text
    }

    /// A 20-row window of a long list and `lines` one-row scrolls.
    static func scrollSession(lines: Int) -> String {
        """
        component Title view UILabel { text: "row {i}" }
        component Row view UIView { backgroundColor: white } children Title
        list Feed rows 100000000 viewport 20 cells Row
        mount Feed

        """ + String(repeating: "scroll Feed by 1\n", count: lines)
    }

    static func run(lines: Int, floor: Bool, frontEnd: Bool) {
        targets = []
        Report.text("Scale targets (issue 38), sessions of \(lines) lines, each in a child process:")
        for kind in ["set", "scroll"] {
            guard let timed = child([kind, String(lines), "timed"]), let bare = child([kind, String(lines), "bare"]),
                  let held = timed["heldKB"], let bareHeld = bare["heldKB"] else {
                Report.problem("  the \(kind) session failed")
                Report.exit(1)
            }
            Report.text("  \(kind): \(Int(timed["passes"] ?? 0)) passes built in \(fixed(timed["builtSeconds"] ?? 0, 1)) s; "
                        + "resident \(megabytes(Int(held))) MB, \(megabytes(Int(bareHeld))) MB without checkpoints")
            for label in timeTravelQuestions.map(\.label) + ["why (set at mount)", "undo N"] {
                targets.append(Target(name: "\(kind): \(label)", measured: timed[label] ?? .infinity, limit: 50, unit: "ms"))
            }
            let share = (held - bareHeld) / max(held, 1) * 100
            targets.append(Target(name: "\(kind): checkpoints' memory", measured: share, limit: 25, unit: "%"))
            // Memory a line with `log keep 1000`: the growth from a quarter to half the lines.
            guard let quarter = child([kind, String(lines / 4), "keep"])?["heldKB"],
                  let half = child([kind, String(lines / 2), "keep"])?["heldKB"] else {
                Report.problem("  the \(kind) session with log keep failed")
                Report.exit(1)
            }
            let perLine = (half - quarter) * 1024 / Double(lines / 2 - lines / 4)
            targets.append(Target(name: "\(kind): bytes a line, log keep 1000", measured: perLine, limit: 120, unit: "B"))
        }
        measureCompare(lines: lines)
        measureTheodolite(lines: lines)
        measureTextureReload(lines: lines)
        measureFragments(lines: lines)
        measureItemMoves(lines: lines)
        measureExport()
        if floor {
            measureRecording()
            measureTightFloor()
        }
        if frontEnd { measureFrontEnd() }
        report()
    }

    /// The front-end targets (FrontEndTarget.swift): a scroll line's and a
    /// `set` line's instructions beyond the engine's, counted by callgrind.
    static func measureFrontEnd() {
        Report.text("  front end: the scroll and set sessions' lines under callgrind (about a minute)")
        switch FrontEndTarget.measure() {
        case .success(let figures):
            for figure in figures {
                Report.text("  front end, \(figure.kind): \(Budget.grouped(figure.perLine)) instructions a line beyond the engine's "
                            + "\(Budget.grouped(figure.enginePerLine)) (\(Budget.grouped(Double(figure.lines))) lines)")
                targets.append(Target(name: "front end: \(figure.kind), a line", measured: figure.perLine, limit: FrontEndTarget.limit,
                                      unit: "instr"))
            }
            Report.record("frontEnd", .array(figures.map { figure in
                .object([("kind", .string(figure.kind)), ("lines", .int(figure.lines)), ("perLine", .double(figure.perLine)),
                         ("enginePerLine", .double(figure.enginePerLine)), ("limit", .double(FrontEndTarget.limit))])
            }))
        case .failure(let failure):
            Report.problem("  front end: not measured: \(failure.message)")
            for workload in FrontEndTarget.workloads {
                targets.append(Target(name: "front end: \(workload.kind), a line", measured: .nan, limit: FrontEndTarget.limit,
                                      unit: "instr", notMeasured: failure.message))
            }
        }
    }

    /// The tight-floor targets: `reuse-bench floors` counted under callgrind.
    static func measureTightFloor() {
        Report.text("  tight floor: `reuse-bench floors` under callgrind (about 10 s)")
        switch TightFloorTargets.measure() {
        case .success(let figures):
            for figure in figures {
                Report.text("  \(figure.workload): engine \(Budget.grouped(figure.engine)) instructions a \(figure.unit), "
                            + "tight floor \(Budget.grouped(figure.tight))")
                targets.append(Target(name: "\(figure.workload) / tight floor", measured: figure.ratio, limit: figure.limit, unit: "x"))
            }
            Report.record("tightFloor", TightFloorTargets.json(figures))
        case .failure(let failure):
            Report.problem("  tight floor: not measured: \(failure.message)")
            for (workload, limit) in TightFloorTargets.limits {
                targets.append(Target(name: "\(workload) / tight floor", measured: .nan, limit: limit, unit: "x", notMeasured: failure.message))
            }
        }
    }

    /// The theodolite-2019 targets: the scroll session at two lengths, and
    /// without scroll lines (the mount alone, taken away from both), each
    /// in a child; seconds and added peak memory a line, long over short.
    static func measureTheodolite(lines: Int) {
        let (short, long) = GrowthTargets.sessionLines(lines, longest: 200_000, ratio: 5)
        guard let mount = child(["theodolite", "0", "run"]), let first = child(["theodolite", String(short), "run"]),
              let second = child(["theodolite", String(long), "run"]),
              let mountSeconds = mount["seconds"], let shortSeconds = first["seconds"], let longSeconds = second["seconds"],
              let mountKB = mount["addedKB"], let shortKB = first["addedKB"], let longKB = second["addedKB"] else {
            Report.problem("  the theodolite-2019 session failed")
            Report.exit(1)
        }
        Report.text("  theodolite-2019: \(short) scroll lines in \(fixed(shortSeconds, 2)) s, \(megabytes(Int(shortKB))) MB added at the peak; "
                    + "\(long) in \(fixed(longSeconds, 2)) s, \(megabytes(Int(longKB))) MB; the mount alone "
                    + "\(fixed(mountSeconds, 3)) s, \(megabytes(Int(mountKB))) MB")
        // A line's share: the session's figure less the mount's, over its lines.
        func perLine(_ figure: Double, _ alone: Double, _ lines: Int) -> Double { max(figure - alone, 1e-9) / Double(lines) }
        let timeRatio = perLine(longSeconds, mountSeconds, long) / perLine(shortSeconds, mountSeconds, short)
        let memoryRatio = perLine(longKB, mountKB, long) / perLine(shortKB, mountKB, short)
        Report.record("theodolite2019", .object([
            ("lines", .array([.int(0), .int(short), .int(long)])),
            ("seconds", .array([.double(mountSeconds), .double(shortSeconds), .double(longSeconds)])),
            ("addedKB", .array([.double(mountKB), .double(shortKB), .double(longKB)])),
        ]))
        targets.append(Target(name: "theodolite-2019: time a line", measured: timeRatio,
                              limit: GrowthTargets.linearLimit, unit: "x"))
        targets.append(Target(name: "theodolite-2019: memory a line", measured: memoryRatio,
                              limit: GrowthTargets.linearLimit, unit: "x"))
    }

    /// The lone-removal target: a Texture row's reload after the scroll
    /// session at two lengths, each in a child; a reload's time, long over short.
    static func measureTextureReload(lines: Int) {
        measureFlat(child: "texture-reload", GrowthTargets.sessionLines(lines, longest: 100_000, ratio: 100),
                    figure: "secondsPerReload", failure: "the texture reload session failed",
                    record: "textureReload", countsKey: "lines",
                    target: "texture: a row reload, long / short", limit: GrowthTargets.reloadLimit) { short, long in
            "texture: `reload ROW` after \(short.count) scroll lines \(fixed(short.seconds * 1e6, 1)) us "
                + "(\(Int(short.output["views"] ?? 0)) views), after \(long.count) \(fixed(long.seconds * 1e6, 1)) us "
                + "(\(Int(long.output["views"] ?? 0)) views)"
        }
    }

    /// The fragmented-list target: `insert` and `delete` after scattered
    /// inserts at two counts, each in a child; a change's time, long over short.
    static func measureFragments(lines: Int) {
        measureFlat(child: "fragments", GrowthTargets.sessionLines(lines, longest: 30_000, ratio: 30),
                    figure: "secondsPerChange", failure: "the fragmented list session failed",
                    record: "fragments", countsKey: "inserts",
                    target: "fragments: a change, long / short", limit: GrowthTargets.fragmentsLimit) { short, long in
            "fragments: `insert`/`delete` after \(short.count) scattered inserts \(fixed(short.seconds * 1e6, 1)) us, "
                + "after \(long.count) \(fixed(long.seconds * 1e6, 1)) us"
        }
    }

    /// The item-data target: `insert`/`delete` after values set on many rows
    /// and on a hundredth as many, each in a child; a change's time, long over short.
    static func measureItemMoves(lines: Int) {
        measureFlat(child: "item-moves", GrowthTargets.sessionLines(lines, longest: 100_000, ratio: 100),
                    figure: "secondsPerChange", failure: "the item-data session failed",
                    record: "itemMoves", countsKey: "rowsWithValues",
                    target: "item data: an insert/delete, long / short", limit: GrowthTargets.itemMovesLimit) { short, long in
            "item data: `insert`/`delete` after values on \(short.count) rows \(fixed(short.seconds * 1e6, 1)) us, "
                + "on \(long.count) rows \(fixed(long.seconds * 1e6, 1)) us"
        }
    }

    /// One run of a flat-cost target's child (`--scale-child KIND COUNT run`).
    struct FlatRun {
        let count: Int
        let seconds: Double
        let output: [String: Double]
    }

    /// A target whose cost should not grow with the session: the child
    /// `kind` at the two session sizes, each printing `figure` (the seconds
    /// of one operation); the report line `describe` writes, the figures
    /// recorded under `record` (the sizes as `countsKey`), and the long
    /// run's seconds over the short one's held to `limit` (flat: 1).
    static func measureFlat(child kind: String, _ sessions: (short: Int, long: Int), figure: String, failure: String,
                            record: String, countsKey: String, target: String, limit: Double,
                            describe: (_ short: FlatRun, _ long: FlatRun) -> String) {
        guard let first = child([kind, String(sessions.short), "run"]), let second = child([kind, String(sessions.long), "run"]),
              let shortSeconds = first[figure], let longSeconds = second[figure] else {
            Report.problem("  " + failure)
            Report.exit(1)
        }
        let short = FlatRun(count: sessions.short, seconds: shortSeconds, output: first)
        let long = FlatRun(count: sessions.long, seconds: longSeconds, output: second)
        Report.text("  " + describe(short, long))
        Report.record(record, .object([
            (countsKey, .array([.int(short.count), .int(long.count)])),
            (figure, .array([.double(shortSeconds), .double(longSeconds)])),
        ]))
        targets.append(Target(name: target, measured: longSeconds / max(shortSeconds, 1e-12), limit: limit, unit: "x"))
    }

    /// The picture target: each export script's `export` line, timed in a child.
    static func measureExport() {
        let name = "export of a 5,000-view tree"
        guard GrowthTargets.hasGraphviz else {
            Report.problem("  export: not measured: Graphviz (dot, neato) is not installed (`bash .ci/setup` installs it)")
            targets.append(Target(name: name, measured: .nan, limit: GrowthTargets.exportLimit, unit: "s",
                                  notMeasured: "Graphviz (dot, neato) is not installed"))
            return
        }
        var slowest = 0.0
        for script in GrowthTargets.exportScripts {
            guard let figures = child(["export", script, "run"]), let seconds = figures["seconds"], let views = figures["views"] else {
                Report.problem("  export: \(script) failed")
                Report.exit(1)
            }
            let file = script.split(separator: "/").last.map(String.init) ?? script
            Report.text("  export: \(file), \(Int(views)) views: \(fixed(seconds, 2)) s")
            slowest = max(slowest, seconds)
            Report.append(to: "export", .object([("script", .string(file)), ("views", .int(Int(views))), ("seconds", .double(seconds))]))
        }
        targets.append(Target(name: name, measured: slowest, limit: GrowthTargets.exportLimit, unit: "s"))
    }

    /// The recording target: the big pass's instructions per instance over the small passes'.
    static func measureRecording() {
        let name = "recording: a view, big pass / small"
        Report.text("  recording: `set` passes over 1,006 and 100,501 instances under callgrind (about 20 s)")
        switch RecordingTarget.measure() {
        case .success(let figures):
            for (label, run) in [("small", figures.small), ("big", figures.big)] {
                Report.text("  recording, \(label): \(Budget.grouped(Double(run.instructions))) instructions, \(run.events) events, "
                            + "\(run.visits) instances visited: \(Budget.grouped(run.perVisit)) an instance")
            }
            targets.append(Target(name: name, measured: figures.ratio, limit: RecordingTarget.limit, unit: "x"))
            func json(_ run: RecordingTarget.Run) -> JSON {
                .object([("instructions", .int(run.instructions)), ("events", .int(run.events)), ("instances", .int(run.visits)),
                         ("perInstance", .double(run.perVisit))])
            }
            Report.record("recording", .object([("small", json(figures.small)), ("big", json(figures.big)), ("ratio", .double(figures.ratio))]))
        case .failure(let failure):
            Report.problem("  recording: not measured: \(failure.message)")
            targets.append(Target(name: name, measured: .nan, limit: RecordingTarget.limit, unit: "x", notMeasured: failure.message))
        }
    }

    /// The `compare` targets: `compare --script` of the scroll session of
    /// `lines` lines (peak memory) and of the set session of `lines / 10`
    /// lines (seconds), each in a child (``runCompareChild(kind:lines:)``).
    static func measureCompare(lines: Int) {
        let setLines = max(1, lines / 10)
        guard let scroll = child(["compare-scroll", String(lines), "run"]), let set = child(["compare-set", String(setLines), "run"]),
              let scrollPeak = scroll["peakKB"], let setSeconds = set["seconds"] else {
            Report.problem("  compare --script failed")
            Report.exit(1)
        }
        Report.text("  compare: \(lines) scroll lines in \(fixed(scroll["seconds"] ?? 0, 1)) s, peak \(megabytes(Int(scrollPeak))) MB; "
                    + "\(setLines) set lines in \(fixed(setSeconds, 1)) s\(benchClock == CLOCK_THREAD_CPUTIME_ID ? " of CPU, every thread's" : ""), "
                    + "peak \(megabytes(Int(set["peakKB"] ?? 0))) MB")
        targets.append(Target(name: "compare: scroll, peak memory", measured: scrollPeak / 1024, limit: 2048, unit: "MB"))
        // 15 s for 10^5 set lines, in proportion for other sizes.
        targets.append(Target(name: "compare: set, seconds", measured: setSeconds, limit: 15 * Double(setLines) / 100_000, unit: "s"))
    }

    /// In the child (`--scale-child compare-scroll|compare-set LINES run`):
    /// writes the session to a scratch file, runs `compare --script` on it
    /// in a fresh shell, and prints its seconds and the process's peak.
    static func runCompareChild(kind: String, lines: Int) -> Never {
        let path = "/tmp/reuse-bench-\(getpid())-compare.reuse"
        let script = kind == "compare-set" ? setSession(lines: lines) : scrollSession(lines: lines)
        guard let file = fopen(path, "w"), fputs(script, file) >= 0, fclose(file) == 0 else { exit(1) }
        var written = 0
        let interpreter = Interpreter(options: .init(width: 80), write: { written &+= $0.utf8.count }, writeError: { _ in })
        // The replays run on threads of their own: the calling thread's
        // CPU time would leave them out.
        let start = nowAcrossThreads()
        let ok = interpreter.run(line: "compare --script \(path)", at: SourceLocation(file: "scale", line: 1))
        print("seconds\t\(Double(nowAcrossThreads() - start) / 1e9)")
        print("peakKB\t\(memory().hwm)")
        sink &+= written
        unlink(path)
        exit(ok ? 0 : 1)
    }

    /// Runs `reuse-bench --scale-child ARGUMENTS`; its `label<TAB>value` lines.
    static func child(_ arguments: [String]) -> [String: Double]? {
        guard let (output, status) = ReplayBenchmark.runChild(["--scale-child"] + arguments), status == 0 else { return nil }
        var figures: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            if fields.count == 2, let value = Double(fields[1]) { figures[String(fields[0])] = value }
        }
        return figures
    }

    /// Milliseconds `body` takes (Support.swift's clock).
    static func milliseconds(_ body: () -> Void) -> Double {
        nanoseconds(per: 1, body) / 1e6
    }

    /// The questions asked at 20 passes spread over the session, by label.
    static let timeTravelQuestions: [(label: String, question: @Sendable (_ pass: Int, _ view: String, _ property: String) -> String)] = [
        ("tree --pass P", { pass, _, _ in "tree --pass \(pass)" }),
        ("pools --pass P", { pass, _, _ in "pools --pass \(pass)" }),
        ("config --pass P", { pass, view, _ in "config \(view) --pass \(pass)" }),
        ("diff P P+1", { pass, _, _ in "diff \(pass) \(pass + 1)" }),
        ("why --pass P", { pass, view, property in "why \(view) \(property) --pass \(pass)" }),
    ]

    /// In the child (`--scale-child KIND LINES timed|bare|keep|keep-bare`,
    /// KIND `set`, `scroll`, or `texture` and `theodolite-2019` for the
    /// scroll session under a strategy whose views grow with the rows shown;
    /// `compare-scroll|compare-set LINES run`, `theodolite LINES run` and
    /// `export SCRIPT run` run the children of the other targets):
    /// builds the session; `timed` then asks the time-travel questions and
    /// prints each worst time, `bare` builds it without checkpoints, `keep`
    /// with `log keep 1000` after the mount, `keep-bare` both. Each prints the resident memory the
    /// session added.
    static func runChildIfAsked() {
        let arguments = CommandLine.arguments
        if let flag = arguments.firstIndex(of: "--scale-child"), flag + 3 < arguments.count, arguments[flag + 1] == "export" {
            GrowthTargets.runExportChild(script: arguments[flag + 2])
        }
        guard let flag = arguments.firstIndex(of: "--scale-child"), flag + 3 < arguments.count,
              let lines = Int(arguments[flag + 2]) else { return }
        let kind = arguments[flag + 1], mode = arguments[flag + 3], timed = mode == "timed"
        if kind.hasPrefix("compare-") { runCompareChild(kind: kind, lines: lines) }
        if kind == "theodolite" { GrowthTargets.runTheodoliteChild(lines: lines) }
        if kind == "texture-reload" { GrowthTargets.runTextureReloadChild(lines: lines) }
        if kind == "fragments" { GrowthTargets.runFragmentsChild(inserts: lines) }
        if kind == "item-moves" { GrowthTargets.runItemMovesChild(lines: lines) }
        var (script, view, property) = switch kind {
        case "set": (setSession(lines: lines), "Screen/Card[7]/Title", "text")
        // The strategies whose views grow with the rows shown.
        case "texture", "theodolite-2019": ("strategy \(kind)\n" + scrollSession(lines: lines), "v3", "backgroundColor")
        default: (scrollSession(lines: lines), "v3", "backgroundColor")
        }
        if mode.hasPrefix("keep") { script = script.replacing("mount Screen\n", with: "mount Screen\nlog keep 1000\n").replacing("mount Feed\n", with: "mount Feed\nlog keep 1000\n") }
        var written = 0
        let before = memory().rss
        let interpreter = Interpreter(options: .init(width: 80), write: { written &+= $0.utf8.count }, writeError: { _ in })
        interpreter.keepsCheckpoints = mode != "bare" && mode != "keep-bare"
        let start = now()
        guard interpreter.run(script: script, file: "\(kind).reuse") else { exit(1) }
        print("builtSeconds\t\(Double(now() - start) / 1e9)")
        print("heldKB\t\(memory().rss - before)")
        let passes = interpreter.engine.log.currentPass
        print("passes\t\(passes)")
        guard timed else { exit(0) }
        // The better of two asks: this 2-core machine's clock moves by half
        // between runs (the figures are held to 50 ms, not counted).
        func time(_ question: String) -> Double {
            var best = Double.infinity
            for _ in 0..<2 {
                var answer = ""
                best = min(best, milliseconds { answer = interpreter.answer(question) })
                sink &+= answer.utf8.count
            }
            return best
        }
        let points = (0..<20).map { 1 + ($0 * (passes - 2)) / 19 }
        for (label, question) in timeTravelQuestions {
            print("\(label)\t\(points.map { time(question($0, view, property)) }.max() ?? 0)")
        }
        print("why (set at mount)\t\(time("why \(view) \(property)"))")
        // An undo changes the session: asked once each.
        var undos: [Double] = []
        for depth in [1, 1_000, passes / 4, passes / 2] {
            // What the undo before freed in the background is freed first.
            Reclamation.drain()
            undos.append(milliseconds { sink &+= interpreter.answer("undo \(depth)").utf8.count })
            print("undo \(depth)\t\(undos[undos.count - 1])")
        }
        print("undo N\t\(undos.max() ?? 0)")
        exit(0)
    }

    static func report() {
        Report.text()
        Report.text("  " + pad("target", 36, left: true) + pad("measured", 14) + pad("limit", 12) + pad("ratio", 8) + "  ")
        for target in targets {
            // A ratio target's figures and limit in hundredths; an instruction
            // count whole; another limit such as 2.5 with its tenths.
            let measured = target.notMeasured == nil ? fixed(target.measured, target.unit == "x" ? 2 : target.unit == "instr" ? 0 : 1) + " " + target.unit : "-"
            let limit = fixed(target.limit, target.unit == "x" ? 2 : target.limit == target.limit.rounded() ? 0 : 1) + " " + target.unit
            let status = target.notMeasured != nil ? "not measured" : target.met ? "met" : "MISSED"
            Report.text("  " + pad(target.name, 36, left: true) + pad(measured, 14) + pad(limit, 12)
                        + pad(target.notMeasured == nil ? fixed(target.ratio, 2) + "x" : "-", 8) + "  " + status)
            var entry: [(String, JSON)] = [
                ("target", .string(target.name)),
                ("measured", target.notMeasured == nil ? .double(target.measured) : .null), ("limit", .double(target.limit)),
                ("unit", .string(target.unit)), ("ratio", target.notMeasured == nil ? .double(target.ratio) : .null),
                ("met", .bool(target.met)),
            ]
            if let why = target.notMeasured { entry.append(("notMeasured", .string(why))) }
            Report.append(to: "scale", .object(entry))
        }
        let missed = targets.filter { !$0.met }.count
        let unmeasured = targets.filter { $0.notMeasured != nil }.count
        Report.text(missed == 0 ? "  every target met"
                    : "  \(missed) of \(targets.count) targets missed" + (unmeasured > 0 ? " (\(unmeasured) not measured)" : ""))
    }

    static var missedAny: Bool { targets.contains { !$0.met } }
}
