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
}
