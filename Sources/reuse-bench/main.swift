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
//
// `reuse-bench budget` counts the instructions of the scroll step, the `set`
// pass, the pass alone and their floors under valgrind's callgrind and exits
// 1 when one is over its budget (Benchmarks/budget.txt; Budget.swift).
//
// `--json` prints the same figures as one JSON document (Report.swift); the
// command line is parsed by swift-argument-parser (ReuseBenchCommand.swift).
//
// One file per kind of measurement: Lists.swift (the scrolling lists),
// ScrollStepFloor.swift and SetPassFloor.swift (the engine beside its
// same-semantics floors, PassFloor.swift), TimeTravel.swift, Replay.swift
// (the shell replay), Budget.swift (the instruction budget); Support.swift
// holds the clock, memory figures, the benchmark list and number printing.

import ReuseEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The benchmark list's path. Declared here, before anything runs, rather
/// than in Support.swift: a global of main.swift is set up once, in order,
/// and read directly, where a global of another file is read through its
/// lazy initializer's check, which would add about ten instructions to
/// every measured scroll step.
let listPath = ComponentPath([.named("Feed", index: 0)])

// The child of the shell replay (`--replay FILE`, Replay.swift) runs before
// anything is parsed: its memory peak is the script's own.
ReplayBenchmark.runChildIfAsked()
ScaleBenchmark.runChildIfAsked()
RecordingTarget.runChildIfAsked()
FrontEndTarget.runChildIfAsked()
// The sections, `--json` and `--help`: ReuseBenchCommand.swift.
ReuseBenchCommand.main()
