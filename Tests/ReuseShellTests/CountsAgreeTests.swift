import Foundation
import Testing
@testable import ReuseShell
import ReuseEngine
import TestSupport

/// `stats`, `tree --all` and `check` count the same views, under every
/// strategy, after scrolling that removes views (DivKit's leftovers,
/// RecyclerView's full pools take whole subtrees with them); `tree --all`
/// lists the views waiting detached (Valdi's pool) beside the tree.
@Suite struct CountsAgreeTests {
    static let feed = """
    component Title view UILabel { text: "Post {i}" }
    component Badge view UIView { backgroundColor: red }
    component Post view UIView { backgroundColor: white } children Title Badge
    component Ad view UIImageView { image: "ad{i}" } children Title
    component Head view UILabel { text: Top }
    list Feed rows 200 viewport 6 cells Post Post Ad header Head
    component Screen view UIView children Feed Badge
    register Feed Post
    register Feed Ad
    register Feed Head
    """

    /// Views in a `tree --json` document (the root included).
    static func viewsIn(_ node: Any?) -> Int {
        guard let object = node as? [String: Any] else { return 0 }
        // RecyclerView's cached and pooled cells are detached: listed apart.
        let children = (object["children"] as? [Any] ?? []) + (object["detachedCells"] as? [Any] ?? [])
        return 1 + children.reduce(0) { $0 + viewsIn($1) }
    }

