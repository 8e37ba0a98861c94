import Foundation
import ReuseEngine
import ReuseShell

/// Runs a strategy through everything the engine checks its own strategies
/// with, and says what broke.
///
/// ```swift
/// let report = ConformanceKit.check(.myStrategy, sessions: 200)
/// print(report)
/// exit(report.passed ? 0 : 1)
/// ```
///
/// Three checks, in order:
/// 1. **Promises**: the speed hints of its policies (``Keying/isPure``,
///    ``Keying/readsValues``, ``CellReuse/keying``) against what they do
///    (``Strategy/brokenPromises(samples:seed:)``), with its options at
///    their defaults and changed.
/// 2. **Random sessions**: `sessions` sessions from ``SessionGenerator``,
///    each started under the strategy (and switching to the others now and
///    then), must keep every invariant after every line (the invariant
///    checker), print the same bytes when run again, and `save` a script
///    that rebuilds the same tree and pools. A failing session is shrunk to
///    a script no line of which can go.
/// 3. **Leaks**: the leak detector after each session that ended under the
///    strategy: views showing a value their current owner never set. A
///    leak is what a reuse system does, not a bug in the model, so leaks
///    are reported, not failed: the first one found, with its script.
public enum ConformanceKit {
    /// Checks `descriptor`. With `others`, the shell knows them too and
    /// sessions switch to them now and then (a failure may then be another
    /// strategy's); by default the sessions stay under `descriptor`.
    /// `check(descriptor, sessions: 1, seed: S)` runs session `S` again.
    public static func check(_ descriptor: StrategyDescriptor, sessions: Int = 100, seed: UInt64 = 1,
                             linesPerSession: Int = 24,
                             others: [StrategyDescriptor] = []) -> ConformanceReport {
        var report = ConformanceReport(strategy: descriptor.name)
        for strategy in descriptor.variants {
            if strategy.name != descriptor.name {
                report.brokenPromises.append("its descriptor is named '\(descriptor.name)' but makes a strategy named "
                    + "'\(strategy.name)': the shell would not find it again")
            }
            report.brokenPromises += strategy.brokenPromises()
        }

        let strategies = [descriptor] + others.filter { $0.name != descriptor.name }
        let check = SessionCheck(strategy: descriptor.name, strategies: strategies)
        for session in 0..<sessions {
            let sessionSeed = seed &+ UInt64(session)
            var generator = SessionGenerator(seed: sessionSeed, strategies: strategies.map(\.name))
            // The lines depend on the state, so they are written while a shell runs them.
            let directory = try? SessionCheck.temporaryDirectory()
            defer { if let directory { try? FileManager.default.removeItem(at: directory) } }
            let shell = check.shell(in: directory)
            var lines = generator.prelude()
            for (index, line) in lines.enumerated() { shell.run(line: line, at: SourceLocation(file: "<random>", line: index + 1)) }
            for _ in 0..<linesPerSession {
                let line = generator.line(in: shell.engine)
                lines.append(line)
                report.lines += 1
                if shell.run(line: line, at: SourceLocation(file: "<random>", line: lines.count)) { report.linesAccepted += 1 }
            }
            report.sessions += 1
            report.passes += shell.engine.log.currentPass
            if shell.engine.strategy.name == descriptor.name {
                report.sessionsCheckedForLeaks += 1
                let leaks = shell.engine.leaks()
                if !leaks.isEmpty {
                    report.sessionsWithLeaks += 1
                    if report.firstLeak == nil { report.firstLeak = .init(seed: sessionSeed, leak: leaks[0].description, script: lines) }
                }
            }
            if let failure = check.failure(of: lines) {
                let minimal = check.shrink(lines)
                report.failures.append(.init(seed: sessionSeed, failure: check.failure(of: minimal) ?? failure,
                                             script: minimal, linesBeforeShrinking: lines.count))
                // One shrunk failure is what to fix first; more would repeat it.
                break
            }
        }
        return report
    }
}

/// What ``ConformanceKit/check(_:sessions:seed:linesPerSession:others:)`` found.
public struct ConformanceReport: Sendable, CustomStringConvertible {
    /// A session that broke something, shrunk.
    public struct Failure: Sendable {
        /// The seed that writes the session again.
        public var seed: UInt64
        /// What broke, after shrinking.
        public var failure: String
        /// The shrunk script: every line is needed for the failure.
        public var script: [String]
        public var linesBeforeShrinking: Int
    }

    /// The first leak found, and the session that showed it.
    public struct LeakExample: Sendable {
        public var seed: UInt64
        public var leak: String
        public var script: [String]
    }

    public var strategy: String
    public var brokenPromises: [String] = []
    public var failures: [Failure] = []
    public var sessions = 0
    public var lines = 0
    /// Lines the shell ran without an error (the rest were refused, as some
    /// random lines must be).
    public var linesAccepted = 0
    public var passes = 0
    /// Sessions that ended under the strategy checked (the leak detector
    /// looks at those only).
    public var sessionsCheckedForLeaks = 0
    public var sessionsWithLeaks = 0
    public var firstLeak: LeakExample?

    /// No promise broken and no session failed.
    public var passed: Bool { brokenPromises.isEmpty && failures.isEmpty }

    public var description: String {
        var text = ["conformance of '\(strategy)': " + (passed ? "passed" : "FAILED")]
        text.append("  promises: " + (brokenPromises.isEmpty ? "kept" : "\(brokenPromises.count) broken"))
        text += brokenPromises.map { "    - " + $0 }
        text.append("  random sessions: \(sessions) run, \(self.lines) lines, \(linesAccepted) accepted, \(passes) passes; "
            + (failures.isEmpty ? "every invariant kept, deterministic, save round trips" : "\(failures.count) failed"))
        for failure in failures {
            text.append("    - seed \(failure.seed): \(failure.failure)")
            text.append("      shrunk to \(failure.script.count) of \(failure.linesBeforeShrinking) lines, under '\(strategy)' "
                + "(again: ConformanceKit.check(descriptor, sessions: 1, seed: \(failure.seed))):")
            text += failure.script.map { "        " + $0 }
        }
        text.append("  leaks: \(sessionsWithLeaks) of \(sessionsCheckedForLeaks) sessions that ended under '\(strategy)' "
            + "showed a value its owner never set"
            + (sessionsWithLeaks == 0 ? "" : " (reported, not failed: a leak is the system's behaviour)"))
        if let leak = firstLeak {
            text.append("    first, seed \(leak.seed): \(leak.leak); the session:")
            text += leak.script.map { "        " + $0 }
        }
        return text.joined(separator: "\n")
    }
}
