// The instruction budget: `reuse-bench budget [FILE]` counts, with valgrind's
// callgrind, the instructions of the engine's scroll step, its `set` pass and
// its pass alone (`scroll by 0`), and of their same-semantics floors
// (PassFloor.scroll, PassFloor.fullPass), as BENCHMARKS.md's recipe does,
// and exits 1 when a count, or a count divided by its floor's, is over the
// budget in FILE (Benchmarks/budget.txt by default). CI runs it through
// `.ci/budget`, on a release build. Beside them it prints the tight floor's
// (tf_scroll, tf_full_pass: Sources/TightFloor) and issue 38's targets for
// the engine against it, which it does not hold (`reuse-bench scale` does:
// TightFloorTargets.swift).
//
// It runs this executable's `floors` once under callgrind, with
// SWIFT_DETERMINISTIC_HASHING=1, collecting only inside the three
// measurements (`--toggle-collect` on each one's exact mangled name), and
// reads from callgrind's call records the instructions of each measurement
// and of the floor and written-out functions called inside it.

import ReuseEngine
import ReuseShell
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum Budget {
    // MARK: What is measured

    /// What `reuse-bench floors` runs by default (ReuseBenchCommand.swift): each scroll measurement
    /// 200 steps to warm up, then three rounds of `steps`; the set
    /// measurement three rounds of `sets` passes.
    static let steps = 20_000
    static let sets = 2_000

    /// A function whose instructions are counted: every call of it, and
    /// everything those calls run.
    enum Counted: CaseIterable {
        case sameSemantics, passFloorScroll, tightSteps, tightScroll, writtenOutStep
        case emptyStep
        case setPass, passFloorFullPass, tightSets, tightFullPass, writtenOutSet

        /// The three measurements `floors` runs, the only places collected.
        static let measurements: [Counted] = [.sameSemantics, .emptyStep, .setPass]

        /// Its exact mangled name: a pattern such as `*measureSameSemantics*`
        /// would also match the closures inside it, and entering one would
        /// turn collecting off again.
        var symbol: String {
            switch self {
            case .sameSemantics: "$s11reuse_bench20measureSameSemantics8viewport5stepsySi_SitF"
            case .passFloorScroll: "$s11reuse_bench9PassFloorV6scroll_2byys5Int32V_SitF"
            case .tightSteps: "$s11reuse_bench18runTightFloorSteps8viewport5steps5kindsSd11nanoseconds_SaySiG6countstSi_SiSaySo7tf_kindaGtF"
            // C functions: their plain names (a call from Swift into C is never inlined).
            case .tightScroll: "tf_scroll"
            case .writtenOutStep: "$s11reuse_bench14WrittenOutStepV11stepForwardyyF"
            case .emptyStep: "$s11reuse_bench16measureEmptyStep8viewport5stepsySi_SitF"
            case .setPass: "$s11reuse_bench14measureSetPass5cards4setsySi_SitF"
            case .passFloorFullPass: "$s11reuse_bench9PassFloorV04fullC0yyF"
            case .tightSets: "$s11reuse_bench17runTightFloorSets5cards4sets5kindsSd11nanoseconds_SaySiG6countstSi_SiSaySo7tf_kindaGtF"
            case .tightFullPass: "tf_full_pass"
            case .writtenOutSet: "$s11reuse_bench17WrittenOutSetPassV3set4card5valueySi_s5Int32VtF"
            }
        }

        var readable: String {
            switch self {
            case .sameSemantics: "measureSameSemantics(viewport:steps:)"
            case .passFloorScroll: "PassFloor.scroll(_:by:)"
            case .tightSteps: "runTightFloorSteps(viewport:steps:kinds:)"
            case .tightScroll: "tf_scroll (TightFloor)"
            case .writtenOutStep: "WrittenOutStep.stepForward()"
            case .emptyStep: "measureEmptyStep(viewport:steps:)"
            case .setPass: "measureSetPass(cards:sets:)"
            case .passFloorFullPass: "PassFloor.fullPass()"
            case .tightSets: "runTightFloorSets(cards:sets:kinds:)"
            case .tightFullPass: "tf_full_pass (TightFloor)"
            case .writtenOutSet: "WrittenOutSetPass.set(card:value:)"
            }
        }
    }

    /// A figure the budget holds: instructions per step or per pass.
    struct Figure {
        var name: String
        var unit: String
        var instructions: Double
        /// The figure this one is divided by for its ratio.
        var floor: String?
    }

    /// The figures from the counts, as BENCHMARKS.md's recipe works them out:
    /// a measurement's count less its floors' and its written-out
    /// workload's, divided by the steps or passes it ran. The tight floor's
    /// whole run (built, run, counted) is taken away, and its figures are
    /// its `tf_scroll` and `tf_full_pass` alone, apart: no budget holds them.
    static func figures(_ count: [Counted: Int])
        -> (budgeted: [Figure], writtenOut: (step: Double, pass: Double), tight: (step: Double, pass: Double)) {
        func c(_ counted: Counted) -> Double { Double(count[counted] ?? 0) }
        let units = Double(200 + 3 * steps)
        let passes = Double(3 * sets)
        return ([
            Figure(name: "scroll-step", unit: "step",
                   instructions: (c(.sameSemantics) - c(.passFloorScroll) - c(.tightSteps) - c(.writtenOutStep)) / units,
                   floor: "scroll-floor"),
            Figure(name: "scroll-floor", unit: "step", instructions: c(.passFloorScroll) / units),
            Figure(name: "pass-alone", unit: "step", instructions: c(.emptyStep) / units),
            Figure(name: "set-pass", unit: "pass",
                   instructions: (c(.setPass) - c(.passFloorFullPass) - c(.tightSets) - c(.writtenOutSet)) / passes,
                   floor: "set-floor"),
            // The floor's first pass mounts the screen.
            Figure(name: "set-floor", unit: "pass", instructions: c(.passFloorFullPass) / (passes + 1)),
        ], (c(.writtenOutStep) / units, c(.writtenOutSet) / passes),
        // The tight floor mounts with tf_mount, which is not counted here.
        (c(.tightScroll) / units, c(.tightFullPass) / passes))
    }

    // MARK: The budget file

    struct Limit {
        var instructions: Double
        var ratio: Double?
    }

    /// Benchmarks/budget.txt beside this source file's package.
    static var defaultFile: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Sources/reuse-bench/Budget.swift
        return (parts + ["Benchmarks", "budget.txt"]).joined(separator: "/")
    }

    /// `NAME INSTRUCTIONS RATIO` a line (RATIO `-` for none); `#` starts a comment.
    static func readLimits(_ path: String, names: [String]) -> [String: Limit] {
        guard let text = readText(path) else { fail("cannot read the budget file \(path)") }
        var limits: [String: Limit] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.prefix { $0 != "#" }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard !fields.isEmpty else { continue }
            let place = "\(path):\(index + 1)"
            guard fields.count == 3, let instructions = Double(fields[1].filter { $0 != "," && $0 != "_" }) else {
                fail("\(place): expected `NAME INSTRUCTIONS RATIO` (RATIO `-` for none), found `\(line)`")
            }
            guard names.contains(fields[0]) else {
                fail("\(place): no workload `\(fields[0])` (there are \(names.joined(separator: ", ")))")
            }
            var ratio: Double? = nil
            if fields[2] != "-" {
                guard let value = Double(fields[2].hasSuffix("x") ? String(fields[2].dropLast()) : fields[2]) else {
                    fail("\(place): `\(fields[2])` is not a ratio")
                }
                ratio = value
            }
            limits[fields[0]] = Limit(instructions: instructions, ratio: ratio)
        }
        for name in names where limits[name] == nil { fail("\(path) gives no budget for \(name)") }
        return limits
    }

    // MARK: The check

    /// The check against `file` (Benchmarks/budget.txt by default); exits 0
    /// when every workload is within its budget, 1 when one is over, 2 when
    /// it cannot count.
    static func run(file: String?) -> Never {
        #if DEBUG
        fail("a debug build: the budget holds for release builds (swift build -c release --product reuse-bench)")
        #else
        let start = now()
        let file = file ?? defaultFile
        let names = figures([:]).budgeted.map(\.name)
        let limits = readLimits(file, names: names + MemoryBudget.names)
        let count = countAll()
        let (budgeted, writtenOut, _) = figures(count)
        let tight = TightFloorTargets.figures(count)
        let byName = Dictionary(uniqueKeysWithValues: budgeted.map { ($0.name, $0) })

        Report.text("Instruction budget (callgrind, release build, SWIFT_DETERMINISTIC_HASHING=1; budget: \(file)):")
        let columns = [("workload", 13, true), ("per", 4, true), ("instructions", 12, false), ("budget", 9, false),
                       ("x floor", 7, false), ("budget", 6, false), ("", 4, true)]
        func row(_ cells: [String]) -> String { tableRow(cells, columns) }
        Report.text(row(columns.map(\.0)))
        var failures: [String] = []
        var workloads: [JSON] = []
        for figure in budgeted {
            let limit = limits[figure.name]!
            var ok = true
            if figure.instructions > limit.instructions {
                ok = false
                failures.append("\(figure.name): \(grouped(figure.instructions)) instructions a \(figure.unit), "
                                + "over its budget of \(grouped(limit.instructions))")
            }
            var times = "", timesLimit = ""
            if let floorName = figure.floor, let floor = byName[floorName] {
                let value = figure.instructions / floor.instructions
                times = fixed(value, 2) + "x"
                if let maximum = limit.ratio {
                    timesLimit = fixed(maximum, 2) + "x"
                    if !(value <= maximum) {
                        ok = false
                        failures.append("\(figure.name): \(times) its floor \(floorName) (\(grouped(figure.instructions)) "
                                        + "against \(grouped(floor.instructions)) instructions a \(figure.unit)), "
                                        + "over its budget of \(timesLimit)")
                    }
                }
            }
            let cells = [figure.name, figure.unit, grouped(figure.instructions), grouped(limit.instructions),
                         times, timesLimit, ok ? "ok" : "OVER"]
            Report.text(row(cells))
            var ratio: Double? = nil
            if let floorName = figure.floor, let floor = byName[floorName] { ratio = figure.instructions / floor.instructions }
            workloads.append(.object([
                ("name", .string(figure.name)), ("unit", .string(figure.unit)), ("instructions", .double(figure.instructions)),
                ("budget", .double(limit.instructions)), ("timesFloor", ratio.map(JSON.double) ?? .null),
                ("timesFloorBudget", limit.ratio.map(JSON.double) ?? .null), ("ok", .bool(ok)),
            ]))
        }
        Report.record("budget", .object([
            ("file", .string(file)), ("workloads", .array(workloads)),
            ("writtenOut", .object([("step", .double(writtenOut.step)), ("pass", .double(writtenOut.pass))])),
            ("tightFloor", TightFloorTargets.json(tight)), ("ok", .bool(failures.isEmpty)),
        ]))
        Report.text("  (written out, outcome known, not budgeted: \(grouped(writtenOut.step)) a step, \(grouped(writtenOut.pass)) a pass)")
        TightFloorTargets.printBeside(tight)
        // Memory: each workload's peak in a child process (MemoryBudget.swift).
        Report.text("Memory budget (peak resident memory, a child process each; the second column is the budget):")
        var memory: [JSON] = []
        for figure in MemoryBudget.measure() {
            let limit = limits[figure.name]!.instructions
            let ok = figure.value <= limit
            if !ok { failures.append("\(figure.name): \(fixed(figure.value, 2)) \(figure.unit), over its budget of \(fixed(limit, 2))") }
            Report.text("  " + pad(figure.name, 13, left: true) + "  " + pad(fixed(figure.value, 2), 8, left: false) + "  "
                        + pad(fixed(limit, 2), 8, left: false) + "  " + pad(figure.unit, 7, left: true) + "  " + (ok ? "ok" : "OVER"))
            memory.append(.object([("name", .string(figure.name)), ("unit", .string(figure.unit)), ("value", .double(figure.value)),
                                   ("budget", .double(limit)), ("ok", .bool(ok))]))
        }
        Report.record("memory", .array(memory))
        let seconds = fixed(Double(now() - start) / 1e9, 0)
        guard failures.isEmpty else {
            for failure in failures { printError("budget: OVER BUDGET: " + failure) }
            printError("budget: \(failures.count) over budget (\(seconds) s). A lasting change of cost: "
                       + "update \(file) and BENCHMARKS.md with it.")
            Report.exit(1)
        }
        Report.text("budget: all \(budgeted.count + MemoryBudget.names.count) workloads within budget (\(seconds) s)")
        Report.exit(0)
        #endif
    }

    /// Runs `floors` under callgrind and counts every function; exits 2
    /// saying why when it cannot.
    static func countAll() -> [Counted: Int] {
        do {
            return try count()
        } catch {
            fail(error.message)
        }
    }

    /// Why `count()` could not count.
    struct CountFailure: Error {
        var message: String
    }

    /// `count`'s figures in a release build; in a debug build, a failure
    /// saying why not (the instruction targets hold for release builds).
    static func measuredInRelease<Figures>(_ count: () throws(CountFailure) -> Figures) -> Swift.Result<Figures, CountFailure> {
        #if DEBUG
        return .failure(CountFailure(message: "a debug build: the instruction targets hold for release builds "
                                     + "(swift build -c release --product reuse-bench)"))
        #else
        do {
            return .success(try count())
        } catch {
            return .failure(error)
        }
        #endif
    }

    /// Runs `floors` under callgrind, with SWIFT_DETERMINISTIC_HASHING=1,
    /// and counts every function.
    static func count() throws(CountFailure) -> [Counted: Int] {
        let (text, output) = try callgrind(["floors"], collecting: Counted.measurements.map(\.symbol), what: "`reuse-bench floors`")
        let shown = output.split(separator: "\n").suffix(20).map { "    " + $0 }.joined(separator: "\n")
        // The unit counts the figures divide by are the ones `floors` ran.
        for ran in ["\(3 * steps) one-row steps", "\(3 * sets) sets"] where !output.contains(ran) {
            throw CountFailure(message: "`reuse-bench floors` no longer reports \(ran): make Budget.steps and Budget.sets what it runs. "
                                   + "Its output:\n" + shown)
        }
        guard let read = callCosts(text) else { throw CountFailure(message: "cannot read callgrind's output") }
        let (calls, totals) = read
        var count: [Counted: Int] = [:]
        for counted in Counted.allCases {
            guard let instructions = calls[counted.symbol], instructions > 0 else {
                throw CountFailure(message: "callgrind counted no call of \(counted.readable): is \(counted.symbol) still its "
                                   + "mangled name, and is it still called rather than inlined? (Budget.swift names it)")
            }
            count[counted] = instructions
        }
        // Collected only inside the measurements: their calls make the total.
        let measured = Counted.measurements.map { count[$0]! }.reduce(0, +)
        guard measured == totals else {
            throw CountFailure(message: "callgrind's output was not read right: its total is \(totals), "
                                   + "its calls of the three measurements \(measured)")
        }
        return count
    }

    /// Runs this executable with `arguments` under callgrind, with
    /// SWIFT_DETERMINISTIC_HASHING=1, collecting only inside the functions
    /// named by the mangled `symbols` (`--toggle-collect`); callgrind's
    /// output file and what the run printed. `what` names the run in errors.
    static func callgrind(_ arguments: [String], collecting symbols: [String], what: String)
        throws(CountFailure) -> (text: String, output: String) {
        guard let executable = executablePath() else { throw CountFailure(message: "cannot find this executable's path") }
        var status: Int32 = 0
        guard let probe = spawn(["valgrind", "--version"], output: "/dev/null"), waitpid(probe, &status, 0) == probe, status == 0 else {
            throw CountFailure(message: "cannot run valgrind: is it installed? (`bash .ci/setup` installs it)")
        }
        setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
        var directoryBytes = Array("/tmp/reuse-budget-XXXXXX".utf8CString)
        guard mkdtemp(&directoryBytes) != nil else { throw CountFailure(message: "cannot make a directory in /tmp") }
        let directory = String(decoding: directoryBytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let out = directory + "/run.callgrind", log = directory + "/run.log", stripped = directory + "/reuse-bench"
        defer {
            unlink(out)
            unlink(log)
            unlink(stripped)
            rmdir(directory)
        }
        // Counted from a copy without debug information where objcopy is
        // at hand: clang writes the TightFloor C target's in DWARF 5, part of
        // which valgrind 3.19 (Debian 12's) cannot read, and it then gives
        // up on the whole binary or not, by where the unit lands. Callgrind
        // names functions from the symbol table, which the copy keeps.
        var counted = executable
        if let strip = spawn(["objcopy", "--strip-debug", executable, stripped], output: log),
           waitpid(strip, &status, 0) == strip, status == 0 {
            counted = stripped
        }
        let command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=\(out)"]
            + symbols.map { "--toggle-collect=\($0)" } + [counted] + arguments
        guard let child = spawn(command, output: log) else { throw CountFailure(message: "cannot run \(command.joined(separator: " "))") }
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { throw CountFailure(message: "waitpid failed") }
        }
        let exited = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let output = readText(log) ?? ""
        guard exited == 0 else {
            let shown = output.split(separator: "\n").suffix(20).map { "    " + $0 }.joined(separator: "\n")
            throw CountFailure(message: "\(what) under callgrind exited with status \(exited); its last output:\n" + shown)
        }
        guard let text = readText(out) else { throw CountFailure(message: "cannot read callgrind's output \(out)") }
        return (text, output)
    }

    /// From a callgrind output file: the instructions of every call, summed
    /// by the function called (the cost line after each `calls=` line is
    /// the call's inclusive cost), and the file's total.
    static func callCosts(_ text: String) -> (calls: [String: Int], totals: Int)? {
        var names: [Substring: Substring] = [:]   // compressed names: `fn=(12) name`, then `cfn=(12)`
        var callee: Substring = ""
        var callFollows = false
        var calls: [String: Int] = [:]
        var totals: Int? = nil
        for line in text.split(separator: "\n") {
            if callFollows {
                callFollows = false
                let fields = line.split(separator: " ")
                calls[String(names[callee] ?? callee), default: 0] += fields.count > 1 ? Int(fields.last!) ?? 0 : 0
            } else if line.hasPrefix("calls=") {
                callFollows = true
            } else if line.hasPrefix("fn=") || line.hasPrefix("cfn=") {
                let value = line.drop { $0 != "=" }.dropFirst()
                var id = value, name: Substring? = nil
                if value.hasPrefix("("), let close = value.firstIndex(of: ")") {
                    id = value[...close]
                    let rest = value[value.index(after: close)...]
                    if rest.hasPrefix(" ") { name = rest.dropFirst() }
                }
                if let name { names[id] = name }
                if line.hasPrefix("cfn=") { callee = id }
            } else if line.hasPrefix("totals:") || (totals == nil && line.hasPrefix("summary:")) {
                totals = Int(line.drop { $0 != ":" }.dropFirst().split(separator: " ").first ?? "")
            }
        }
        guard let totals else { return nil }
        return (calls, totals)
    }

    // MARK: Processes and files

    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count)
        if length > 0 { return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return CommandLine.arguments.first.flatMap { realpath($0, nil) }.map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
    }

    /// Starts `arguments` (found on PATH) with its standard output and error
    /// going to the file `output`; its process id.
    static func spawn(_ arguments: [String], output: String) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        guard posix_spawnp(&child, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
        return child
    }

    static func readText(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func printError(_ message: String) {
        fflush(nil)
        let line = message + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    static func fail(_ message: String) -> Never {
        printError("budget: " + message)
        exit(2)
    }

    /// `104165.4` as `104,165`.
    static func grouped(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        var digits = String(Int(value.rounded()).magnitude)
        var result = ""
        while digits.count > 3 {
            result = "," + digits.suffix(3) + result
            digits.removeLast(3)
        }
        return (value < -0.5 ? "-" : "") + digits + result
    }
}
