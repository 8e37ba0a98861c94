import Foundation
import ReuseEngine
import Testing
@testable import ReuseShell

/// Screens as apps build them: lists inside lists, cells that own their
/// subviews, whole-list reloads and replaced rows, under every strategy,
/// read through the shell's JSON output.
@Suite struct RealScreenTests {
    /// A feed of carousels (the most common screen of shopping, video and
    /// news apps), registered for uikit (harmless under the others).
    static let carousels = """
    component Title view UILabel { text: "Item {i}" }
    list Carousel rows 20 viewport 3 cells Title
    list Feed rows 100 viewport 2 cells Carousel
    register Carousel Title
    register Feed Carousel
    """

    /// A feed whose cells hold a heart button, mounted under `strategy`
    /// (registered for uikit, harmless under the others).
    static func hearts(_ strategy: String) -> String {
        """
        component Heart view UIButton { title: Like }
        component Row view UIView { backgroundColor: white } children Heart
        list Feed rows 100 viewport 3 cells Row
        strategy \(strategy)
        register Feed Row
        mount Feed
        """
    }

    /// A flat feed of titles, `viewport` rows on screen, under `strategy`.
    static func titles(_ strategy: String, viewport: Int = 3) -> String {
        """
        component Title view UILabel { text: "Item {i}" }
        list Feed rows 100 viewport \(viewport) cells Title
        strategy \(strategy)
        register Feed Title
        mount Feed
        """
    }

    /// The paths `components --json` lists, in tree order.
    static func paths(_ session: Session) -> [String] {
        (document(session, "components --json")["components"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }

    /// `check --json`'s broken invariants and leaks.
    static func findings(_ session: Session) -> (invariants: [String], leaks: [[String: Any]]) {
        let report = document(session, "check --json")
        let invariants = (report["invariants"] as? [Any] ?? []).map { "\($0)" }
        return (invariants, report["leaks"] as? [[String: Any]] ?? [])
    }

    @Test(arguments: StrategyRegistry.names)
    func carouselsMountTheirRowsScrollAloneAndMoveWithTheirRow(strategy: String) {
        let session = Session("strategy \(strategy)\n" + Self.carousels)
        #expect(session.line("mount Feed").ok)
        // Each carousel mounts the rows of its viewport, each in its cell.
        #expect(Self.paths(session) == ["Feed", "Feed/0", "Feed/0/0", "Feed/0/1", "Feed/0/2",
                                        "Feed/1", "Feed/1/0", "Feed/1/1", "Feed/1/2"])
        let lines = ["scroll Feed/0 by 2", "scroll Feed by 1", "scroll Feed/2 by 5", "scroll Feed by 1", "scroll Feed by -2",
                     "scroll Feed/1 by 1", "scroll Feed to 98", "scroll Feed to 0", "reload Feed", "reload Feed/0",
                     "reload Feed/1/1 replace", "set Feed/1/1 text \"Sale\"", "hide Feed/1/2", "show Feed/1/2", "remount"]
        for line in lines {
            #expect(session.line(line).ok, "\(strategy): \(line)")
            #expect(Self.findings(session).invariants.isEmpty, "\(strategy) after \(line): \(Self.findings(session).invariants)")
        }
        // The inner list scrolled alone: row 1 of the feed shows its own rows.
        #expect(Self.paths(session).contains("Feed/1/1"))
        #expect(session.line("scroll Feed/1 by 3").ok)
        #expect(Self.paths(session).filter { $0.hasPrefix("Feed/1/") }.count == 3)
        #expect(!Self.paths(session).contains("Feed/1/0"))
        #expect(Self.findings(session).invariants.isEmpty)
    }

