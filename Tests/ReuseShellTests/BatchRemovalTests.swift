import ReuseEngine
@testable import ReuseShell
import Testing

/// Many subviews of one parent removed at once (``FastPaths/batchRemoval``)
/// leave what removing them one by one leaves: the same output after every
/// line (the `remove` events listed in order), a clean invariant check, and
/// the same state, written out as `FastPathEquivalenceTests.dump` writes it.
@Suite struct BatchRemovalTests {
    /// Texture keeps every row's node view waiting in the host: a long
    /// scroll, then `reload Screen/Feed` (`reloadData`: every shown and
    /// waiting node view removed), a row reloaded and rows deleted, the
    /// cell redefined without its children (the settle removes two views of
    /// each cell no node takes), then a strategy switch with two roots (every
    /// view under the root), and an undo that replays it all.
    static let script = """
        strategy texture
        component Dot view UIView { backgroundColor: red }
        component Title view UILabel { text: "row {i}" }
        component Row view UIView { backgroundColor: white } children Title Dot
        component Header view UILabel { text: "head" }
        component Extra view UIView { backgroundColor: blue }
        component Screen view UIView children Header Feed
        list Feed rows 300 viewport 6 cells Row
        mount Screen Extra
        """.split(separator: "\n").map(String.init)
        + Array(repeating: "scroll Screen/Feed by 1", count: 40) + ["scroll Screen/Feed to 10", "scroll Screen/Feed by -3"]
        + ["reload Screen/Feed", "log --pass 44 --kind remove", "reload Screen/Feed/12", "scroll Screen/Feed by 2",
           "delete Screen/Feed at 9 count 3", "hide Screen/Header", "show Screen/Header",
           "component Row view UIView { backgroundColor: white }", "scroll Screen/Feed by 1", "log",
           "strategy naive", "log", "undo 3", "log"]

    /// The `removed N` of the pass line a script line printed (0: none; its last run).
    static func removed(_ output: String) -> Int {
        guard let range = output.range(of: "removed ") else { return 0 }
        return Int(output[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }

    static func run(_ paths: FastPaths) -> (outputs: [String], dump: String) {
        var output = ""
        let shell = Interpreter(options: .init(width: 80), write: { output += $0 }, writeError: { output += $0 })
        shell.fastPaths = paths
        var outputs: [String] = []
        for (index, line) in script.enumerated() {
            output = ""
            shell.run(line: line, at: ReuseShell.SourceLocation(file: "<batch>", line: index + 1))
            outputs.append(output + shell.engine.checkInvariants().map(\.description).joined(separator: "; "))
        }
        return (outputs, FastPathEquivalenceTests.dump(shell.engine))
    }

    @Test func removingManyAtOnceLeavesWhatRemovingEachLeaves() throws {
        let fast = Self.run(.all)
        #expect(fast.outputs.allSatisfy { !$0.contains("error") && !$0.contains("BROKEN") })
        // The reload removed the shown rows' and the waiting rows' node views.
        let reloadLog = fast.outputs[Self.script.firstIndex(of: "log --pass 44 --kind remove")!]
        #expect(reloadLog.components(separatedBy: " remove ").count - 1 == 46, "\(reloadLog)")
        // Each batch the fast path takes removes two or more views of one
        // parent: the reload, the settle after the redefinition (a cell's
        // title and dot), the strategy switch (the two roots' views).
        let output = { (line: String) in fast.outputs[Self.script.lastIndex(of: line)!] }
        #expect(Self.removed(output("reload Screen/Feed")) == 46)
        #expect(Self.removed(output("scroll Screen/Feed by 1")) >= 4, "\(output("scroll Screen/Feed by 1"))")
        #expect(Self.removed(output("strategy naive")) >= 2, "\(output("strategy naive"))")
        guard FastPaths.areSwitchable else { return }
        let plain = Self.run(FastPaths.all.subtracting(.batchRemoval))
        for (index, (a, b)) in zip(fast.outputs, plain.outputs).enumerated() where a != b {
            Issue.record("line \(index + 1) `\(Self.script[index])` differs:\n\(a)\n---\n\(b)")
        }
        #expect(fast.dump == plain.dump)
    }
}
