// Issue 38's tight-floor targets: the engine's scroll step in at most 4x the
// instructions of the tight floor's (Sources/TightFloor: PassFloor's pass in
// C over flat arrays), and its `set` pass in at most 2.5x. Both are counted
// in the budget's run of `floors` under callgrind (Budget.count), where the
// tight floor runs the same steps and passes as the engine and PassFloor and
// its counts are checked equal to theirs. `reuse-bench budget` prints them
// under its table without holding them (they are missed today, and CI runs
// the budget); `reuse-bench scale` holds them, met or MISSED.

import ReuseShell

enum TightFloorTargets {
    /// One workload: the engine's instructions beside the tight floor's.
    struct Figure {
        /// The budget's name for the engine's figure (`scroll-step`, `set-pass`).
        var workload: String
        var unit: String
        var engine: Double
        var tight: Double
        /// The most the engine may take, in tight floors.
        var limit: Double
        var ratio: Double { engine / tight }
        var met: Bool { ratio <= limit }
    }

    /// The targets, by the budget's name for the engine's figure.
    static let limits: [(workload: String, limit: Double)] = [("scroll-step", 4), ("set-pass", 2.5)]

    /// The figures from the budget's counts.
    static func figures(_ count: [Budget.Counted: Int]) -> [Figure] {
        let (budgeted, _, tight) = Budget.figures(count)
        return limits.map { workload, limit in
            let engine = budgeted.first { $0.name == workload }!
            return Figure(workload: workload, unit: engine.unit, engine: engine.instructions,
                          tight: engine.unit == "step" ? tight.step : tight.pass, limit: limit)
        }
    }

    /// Counts `floors` under callgrind and works out the figures, or says
    /// why it could not (no valgrind, a debug build: the targets are a
    /// release build's).
    static func measure() -> Swift.Result<[Figure], Budget.CountFailure> {
        Budget.measuredInRelease { () throws(Budget.CountFailure) in figures(try Budget.count()) }
    }

    /// The lines `reuse-bench budget` prints under its table: not budgeted.
    static func printBeside(_ figures: [Figure]) {
        Report.text("Tight floor (C, flat arrays, no reference counting: tf_scroll, tf_full_pass; issue 38's targets, "
                    + "not budgeted, held by `reuse-bench scale`):")
        let columns = [("workload", 13, true), ("per", 4, true), ("instructions", 12, false), ("tight", 9, false),
                       ("x tight", 7, false), ("target", 6, false), ("", 6, true)]
        func row(_ cells: [String]) -> String { tableRow(cells, columns) }
        Report.text(row(columns.map(\.0)))
        for figure in figures {
            Report.text(row([figure.workload, figure.unit, Budget.grouped(figure.engine), Budget.grouped(figure.tight),
                             fixed(figure.ratio, 2) + "x", fixed(figure.limit, 2) + "x", figure.met ? "met" : "MISSED"]))
        }
    }

    /// The figures in the budget's JSON document.
    static func json(_ figures: [Figure]) -> JSON {
        .array(figures.map { figure in
            .object([
                ("name", .string(figure.workload)), ("unit", .string(figure.unit)), ("instructions", .double(figure.engine)),
                ("tightFloor", .double(figure.tight)), ("timesTightFloor", .double(figure.ratio)),
                ("target", .double(figure.limit)), ("met", .bool(figure.met)),
            ])
        })
    }
}