    /// UIKit (and its diffable and IGListKit variants): a `UICollectionView`
    /// in a cell is a `UIScrollView`, whose `contentOffset` is the view's
    /// (UIScrollView.h); a dequeued cell keeps it. RecyclerView: the inner LayoutManager keeps its position
    /// with the holder. The component frameworks keep it by the item.
    @Test(arguments: StrategyRegistry.names)
    func aReusedCarouselShowsTheOffsetOfItsLastRowWhereTheViewOwnsIt(strategy: String) {
        let session = Session("strategy \(strategy)\n" + Self.carousels + "\nmount Feed\nscroll Feed/0 by 2")
        // Row 0 leaves; row 2's carousel gets a cell (row 0's, under the
        // queue strategies) and shows its rows.
        _ = session.line("scroll Feed by 2")
        let uikitQueues = ["uikit", "uikit-diffable", "iglistkit"].contains(strategy)
        let ownsOffset = uikitQueues || strategy == "recyclerview"
        let inner = Self.paths(session).filter { $0.hasPrefix("Feed/3/") }
        let leaks = Self.findings(session).leaks.filter { $0["property"] as? String == "contentOffset" }
        if uikitQueues {
            // Row 3 got row 0's cell from the queue, scrolled to 2.
            #expect(inner == ["Feed/3/2", "Feed/3/3", "Feed/3/4"])
            #expect(leaks.count == 1)
            let source = (leaks.first?["sources"] as? [[String: Any]])?.first
            #expect(source?["path"] as? String == "Feed/0")
            #expect(leaks.first?["path"] as? String == "Feed/3")
            let why = session.line("why Feed/3 contentOffset").output
            #expect(why.contains("brought it from Feed/0"))
            #expect(why.contains("saves offset"))
        } else if !ownsOffset {
            // The offset belongs to the item: row 3 starts at its own (0).
            #expect(inner == ["Feed/3/0", "Feed/3/1", "Feed/3/2"])
            #expect(leaks.isEmpty)
        }
        // The item's own scroll is no leak.
        #expect(session.line("scroll Feed/2 by 1").ok)
        #expect(Self.findings(session).leaks.filter { ($0["path"] as? String) == "Feed/2" }.isEmpty)
    }

    /// The app's fix: each item's offset saved and restored at bind.
    @Test func savesOffsetRestoresEachItemsOwnOffsetUnderUIKit() {
        let session = Session("strategy uikit\n" + Self.carousels.replacingOccurrences(
            of: "list Carousel rows 20 viewport 3 cells Title", with: "list Carousel rows 20 viewport 3 cells Title saves offset")
            + "\nmount Feed\nscroll Feed/0 by 2\nscroll Feed by 2")
        #expect(Self.paths(session).filter { $0.hasPrefix("Feed/3/") } == ["Feed/3/0", "Feed/3/1", "Feed/3/2"])
        #expect(Self.findings(session).leaks.isEmpty)
        // Row 0 comes back at the offset it left with.
        _ = session.line("scroll Feed to 0")
        #expect(Self.paths(session).filter { $0.hasPrefix("Feed/0/") } == ["Feed/0/2", "Feed/0/3", "Feed/0/4"])
        #expect(Self.findings(session).leaks.isEmpty)
        // The definition states it.
        #expect(session.line("list Strip rows 5 viewport 2 cells Title saves offset").output.contains("saves offset"))
    }

    /// UIKit builds a cell's subviews once (init, nib) and keeps them:
    /// `set` on a subview changes that subview, and what the next row's
    /// configure does not set stays (the red heart, written naturally).
    @Test func aCellsSubviewIsConfiguredInPlaceAndItsStaleValueLeaksUnderUIKit() {
        let session = Session(Self.hearts("uikit"))
        let created = stat(session, "created")
        _ = session.line("set Feed/1/Heart alpha 0.5")
        // No second heart inside the cell.
        #expect(stat(session, "created") == created)
        let reuse = events(session, "--kind apply").last
        #expect(reuse?["path"] as? String == "Feed/1/Heart")
        _ = session.line("scroll Feed by 2")
        _ = session.line("scroll Feed by 2")
        let leak = Self.findings(session).leaks.first { $0["property"] as? String == "alpha" }
        #expect(leak?["path"] as? String == "Feed/5/Heart")
        #expect((leak?["sources"] as? [[String: Any]])?.first?["path"] as? String == "Feed/1/Heart")
        #expect(session.line("why Feed/5/Heart alpha").output.contains("Feed/5/Heart's configuration does not set alpha"))
        #expect(Self.findings(session).invariants.isEmpty)
    }

    /// RecyclerView: `set` stays a data change of the row, and
    /// notifyItemChanged's change animation binds a second holder, which
    /// brings its own subviews (onCreateViewHolder); the old holder's heart
    /// is untouched and goes to the pool with it.
    @Test func aChangeOfACellsSubviewBindsASecondHolderWithItsOwnSubviewsUnderRecyclerView() {
        let session = Session(Self.hearts("recyclerview"))
        let before = document(session, "config Feed/1/Heart --json")["view"] as? String
        let created = stat(session, "created")
        _ = session.line("set Feed/1/Heart alpha 0.5")
        // A new holder and its own heart; no second heart inside the old one.
        #expect(stat(session, "created") == created + 2)
        let after = document(session, "config Feed/1/Heart --json")["view"] as? String
        #expect(after != before)
        let created2 = events(session, "--pass 2 --kind create").compactMap { $0["path"] as? String }
        #expect(created2 == ["Feed/1", "Feed/1/Heart"])
        #expect(Self.findings(session).invariants.isEmpty)
    }

