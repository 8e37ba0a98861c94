import Foundation
import ReuseEngine
import ReuseShell
import Testing
import TestSupport

/// Time travel: past states equal what was shown live, undo equals never
/// having typed, and strategy switches keep history.
@Suite struct TimeTravelTests {
    static let sessions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sessions")

    static func lessons() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sessions.path)) ?? []
        return names.filter { $0.hasSuffix(".reuse") }.sorted()
    }

    /// The inspections compared, as typed.
    static let inspections = ["tree --json", "pools --json", "components --json", "check --json"]

    /// Replays a lesson line by line; after every line that ran a pass,
    /// captures the inspections live. At the end, each `--pass N` form must
    /// print exactly what was captured right after pass N.
    @Test(arguments: lessons())
    func pastStatesEqualWhatWasShownLive(_ lesson: String) throws {
        let text = try String(contentsOf: Self.sessions.appendingPathComponent(lesson), encoding: .utf8)
        let session = Session()
        session.interpreter.workingDirectory = Self.sessions.path
        var live: [Int: [String]] = [:]
        for (index, line) in Interpreter.lines(of: text).enumerated() {
            let before = session.interpreter.engine.log.currentPass
            session.interpreter.run(line: line, at: SourceLocation(file: lesson, line: index + 1))
            let after = session.interpreter.engine.log.currentPass
            if after > before { live[after] = Self.inspections.map { session.line($0).output } }
        }
        #expect(!live.isEmpty, "\(lesson) ran no pass")
        for pass in live.keys.sorted() {
            let captured = live[pass] ?? []
            for (inspection, expected) in zip(Self.inspections, captured) {
                let past = session.line(inspection.replacingOccurrences(of: " --json", with: " --pass \(pass) --json")).output
                #expect(past == expected, "\(lesson): '\(inspection)' after pass \(pass) differs from what it showed then")
            }
        }
    }

    /// What a session shows of itself: every inspection, the whole log and
    /// what `save` writes.
    static func everything(_ session: Session, saveTo file: String) -> [String] {
        var result = ["tree --json", "pools --json", "components --json", "stats --json", "log --json --last 1000000"]
            .map { session.line($0).output }
        _ = session.line("save \(file)")
        result.append((try? String(contentsOfFile: file, encoding: .utf8)) ?? "(not saved)")
        return result
    }

    /// Undoing the last commands of a lesson leaves the session exactly as if
    /// they had never been typed: state, log, view ids, `save` output, and
    /// what the next command does.
    @Test(arguments: lessons())
    func undoEqualsNeverHavingTyped(_ lesson: String) throws {
        let lines = Interpreter.lines(of: try String(contentsOf: Self.sessions.appendingPathComponent(lesson), encoding: .utf8))
        try withTemporaryDirectory(prefix: "undo") { directory in
            func replay(_ session: Session, stoppingAt recorded: Int? = nil) {
                session.interpreter.workingDirectory = Self.sessions.path
                for (index, line) in lines.enumerated() {
                    if let recorded, session.interpreter.recorded.count >= recorded { return }
                    session.interpreter.run(line: line, at: SourceLocation(file: lesson, line: index + 1))
                }
            }
            let full = Session()
            replay(full)
            let total = full.interpreter.recorded.count
            // Where a line ends in the record: a line that records several
            // commands (an `import`) is stopped after, never inside.
            var boundaries: [Int] = []
            do {
                let counting = Session()
                counting.interpreter.workingDirectory = Self.sessions.path
                for (index, line) in lines.enumerated() {
                    counting.interpreter.run(line: line, at: SourceLocation(file: lesson, line: index + 1))
                    boundaries.append(counting.interpreter.recorded.count)
                }
            }
            func boundary(atMost count: Int) -> Int { boundaries.last { $0 <= count } ?? 0 }
            for kept in Set([boundary(atMost: total / 2), boundary(atMost: total - 1)]).sorted() where kept >= 0 && kept < total {
                let undone = Session()
                replay(undone)
                let output = undone.line("undo \(total - kept)")
                #expect(output.ok, "\(lesson): \(output.output)")
                let never = Session()
                replay(never, stoppingAt: kept)
                let file = directory.appendingPathComponent("saved.reuse").path
                #expect(Self.everything(undone, saveTo: file) == Self.everything(never, saveTo: file),
                        "\(lesson): undo of \(total - kept) differs from a session that stopped there")
                // The next command takes the same ids and sequence numbers
                // (`explain` is a display setting, not state: undo leaves it).
                _ = undone.line("explain off")
                _ = never.line("explain off")
                let next = undone.engineHasMounts ? "remount" : "component Extra view UIView"
                #expect(undone.line(next).output == never.line(next).output)
                #expect(undone.line("log --json --last 1000000").output == never.line("log --json --last 1000000").output)
            }
        }
    }
}

