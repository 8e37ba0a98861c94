import Foundation
import Testing
@testable import ReuseShell

/// No silent outcome: a header or footer the system gives no view is named
/// by `check`, with the reason and the fix.
@Suite struct SilentOutcomeTests {
    static let feed = """
    component Cell view UILabel { text: "r{i}" }
    component Banner view UILabel { text: hi }
    component End view UILabel { text: bye }
    list Feed rows 4 viewport 3 cells Cell header Banner footer End
    register Feed Cell
    """

    /// UITableView's dequeueReusableHeaderFooterView returns nil for an
    /// identifier nobody registered: the header shows nothing.
    @Test func anUnregisteredHeaderIsNamedByCheck() {
        let session = Session(Self.feed + "\nstrategy uikit\nmount Feed")
        let check = session.line("check").output
        #expect(check.contains("absent      1 (shown as nothing)"), "\(check)")
        #expect(check.contains("Feed's header Banner shows nothing: under uikit its identifier is not"), "\(check)")
        #expect(check.replacingOccurrences(of: "\n    ", with: " ").contains("fix: 'register Feed Banner'"))
        let absent = document(session, "check --json")["absent"] as? [[String: Any]] ?? []
        #expect(absent.count == 1 && absent.first?["place"] as? String == "header" && absent.first?["unregistered"] as? Bool == true)
        // The footer shows once the window reaches the last row: named then.
        _ = session.line("scroll Feed by 1")
        let footer = document(session, "check --json")["absent"] as? [[String: Any]] ?? []
        #expect(footer.map { $0["component"] as? String } == ["End"])
        // Registered, it shows: nothing absent.
        _ = session.line("register Feed End")
        _ = session.line("remount")
        #expect((document(session, "check --json")["absent"] as? [[String: Any]])?.isEmpty == true)
    }

    /// Systems that always give a header a view, and a header the user hid,
    /// are not reported.
    @Test func nothingIsReportedWhereTheSystemShowsIt() {
        let theodolite = Session(Self.feed + "\nmount Feed")
        #expect((document(theodolite, "check --json")["absent"] as? [[String: Any]])?.isEmpty == true)
        #expect(!theodolite.line("check").output.contains("absent"))
    }

    /// `explain on` says it in the pass where it begins, once, and again
    /// only after it stopped and began anew.
    @Test func explainSaysItAsItHappens() {
        let session = Session(Self.feed + "\nstrategy uikit\nexplain on")
        let mount = session.line("mount Feed").output
        #expect(mount.contains("note: Feed's header Banner shows nothing: under uikit"), "\(mount)")
        // Still absent: not said again.
        #expect(!session.line("tap Feed/0").output.contains("note:"))
        // The window leaves row 0 (no header to show), and the footer shows nothing now.
        let scrolled = session.line("scroll Feed by 1").output
        #expect(scrolled.contains("note: Feed's footer End shows nothing"), "\(scrolled)")
        #expect(!scrolled.contains("header Banner"), "\(scrolled)")
        let back = session.line("scroll Feed by -1").output
        #expect(back.contains("note: Feed's header Banner shows nothing"), "\(back)")
    }

    /// uikit-diffable under 'os 14' registers a cell type with no
    /// registration up front in the cell provider, a new registration per
    /// dequeue (CellRegistration documentation): its queue is always empty.
    @Test func aCellTypeRegisteredInTheCellProviderIsNeverPooled() {
        let session = Session("component Cell view UILabel { text: \"r{i}\" }\nlist Feed rows 50 viewport 3 cells Cell\nstrategy uikit-diffable os 14\nmount Feed\nscroll Feed by 3")
        let check = session.line("check").output.replacingOccurrences(of: "\n    ", with: " ")
        #expect(check.contains("not pooled  1 (cell types the system never reuses)"), "\(check)")
        #expect(check.contains("Feed's Cell cells are never pooled: its registration is made in the cell provider (os 14), a new one at every dequeue"),
                "\(check)")
        #expect(check.contains("fix: register it up front: 'register Feed Cell'"), "\(check)")
        #expect(session.line("stats").output.contains("\n  reused    0\n"))
        // The fix, followed: pooled, nothing reported.
        _ = session.line("register Feed Cell")
        #expect((document(session, "check --json")["neverPooled"] as? [[String: Any]])?.isEmpty == true)
    }

    /// RecyclerView's RecycledViewPool.putRecycledView drops a holder when
    /// its view type's pool is full, so a pool of 0 drops every one.
    @Test func aViewTypeWithAPoolOfZeroIsNeverPooled() {
        let session = Session("component Cell view UILabel { text: \"r{i}\" }\ncomponent Ad view UIView\nlist Feed rows 50 viewport 3 cells Cell Ad\nstrategy recyclerview pool Ad 0\nmount Feed")
        let unpooled = document(session, "check --json")["neverPooled"] as? [[String: Any]] ?? []
        #expect(unpooled.map { $0["component"] as? String } == ["Ad"])
        #expect((unpooled.first?["why"] as? String)?.hasPrefix("the RecycledViewPool of its view type holds 0") == true)
        #expect(unpooled.first?["fix"] as? String == "give the view type a pool: 'strategy recyclerview pool Ad 5' (RecyclerView's default size)")
        // The same scene under the default pools: nothing to report.
        _ = session.line("strategy recyclerview")
        #expect((document(session, "check --json")["neverPooled"] as? [[String: Any]])?.isEmpty == true)
    }
}