    /// Under theodolite a subview is a component: another shape is another pool.
    @Test func underTheodoliteAShapeChangeInACellStillTakesAnotherView() {
        let session = Session(Self.hearts("theodolite"))
        let created = stat(session, "created")
        _ = session.line("set Feed/1/Heart alpha 0.5")
        #expect(stat(session, "created") == created + 1)
    }

    /// `reloadData`: every visible cell goes back to the queue, and each row
    /// dequeues again, `prepareForReuse` running on each (UITableView's
    /// reloadData documentation: "the table view redisplays only those rows
    /// that are visible"; UIKit's source is closed, so the order cells
    /// come back in is the queue's: last in, first out).
    @Test func reloadDataRedequeuesEveryVisibleRowUnderUIKit() {
        let session = Session(Self.titles("uikit"))
        _ = session.line("reload Feed")
        let pass = document(session, "stats --pass 2 --json")["counts"] as? [String: Any]
        #expect(pass?["created"] as? Int == 0)
        #expect(events(session, "--kind prepareForReuse").count == 3)
        #expect(events(session, "--kind hide").count == 3)
    }

    /// `notifyDataSetChanged` (RecyclerView.java, AlanCheen/recyclerview-mirror
    /// 041abfb: markKnownViewsInvalid 5170-5180 and 7506-7520,
    /// recycleAndClearCachedViews 6957-6966; detachAndScrapAttachedViews
    /// 9931-9937 and scrapOrRecycleView 9939-9955 send each invalid holder,
    /// last child first, to the pool): the cache empties into the pool and
    /// every visible holder goes there too; a pool of 2 per type keeps the
    /// last two rows' holders and drops the rest, so rows 0 and 1 take
    /// those two (rebound) and rows 2 and 3 get new holders.
    @Test func notifyDataSetChangedSendsEveryHolderToThePool() {
        let session = Session(Self.titles("recyclerview pool 2", viewport: 4))
        _ = session.line("reload Feed")
        #expect(events(session, "--kind recycle").count == 4)
        // Two holders in the pool, rebound; two more made.
        #expect((document(session, "stats --pass 2 --json")["counts"] as? [String: Any])?["created"] as? Int == 2)
        let rebound = events(session, "--pass 2 --kind reuse").compactMap { $0["path"] as? String }
        #expect(rebound == ["Feed/0", "Feed/1"])
        #expect(events(session, "--pass 2 --kind remove").count == 2)
        #expect(Self.findings(session).invariants.isEmpty)
    }

    /// `reloadRows`: the row gets another cell from the queue (a new one when
    /// it is empty), and the old cell joins the queue only after.
    @Test func reloadRowsReplaceGivesTheRowAnotherCellUnderUIKit() {
        let session = Session(Self.titles("uikit"))
        let before = document(session, "config Feed/1 --json")["view"] as? String
        _ = session.line("reload Feed/1 replace")
        let after = document(session, "config Feed/1 --json")["view"] as? String
        #expect(before != after)
        #expect(stat(session, "created") == 5)
        // Again: the old cell waits in the queue now, and is taken.
        _ = session.line("reload Feed/1 replace")
        #expect(stat(session, "created") == 5)
        #expect(document(session, "config Feed/1 --json")["view"] as? String == before)
        #expect(events(session, "--kind prepareForReuse").count == 1)
        // Plain reload is reconfigureRows: the cell stays.
        _ = session.line("reload Feed/1")
        #expect(document(session, "config Feed/1 --json")["view"] as? String == before)
    }