extension Session {
    var engineHasMounts: Bool { !interpreter.engine.mounted.isEmpty }
}

/// `undo`'s edges and the marks presenter mode goes back to.
@Suite struct UndoTests {
    @Test func undoRefusesWhatItCannotTakeBack() {
        let session = Session()
        #expect(session.error("undo") == "<stdin>:1:1: error: undo: nothing to undo (no state-changing command since the session began or the last reset)")
        session.run("component A view UIView\nmount A\n")
        #expect(session.error("undo 3") == "<stdin>:1:6: error: undo: only 2 state-changing commands to take back")
        #expect(session.error("undo 0") == "<stdin>:1:6: error: undo: the count must be between 1 and \(Int.max), not 0")
        // Listing the strategies, or inspecting, changes nothing: not undone.
        session.run("strategy\ntree\nexpect stat created 1\n")
        #expect(session.run("undo\n") == "undone: mount A\nback before the first pass\n")
        session.run("reset\n")
        #expect(session.line("undo").ok == false)
    }

    /// A mark taken before a `reset` still restores the session it was taken in.
    @Test func aMarkRestoresAcrossAReset() {
        let session = Session("component A view UIView { backgroundColor: red }\nmount A\n")
        let shell = session.interpreter
        let mark = shell.mark
        let before = session.line("tree --json").output
        session.run("set A backgroundColor blue\nreset\ncomponent B view UILabel\nmount B\n")
        #expect(session.line("tree --json").output != before)
        shell.restore(mark)
        #expect(session.line("tree --json").output == before)
        #expect(shell.recorded.map(\.line) == ["component A view UIView { backgroundColor: red }", "mount A"])
        #expect(session.run("remount\n") == "pass 2 (remount): created 0, reused 0, hidden 0, applied 0, unapplied 0, skipped 1\n")
    }
}

/// `diff` and `tree --changes`: what a pass changed, in words and as JSON.
@Suite struct DiffTests {
    static let setup = """
        component Card view UIView { backgroundColor: red }
        list Feed rows 50 viewport 4 cells Card
        mount Feed
        scroll Feed by 2
        set Feed/3 backgroundColor blue

        """

