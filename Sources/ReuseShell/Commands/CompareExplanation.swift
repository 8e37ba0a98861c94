import Foundation
import ReuseEngine

/// `compare --explain`: one session replayed under two strategies in
/// step, line by line, up to the first step they take differently, then
/// how their counts drift apart from there.
///
/// Two steps are alike when they are the same kind of step on the same
/// view, for the same instance, with the same attribute, parent and
/// previous owner: everything a step carries but its sequence number and
/// its pool key, which each system names its own way (`(Post, UIView,
/// [tap])`, `view type`, `identifier Post`); a difference of key shows as
/// soon as it makes a different view go somewhere. The replays keep the two
/// interpreters, each log holding at most ``eventWindow`` events, and the
/// few events quoted: memory does not grow with the session's length. A
/// line with more events than that is compared by its counts.
struct CompareExplanation: Sendable {
    /// What one system did where the two first differ.
    struct Side: Sendable {
        var strategy: String
        /// Its steps from the first one unlike the other's, in that pass (at most ``quoted``).
        var events: [ReuseEvent] = []
        /// Its steps in that pass after those quoted.
        var more = 0
        /// The sentence of `help strategy` that names its first unlike step.
        var rule: String?
        /// Where its replay refused the line, when it did and the other did not.
        var failure: String?
    }

    /// The first line where the two differ.
    struct Divergence: Sendable {
        /// The pass of the first unlike step (nil: a line refused, no step).
        var pass: Int?
        var command: String
        var location: SourceLocation
        var sides: [Side]
        /// When the line took more events than a replay keeps (``eventWindow``), the
        /// line's counts differed instead.
        var countsOnly = false
    }

    /// How the counts of one line's passes differed.
    struct Drift: Sendable {
        var passes: ClosedRange<Int>
        var command: String
        var differences: [Difference]
    }

    /// One stat's value under each system.
    struct Difference: Sendable {
        var stat: Stat
        var first: Int
        var second: Int
    }

    /// The two strategies, as `compare` labels them (with non-default options).
    var names: [String]
    /// Steps alike before the first difference (all of them when none).
    var alike = 0
    /// Passes replayed.
    var passes = 0
    var divergence: Divergence?
    /// The lines from the divergence on whose counts differ, the first ``driftShown``.
    var drift: [Drift] = []
    /// How many lines' counts differ in all (``drift`` holds the first few).
    var driftLines = 0
    /// The stats of `compare`'s table that differ at the end.
    var totals: [Difference] = []
    /// Where a replay stopped: a line one or both refused.
    var stopped: String?

    /// Steps quoted per system at the divergence.
    static let quoted = 4
    /// Lines of drift kept.
    static let driftShown = 5

    /// Two steps as two systems both would take them: alike but for the
    /// sequence number and the pool key's name.
    static func alike(_ a: ReuseEvent, _ b: ReuseEvent) -> Bool {
        guard a.view == b.view, a.pass == b.pass, a.path == b.path, a.component == b.component else { return false }
        switch (a.step, b.step) {
        case (.create(let p, _), .create(let q, _)): return p == q
        case (.reuse(let p, _, let was), .reuse(let q, _, let were)): return p == q && was == were
        case (.hide(let p, _), .hide(let q, _)): return p == q
        case (.detach(let p, _), .detach(let q, _)): return p == q
        case (.insert(let p, _), .insert(let q, _)): return p == q
        case (.remove(let p, _, let r), .remove(let q, _, let s)): return p == q && r == s
        default: return a.step == b.step
        }
    }

    /// Events each replay's log keeps: one line's worth for any line short of a jump across a huge window.
    static let eventWindow = 100_000