    static func json(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    static let strategies = StrategyRegistry.names.map { [$0] } + [["recyclerview", "pool", "2", "cache", "0"]]

    @Test(arguments: strategies)
    func aliveViewsAgree(_ strategy: [String]) throws {
        let session = Session(Self.feed)
        #expect(session.line("strategy " + strategy.joined(separator: " ")).ok)
        #expect(session.line("mount Screen").ok)
        let steps = ["scroll Feed by 4", "scroll Feed by 9", "scroll Feed to 120", "scroll Feed by -5", "hide Screen/Badge",
                     "scroll Feed to 0", "show Screen/Badge", "scroll Feed by 2"]
        for step in steps {
            #expect(session.line(step).ok, "\(step)")
            let stats = try #require(Self.json(session.line("stats --json").output)?["counts"] as? [String: Any])
            let alive = try #require(stats["views"] as? Int)
            let document = Self.json(session.line("tree --all --json").output)
            // Views waiting detached (Valdi's pool) are listed beside the tree.
            let detached = (document?["classPools"] as? [[String: Any]] ?? []).reduce(0) { $0 + ($1["views"] as? [Any] ?? []).count }
            let tree = Self.viewsIn(document?["tree"]) + detached
            #expect(alive == tree, "after '\(step)' under \(strategy): stats says \(alive) alive, tree --all shows \(tree)")
            let check = session.line("check")
            #expect(check.ok, "\(check.output)")
            #expect(check.output.hasPrefix("invariants  ok (\(alive) views)"), "after '\(step)': \(check.output)")
        }
    }

    /// `stats`' view classes (visible, hidden, inside hidden, detached)
    /// are what `ViewStore.visibility(of:)` says of each view, counted
    /// one by one, after every step: `Engine.statistics` classifies the
    /// views in place, in one walk of its own, and must agree with it.
    /// The steps reach every class: a hidden parent (its children inside
    /// it), RecyclerView's detached cells, Valdi's class pool, DivKit's
    /// removals, theodolite-2019's hidden views kept. (Classing a view
    /// under a hidden parent as visible, or a detached cell as detached
    /// rather than hidden, fails it.)
    @Test(arguments: strategies)
    func viewClassesAreEachViewsVisibility(_ strategy: [String]) throws {
        _ = Self.classesCounted(under: strategy)
    }

    /// Not vacuous: across the strategies, the steps leave views of every
    /// class to count (a view inside a hidden one under most; a view
    /// detached from every hierarchy under Valdi).
    @Test func everyViewClassIsCounted() {
        var seen = (visible: 0, hidden: 0, under: 0, detached: 0)
        for strategy in Self.strategies {
            let counted = Self.classesCounted(under: strategy)
            seen = (seen.visible + counted.visible, seen.hidden + counted.hidden, seen.under + counted.under,
                    seen.detached + counted.detached)
        }
        #expect(seen.visible > 0 && seen.hidden > 0 && seen.under > 0 && seen.detached > 0, "\(seen)")
    }

    /// Runs the steps under `strategy`, expecting `Engine.statistics`' view
    /// classes to be the views' visibilities counted one by one after each;
    /// returns the views of each class counted over the steps.
    static func classesCounted(under strategy: [String]) -> (visible: Int, hidden: Int, under: Int, detached: Int) {
        let session = Session(Self.feed)
        #expect(session.line("strategy " + strategy.joined(separator: " ")).ok)
        #expect(session.line("mount Screen").ok)
        let steps = ["scroll Feed by 4", "hide Screen/Feed", "scroll Feed by 9", "show Screen/Feed", "scroll Feed to 120",
                     "hide Screen/Badge", "scroll Feed by -5", "hide Screen", "scroll Feed to 0", "show Screen",
                     "show Screen/Badge", "scroll Feed by 2", "mount Feed", "scroll Feed by 3", "mount Screen"]
        var seen = (visible: 0, hidden: 0, under: 0, detached: 0)
        for step in steps {
            _ = session.line(step)
            let engine = session.interpreter.engine
            let statistics = engine.statistics
            var visible = 0, hidden = 0, under = 0, detached = 0
            for view in engine.views.all where view.id != .root {
                switch engine.views.visibility(of: view.id) {
                case .visible: visible += 1
                case .hidden, .detached(from: .some): hidden += 1
                case .insideHidden: under += 1
                case .detached(from: nil): detached += 1
                case .removed: break
                }
            }
            #expect(statistics.visibleViews == visible, "after '\(step)' under \(strategy)")
            #expect(statistics.hiddenViews == hidden, "after '\(step)' under \(strategy)")
            #expect(statistics.viewsUnderHidden == under, "after '\(step)' under \(strategy)")
            #expect(statistics.detachedViews == detached, "after '\(step)' under \(strategy)")
            seen = (seen.visible + visible, seen.hidden + hidden, seen.under + under, seen.detached + detached)
        }
        return seen
    }

    /// The scenario does remove views under the strategies that remove them,
    /// so the agreement above is not vacuous.
    @Test(arguments: [["divkit"], ["recyclerview", "pool", "2", "cache", "0"]])
    func viewsAreRemoved(_ strategy: [String]) throws {
        let session = Session(Self.feed)
        _ = session.line("strategy " + strategy.joined(separator: " "))
        _ = session.line("mount Screen")
        for step in ["scroll Feed by 4", "scroll Feed by 9", "scroll Feed to 120", "hide Screen/Badge", "remount"] { _ = session.line(step) }
        let stats = try #require(Self.json(session.line("stats --json").output)?["counts"] as? [String: Any])
        #expect((stats["removed"] as? Int ?? 0) > 0)
    }

    /// A removed cell takes its children with it: more views left than the
    /// removals the log records (one per cell).
    @Test func removedCellsTakeTheirSubtrees() throws {
        let session = Session(Self.feed)
        _ = session.line("strategy recyclerview pool 0 cache 0 prefetch 0")
        _ = session.line("mount Screen")
        _ = session.line("scroll Feed by 3")
        let stats = try #require(Self.json(session.line("stats --json").output)?["counts"] as? [String: Any])
        let created = try #require(stats["created"] as? Int)
        let alive = try #require(stats["views"] as? Int)
        let removed = try #require(stats["removed"] as? Int)
        // Three rows and the header left; with no cache and no pool, each is dropped.
        #expect(removed == 4)
        // The root plus everything created, less the rows' cells with their children.
        #expect(created + 1 - alive > removed)
    }

    /// A list host view taken by another list type (keys without the component
    /// type allow it) gives back the header the old list showed there; it
    /// used to stay visible with nobody holding it.
    @Test(arguments: ["naive", "theodolite-2019"])
    func hostTakenByAnotherListGivesBackItsHeader(_ strategy: String) {
        let session = Session("""
        component Row view UILabel { text: "r{i}" }
        component Top view UILabel { text: Top }
        list Feed rows 10 viewport 2 cells Row header Top
        list Small rows 10 viewport 2 cells Row
        strategy \(strategy)
        mount Feed
        mount Small
        """)
        let check = session.line("check")
        #expect(check.ok, "\(check.output)")
        // v5 showed Feed's header.
        #expect(document(session, "config v5 --json")["visibility"] as? String == "hidden")
    }

    /// `config` of a removed view says so (it used to say "hidden").
    @Test func removedViewSaysRemoved() {
        let session = Session(Self.feed)
        _ = session.line("strategy recyclerview pool 0 cache 0 prefetch 0")
        _ = session.line("mount Screen")
        _ = session.line("scroll Feed by 3")
        let removed = session.line("log --kind remove").output
        let view = removed.split(separator: " ", omittingEmptySubsequences: true).first { $0.hasPrefix("v") }.map(String.init)
        #expect(view != nil, "\(removed)")
        if let view {
            #expect(session.line("config \(view)").output.split(separator: "\n").first?.hasSuffix("(removed)") == true)
        }
    }
}

/// Each line is tokenized exactly once: commands work on its tokens and
/// their spans (the trigger, the caret, `save`, `compare`), never on the text again.
@Suite struct ParseOnceTests {
    @Test func everyLineIsTokenizedOnce() {
        let session = Session(CountsAgreeTests.feed)
        let lines = [
            "mount Screen", "scroll Feed by 3", "scroll Feed to 199", "set Screen/Badge backgroundColor blue",
            "config v2 --json", "log --last 3 --kind apply,create", "stats", "tree --all", "hide Screen/Badge",
            "scroll Fed by 1", "mount Crad", "# a comment", "", "compare theodolite naive", "expect stat created 1",
            "pools", "say hello", "strategy naive", "remount",
        ]
        for line in lines {
            let before = session.interpreter.linesTokenized
            _ = session.line(line)
            #expect(session.interpreter.linesTokenized == before + 1, "'\(line)' was tokenized \(session.interpreter.linesTokenized - before) times")
        }
    }

