import Foundation
import ReuseConformance
import ReuseEngine
import ReuseShell
import Testing

/// The conformance kit passes a built-in strategy, and catches a strategy
/// built outside the engine that breaks an invariant or a promise, with a
/// shrunk script that still fails.
@Suite struct ConformanceKitTests {
    /// A parent reuse that hands out views as `PositionalVend` does but
    /// never settles: views nobody took stay visible, still showing what
    /// their last owner set.
    struct NeverSettles: ParentReuse {
        var plansChildren: Bool { false }
        func plan(_ blocks: [PlannedBlock], into parent: ViewID, store: inout ViewStore, pass: MountPass) {}
        func vend(_ key: ViewKey, viewClass: String, from parent: ViewID, for instance: Instance,
                  store: inout ViewStore, pass: MountPass) -> Vended {
            PositionalVend().vend(key, viewClass: viewClass, from: parent, for: instance, store: &store, pass: pass)
        }
        func settle(_ visited: [ViewID], store: inout ViewStore, pass: MountPass) {}
    }

    static let neverSettles = StrategyDescriptor(name: "never-settles", rules: ["Never hides a view."]) { _ in
        Strategy(name: "never-settles", summary: "forgets to hide", poolNote: "views nobody takes stay visible",
                 keying: ComponentShapeKeying(), parents: NeverSettles(), application: ApplyChanged(),
                 cells: StackCells(keying: ComponentShapeKeying()), cellApplication: ApplyChanged())
    }

    /// Keys by view class but says it reads no values while reading alpha.
    struct Liar: Keying, SafeSpeedHints {
        func key(_ component: String, _ configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
            ViewKey(component: component, viewClass: configuration.viewClass, shape: configuration.shape)
        }
    }

    @Test func aBuiltInStrategyPasses() {
        let report = ConformanceKit.check(StrategyDescriptor.theodolite, sessions: 12, others: [])
        #expect(report.passed, "\(report)")
        #expect(report.sessions == 12)
        #expect(report.linesAccepted * 10 >= report.lines * 6, "\(report)")
        #expect(report.description.hasPrefix("conformance of 'theodolite': passed"))
    }

    @Test func aBrokenStrategyFailsWithAShrunkScript() throws {
        let report = ConformanceKit.check(Self.neverSettles, sessions: 30, others: [])
        #expect(!report.passed)
        let failure = try #require(report.failures.first)
        #expect(failure.failure.contains("invariants broken"), "\(failure.failure)")
        #expect(failure.script.count < failure.linesBeforeShrinking)
        // The shrunk script fails on its own, in a shell that knows the strategy.
        let check = SessionCheck(strategy: "never-settles", strategies: [Self.neverSettles] + StrategyRegistry.all)
        #expect(check.failure(of: failure.script) != nil)
        #expect(report.description.contains("FAILED"))
        #expect(report.description.contains("shrunk to \(failure.script.count) of"))
    }

    /// A policy that takes the safe speed hints keeps its promises.
    @Test func safeHintsAreKept() {
        let strategy = Strategy(name: "safe", summary: "", poolNote: "", keying: Liar(), parents: PositionalVend(),
                                application: ApplyChanged(), cells: StackCells(keying: Liar()), cellApplication: ApplyChanged())
        #expect(strategy.brokenPromises() == [])
    }

    /// The shell offers a strategy it was given: `strategy`, `help strategy`
    /// and `compare` know it; made afresh (a new tree), it is itself again.
    @Test func theShellOffersAGivenStrategy() {
        var output = ""
        let shell = Interpreter(options: .init(), strategies: StrategyRegistry.all + [Self.neverSettles]) { output += $0 }
        #expect(shell.run(line: "strategy never-settles", at: SourceLocation(file: "<t>", line: 1)))
        #expect(shell.engine.strategy.name == "never-settles")
        #expect(shell.run(line: "help strategy never-settles", at: SourceLocation(file: "<t>", line: 2)))
        #expect(output.contains("Never hides a view."))
        #expect(shell.run(line: "component A view UIView { alpha: 0.5 }", at: SourceLocation(file: "<t>", line: 3)))
        #expect(shell.run(line: "mount A", at: SourceLocation(file: "<t>", line: 4)))
        output = ""
        #expect(shell.run(line: "compare theodolite never-settles", at: SourceLocation(file: "<t>", line: 5)))
        #expect(output.contains("never-settles"), "\(output)")
        #expect(shell.engine.strategy.fresh.name == "never-settles")
        #expect(shell.engine.strategy.fresh.poolNote == "views nobody takes stay visible")
        // The engine's own list does not have it.
        #expect(StrategyRegistry.named("never-settles") == nil)
        // An unknown name lists the shell's strategies, its own among them.
        var errors = ""
        let listing = Interpreter(options: .init(), strategies: StrategyRegistry.all + [Self.neverSettles],
                                  write: { _ in }, writeError: { errors += $0 })
        #expect(!listing.run(line: "strategy zzzzzzzzzz", at: SourceLocation(file: "<t>", line: 1)))
        #expect(errors.contains(StrategyRegistry.names.joined(separator: ", ") + ", never-settles)"), "\(errors)")
    }
}

/// The kit reports a policy from outside the engine whose speed hint is
/// wrong, and a descriptor whose strategy goes by another name.
@Suite struct ConformanceKitPromiseTests {
    /// Says it reads no values, and keys by the value of `alpha`.
    struct ReadsAlphaAnyway: Keying {
        var isPure: Bool { false }
        var readsValues: Bool { false }
        func key(_ component: String, _ configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
            let alpha = configuration.attributes.first { $0.name == "alpha" }.map { "\($0.value)" } ?? ""
            return ViewKey(component: component + alpha, viewClass: configuration.viewClass, shape: configuration.shape)
        }
    }

    static let liar = StrategyDescriptor(name: "liar", rules: ["Keys by alpha's value."]) { _ in
        Strategy(name: "liar", summary: "", poolNote: "", keying: ReadsAlphaAnyway(), parents: PositionalVend(),
                 application: ApplyChanged(), cells: StackCells(keying: ComponentShapeKeying()), cellApplication: ApplyChanged())
    }

    static let misnamed = StrategyDescriptor(name: "one-name", rules: ["Another name."]) { _ in
        Strategy(name: "other-name", summary: "", poolNote: "", keying: ComponentShapeKeying(), parents: PositionalVend(),
                 application: ApplyChanged(), cells: StackCells(keying: ComponentShapeKeying()), cellApplication: ApplyChanged())
    }

    @Test func aBrokenSpeedHintFails() {
        let report = ConformanceKit.check(Self.liar, sessions: 2)
        #expect(!report.passed)
        #expect(report.brokenPromises.contains { $0.contains("says it reads no values") }, "\(report.brokenPromises)")
        #expect(report.description.contains("promises: 1 broken"))
    }

    @Test func aStrategyNamedOtherwiseFails() {
        let report = ConformanceKit.check(Self.misnamed, sessions: 1)
        #expect(report.brokenPromises.contains { $0.contains("makes a strategy named 'other-name'") })
    }

    /// Sessions stay under the strategy checked unless others are given, so
    /// every session is looked at for leaks.
    @Test func leaksAreCountedOverTheSessionsThatEndedUnderIt() {
        let report = ConformanceKit.check(StrategyDescriptor.naive, sessions: 6)
        #expect(report.sessionsCheckedForLeaks == 6)
        #expect(report.description.contains("of 6 sessions that ended under 'naive'"))
    }
}
