// Time travel over a long session: the state after a past pass, and a rewind.

import ReuseEngine
import ReuseShell

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
    let grown = memory().rss - before
    Report.record("timeTravel", .object([
        ("passes", .int(passes)), ("builtSeconds", .double(built)), ("rssGrowthMB", .double(Double(grown) / 1024)),
        ("stateAfterPassMeanMs", .double(times.reduce(0, +) / Double(times.count))), ("stateAfterPassMaxMs", .double(times.max() ?? 0)),
        ("rewindToMiddleMs", .double(rewind)),
    ]))
    Report.text()
    Report.text("Time travel: \(passes) passes built in \(fixed(built, 1)) s (RSS +\(megabytes(grown)) MB, events kept)")
    Report.text("  state(afterPass:) over 20 passes: mean \(fixed(times.reduce(0, +) / Double(times.count), 2)) ms, "
          + "max \(fixed(times.max() ?? 0, 2)) ms; rewind to the middle: \(fixed(rewind, 1)) ms")
}
