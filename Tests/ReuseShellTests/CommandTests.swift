import Foundation
import Testing
import TestSupport
@testable import ReuseShell
import ReuseEngine

/// Each command, run in process, with the output a user sees.
@Suite struct CommandTests {
    @Test func definitionsReportWhatTheyDefined() {
        let session = Session()
        #expect(session.run("component Foo view UIView { backgroundColor: red } children Bar\n") == "defined Foo (UIView { backgroundColor: red }; children Bar); note: 'Bar' is not defined yet\n")
        #expect(session.run("component Bar\n") == "defined Bar (no view)\n")
        #expect(session.run("list L rows 10 viewport 2 cells Foo\n") == "defined L (list of 10 rows, 2 visible, cells Foo)\n")
        #expect(session.run("attribute swipe adds unapply\n") == "declared attribute swipe (text, adds entries, with unapplicator)\n")
        #expect(session.run("view Badge { badge: \"0\" }\n") == "declared view class Badge (badge: \"0\")\n")
        session.run("component Bar view UIView\nmount Foo\n")
        #expect(session.run("component Bar view UILabel\n") == "redefined Bar (UILabel); 'remount' to see the change\n")
    }

    @Test func mountPrintsOnePassSummary() {
        let session = Session(seed)
        #expect(session.run("mount Foo Bar\n") == "pass 1 (mount Foo Bar): created 2, reused 0, hidden 0, applied 2, unapplied 0, skipped 0\n")
        #expect(session.run("remount\n") == "pass 2 (remount): created 0, reused 0, hidden 0, applied 0, unapplied 0, skipped 2\n")
    }

