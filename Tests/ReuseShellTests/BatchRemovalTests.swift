import ReuseEngine
@testable import ReuseShell
import Testing

/// Many subviews of one parent removed at once (``FastPaths/batchRemoval``)
/// leave what removing them one by one leaves: the same output after every
/// line (the `remove` events listed in order), a clean invariant check, and
/// the same state, written out as `FastPathEquivalenceTests.dump` writes it.
@Suite struct BatchRemovalTests {
    /// Texture keeps every row's node view waiting in the host: a long
    /// scroll, then `reload Feed` (`reloadData`: every shown and waiting node
    /// view removed), rows reloaded and deleted (the settle removes views
    /// no node takes), then a strategy switch (every view under the root).
    static let script = """
        strategy texture
        component Dot view UIView { backgroundColor: red }
        component Title view UILabel { text: "row {i}" }
        component Row view UIView { backgroundColor: white } children Title Dot
        component Header view UILabel { text: "head" }
        component Screen view UIView children Header Feed
        list Feed rows 300 viewport 6 cells Row
        mount Screen
        """.split(separator: "\n").map(String.init)
        + Array(repeating: "scroll Screen/Feed by 1", count: 40) + ["scroll Screen/Feed to 10", "scroll Screen/Feed by -3"]
        + ["reload Screen/Feed", "log --pass 44 --kind remove", "reload Screen/Feed/12", "scroll Screen/Feed by 2", "delete Screen/Feed at 9 count 3",
           "hide Screen/Header", "show Screen/Header", "log", "strategy naive", "log", "undo 2", "log"]

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
        guard FastPaths.areSwitchable else { return }
        let plain = Self.run(FastPaths.all.subtracting(.batchRemoval))
        for (index, (a, b)) in zip(fast.outputs, plain.outputs).enumerated() where a != b {
            Issue.record("line \(index + 1) `\(Self.script[index])` differs:\n\(a)\n---\n\(b)")
        }
        #expect(fast.dump == plain.dump)
    }
}
