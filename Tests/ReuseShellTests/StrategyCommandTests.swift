import Foundation
import Testing
@testable import ReuseShell
import ReuseEngine

/// `strategy` with options, `register` and `compare`, as a user runs them.
@Suite struct StrategyCommandTests {
    static let feed = """
    component Title view UILabel { text: "Post {i}" }
    component Post view UIView { backgroundColor: white, tap: open } children Title
    component Ad view UIView { backgroundColor: yellow } children Title
    list Feed rows 1000000 viewport 6 cells Post Post Ad
    """

    @Test func registerReturnsATokenAndUIKitRefusesUnregisteredCells() {
        let session = Session(Self.feed)
        #expect(session.run("strategy uikit\n") == "strategy uikit: registered cell identifiers; prepareForReuse; set all\n")
        #expect(session.error("mount Feed") == "<stdin>:1:7: error: unable to dequeue a cell with identifier Post - must register a nib or a class for the identifier (list 'Feed'; write 'register Feed Post')")
        #expect(session.run("register Feed Post\n") == "token 1: Feed dequeues Post cells with identifier \"Post\"\n")
        #expect(session.error("mount Feed").contains("identifier Ad"))
        #expect(session.run("register Feed Ad as AdCell\n") == "token 2: Feed dequeues Ad cells with identifier \"AdCell\"\n")
        #expect(session.line("mount Feed").ok)
        let log = session.run("scroll Feed by 3\nlog --kind prepareForReuse\n")
        #expect(log.contains("prepareForReuse"))
    }

    @Test func registerErrors() {
        let session = Session(Self.feed)
        #expect(session.error("register Fed Post") == "<stdin>:1:10: error: unknown component 'Fed'; did you mean 'Feed'?")
        #expect(session.error("register Post Title") == "<stdin>:1:10: error: 'Post' is not a list")
        #expect(session.error("register Feed Title") == "<stdin>:1:15: error: 'Title' is not a cell of list 'Feed' (its cells: Post, Post, Ad)")
    }

    @Test func strategyOptions() {
        let session = Session(Self.feed)
        #expect(session.run("strategy recyclerview pool 1 cache 0\n") == "strategy recyclerview: cache by position (0 + 1 prefetch), then pool per type (1)\n")
        #expect(session.run("strategy\n").contains("* recyclerview     cache by position (0 + 1 prefetch)"))
        #expect(session.run("strategy recyclerview pool Ad 2 prefetch 0 shared on\n") == "strategy recyclerview: cache by position (2), then pool per type (5; Ad 2), shared\n")
        #expect(session.error("strategy recyclerview pol 1") == "<stdin>:1:23: error: strategy recyclerview has no option 'pol' (options: cache N, pool N, prefetch N, shared on|off, pool TYPE N)")
        #expect(session.error("strategy naive pool 1") == "<stdin>:1:16: error: strategy naive takes no options, not 'pool'")
        #expect(session.error("strategy theodolite-2019 bug27 maybe") == "<stdin>:1:32: error: strategy: bug27 takes on or off, not 'maybe'")
        #expect(session.error("strategy recyclerview pool 3x") == "<stdin>:1:28: error: strategy: '3x' is not a valid view type (use letters, digits and _)")
        #expect(session.error("strategy recyclerview pool Post") == "<stdin>:1:32: error: strategy: expected the value of pool Post")
        #expect(session.error("strategy recyclerview pool") == "<stdin>:1:27: error: strategy: expected the value of pool")
    }

    @Test func recyclerViewShowsItsCacheInPools() {
        let session = Session(Self.feed + "\nstrategy recyclerview\nmount Feed\nscroll Feed by 2\n")
        #expect(session.run("pools v2\n").contains("cached by row: "))
    }

    @Test func compareTabulatesEveryStrategy() {
        let session = Session(Self.feed + "\nregister Feed Post\nregister Feed Ad\nmount Feed\nscroll Feed by 3\nscroll Feed by 9999\n")
        let table = session.run("compare\n").split(separator: "\n").map(String.init)
        #expect(table.count == StrategyRegistry.all.count + 1)
        #expect(table.first == "strategy        created reused hidden removed applied unapplied updated skipped leaks peak    live renders")
        #expect(table.dropFirst().first?.hasPrefix("theodolite           13") == true)
        #expect(table.dropFirst().map { String($0.prefix { $0 != " " }) } == StrategyRegistry.names)
        #expect(table.first { $0.hasPrefix("valdi-attach") }?.hasSuffix("2000001 1000000") == true)
        let json = session.run("compare theodolite naive --json\n")
        #expect(json.hasPrefix(#"{"strategies":[{"strategy":"theodolite","failure":null,"counts":{"passes":3,"created":13,"#))
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
        #expect(session.interpreter.engine.strategy.name == "theodolite", "compare leaves the session as it was")
    }

    @Test func compareShowsWhereAStrategyFails() {
        let session = Session(Self.feed + "\nmount Feed\n")
        let table = session.run("compare theodolite uikit\n")
        #expect(table.contains("\nuikit      failed: <session>:5:7: unable to dequeue a cell with identifier Post"))
    }