    @Test func diffShowsWhatPassesChanged() {
        let session = Session(Self.setup)
        #expect(session.run("diff\n") == """
            pass 2 -> pass 3 (set Feed/3 backgroundColor blue): 1 change in 1 view
              v6 UIView Feed/3  backgroundColor: red -> blue (set by Feed/3 in pass 3)

            """)
        #expect(session.run("diff 2\n") == """
            pass 1 -> pass 2 (scroll Feed by 2): 2 changes in 2 views
              v3 UIView Feed/5  owner Feed/0 -> Feed/5
              v4 UIView Feed/4  owner Feed/1 -> Feed/4

            """)
        #expect(session.run("diff 0 1\n").hasPrefix("pass 0 -> pass 1 (mount Feed): 5 changes in 5 views\n  v2 UIScrollView Feed  created\n"))
        #expect(session.run("diff 1 3\n").split(separator: "\n").count == 4)
        #expect(session.error("diff 3 1") == "<stdin>:1:6: error: diff: pass 3 comes after pass 1; write the earlier one first (diff 1 3)")
        #expect(session.error("diff 9") == "<stdin>:1:6: error: diff: no pass 9 (passes run: 3)")
        #expect(session.error("diff x") == "<stdin>:1:6: error: diff: 'x' is not a pass number")
        #expect(Session().error("diff") == "<stdin>:1:1: error: diff: no pass has run yet")
    }

    /// Across a strategy switch: the old views removed, the new ones created.
    @Test func diffAcrossAStrategySwitch() {
        let session = Session(Self.setup + "strategy naive\n")
        let lines = session.run("diff\n").split(separator: "\n")
        #expect(lines.first == "pass 3 -> pass 4 (strategy naive): 10 changes in 10 views")
        #expect(lines.filter { $0.hasSuffix("removed") }.count == 5)
        #expect(lines.filter { $0.hasSuffix("created") }.count == 5)
        #expect(session.run("diff 3 4 --json\n").contains(#"{"view":"v2","viewClass":"UIScrollView","path":"Feed","changes":[{"change":"removed"}]}"#))
    }

    @Test func treeMarksWhatThePassChanged() {
        let session = Session(Self.setup)
        #expect(session.run("tree --changes --pass 2\n") == """
            v1 UIView root
            └─ v2 UIScrollView Feed (Feed, UIScrollView, [])
               ├─ v5 UIView Feed/2 (Card, UIView, [backgroundColor])
               ├─ v6 UIView Feed/3 (Card, UIView, [backgroundColor])
               ├─ v4 UIView Feed/4 (Card, UIView, [backgroundColor])  ← owner Feed/1 -> Feed/4
               └─ v3 UIView Feed/5 (Card, UIView, [backgroundColor])  ← owner Feed/0 -> Feed/5

            """)
        #expect(session.run("tree --changes\n").contains("v6 UIView Feed/3 (Card, UIView, [backgroundColor])  ← backgroundColor: red -> blue (set by Feed/3 in pass 3)"))
        session.run("strategy naive\n")
        #expect(session.run("tree --changes\n").hasSuffix("removed by the pass: v2 UIScrollView (Feed), v3 UIView (Feed/5), v4 UIView (Feed/4), v5 UIView (Feed/2), v6 UIView (Feed/3)\n"))
        let json = session.run("tree --changes --json\n")
        #expect(json.hasSuffix(#","removed":["v2","v3","v4","v5","v6"],"classPools":[]}"# + "\n"))
        #expect(json.components(separatedBy: #""changes":[{"change":"created"}]"#).count == 6)
    }

    /// In every lesson, the views `diff N` says were created are exactly the
    /// views pass N's log created (net of those it also removed).
    @Test(arguments: TimeTravelTests.lessons())
    func createdViewsAgreeWithTheLog(_ lesson: String) throws {
        let session = Session()
        session.interpreter.workingDirectory = TimeTravelTests.sessions.path
        session.interpreter.run(file: TimeTravelTests.sessions.appendingPathComponent(lesson).path)
        let passes = session.interpreter.engine.log.currentPass
        for pass in stride(from: 1, through: passes, by: 1) {
            let diff = try JSONSerialization.jsonObject(with: Data(session.line("diff \(pass) --json").output.utf8)) as? [String: Any]
            let views = diff?["views"] as? [[String: Any]] ?? []
            let created = views.filter { (($0["changes"] as? [[String: Any]]) ?? []).contains { $0["change"] as? String == "created" } }
                .compactMap { $0["view"] as? String }
            let log = try JSONSerialization.jsonObject(with: Data(session.line("log --pass \(pass) --kind create --json").output.utf8)) as? [String: Any]
            let events = (log?["events"] as? [[String: Any]] ?? []).compactMap { $0["view"] as? String }
            #expect(created == events, "\(lesson): pass \(pass)")
        }
    }

    /// Issue 38: a story of thousands of steps is told by its ends and a
    /// count (text and JSON), and an undo of thousands of commands lists
    /// the latest 20 and counts the rest.
    @Test func longStoriesAndLongUndosAreCountedNotListed() throws {
        var script = """
            component Title view UILabel { text: "title" }
            component Card view UIView { backgroundColor: white } children Title
            component Screen view UIView children Card Card
            mount Screen

            """
        for line in 0..<2_600 { script += "set Screen/Card[\(line % 2)] backgroundColor \(line % 4 < 2 ? "red" : "blue")\n" }
        let session = Session(script)
        // The mount's apply and a skip in each of the 2,600 passes: 2,601 steps, 20 shown.
        let why = session.line("why Screen/Card[1]/Title text").output
        #expect(why.contains("    … 2581 more steps ('log v6' lists them)\n"), "\(why)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(session.line("why Screen/Card[1]/Title text --json").output.utf8))
                                as? [String: Any])
        #expect((json["since"] as? [Any])?.count == 2_000 && json["omittedSteps"] as? Int == 601)
        let undo = session.line("undo 2500").output.split(separator: "\n")
        #expect(undo.count == 22, "\(undo.count) lines")
        #expect(undo.first == "undone: set Screen/Card[1] backgroundColor blue" && undo[20] == "… and 2480 more undone")
        #expect(undo.last == "back after pass 101 (set Screen/Card[1] backgroundColor blue)")
    }
}
