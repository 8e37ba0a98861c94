// reuse-bench's command line (swift-argument-parser): a section to run,
// every section by default, and `--json` for one JSON document.

import ArgumentParser

/// `reuse-bench [all | floors | replay | budget [FILE]] [--json]`.
struct ReuseBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reuse-bench",
        abstract: "What scrolling and `set` cost in the reuse engine and through the shell.",
        discussion: """
            Build with -c release for meaningful figures (swift run -c release reuse-bench). \
            BENCHMARKS.md says what each section measures and how each figure is reproduced.
            """,
        subcommands: [Everything.self, Floors.self, Replay.self, BudgetCheck.self, Scale.self],
        defaultSubcommand: Everything.self
    )
}

/// The output format, shared by every section.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print the figures as one JSON document (on one line) instead of text.")
    var json = false
}

extension ReuseBenchCommand {
    /// Every section, in order: the default.
    struct Everything: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "all",
            abstract: "Every section: scrolling lists of 10^3-10^9 rows, the same-semantics floors, time travel, the shell replay (a few minutes).")

        @OptionGroup var output: OutputOptions

        func run() {
            Report.begin(section: "all", json: output.json)
            #if DEBUG
            Report.text("note: a debug build; run `swift run -c release reuse-bench` for meaningful figures\n")
            #endif
            let totalStart = now()
            measureLists()
            measureSameSemantics(viewport: 20, steps: 20_000)
            measureEmptyStep(viewport: 20, steps: 20_000)
            measureSetPass(cards: 50, sets: 2_000)
            measureTimeTravel(passes: 100_000)
            ReplayBenchmark.measure(lines: 100_000)
            let seconds = Double(now() - totalStart) / 1e9
            Report.text("total \(fixed(seconds, 1)) s (checksum \(sink & 0xff))")
            Report.record("totalSeconds", .double(seconds))
            Report.finish()
        }
    }

    /// The engine beside its same-semantics floors alone.
    struct Floors: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The engine beside its same-semantics floors alone (a scroll step, the pass alone, a set pass).")

        @OptionGroup var output: OutputOptions

        @Option(help: ArgumentHelp("Scroll steps in each of the three rounds (the budget counts the default).", valueName: "N"))
        var steps = Budget.steps

        @Option(help: ArgumentHelp("set passes in each of the three rounds (the budget counts the default).", valueName: "N"))
        var sets = Budget.sets

        func validate() throws {
            guard steps > 0, sets > 0 else { throw ValidationError("--steps and --sets take a positive number") }
        }

        func run() {
            Report.begin(section: "floors", json: output.json)
            // `reuse-bench budget` runs this under callgrind with the
            // defaults and reads its text for the counts (Budget.countAll).
            measureSameSemantics(viewport: 20, steps: steps)
            measureEmptyStep(viewport: 20, steps: steps)
            measureSetPass(cards: 50, sets: sets)
            Report.finish()
        }
    }

    /// The shell replays alone.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The 100,000-line shell replays alone, each in a child process.")

        @OptionGroup var output: OutputOptions

        func run() {
            Report.begin(section: "replay", json: output.json)
            ReplayBenchmark.measure(lines: 100_000)
            Report.finish()
        }
    }

    /// The scale targets.
    struct Scale: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The scale targets (time travel, why and checkpoint memory after long sessions; compare's peak memory and time; theodolite-2019 linear in lines; costs that must not grow with the session: a Texture row reload, a fragmented list's inserts, item data that moves; pictures of big trees; recording cost per view; the engine against the tight floor; the shell's front end in instructions a line), each with its figure and ratio.",
            discussion: "Exits 1 when a target is missed or could not be measured. The instruction targets (tight floor, recording, front end) need a release build and valgrind; the export target needs Graphviz.")

        @Option(help: ArgumentHelp("Lines of each session (the targets are stated for 1,000,000).", valueName: "N"))
        var lines = 1_000_000

        @Flag(name: .customLong("no-floor"), help: "Skip the instruction targets counted under callgrind (the tight floor, recording, the front end).")
        var skipsFloor = false

        @Flag(name: .customLong("no-front-end"), help: "Skip the front-end targets (a shell line's instructions beyond the engine's, under callgrind).")
        var skipsFrontEnd = false

        @OptionGroup var output: OutputOptions

        func validate() throws {
            guard lines >= 100 else { throw ValidationError("--lines takes a number of at least 100") }
        }

        func run() {
            Report.begin(section: "scale", json: output.json)
            ScaleBenchmark.run(lines: lines, floor: !skipsFloor, frontEnd: !skipsFloor && !skipsFrontEnd)
            if ScaleBenchmark.missedAny { Report.exit(1) }
            Report.finish()
        }
    }

    /// The instruction budget.
    struct BudgetCheck: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "budget",
            abstract: "Instruction counts (valgrind's callgrind) of the scroll step, the set pass, the pass alone and their floors against a budget.",
            discussion: "Exits 1 when one is over its budget, 2 when it cannot count. Needs a release build and valgrind.")

        @Argument(help: ArgumentHelp("The budget file (default: Benchmarks/budget.txt in the package).", valueName: "FILE"))
        var file: String?

        @OptionGroup var output: OutputOptions

        func run() {
            Report.begin(section: "budget", json: output.json)
            Budget.run(file: file)
        }
    }
}
