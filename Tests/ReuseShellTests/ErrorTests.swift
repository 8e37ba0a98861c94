import Foundation
import Testing
import TestSupport
@testable import ReuseShell
import ReuseEngine

/// Every error a user can reach, with its exact message and location.
@Suite struct ErrorTests {
    @Test func fullReportHasFileLineColumnAndCaret() {
        let session = Session(seed)
        let (ok, out) = session.line("mount Crad")
        #expect(!ok)
        #expect(out == """
        <stdin>:1:7: error: unknown component 'Crad'; did you mean 'Card'?
          mount Crad
                ^~~~

        """)
    }

    @Test func scriptErrorsNameTheirLine() {
        let session = Session()
        let out = session.run("component A view UIView\nmount A B\n")
        #expect(out.contains("<test>:2:9: error: unknown component 'B'"))
    }

    @Test(arguments: [
        ("mout Foo", "<stdin>:1:1: error: unknown command 'mout'; did you mean 'mount'? (type 'help' for a list)"),
        ("say \"open", "<stdin>:1:5: error: unterminated string; add a closing '\"'"),
        ("component", "<stdin>:1:10: error: component: expected component name"),
        ("component 9x", "<stdin>:1:11: error: component: '9x' is not a valid component name (use letters, digits and _)"),
        ("component X { alpha: 1 }", "<stdin>:1:13: error: component: attributes need a view; write 'view CLASS' before '{'"),
        ("component X view UIView { alpha: 1", "<stdin>:1:25: error: component: unclosed '{'; add '}'"),
        ("component X view UIView { alpha 1 }", "<stdin>:1:32: error: component: expected ':' after 'alpha'"),
        ("component X view UIView { alpah: 1 }", "<stdin>:1:27: error: unknown attribute 'alpah'; did you mean 'alpha'?"),
        ("component X view UIView { alpha: high }", "<stdin>:1:34: error: 'high' is not a valid value for alpha: expected a number"),
        ("component X view UIView { backgroundColor: rde }", "<stdin>:1:44: error: 'rde' is not a valid value for backgroundColor: expected a colour name or #rrggbb; did you mean 'red'?"),
        ("component X view UIView { alpha: 1, alpha: 0.5 }", "<stdin>:1:27: error: attribute 'alpha' is given twice"),
        ("component X view UIView { alpha: 2 }", "<stdin>:1:34: error: alpha must be between 0 and 1, not 2"),
        ("component X view UIVeiw", "<stdin>:1:18: error: unknown view class 'UIVeiw'; did you mean 'UIView'?"),
        ("component X view UIView children", "<stdin>:1:33: error: component: expected child component names after 'children'"),
        ("component X view UIView extra", "<stdin>:1:25: error: component: unexpected 'extra'"),
        ("list L rows many viewport 3 cells Card", "<stdin>:1:13: error: list: 'many' is not a whole number"),
        ("list L rows 10 viewport 0 cells Card", "<stdin>:1:25: error: list: viewport must be between 1 and 100000, not 0"),
        ("list L rows 10 viewport 2 cells", "<stdin>:1:32: error: list: expected cell component names after 'cells'"),
        ("list L rows 10 view 2 cells Card", "<stdin>:1:16: error: list: expected 'viewport', found 'view'"),
        ("attribute tap", "<stdin>:1:11: error: 'tap' is a built-in attribute and cannot be redefined; choose another name"),
        ("attribute swipe kind colour", "<stdin>:1:22: error: attribute: unknown kind 'colour'; did you mean 'color'?"),
        ("attribute swipe add", "<stdin>:1:17: error: attribute: unexpected 'add'; did you mean 'adds'?"),
        ("view UILabel", "<stdin>:1:6: error: 'UILabel' is a built-in view class and cannot be redefined; choose another name"),
        ("mount", "<stdin>:1:6: error: mount: expected at least one component name"),
        ("remount", "<stdin>:1:1: error: nothing is mounted; use 'mount NAME' first"),
        ("hide Foo", "<stdin>:1:6: error: nothing is mounted; use 'mount NAME' first"),
        ("strategy naiv", "<stdin>:1:10: error: unknown strategy 'naiv'; did you mean 'naive'?"),
        ("tree v99", "<stdin>:1:6: error: no view 'v99' (views are v1-v1)"),
        ("tree --al", "<stdin>:1:6: error: tree: unknown option '--al'; did you mean '--all'?"),
        ("config", "<stdin>:1:7: error: config: expected a view id (e.g. v2)"),
        ("log --pass 3", "<stdin>:1:12: error: log: no pass 3 (passes run: 0)"),
        ("log --kind hid", "<stdin>:1:12: error: log: unknown event kind 'hid'; did you mean 'hide'?"),
        ("stats --pass x", "<stdin>:1:14: error: stats: --pass needs a pass number, not 'x'"),
        ("stats --pass 3", "<stdin>:1:14: error: stats: no pass 3 (passes run: 0)"),
        ("explain maybe", "<stdin>:1:9: error: explain: expected 'on' or 'off', found 'maybe'"),
        ("source /nonexistent/file.reuse", "<stdin>:1:8: error: source: cannot read '/nonexistent/file.reuse': no such directory '/nonexistent'"),
        ("save /nonexistent/dir/x.reuse", "<stdin>:1:6: error: save: cannot write '/nonexistent/dir/x.reuse': no such directory '/nonexistent/dir'"),
        ("source /tmp", "<stdin>:1:8: error: source: cannot read '/tmp': it is a directory"),
        ("tree v0", "<stdin>:1:6: error: no view 'v0' (views are v1-v1)"),
        ("log --kind hide,reus", "<stdin>:1:12: error: log: unknown event kind 'reus'; did you mean 'reuse'?"),
        ("help mont", "<stdin>:1:6: error: help: unknown command 'mont'; did you mean 'mount'?"),
        ("expect stat creatd 1", "<stdin>:1:13: error: expect: unknown stat 'creatd'; did you mean 'created'?"),
    ])
    func errorMessage(_ line: String, _ expected: String) {
        let session = Session(seed)
        #expect(session.error(line) == expected)
    }

    @Test(arguments: [
        ("hide Crad", "<stdin>:1:6: error: no mounted component at 'Crad'; did you mean 'Card'?"),
        ("hide Card[3]", "<stdin>:1:6: error: no mounted component at 'Card[3]'; did you mean 'Card[1]'?"),
        ("hide Card", "<stdin>:1:6: error: 'Card' is ambiguous: Card[0], Card[1] are mounted; write which one"),
        ("config Card/Title", "<stdin>:1:8: error: 'Card' is ambiguous: Card[0], Card[1] are mounted; write which one"),
        ("hide Card[x]", "<stdin>:1:6: error: 'Card[x]' is not a path segment (write Name, Name[index] or a row number, joined by '/')"),
        ("show Card[0]", "<stdin>:1:6: error: 'Card[0]' is not hidden"),
        ("hide Feed/7", "<stdin>:1:6: error: row 7 of 'Feed' is not on screen (rows 0-2 are); scroll to it first"),
        ("set Card[0] alpah 1", "<stdin>:1:13: error: unknown attribute 'alpah'; did you mean 'alpha'?"),
        ("set Feed alpha 1", "<stdin>:1:5: error: 'Feed' is a list: its UIScrollView takes no attributes (set them on its rows, e.g. 'Feed/0')"),
        ("set Card[1]/Title/x alpha 1", "<stdin>:1:5: error: no mounted component at 'Card[1]/Title/x'"),
        ("scroll Card[1] by 1", "<stdin>:1:8: error: 'Card[1]' is not a list"),
        ("scroll Feed up 1", "<stdin>:1:13: error: scroll: expected 'by' or 'to', found 'up'"),
        ("scroll Feed to -1", "<stdin>:1:16: error: scroll: the row must be between 0 and 1000000000000, not -1"),
        ("hide v1", "<stdin>:1:6: error: v1 is the root host view, not a component; name a mounted component (see 'components')"),
        ("expect v2 hidden", "<stdin>:1:11: error: expectation failed: v2 is visible, expected hidden"),
        ("expect stat created 1", "<stdin>:1:21: error: expectation failed: created is 11, expected 1"),
        ("expect pool v1 Cards 1", "<stdin>:1:16: error: expectation failed: v1 has no pool for 'Cards'; did you mean 'Card'?"),
        ("expect leaks 2", "<stdin>:1:14: error: expectation failed: 0 leaks, expected 2"),
        ("expect Card[0] holds v3", "<stdin>:1:22: error: expectation failed: Card holds v2, expected v3"),
        ("expect v2 backgroundColor red", "<stdin>:1:27: error: expectation failed: v2 backgroundColor is white, expected red"),
    ])
    func errorOnMountedTree(_ line: String, _ expected: String) {
        let session = Session(seed + "\nmount Card Card Feed\n")
        #expect(session.error(line) == expected)
    }

    /// `show` of an instance hidden and then unmounted is refused: nothing
    /// would come back.
    @Test func showOfSomethingNoLongerMounted() {
        let session = Session(seed + "\nmount Card Foo\nhide Card\nmount Foo\n")
        #expect(session.error("show Card") == "<stdin>:1:6: error: no mounted component at 'Card'")
        #expect(stat(session, "passes") == 3)
    }

    /// A view inside a hidden view says so, rather than showing a path that a
    /// live view may hold too.
    @Test func childrenOfAHiddenViewAreMarkedInWords() {
        let session = Session(seed + "\nmount Card Card\nmount Card\n")
        let tree = session.line("tree").output
        #expect(tree.contains("v4 UIView (Card, UIView, [backgroundColor]) hidden, last held by Card[1]"))
        #expect(tree.contains("v5 UILabel (Title, UILabel, [text]) inside a hidden view, last held by Card[1]/Title"), "\(tree)")
    }

    /// A header and a footer of one type get distinct paths.
    @Test func headerAndFooterOfOneTypeAreNamesakes() {
        let session = Session("component Head view UILabel { text: h }\ncomponent Row view UIView\nlist L rows 3 viewport 5 cells Row header Head footer Head\nmount L\n")
        let paths = (document(session, "components --json")["components"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(paths.contains("L/Head[0]") && paths.contains("L/Head[1]"), "\(paths)")
        #expect(session.error("set L/Head text x") == "<stdin>:1:7: error: 'L/Head' is ambiguous: L/Head[0], L/Head[1] are mounted; write which one")
        #expect(session.line("set L/Head[1] text f").ok)
        #expect(document(session, "config L/Head[1] --json")["properties"].flatMap { ($0 as? [String: Any])?["text"] as? String } == "f")
        #expect(document(session, "config L/Head[0] --json")["properties"].flatMap { ($0 as? [String: Any])?["text"] as? String } == "h")
    }

    @Test func recursiveDefinitionIsAnErrorNotACrash() {
        let session = Session("component A children B\n")
        #expect(session.error("component B children A") == "<stdin>:1:22: error: recursive definition: B -> A -> B")
        #expect(session.error("component C children C") == "<stdin>:1:22: error: recursive definition: C -> C")
    }

    @Test func undefinedChildrenAreNamedWithTheirParent() {
        let session = Session("component Card view UIView children Nope\n")
        #expect(session.error("mount Card") == "<stdin>:1:7: error: 'Card' refers to 'Nope', which is not defined (define it, or redefine 'Card')")
        #expect(session.run("component Nope view UIView\n") == "defined Nope (UIView)\n")
        #expect(session.line("mount Card").ok)
    }

    @Test func aScriptCannotSourceItself() throws {
        try withTemporaryDirectory(prefix: "reuse-self") { directory in
            try "say once\nsource self.reuse\n".write(to: directory.appendingPathComponent("self.reuse"), atomically: true, encoding: .utf8)
            let session = Session()
            let out = session.run("source \(directory.path)/self.reuse\n")
            #expect(out == "once\n\(directory.path)/self.reuse:2:8: error: source: 'self.reuse' is already running (a script cannot source itself, directly or not)\n  source self.reuse\n         ^~~~~~~~~~\n")
        }
    }

    @Test func windowsLineEndingsAreLines() {
        let session = Session()
        #expect(session.run("say one\r\nsay two\r\n") == "one\ntwo\n")
    }

    @Test func listCellsNeedAView() {
        let session = Session("component Plain children Plain2\ncomponent Plain2 view UIView\nlist L rows 5 viewport 2 cells Plain\n")
        #expect(session.error("mount L") == "<stdin>:1:7: error: list 'L' needs cells with a view, but 'Plain' has none (give it 'view CLASS')")
    }

    @Test func aFailedCommandChangesNothing() {
        let session = Session(seed + "\nmount Card Foo\n")
        let before = session.line("tree").output + session.line("log").output
        #expect(!session.line("set Card backgroundColor nope").ok)
        #expect(!session.line("mount Foo Nope").ok)
        #expect(!session.line("scroll Foo by 1").ok)
        let after = session.line("tree").output + session.line("log").output
        #expect(before == after)
    }

    @Test func theShellKeepsRunningAfterErrors() {
        let session = Session(seed)
        #expect(!session.line("mount Nope").ok)
        #expect(session.line("mount Foo").ok)
        #expect(session.interpreter.failures == 1)
    }
}

/// Reports stay readable with wide characters and list valid names when no
/// near miss exists.
@Suite struct ErrorPresentationTests {
    @Test func caretIsPaddedByDisplayWidth() {
        let session = Session()
        let (_, out) = session.line("component G view UILabel { text: \"日本語\", bogus: 1 }")
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "<stdin>:1:41: error: unknown attribute 'bogus' (declare it with 'attribute bogus')")
        // 40 characters before the token, three of them two cells wide.
        #expect(lines.dropFirst(2).first.map(String.init) == "  " + String(repeating: " ", count: 43) + "^~~~~")
    }

    @Test func unknownNamesListTheValidOnes() {
        let session = Session()
        #expect(session.error("strategy xyz") == "<stdin>:1:10: error: unknown strategy 'xyz' (strategies: \(StrategyRegistry.names.joined(separator: ", ")))")
        #expect(session.error("log --kind zzz").hasPrefix("<stdin>:1:12: error: log: unknown event kind 'zzz' (kinds: create, reuse, unhide, hide,"))
    }

    @Test func controlCharactersInSayAreShown() {
        let session = Session()
        #expect(session.run("say a\u{1B}[31mred\u{07}\n") == "a^[[31mred^G\n")
    }

    /// A built-in attribute goes only on a class with that property; declared
    /// attributes, and declared classes with the property, go anywhere.
    @Test func attributesAreCheckedAgainstTheViewClass() {
        let session = Session("component B view UIView { alpha: 0.5 }\nmount B\n")
        #expect(session.error(#"component A view UIView { text: "x" }"#)
                == "<stdin>:1:27: error: 'text' is not a property of UIView: UILabel has it (or declare a class with it: view NAME { text: ... })")
        #expect(session.error("set B textColor red")
                == "<stdin>:1:7: error: 'textColor' is not a property of UIView: UIButton and UILabel have it (or declare a class with it: view NAME { textColor: ... })")
        #expect(session.error(#"component P view UIImageView loads title "x" after 2"#).hasPrefix("<stdin>:1:36: error: 'title' is not a property of UIImageView: UIButton has it"))
        #expect(session.line(#"view Badge { text: "" }"#).ok)
        #expect(session.line(#"component C view Badge { text: "ok", alpha: 0.5 }"#).ok)
        #expect(session.line("attribute liked kind bool").ok)
        #expect(session.line("set B liked true").ok)
        #expect(session.interpreter.completions(for: "set B te").isEmpty)
        #expect(session.interpreter.completions(for: "set B li") == ["liked"])
    }
}

/// Issue 15's minor findings.
@Suite struct SmallInputTests {
    @Test func wholeNumbersAreWrittenAsSwiftWritesThem() {
        let session = Session()
        #expect(session.error("list L rows 1__0_ viewport 2 cells T") == "<stdin>:1:13: error: list: '1__0_' is not a whole number")
        #expect(session.error("list L rows +5 viewport 2 cells T") == "<stdin>:1:13: error: list: '+5' is not a whole number")
        #expect(session.error("list L rows _1 viewport 2 cells T") == "<stdin>:1:13: error: list: '_1' is not a whole number")
        #expect(session.line("list L rows 1_000 viewport 2 cells T").ok)
    }

    @Test func aRowValueOutOfRangeIsClampedNotTurnedIntoText() {
        let session = Session("component T view UIView { alpha: {i} }\nlist L rows 3 viewport 3 cells T\nmount L")
        #expect(session.line("expect L/2 alpha 1").ok)
        #expect(session.line("expect L/0 alpha 0").ok)
        #expect(session.error("set L/1 alpha 2") == "<stdin>:1:15: error: alpha must be between 0 and 1, not 2")
    }

    @Test func sourceReadsDevicesAndNamesWhatItCannotRead() {
        let session = Session()
        #expect(session.line("source /dev/null") == (true, ""))
        #expect(session.error("source /") == "<stdin>:1:8: error: source: cannot read '/': it is a directory")
    }
}