    /// Nested RecyclerViews sharing one RecycledViewPool
    /// (`RecyclerView.setRecycledViewPool`, RecyclerView.java): a holder one
    /// carousel recycled is taken by another, and moves to it.
    @Test func nestedRecyclerViewsShareOnePoolWithSharedOn() {
        let session = Session("strategy recyclerview shared on cache 0 prefetch 0\n" + Self.carousels + "\nmount Feed")
        // Feed/0's row 1 leaves (hidden): its holder goes to the shared pool.
        _ = session.line("hide Feed/0/1")
        let created = stat(session, "created")
        // A change of Feed/1's row 1 binds a second holder: the one Feed/0 gave back.
        _ = session.line("reload Feed/1/1")
        #expect(stat(session, "created") == created)
        #expect(events(session, "--kind reparent").count == 1)
        #expect(Self.findings(session).invariants.isEmpty)
        // Without sharing, each carousel's pool is its own.
        let alone = Session("strategy recyclerview cache 0 prefetch 0\n" + Self.carousels + "\nmount Feed")
        _ = alone.line("hide Feed/0/1")
        let before = stat(alone, "created")
        _ = alone.line("reload Feed/1/1")
        #expect(stat(alone, "created") == before + 1)
    }

    /// A scroll that runs as a full pass (a definition changed since the
    /// last) still scrolls the view where the view owns its offset.
    @Test(arguments: ["uikit", "recyclerview", "theodolite"])
    func anInnerScrollAfterARedefinitionMovesTheWindow(strategy: String) {
        let session = Session("strategy \(strategy)\n" + Self.carousels + """

        mount Feed
        component Title view UILabel { text: "X {i}" }
        scroll Feed/0 by 1
        """)
        #expect(Self.paths(session).filter { $0.hasPrefix("Feed/0/") } == ["Feed/0/1", "Feed/0/2", "Feed/0/3"])
        #expect(Self.findings(session).invariants.isEmpty)
        #expect(Self.findings(session).leaks.isEmpty)
    }

    /// A header or footer is dequeued as a cell is (UITableView's
    /// header-footer queue): a list in it keeps its contentOffset in its
    /// view, which a footer dequeued from the same queue brings.
    @Test func aListInAHeaderKeepsItsOffsetInItsViewUnderUIKit() {
        let session = Session("""
        strategy uikit
        component Title view UILabel { text: "Item {i}" }
        list Carousel rows 20 viewport 3 cells Title
        list Feed rows 10 viewport 2 cells Title header Carousel footer Carousel
        register Feed Title
        register Feed Carousel
        register Carousel Title
        mount Feed
        scroll Feed/Carousel by 3
        """)
        #expect(document(session, "config Feed/Carousel --json")["properties"].flatMap { ($0 as? [String: Any])?["contentOffset"] as? Int } == 3)
        _ = session.line("scroll Feed to 8")
        let leak = Self.findings(session).leaks.first { $0["property"] as? String == "contentOffset" }
        #expect(leak?["path"] as? String == "Feed/Carousel[1]")
        #expect((leak?["sources"] as? [[String: Any]])?.first?["path"] as? String == "Feed/Carousel[0]")
        #expect(Self.paths(session).contains("Feed/Carousel[1]/3"))
    }

    /// A carousel's own row of the feed takes `replace` and `payload`.
    @Test func aListInARowTakesTheRowsReload() {
        let session = Session("strategy uikit\n" + Self.carousels + "\nmount Feed")
        let before = document(session, "config Feed/1 --json")["view"] as? String
        #expect(session.line("reload Feed/1 replace").ok)
        #expect(document(session, "config Feed/1 --json")["view"] as? String != before)
        #expect(Self.paths(session).filter { $0.hasPrefix("Feed/1/") } == ["Feed/1/0", "Feed/1/1", "Feed/1/2"])
        #expect(Self.findings(session).invariants.isEmpty)
    }

    /// UIKit's `cellForRowAt` sets the cell's subviews on every bind, as it
    /// sets the cell: a reused cell's heart gets its title again, not a skip.
    @Test func aBoundCellsSubviewsAreSetAgainUnderUIKit() {
        let session = Session(Self.hearts("uikit") + "\nscroll Feed by 1")
        let heart = events(session, "--pass 2").filter { ($0["path"] as? String) == "Feed/3/Heart" }.compactMap { $0["kind"] as? String }
        #expect(heart.contains("apply"))
        #expect(!heart.contains("skip"))
    }

    @Test func payloadAndReplaceAreRefusedForAWholeList() {
        let session = Session(Self.carousels + "\nmount Feed")
        #expect(session.error("reload Feed replace").contains("reloads one row; Feed is a list in no row"))
        #expect(session.error("reload Feed payload").contains("reloads one row"))
        #expect(session.line("reload Feed").ok)
    }
}