    /// `compare` replays commands by what they are, not by their first word:
    /// a tab-indented `strategy` line is still left out of the replay.
    @Test func compareSkipsCommandsByKind() throws {
        try withTemporaryDirectory(prefix: "reuse-parse-once") { directory in
            let script = directory.appendingPathComponent("s.reuse")
            try "component Foo view UIView { backgroundColor: red }\n\tstrategy naive\nmount Foo\n\tsave out.reuse\n".write(to: script, atomically: true, encoding: .utf8)
            let session = Session()
            session.interpreter.workingDirectory = directory.path
            let out = session.line("compare theodolite recyclerview --script s.reuse")
            #expect(out.ok, "\(out.output)")
            #expect(out.output.contains("theodolite"))
            #expect(out.output.contains("recyclerview "))
            // The replay wrote nothing: `save` is not replayed.
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.reuse").path))
        }
    }

    /// The caret goes under the argument the error is about, found by its role.
    @Test func caretsByRole() {
        let session = Session(CountsAgreeTests.feed)
        #expect(session.error("hide Screen") == "<stdin>:1:6: error: nothing is mounted; use 'mount NAME' first")
        _ = session.line("mount Screen")
        #expect(session.error("hide Screen/Fed") == "<stdin>:1:6: error: no mounted component at 'Screen/Fed'; did you mean 'Screen/Feed'?")
        #expect(session.error("scroll Screen/Feed/Nope by 1").hasPrefix("<stdin>:1:8: error:"))
        #expect(session.error("mount Screen Crad") == "<stdin>:1:14: error: unknown component 'Crad'; did you mean 'Ad'?")
    }
}
