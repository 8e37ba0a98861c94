import Foundation
import Testing
@testable import ReuseShell
import ReuseEngine

/// `reload PATH [payload]` and `set` on a list row: a data change reconfigures
/// the row it names and nothing else.
@Suite struct DataChangeTests {
    static let feed = """
    attribute liked kind bool
    component Heart view UIButton { title: Like, tap: like }
    component Post view UIView { backgroundColor: white, liked: false } children Heart
    list Feed rows 100 viewport 4 cells Post
    register Feed Post
    """

    /// Only the named row's views see events, under every strategy.
    @Test(arguments: StrategyRegistry.names)
    func reloadChangesOnlyThatRow(_ strategy: String) {
        let session = Session(Self.feed + "\nstrategy \(strategy)\nmount Feed\n")
        let rows = (document(session, "components --json")["components"] as? [[String: Any]] ?? [])
        let row2 = Set(rows.filter { ($0["path"] as? String)?.hasPrefix("Feed/2") == true }.compactMap { $0["view"] as? String })
        for command in ["reload Feed/2", "reload Feed/2/Heart payload", "set Feed/2 liked true"] {
            #expect(session.line(command).ok, "\(command)")
            let touched = Set(events(session, "--pass \(stat(session, "passes"))").compactMap { $0["view"] as? String })
            // The row's own views, or the holders a RecyclerView animation brings in.
            let others = touched.subtracting(row2).filter { view in
                let path = document(session, "config \(view) --json")["path"] as? String ?? ""
                return !path.hasPrefix("Feed/2")
            }
            #expect(others.isEmpty, "\(strategy) '\(command)' touched \(others.sorted())")
            #expect(session.line("check").ok)
        }
    }

    /// UIKit reconfigures the named row (`reconfigureRows`): `set` on a row no
    /// longer sets every visible cell again. Its `cellForRowAt` sets the
    /// cell and the cell's own subviews (the heart) alike.
    @Test func uikitSetReconfiguresOnlyTheNamedRow() {
        let session = Session(Self.feed + "\nstrategy uikit\nmount Feed\n")
        _ = session.line("set Feed/1 liked true")
        let applied = events(session, "--pass 2 --kind apply")
        #expect(applied.compactMap { $0["path"] as? String } == ["Feed/1", "Feed/1", "Feed/1/Heart", "Feed/1/Heart"])
        #expect(document(session, "config Feed/1 --json")["properties"].flatMap { ($0 as? [String: Any])?["liked"] as? Bool } == true)
    }

    /// `notifyItemChanged` without a payload: the default item animator binds a
    /// second holder for the change and the old one goes to the pool (the
    /// flicker); with a payload the holder is bound in place. The old holder
    /// leaves the list (detached, RecyclerView.java 9651-9655) for the pool.
    @Test func recyclerViewFlickerBindsASecondHolder() throws {
        let session = Session(Self.feed + "\nstrategy recyclerview\nmount Feed\n")
        let before = try #require(document(session, "config Feed/2 --json")["view"] as? String)
        _ = session.line("reload Feed/2")
        let after = try #require(document(session, "config Feed/2 --json")["view"] as? String)
        #expect(after != before)
        let pass = events(session, "--pass 2")
        #expect(pass.contains { $0["kind"] as? String == "detach" && $0["view"] as? String == before })
        #expect(pass.contains { $0["kind"] as? String == "create" && $0["view"] as? String == after })
        _ = session.line("reload Feed/2 payload")
        #expect(document(session, "config Feed/2 --json")["view"] as? String == after)
        #expect(events(session, "--pass 3 --kind create,reuse,hide,detach").isEmpty)
    }

    @Test func reloadErrors() {
        let session = Session(Self.feed + "\ncomponent Banner view UILabel { text: Sale }\nmount Banner Feed\n")
        #expect(session.error("reload Banner") == "<stdin>:1:8: error: 'Banner' is not in a list row: reload reconfigures one row of a list, or a whole list named by its PATH ('remount' runs a full pass)")
        #expect(session.error("reload Feed/50").hasPrefix("<stdin>:1:8: error: row 50 of 'Feed' is not on screen"))
        #expect(session.error("reload Feed/1 payloads") == "<stdin>:1:15: error: reload: unexpected 'payloads'")
        #expect(session.error("reload") == "<stdin>:1:7: error: reload: expected a PATH inside a list row (e.g. Feed/3), or a list's PATH")
    }
}

/// `tap VIEW` fires the view's tap handlers: as many as the additive `tap`
/// attribute left on it.
@Suite struct TapTests {
    static let feed = """
    component Heart view UIButton { title: Like, tap: like }
    list Feed rows 10 viewport 2 cells Heart
    register Feed Heart
    """

    @Test(arguments: [("uikit", 2), ("theodolite", 1)])
    func tapCountsHandlers(_ strategy: String, _ handlers: Int) {
        let session = Session(Self.feed + "\nstrategy \(strategy)\nmount Feed\nscroll Feed by 2\n")
        let ran = document(session, "tap Feed/2 --json")["ran"] as? [String]
        #expect(ran == Array(repeating: "like", count: handlers))
        let text = session.line("tap Feed/2").output
        #expect(text.contains(handlers == 1 ? "1 tap handler ran: like" : "2 tap handlers ran: like, like (a handler added more than once"))
    }

    @Test func aHiddenViewGetsNoTaps() {
        let session = Session(Self.feed + "\nstrategy uikit\nmount Feed\nhide Feed/1\n")
        #expect(session.error("tap v4").hasPrefix("<stdin>:1:5: error: tap: v4 is hidden: a view nobody can see gets no taps"))
        // With --json, the error is a JSON document too.
        #expect(session.error("tap v4 --json") == #"{"error":{"message":"tap: v4 is hidden: a view nobody can see gets no taps","file":"<stdin>","line":1,"column":5,"length":2,"input":"tap v4 --json"}}"#)
        #expect(session.error("tap") == "<stdin>:1:4: error: tap: expected a VIEW to tap (e.g. v5 or Feed/1/Heart)")
        #expect(session.line("tap v1").output == "v1 root: no tap handler ran (it has none)\n")
    }
}