    @Test func treeDrawsTheHierarchyWithKeysAndHiddenMarks() {
        let session = Session(seed + "\nmount Card Foo\nmount Card\n")
        #expect(session.run("tree\n") == """
        v1 UIView root
        ├─ v2 UIView Card (Card, UIView, [backgroundColor])
        │  └─ v3 UILabel Card/Title (Title, UILabel, [text])
        └─ v4 UIView (Foo, UIView, [backgroundColor]) hidden, last held by Foo

        """)
        #expect(session.run("tree v2\n") == "v2 UIView Card (Card, UIView, [backgroundColor])\n└─ v3 UILabel Card/Title (Title, UILabel, [text])\n")
    }

    @Test func longListsCollapseUnlessAll() {
        let session = Session("component C view UIView\nlist L rows 100 viewport 10 cells C\nmount L\n")
        let collapsed = session.run("tree\n")
        #expect(collapsed.contains("… 4 more visible rows (tree --all)"))
        #expect(collapsed.split(separator: "\n").count == 9)
        #expect(session.run("tree --all\n").split(separator: "\n").count == 12)
        session.run("list L rows 100 viewport 3 cells C\nremount\n")
        #expect(session.run("tree\n").contains("7 hidden cells waiting in the pool: v6 v7 v8 v9 v10 v11 … (tree --all)"))
    }

    @Test func poolsGroupByKey() {
        let session = Session(seed + "\nmount Card Card Foo\nmount Card\n")
        #expect(session.run("pools v1\n") == """
        v1 UIView root
        ├─ (Card, UIView, [backgroundColor])  2 views, 1 hidden
        │  ├─ v2 Card
        │  └─ v4 hidden, last held by Card[1]
        └─ (Foo, UIView, [backgroundColor])  1 view, 1 hidden
           └─ v6 hidden, last held by Foo

        """)
    }

    @Test func jsonDocumentsHaveTheDocumentedFields() throws {
        let session = Session("component Foo view UIView { backgroundColor: red }\nmount Foo\n")
        #expect(session.run("pools --json\n") == #"{"pass":1,"parents":[{"view":"v1","viewClass":"UIView","path":null,"hidden":false,"detached":false,"pools":[{"key":{"component":"Foo","viewClass":"UIView","shape":["backgroundColor"],"qualifier":null},"views":[{"view":"v2","path":"Foo","hidden":false,"detached":false}],"waiting":[]}],"cached":[]}],"classPools":[]}"# + "\n")
        #expect(session.run("log --json\n") == #"{"events":[{"seq":1,"pass":1,"kind":"create","view":"v2","component":"Foo","path":"Foo","parent":"v1","key":{"component":"Foo","viewClass":"UIView","shape":["backgroundColor"],"qualifier":null}},{"seq":2,"pass":1,"kind":"apply","view":"v2","component":"Foo","path":"Foo","attribute":"backgroundColor","value":"red"}],"total":2,"shown":2,"dropped":0}"# + "\n")
        #expect(session.run("stats --json\n").hasPrefix(#"{"strategy":"theodolite","pass":null,"counts":{"passes":1,"created":1,"reused":0,"hidden":0,"applied":1,"unapplied":0,"updated":0,"skipped":0,"#))
        let config = session.run("config v2 --json\n")
        #expect(config.hasPrefix(#"{"pass":1,"view":"v2","viewClass":"UIView","path":"Foo","component":"Foo","#))
        #expect(config.contains(#""attributes":[{"attribute":"backgroundColor","value":"red"}]"#))
        #expect(config.contains(#""leaks":[]"#))
        let tree = session.run("tree --json\n")
        #expect(tree.hasPrefix(#"{"pass":1,"tree":{"view":"v1","viewClass":"UIView","path":null,"component":null,"hidden":false,"detached":false,"stale":false,"key":null,"rows":null,"children":[{"view":"v2""#))
        for command in ["pools --json", "log --json", "stats --json", "config v2 --json", "tree --json", "components --json", "check --json"] {
            let text = session.run(command + "\n")
            #expect(text.split(separator: "\n").count == 1, "\(command) prints one line")
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(command) prints valid JSON")
        }
    }

    @Test func configShowsAttachedPropertiesAndLeaks() {
        let session = Session("component Foo view UIView { backgroundColor: red }\ncomponent Bar view UIView { alpha: 0.5 }\nstrategy naive\nmount Foo\nmount Bar\n")
        let out = session.run("config v2\n")
        #expect(out.contains("v2 UIView Bar (visible)"))
        #expect(out.contains("attached    alpha: 0.5"))
        #expect(out.contains("backgroundColor           red  (set by Foo in pass 1)"))
        #expect(out.contains("leaks       backgroundColor shows red; a fresh view would show clear, set by Foo in pass 1"))
        #expect(session.run("config Bar\n") == out, "a PATH names the view its component holds")
    }

    @Test func logFilters() {
        let session = Session(seed + "\nmount Foo Bar\nmount Bar Foo\n")
        #expect(session.run("log v2 --pass 2\n") == "#6    pass 2   skip      v2    Foo\n")
        #expect(session.run("log --kind reorder\n") == "#7    pass 2   reorder   v1    order v3 v2\n")
        #expect(session.run("log --last 1\n") == "#7    pass 2   reorder   v1    order v3 v2\n")
    }

    @Test func statsAndCheck() {
        let session = Session(seed + "\nmount Foo\n")
        #expect(session.run("stats\n") == """
        totals after 1 pass under theodolite
          created   1
          reused    0
          hidden    0
          applied   1
          unapplied 0
          updated   0
          skipped   0
          leaks     0
          views     2 alive (root, 1 visible, 0 hidden), peak 2

        """)
        #expect(session.run("check\n") == "invariants  ok (2 views)\nleaks       none\n")
    }

    @Test func componentsListsEveryPath() {
        let session = Session(seed + "\nmount Card Card Feed\nhide Card[1]\n")
        #expect(session.run("components\n") == """
        Card[0]           v2 UIView
          Card[0]/Title   v3 UILabel
        Card[1]           hidden (show Card[1])
        Feed              v6 UIScrollView  list, rows 0-2 of 1000
          Feed/0          v7 UIView
            Feed/0/Title  v8 UILabel
          Feed/1          v9 UIView
            Feed/1/Title  v10 UILabel
          Feed/2          v11 UIView
            Feed/2/Title  v12 UILabel

        """)
    }

    @Test func explainNarratesEachDecision() {
        let session = Session(seed + "\nexplain on\n")
        let out = session.run("mount Foo\n")
        #expect(out == """
          v2: Foo needs a UIView and no view is free in v1's pool (Foo, UIView, [backgroundColor]), so a new one is created.
          v2: apply backgroundColor = red for Foo.
        pass 1 (mount Foo): created 1, reused 0, hidden 0, applied 1, unapplied 0, skipped 0

        """)
    }

    @Test func sayPrintsTheRestOfTheLine() {
        let session = Session()
        #expect(session.run("say Hello, world: # not a comment\n") == "Hello, world: # not a comment\n")
        #expect(session.run("say \"quoted\"\n") == "quoted\n")
    }

    @Test func saveWritesAScriptThatReplaysToTheSameState() throws {
        try withTemporaryDirectory(prefix: "reuse-save") { directory in
            let session = Session()
            session.interpreter.workingDirectory = directory.path
            session.run(seed + "\nmount Card Foo Feed\ntree\nset Foo backgroundColor blue\nmount Nope\nscroll Feed by 4\nhide Card\n")
            #expect(session.run("save s.reuse\n") == "saved 9 commands to s.reuse\n", "wd \(session.interpreter.workingDirectory)")
            let saved = try String(contentsOf: directory.appendingPathComponent("s.reuse"), encoding: .utf8)
            #expect(!saved.contains("Nope") && !saved.contains("tree"))
            let replay = Session()
            replay.interpreter.workingDirectory = directory.path
            replay.run("source s.reuse\n")
            #expect(replay.run("tree --all\n") == session.run("tree --all\n"))
            #expect(replay.run("pools\n") == session.run("pools\n"))
            #expect(replay.interpreter.failures == 0)
        }
    }

    @Test func resetStartsAfresh() {
        let session = Session(seed + "\nmount Foo\n")
        #expect(session.run("reset\n") == "reset: fresh session (strategy theodolite)\n")
        #expect(session.error("mount Foo") == "<stdin>:1:7: error: unknown component 'Foo'")
    }

    @Test func helpListsGroupsAndExplainsACommand() {
        let session = Session()
        let all = session.run("help\n")
        for group in ["Define", "Mount and change", "Inspect", "Session"] { #expect(all.contains(group)) }
        for spec in CommandTable.all { #expect(all.contains("  " + spec.name)) }
        let mount = session.run("help mount\n")
        #expect(mount.hasPrefix("mount NAME [NAME ...]\n"))
        #expect(mount.contains("example: mount Header Feed"))
    }

    @Test func quitStopsAScript() {
        let session = Session()
        #expect(session.run("say a\nquit\nsay b\n") == "a\n")
        #expect(session.interpreter.wantsToQuit)
    }

    @Test func strategyListsAndSwitches() {
        let session = Session(seed + "\nmount Foo\n")
        let listing = session.run("strategy\n").split(separator: "\n")
        #expect(listing.count == StrategyRegistry.all.count)
        #expect(listing.first == "* theodolite       (component, view class, attribute shape) pools; the seed")
        #expect(listing.dropFirst().first == "  naive            pools keyed by view class only; shows why shapes matter")
        #expect(session.run("strategy naive\n") == "pass 2 (strategy naive): created 1, reused 0, hidden 0, applied 1, unapplied 0, skipped 0, removed 1\nstrategy naive: pools keyed by view class only; shows why shapes matter\n")
    }

    /// `help GROUP` lists a group's commands with their syntax; a command of
    /// the same name wins (`help mount`).
    @Test func helpForAGroup() {
        let session = Session()
        let inspect = session.line("help inspect").output
        #expect(inspect.hasPrefix("Inspect\n  tree       draw the view tree"))
        #expect(inspect.contains("    why VIEW PROPERTY [--pass N] [--json]"))
        #expect(session.line("help Change").output.hasPrefix("Mount and change\n  mount"))
        #expect(session.line("help mount").output.hasPrefix("mount NAME [NAME ...]"))
        #expect(session.error("help inspct") == "<stdin>:1:6: error: help: unknown command 'inspct'; did you mean 'inspect'?")
    }

    @Test func completionFitsTheContext() {
        let session = Session(seed + "\nmount Card Feed\n")
        let shell = session.interpreter
        #expect(shell.completions(for: "mo") == ["mount"])
        #expect(shell.completions(for: "mount C") == ["Card"])
        #expect(shell.completions(for: "strategy n") == ["naive"])
        #expect(shell.completions(for: "tree v1") == ["v1", "v10"])
        #expect(shell.completions(for: "scroll F") == ["Feed"])
        #expect(shell.completions(for: "scroll Feed ") == ["by", "to"])
        #expect(shell.completions(for: "component X view UIL") == ["UILabel"])
        #expect(shell.completions(for: "set Card backgroundColor re") == ["red"])
        #expect(shell.completions(for: "hide Feed/1/") == ["Feed/1/Title"])
        #expect(shell.completions(for: "explain ") == ["on", "off"])
        #expect(shell.completions(for: "component P view UIImageView lo") == ["loads"])
        #expect(shell.completions(for: "component P view UIImageView loads ima") == ["image"])
        #expect(shell.completions(for: "component P view UIImageView loads image x ") == ["after"])
        #expect(shell.completions(for: "component P view UIImageView loads image x after 2 ") == ["checked", "children", "loads"])
        #expect(shell.completions(for: "prepare Ca") == ["Card"])
        #expect(shell.completions(for: "prepare Card ") == ["resets", "cancels"])
        #expect(shell.completions(for: "prepare Card resets backgroundColor ca") == ["cancels"])
        #expect(shell.completions(for: "prepare Card cancels ") == ["loads"])
        #expect(shell.completions(for: "why Card back") == ["backgroundColor"])
        #expect(shell.completions(for: "wa") == ["wait"])
        #expect(shell.completions(for: "log --pass ") == ["1"])
        #expect(shell.completions(for: "stats --pass ") == ["1"])
        #expect(shell.completions(for: "tree --c") == ["--changes"])
        #expect(shell.completions(for: "tree --d") == ["--dot"])
        #expect(shell.completions(for: "pools --d") == ["--dot"])
        #expect(shell.completions(for: "ex") == ["expect", "explain", "export"])
        #expect(shell.completions(for: "export ") == ["tree.svg", "tree.dot", "session.html"])
        #expect(shell.completions(for: "export tree.svg --") == ["--pass", "--all"])
        #expect(shell.completions(for: "export tree.svg --pass ") == ["1"])
        #expect(shell.completions(for: "pools --pass ") == ["1"])
        #expect(shell.completions(for: "check --") == ["--pass", "--json"])
        #expect(shell.completions(for: "diff ") == ["1", "0"])
        #expect(shell.completions(for: "diff 0 ") == ["1"])
        #expect(shell.completions(for: "un") == ["undo"])
        #expect(shell.completions(for: "undo ").first == "1")
        #expect(shell.completions(for: "strategy recyclerview ") == ["cache", "pool", "prefetch", "shared"])
        #expect(shell.completions(for: "strategy recyclerview shared ") == ["on", "off"])
        #expect(shell.completions(for: "strategy recyclerview pool C") == ["Card"])
        #expect(shell.completions(for: "register ") == ["Feed"])
        #expect(shell.completions(for: "register Feed ") == ["Card"])
        #expect(shell.completions(for: "register Feed Card ") == ["as"])
        #expect(shell.completions(for: "compare n") == ["naive"])
        #expect(shell.completions(for: "compare naive --") == ["--script", "--explain"])
        shell.workingDirectory = packageRootForTests
        #expect(shell.completions(for: "source Sessions/01") == ["Sessions/01-first-mount.reuse"])
        #expect(shell.completions(for: "source Sess") == ["Sessions/"])
    }
}

let packageRootForTests: String = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/", !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        url = url.deletingLastPathComponent()
    }
    return url.path
}()

/// `output FILE` sends what follows to FILE until `output` alone; `once FILE`
/// only the next command's output; errors stay on the screen.
@Suite struct RedirectionTests {
    @Test func outputAndOnceRedirect() throws {
        try withTemporaryDirectory(prefix: "output") { directory throws in
            let session = Session("component A view UIView\n")
            session.interpreter.workingDirectory = directory.path
            let screen = session.run("once one.txt\nmount A\nsay after once\noutput all.txt\ntree\nsay inside\noutput\nsay back\n")
            #expect(screen == "after once\nback\n")
            #expect(try String(contentsOf: directory.appendingPathComponent("one.txt"), encoding: .utf8)
                    == "pass 1 (mount A): created 1, reused 0, hidden 0, applied 0, unapplied 0, skipped 0\n")
            #expect(try String(contentsOf: directory.appendingPathComponent("all.txt"), encoding: .utf8)
                    == "v1 UIView root\n└─ v2 UIView A (A, UIView, [])\ninside\n")
            // An error is not redirected, and the file is written afresh.
            let errors = session.run("output all.txt\nmount Nope\noutput\n")
            #expect(errors.contains("error: unknown component 'Nope'"))
            #expect(try String(contentsOf: directory.appendingPathComponent("all.txt"), encoding: .utf8) == "")
            #expect(session.error("once no/such/dir.txt") == "<stdin>:1:6: error: once: cannot write 'no/such/dir.txt': no such directory '\(directory.path)/no/such'")
            #expect(session.interpreter.recorded.map(\.command) == ["component", "mount"])
        }
    }
}

/// `expect stat NAME N --pass P` checks one pass's own count.
@Suite struct ExpectPassTests {
    @Test func expectStatForOnePass() {
        let session = Session("component A view UIView\nmount A\nremount\n")
        #expect(session.run("expect stat skipped 1 --pass 2\n") == "ok: skipped in pass 2 is 1\n")
        #expect(session.error("expect stat created 1 --pass 2") == "<stdin>:1:21: error: expectation failed: created in pass 2 is 0, expected 1")
        #expect(session.error("expect stat leaks 0 --pass 1") == "<stdin>:1:13: error: expect: leaks measures the state, it is not counted per pass (drop --pass)")
        #expect(session.error("expect stat created 1 --pass 9") == "<stdin>:1:30: error: expect: no pass 9 (passes run: 2)")
        #expect(session.run("expect stat created 1\n") == "ok: created is 1\n")
    }
}

extension CommandTests {
    /// A removed view is not hidden: `expect VIEW hidden` fails for it, so a
    /// learner who believes views are thrown away is caught.
    @Test func expectTellsHiddenFromRemoved() {
        let session = Session("""
            component A view UILabel
            component R view UIView children A
            mount R
            strategy divkit
            component A view UIImageView
            remount
            """)
        #expect(session.error("expect v3 hidden") == "<stdin>:1:11: error: expectation failed: v3 is removed, expected hidden")
        #expect(session.line("expect v3 removed") == (true, "ok: v3 is removed\n"))
        let theodolite = Session("component A view UIView\ncomponent B view UIView\nmount A\nmount B")
        #expect(theodolite.line("expect v2 hidden") == (true, "ok: v2 is hidden\n"))
        #expect(theodolite.error("expect v2 removed") == "<stdin>:1:11: error: expectation failed: v2 is hidden, expected removed")
    }

    /// Entries may be written bare, commas and all.
    @Test func expectReadsBareEntries() {
        let session = Session("attribute swipe adds\ncomponent C view UIView { swipe: archive }\nmount C\nset C swipe delete")
        #expect(session.line("expect C swipe [archive, delete]").ok)
        #expect(session.line(#"expect C swipe "[archive, delete]""#).ok)
        #expect(session.error("expect C swipe [delete, archive]")
            == "<stdin>:1:16: error: expectation failed: v2 swipe is [\"archive\", \"delete\"], expected [delete, archive]")
    }
}

extension CommandTests {
    @Test func logKeepBoundsTheLogAndSaysWhatWasDropped() {
        let session = Session("""
            component T view UILabel { text: "Row {i}" }
            list L rows 100 viewport 3 cells T
            mount L
            """)
        #expect(session.run("log keep") == "the log keeps every event\n")
        #expect(session.run("log keep 2\n") == "the log keeps the latest 2 events\n")
        session.run("scroll L by 1\nscroll L by 1")
        #expect(session.run("log").split(separator: "\n").count == 2)
        #expect(session.run("log --pass 1") == "no events kept (events before #14 were dropped: log keep 2)\n")
        #expect(session.run("log keep") == "the log keeps the latest 2 events; 13 older ones were dropped\n")
        #expect(session.line("expect stat created 4").ok, "totals stay exact")
        #expect(session.error("log keep 0") == "<stdin>:1:10: error: log: how many events to keep (or 'all') must be between 1 and \(Int.max), not 0")
        #expect(session.run("log keep all") == "the log keeps every event from now on\n")
    }
}

/// The commands `save` writes and `undo` takes back: a run of one command
/// stores its text once, and undoing into the middle of a run, or past it,
/// leaves exactly the commands before.
@Suite struct RecordedCommandTests {
    @Test func undoIntoARunKeepsTheCommandsBefore() {
        let session = Session("""
            component Row view UIView { backgroundColor: white }
            list Feed rows 100 viewport 5 cells Row
            mount Feed
            """)
        for _ in 0..<5 { #expect(session.line("scroll Feed by 1").ok) }
        for _ in 0..<2 { #expect(session.line("  scroll Feed by 2").ok) }
        #expect(session.line("log").ok)  // changes nothing: not recorded
        let lines = { session.interpreter.recorded.map(\.line) }
        let setup = ["component Row view UIView { backgroundColor: white }", "list Feed rows 100 viewport 5 cells Row", "mount Feed"]
        #expect(lines() == setup + Array(repeating: "scroll Feed by 1", count: 5) + ["scroll Feed by 2", "scroll Feed by 2"])
        #expect(session.line("undo 4").output.hasPrefix("undone: scroll Feed by 2\nundone: scroll Feed by 2\nundone: scroll Feed by 1\n"))
        #expect(lines() == setup + Array(repeating: "scroll Feed by 1", count: 3))
        #expect(session.interpreter.engine.operationCount == 6)
        #expect(session.line("scroll Feed by 3").ok)
        #expect(lines() == setup + Array(repeating: "scroll Feed by 1", count: 3) + ["scroll Feed by 3"])
        #expect(session.line("undo 4").ok)
        #expect(lines() == setup && session.interpreter.recorded.map(\.command) == ["component", "list", "mount"])
    }
}

/// An event line's columns fit a short session's numbers; a long
/// session's wider ones still stand apart.
@Suite struct EventLineTests {
    @Test(arguments: [(78, 1, 41), (12_345, 2_057, 9), (600_081, 100_001, 123_456)])
    func columnsStayApart(seq: Int, pass: Int, view: Int) {
        var event = ReuseEvent(view: ViewID(view), component: "Row", path: ComponentPath([.named("Feed", index: 0), .row(7)]),
                               step: .unhide(parent: ViewID(2)))
        event.seq = seq
        event.pass = pass
        let words = EventReport(event: event).line.split(separator: " ").map(String.init)
        #expect(Array(words.prefix(5)) == ["#\(seq)", "pass", "\(pass)", "unhide", "v\(view)"])
        if seq < 10_000 { #expect(EventReport(event: event).line.hasPrefix("#\(seq)".padding(6) + "pass \(pass)".padding(9))) }
    }
}
