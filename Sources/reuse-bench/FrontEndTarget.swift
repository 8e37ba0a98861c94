// Issue 38's front-end target: a shell line costs at most 9,000
// instructions beyond the engine's work (reading the line, lexing, path
// resolving, dispatch, recording, the pass's report). Counted by callgrind
// as the budget counts `floors` (Budget.callgrind): this executable runs,
// as a child under callgrind, a session script of Scale.swift's (the
// scroll session, the set session) through a quiet interpreter reading it
// from a file, as `reuse-shell -q FILE` does. The definitions and the
// mount run first, uncollected; then the command lines run inside
// `measureFrontEnd(_:file:)`, the only place collected. A line's front
// end is that function's instructions less those of the engine's
// operation it calls (`Engine.scroll`, `Engine.set`: each every call's
// inclusive cost), over the lines. `reuse-bench scale` holds both to
// 9,000; `--no-front-end` or `--no-floor` skips them, and without
// valgrind, or in a debug build, they are not measured.

import ReuseEngine
import ReuseShell
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the lines of `file` through `interpreter`: the only function the
/// front-end count collects (its exact mangled name is in
/// ``FrontEndTarget/measureSymbol``).
@inline(never)
func measureFrontEnd(_ interpreter: Interpreter, file: String) -> Bool {
    interpreter.run(file: file)
}

enum FrontEndTarget {
    /// At most this many instructions a line beyond the engine's work.
    static let limit = 9_000.0

    /// One session: its lines, and the engine operation each line runs.
    struct Workload {
        var kind: String
        var lines: Int
        /// The mangled name of the engine's operation the lines call.
        var engineSymbol: String
        var engineReadable: String

        /// The definitions and the mount, then the lines (Scale.swift's
        /// sessions, split where their lines begin).
        var scripts: (setup: String, lines: String) {
            let setup = kind == "set" ? ScaleBenchmark.setSession(lines: 0) : ScaleBenchmark.scrollSession(lines: 0)
            let whole = kind == "set" ? ScaleBenchmark.setSession(lines: lines) : ScaleBenchmark.scrollSession(lines: lines)
            return (setup, String(whole.dropFirst(setup.count)))
        }
    }

    /// The two sessions: 20,000 one-row scrolls; 4,000 `set` lines (each a
    /// pass over 50 cards, 20 times a scroll's under callgrind).
    static let workloads = [
        Workload(kind: "scroll", lines: 20_000,
                 engineSymbol: "$s11ReuseEngine0B0V6scroll__7triggerAA13ScrollOutcomeVAA13ComponentPathV_AA0E6MotionOSStAA0B5ErrorOYKF",
                 engineReadable: "Engine.scroll(_:_:trigger:)"),
        Workload(kind: "set", lines: 4_000,
                 engineSymbol: "$s11ReuseEngine0B0V3set_9attribute3raw6quoted7triggerAA11PassSummaryVAA13ComponentPathV_S2SSbSStAA0B5ErrorOYKF",
                 engineReadable: "Engine.set(_:attribute:raw:quoted:trigger:)"),
    ]

    /// `measureFrontEnd(_:file:)`'s mangled name.
    static let measureSymbol = "$s11reuse_bench15measureFrontEnd_4fileSb10ReuseShell11InterpreterC_SStF"

    /// One session's figures.
    struct Figure {
        var kind: String
        var lines: Int
        /// Instructions inside `measureFrontEnd`, and inside the engine's operation.
        var measured: Int
        var engine: Int
        var perLine: Double { Double(measured - engine) / Double(lines) }
        var enginePerLine: Double { Double(engine) / Double(lines) }
    }

    /// In the child (`--front-end-child KIND`): writes the session's two
    /// scripts, runs the setup, then the lines inside `measureFrontEnd`;
    /// exits 0 when every line succeeded.
    static func runChildIfAsked() {
        let arguments = CommandLine.arguments
        guard let flag = arguments.firstIndex(of: "--front-end-child"), flag + 1 < arguments.count,
              let workload = workloads.first(where: { $0.kind == arguments[flag + 1] }) else { return }
        let (setup, lines) = workload.scripts
        let base = "/tmp/reuse-bench-\(getpid())-front-end"
        guard save(setup, to: base + "-setup.reuse"), save(lines, to: base + "-lines.reuse") else { exit(1) }
        var written = 0
        let interpreter = Interpreter(options: .init(quiet: true), write: { written &+= $0.utf8.count },
                                      writeError: { text in _ = text.withCString { write(2, $0, strlen($0)) } })
        guard interpreter.run(file: base + "-setup.reuse") else { exit(1) }
        let ok = measureFrontEnd(interpreter, file: base + "-lines.reuse")
        sink &+= written
        print("front end: \(workload.kind) \(workload.lines) lines \(ok ? "ran" : "FAILED") (\(interpreter.engine.log.currentPass) passes)")
        unlink(base + "-setup.reuse")
        unlink(base + "-lines.reuse")
        exit(ok ? 0 : 1)
    }

    /// Counts each session under callgrind, or says why it could not (no
    /// valgrind, a debug build: the target is a release build's).
    static func measure() -> Swift.Result<[Figure], Budget.CountFailure> {
        Budget.measuredInRelease { () throws(Budget.CountFailure) in try workloads.map { workload throws(Budget.CountFailure) in try count(workload) } }
    }

    static func count(_ workload: Workload) throws(Budget.CountFailure) -> Figure {
        let what = "`reuse-bench --front-end-child \(workload.kind)`"
        let (text, output) = try Budget.callgrind(["--front-end-child", workload.kind], collecting: [measureSymbol], what: what)
        let ran = "front end: \(workload.kind) \(workload.lines) lines ran"
        guard output.contains(ran) else {
            throw Budget.CountFailure(message: "\(what) did not report `\(ran)`; its output:\n" + output.suffix(2_000))
        }
        guard let (calls, totals) = Budget.callCosts(text) else { throw Budget.CountFailure(message: "cannot read callgrind's output") }
        guard let measured = calls[measureSymbol], measured > 0 else {
            throw Budget.CountFailure(message: "callgrind counted no call of measureFrontEnd(_:file:): is \(measureSymbol) still its "
                                      + "mangled name? (FrontEndTarget.swift names it)")
        }
        guard let engine = calls[workload.engineSymbol], engine > 0 else {
            throw Budget.CountFailure(message: "callgrind counted no call of \(workload.engineReadable): is \(workload.engineSymbol) "
                                      + "still its mangled name? (FrontEndTarget.swift names it)")
        }
        // Collected only inside the measurement: its call makes the total.
        guard measured == totals else {
            throw Budget.CountFailure(message: "callgrind's output was not read right: its total is \(totals), "
                                      + "the measurement's call \(measured)")
        }
        return Figure(kind: workload.kind, lines: workload.lines, measured: measured, engine: engine)
    }

    private static func save(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        let ok = fputs(text, file) >= 0
        return fclose(file) == 0 && ok
    }
}
