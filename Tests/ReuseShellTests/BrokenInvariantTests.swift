import ReuseEngine
import ReuseShell
import Testing

/// The broken-invariant classes found by random sessions (issue 15, a-g):
/// each scenario, exactly as reported, under the strategies it broke, with
/// the invariant checker as the oracle after every line; `remount` must
/// heal, and `check` must report no violation.
@Suite struct BrokenInvariantTests {
    /// Runs `script` line by line under `strategy`; every line must succeed
    /// and leave every invariant holding.
    static func expectSound(_ script: String, under strategy: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let session = Session()
        #expect(throws: Never.self, sourceLocation: sourceLocation) { try session.interpreter.selectStrategy(strategy) }
        for (number, line) in Interpreter.lines(of: script).enumerated() {
            let (ok, output) = session.line(line)
            #expect(ok, "\(strategy), line \(number + 1) '\(line)' failed: \(output)", sourceLocation: sourceLocation)
            let violations = session.interpreter.engine.checkInvariants()
            #expect(violations.isEmpty, "\(strategy), after line \(number + 1) '\(line)': \(violations.map(\.description))",
                    sourceLocation: sourceLocation)
        }
        let check = session.line("check")
        #expect(check.ok && check.output.contains("invariants  ok"), "\(strategy): \(check.output)", sourceLocation: sourceLocation)
    }

    /// (a) A list redefined without its header left the old header view
    /// visible and unheld, under all nine strategies.
    @Test(arguments: StrategyRegistry.names)
    func aListRedefinedWithoutItsHeader(strategy: String) {
        BrokenInvariantTests.expectSound("""
            component C view UIView
            list L rows 3 viewport 5 cells C header C
            register L C
            mount L
            list L rows 3 viewport 5 cells C
            remount
            """, under: strategy)
    }

    /// (b) uikit: re-registering a cell under another identifier left a view
    /// in the C queue keyed to X.
    @Test func uikitCellRegisteredAgainUnderAnotherIdentifier() {
        BrokenInvariantTests.expectSound("""
            component C view UIView
            list L rows 3 viewport 5 cells C
            register L C
            mount L
            register L C as X
            remount
            scroll L by 1
            """, under: "uikit")
    }

    /// (c) naive: a list's scroll view taken by another list.
    @Test func naiveListScrollViewTakenByAnotherList() {
        BrokenInvariantTests.expectSound("""
            component P view UIView
            list L rows 1 viewport 2 cells P header P
            list M rows 1 viewport 2 cells P
            mount L
            mount M L
            mount L M
            """, under: "naive")
    }

    /// (d) componentkit: an attribute given an unapplicator after mounting.
    @Test func componentkitUnapplyAddedAfterMounting() {
        BrokenInvariantTests.expectSound("""
            attribute score
            component A view UIView { score: 1 }
            mount A
            attribute score unapply
            remount
            set A score 2
            """, under: "componentkit")
    }

    /// (e) divkit: a component's view class changed left a UILabel in a
    /// UIImageView pool.
    @Test func divkitViewClassChanged() {
        BrokenInvariantTests.expectSound("""
            component A view UILabel
            component R view UIView children A
            mount R
            component A view UIImageView
            remount
            component A view UILabel
            remount
            """, under: "divkit")
    }

    /// (f) divkit: a list's scroll view reused by a component and back.
    @Test func divkitListScrollViewReusedByAComponentAndBack() {
        BrokenInvariantTests.expectSound("""
            component C view UIView
            list L rows 2 viewport 2 cells C
            component S view UIScrollView
            component R view UIView children L
            mount R
            component R view UIView children S
            remount
            component R view UIView children L
            remount
            scroll L by 1
            """, under: "divkit")
    }

    /// (g) An attribute's kind changed from number to text with a `{i}`
    /// value: the attached configuration must equal the requested one.
    @Test(arguments: StrategyRegistry.names)
    func attributeKindChangedWithARowValue(strategy: String) {
        BrokenInvariantTests.expectSound("""
            attribute score kind number
            component C view UIView { score: {i} }
            list L rows 3 viewport 3 cells C
            register L C
            mount L
            attribute score kind text
            remount
            scroll L by 1
            """, under: strategy)
    }

    /// (h) An attribute redeclared from setting a value to adding entries
    /// (found by a differential review, 2026-11-26): the first entry kept
    /// the old value's source too, two sources for one entry.
    @Test(arguments: StrategyRegistry.names)
    func attributeRedeclaredToAddEntries(strategy: String) {
        BrokenInvariantTests.expectSound("""
            attribute score kind number
            component P view UIView { score: 1 }
            component C view UIView { score: {i} }
            list L rows 4 viewport 2 cells C
            register L C
            mount P L
            attribute score kind number adds
            component P view UIView { score: 2 }
            remount
            scroll L by 2
            attribute score kind number
            remount
            """, under: strategy)
    }
}