    /// Replays `lines` under `first` and `second` in step, each log keeping
    /// the latest `eventWindow` events.
    static func explain(_ lines: [(line: String, location: SourceLocation)], first: String, second: String,
                        current: Strategy, strategies: [StrategyDescriptor], directory: String,
                        eventWindow: Int = eventWindow) -> CompareExplanation {
        // The same strategy twice: the current options against the defaults.
        let replays = [CompareCommand.Replay(strategy: first, current: current, strategies: strategies, directory: directory,
                                             eventWindow: eventWindow),
                       CompareCommand.Replay(strategy: second, current: current, strategies: strategies, directory: directory,
                                             keepsOptions: first != second, eventWindow: eventWindow)]
        var result = CompareExplanation(names: replays.map(\.label))
        // A replay that refused a line stops there, as `compare`'s does; the
        // other goes on alone, so the totals are `compare`'s.
        var running = [true, true]
        for (line, location) in lines {
            if Interruption.isRequested { break }
            if running != [true, true] {
                for index in replays.indices where running[index] {
                    if !replays[index].run(line, at: location) {
                        running[index] = false
                        result.noteStop(of: [index], replays: replays, at: location)
                    }
                }
                result.passes = replays.map { $0.child.engine.log.currentPass }.max() ?? 0
                if running == [false, false] { break }
                continue
            }
            let before = replays.map { (events: $0.child.engine.log.events.endIndex, totals: $0.child.engine.log.totals,
                                        pass: $0.child.engine.log.currentPass) }
            let succeeded = replays.map { $0.run(line, at: location) }
            let after = replays.map { (totals: $0.child.engine.log.totals, pass: $0.child.engine.log.currentPass) }
            result.passes = max(after[0].pass, after[1].pass)
            if result.divergence == nil {
                result.divergence = result.compare(line: line, at: location, replays: replays, since: before.map(\.events),
                                                   succeeded: succeeded,
                                                   countsDiffer: !Self.differences(before.map(\.totals), after.map(\.totals)).isEmpty)
            }
            if result.divergence != nil {
                // The drift, from the line where they part: this line's counts under each.
                let differences = Self.differences(before.map(\.totals), after.map(\.totals))
                let firstPass = min(before[0].pass, before[1].pass) + 1
                if !differences.isEmpty, max(after[0].pass, after[1].pass) >= firstPass {
                    result.driftLines += 1
                    if result.drift.count < driftShown {
                        result.drift.append(Drift(passes: firstPass...max(after[0].pass, after[1].pass), command: line,
                                                  differences: differences))
                    }
                }
            }
            if !succeeded[0] || !succeeded[1] {
                result.noteStop(of: succeeded[0] ? [1] : succeeded[1] ? [0] : [0, 1], replays: replays, at: location)
                running = succeeded
                if running == [false, false] { break }
            }
        }
        let statistics = replays.map { $0.child.engine.statistics }
        result.totals = Stat.compared.compactMap { stat in
            statistics[0][stat] == statistics[1][stat] ? nil : Difference(stat: stat, first: statistics[0][stat], second: statistics[1][stat])
        }
        return result
    }

    /// Adds to ``stopped`` where the replays `sides` refused a line.
    private mutating func noteStop(of sides: [Int], replays: [CompareCommand.Replay], at location: SourceLocation) {
        let said = sides.map { "\(names[$0]) stopped at \(replays[$0].failure ?? "\(location.file):\(location.line)")" }
        stopped = ((stopped.map { [$0] } ?? []) + said).joined(separator: "; ")
    }

    /// The line's steps under both, compared: the divergence, if they differ.
    private mutating func compare(line: String, at location: SourceLocation, replays: [CompareCommand.Replay], since: [Int],
                                  succeeded: [Bool], countsDiffer: Bool) -> Divergence? {
        if succeeded[0] != succeeded[1] {
            // One refused the line: the other's steps there, and the refusal's rule.
            var pass: Int?
            let sides = replays.indices.map { index -> Side in
                let rules = replays[index].descriptor.map(StrategyRules.init)
                guard succeeded[index] else {
                    return Side(strategy: names[index], rule: rules?.refusal(), failure: replays[index].failure)
                }
                let log = replays[index].child.engine.log.events
                let steps = log.startIndex <= since[index] ? Array(log[since[index]...]) : []
                pass = steps.first?.pass
                let shown = steps.prefix { $0.pass == steps.first?.pass }
                return Side(strategy: names[index], events: Array(shown.prefix(Self.quoted)), more: max(0, shown.count - Self.quoted),
                            rule: steps.first.flatMap { rules?.rule(for: $0, command: line) })
            }
            return Divergence(pass: pass, command: line, location: location, sides: sides)
        }
        let logs = replays.map { $0.child.engine.log.events }
        // Events beyond the replay's event window cannot be compared: the counts are.
        guard logs[0].startIndex <= since[0], logs[1].startIndex <= since[1] else {
            guard countsDiffer else { return nil }
            let pass = replays.map { $0.child.engine.log.currentPass }.max()
            return Divergence(pass: pass, command: line, location: location,
                              sides: names.map { Side(strategy: $0) }, countsOnly: true)
        }
        let steps = [Array(logs[0][since[0]...]), Array(logs[1][since[1]...])]
        var index = 0
        while index < steps[0].count, index < steps[1].count, Self.alike(steps[0][index], steps[1][index]) { index += 1 }
        alike += index
        guard index < steps[0].count || index < steps[1].count else { return nil }
        let pass = (index < steps[0].count ? steps[0][index] : steps[1][index]).pass
        let sides = replays.indices.map { side -> Side in
            let rest = steps[side][index...].prefix { $0.pass == pass }
            var quoted = Side(strategy: names[side], events: Array(rest.prefix(Self.quoted)), more: max(0, rest.count - Self.quoted))
            if let first = rest.first {
                quoted.rule = replays[side].descriptor.map(StrategyRules.init)?.rule(for: first, command: line)
            }
            return quoted
        }
        return Divergence(pass: pass, command: line, location: location, sides: sides)
    }

    /// The counted stats of `compare`'s table whose steps between two
    /// totals differ between the two systems (`before[0]` to `after[0]`
    /// is the first system's line).
    static func differences(_ before: [EventCounts], _ after: [EventCounts]) -> [Difference] {
        Stat.compared.compactMap { stat in
            let (first, second) = (after[0][stat] - before[0][stat], after[1][stat] - before[1][stat])
            return !stat.isCounted || first == second ? nil : Difference(stat: stat, first: first, second: second)
        }
    }
}