    @Test func compareErrors() {
        let session = Session()
        #expect(session.error("compare") == "<stdin>:1:1: error: compare: nothing to replay yet; define and mount something first, or give --script FILE")
        #expect(session.error("compare theodolit") == "<stdin>:1:9: error: compare: unknown strategy 'theodolit'; did you mean 'theodolite'?")
        #expect(session.error("compare --script /nonexistent.reuse") == "<stdin>:1:18: error: compare: cannot read '/nonexistent.reuse': no such file")
        #expect(session.error("compare --script /dev/null") == "<stdin>:1:18: error: compare: '/dev/null' has no command to replay")
    }

    @Test func compareRunsAScript() {
        let session = Session()
        session.interpreter.workingDirectory = packageRootForTests
        let table = session.run("compare theodolite --script Sessions/08-scrolling-feed.reuse\n")
        let row = table.split(separator: "\n").dropFirst().first?.split(separator: " ") ?? []
        #expect(row.first == "theodolite" && row.dropFirst().first == "11", "theodolite creates 11 views in lesson 8")
    }
}

/// A list's header and footer: shown at the ends of the list, queued apart under UIKit.
@Suite struct HeaderFooterTests {
    static let list = """
    component Title view UILabel { text: "Row {i}" }
    component Top view UILabel { text: "Top" }
    component End view UILabel { text: "The end" }
    list Feed rows 6 viewport 3 cells Title header Top footer End
    """

    @Test func headerShowsAtTheTopAndFooterAtTheEnd() {
        let session = Session(Self.list + "\nmount Feed\n")
        #expect(session.run("components\n") == """
        Feed        v2 UIScrollView  list, rows 0-2 of 6
          Feed/Top  v6 UILabel
          Feed/0    v3 UILabel
          Feed/1    v4 UILabel
          Feed/2    v5 UILabel

        """)
        #expect(session.run("scroll Feed to 3\n") == "pass 2 (scroll Feed to 3): created 1, reused 3, hidden 4, applied 4, unapplied 0, skipped 0\n")
        #expect(session.run("expect v6 hidden\nexpect Feed/End holds v7\ncheck\n").hasSuffix("invariants  ok (7 views)\nleaks       none\n"))
        #expect(session.error("config Feed/Top") == "<stdin>:1:8: error: no mounted component at 'Feed/Top'; did you mean 'Feed/End'?")
        session.run("scroll Feed to 0\n")
        #expect(session.run("expect Feed/Top holds v6\n") == "ok: Feed/Top holds v6\n", "the header takes back its own view")
    }

    /// Headers and footers queue apart from cells; an unregistered header is
    /// absent (UITableView's `dequeueReusableHeaderFooterView` returns nil), not an error.
    @Test func uikitQueuesHeadersAndFootersApart() {
        let session = Session(Self.list + "\nstrategy uikit\nregister Feed Title\nregister Feed End\n")
        #expect(session.line("mount Feed").ok)
        #expect(!session.run("components\n").contains("Feed/Top"))
        #expect(session.error("config Feed/Top").contains("no mounted component at 'Feed/Top'"))
        #expect(session.run("register Feed Top\n") == "token 3: Feed dequeues Top header/footer views with identifier \"Top\"\n")
        session.run("remount\n")
        #expect(session.run("components\n").contains("Feed/Top"))
        let pools = session.run("pools v2\n")
        #expect(pools.contains("(header-footer identifier Top)"))
        #expect(pools.contains("(identifier Title)"))
        #expect(session.run("check\n") == "invariants  ok (6 views)\nleaks       none\n")
    }

    @Test func headerAndFooterAreSavedWithTheList() {
        let session = Session()
        #expect(session.run(Self.list + "\n").hasSuffix("defined Feed (list of 6 rows, 3 visible, cells Title, header Top, footer End)\n"))
        #expect(session.error("list L rows 6 viewport 3 cells Title header Top header End") == "<stdin>:1:49: error: list: unexpected 'header'")
    }
}

/// `help strategy NAME` states a strategy's rules, its source and its options, within 80 columns.
@Suite struct StrategyHelpTests {
    @Test(arguments: StrategyRegistry.names)
    func helpStrategyStatesTheRulesAndTheirSource(_ name: String) {
        let session = Session()
        let (ok, text) = session.line("help strategy \(name)")
        #expect(ok)
        #expect(text.hasPrefix("strategy \(name)\n"))
        #expect(text.contains("Source: "))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(text)")
    }

    @Test func helpStrategyListsOptionsAndRefusesUnknownNames() {
        let session = Session()
        #expect(session.line("help strategy recyclerview").output.contains("  options: cache N, pool N, prefetch N, shared on|off, pool TYPE N\n  defaults: cache 2 pool 5 prefetch 1 shared off"))
        #expect(session.error("help strategy recyclervew") == "<stdin>:1:15: error: unknown strategy 'recyclervew'; did you mean 'recyclerview'?")
    }
}
