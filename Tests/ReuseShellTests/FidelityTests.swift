import Foundation
import Testing
@testable import ReuseShell

/// Reads the JSON document a command printed.
func document(_ session: Session, _ command: String) -> [String: Any] {
    let (_, output) = session.line(command)
    return (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any] ?? [:]
}

/// The events of `log --json` (optionally filtered by kind), as dictionaries.
func events(_ session: Session, _ filter: String = "") -> [[String: Any]] {
    document(session, "log --json --last 1000 " + filter)["events"] as? [[String: Any]] ?? []
}

/// A running total from `stats --json`.
func stat(_ session: Session, _ name: String) -> Int {
    (document(session, "stats --json")["counts"] as? [String: Any])?[name] as? Int ?? -1
}

/// The root's node of `tree --json` (the document's `tree`).
func treeRoot(_ session: Session, _ command: String = "tree --json") -> [String: Any] {
    document(session, command)["tree"] as? [String: Any] ?? [:]
}

/// One rule of each strategy, as `../shared/REFERENCE.md` states it, pinned
/// by a scenario of its own and read through the shell's JSON output.
@Suite struct Theodolite2019FidelityTests {
    @Test func poolKeyIsTheWholeConfigurationWithoutTheComponentType() {
        let session = Session("""
        component A view UIView { backgroundColor: red }
        component B view UIView { backgroundColor: red }
        component C view UIView { backgroundColor: blue }
        strategy theodolite-2019
        mount A
        """)
        // B asks for the same configuration A had: it takes A's view.
        _ = session.line("mount B")
        #expect(stat(session, "created") == 1)
        let reuse = events(session, "--kind reuse").last
        #expect(reuse?["component"] as? String == "B")
        let key = reuse?["key"] as? [String: Any]
        #expect(key?["component"] is NSNull)
        #expect(key?["qualifier"] as? String == "{backgroundColor=red}")
        // Another value is another pool: C gets a new view.
        _ = session.line("mount C")
        #expect(stat(session, "created") == 2)
    }

    @Test func everyPoolIsResetAtTheEndOfTheMount() {
        let session = Session("""
        component Foo view UIView { backgroundColor: red }
        component Card view UIView { alpha: 0.5 } children Foo
        strategy theodolite-2019
        mount Card
        hide Card/Foo
        """)
        // Nothing mounts into Card's view any more; its pool is reset anyway.
        #expect(document(session, "config v3 --json")["visibility"] as? String == "hidden")
        #expect(session.line("check").ok)
    }

    /// Before the fix, only a remounted owner's `componentDidMount` reset its
    /// view's pools: the root hosting view has no owner, so a component that
    /// leaves the root keeps its view visible.
    @Test func bug27OptionKeepsViewsOfALeavingComponentVisible() {
        let session = Session("""
        component Foo view UIView { backgroundColor: red }
        component Bar view UIView { backgroundColor: blue }
        component Card view UIView { alpha: 0.5 } children Foo
        strategy theodolite-2019 bug27 on
        mount Card Bar
        hide Card/Foo
        """)
        // Card is remounted: its componentDidMount resets its pool, Foo is hidden.
        #expect(document(session, "config v3 --json")["visibility"] as? String == "hidden")
        #expect(session.line("check").ok)
        // Bar leaves the root, whose pools nobody resets.
        _ = session.line("mount Card")
        #expect(document(session, "config v4 --json")["visibility"] as? String == "visible")
        let check = session.line("check")
        #expect(!check.ok)
        #expect(check.output.contains("v4: is visible but no component holds it"))
        #expect(session.line("strategy").output.contains("* theodolite-2019  full-configuration pools; own view first; bug #27 restored"))
    }

    @Test func subviewsAreNotReordered() {
        let script = """
        component Foo view UIView { backgroundColor: red }
        component Bar view UIView { alpha: 0.5 }
        component Box view UIView children Foo Bar
        strategy theodolite-2019
        mount Box
        component Box view UIView children Bar Foo
        remount
        """
        let fixed = Session(script)
        #expect(events(fixed, "--kind reorder").isEmpty)
        let box = (treeRoot(fixed)["children"] as? [[String: Any]])?.first
        #expect((box?["children"] as? [[String: Any]] ?? []).compactMap { $0["view"] as? String } == ["v3", "v4"])
        // Before the fix, the owner's componentDidMount reset reordered its view.
        let buggy = Session(script.replacingOccurrences(of: "theodolite-2019", with: "theodolite-2019 bug27 on"))
        #expect(events(buggy, "--kind reorder").count == 1)
    }

    /// Without its own view, a component checks out the free view that has
    /// waited longest. A pool is a list in check-in order: `checkinView`
    /// appends, `checkoutView` takes the instance's own view, else
    /// `views.first`, and a reset hides views without taking them out
    /// (TheodoliteGroup/Theodolite 49021b9 `View/Reuse/ViewPool.swift` lines
    /// 24-30, 41-67). Every layout first unmounts the whole tree, checking
    /// views in in tree order (`Integration/ComponentHostingView.swift` lines
    /// 66-73, `Core/Lifecycle/MountContext.swift` lines 72-89). So a view left
    /// unclaimed by an earlier mount comes before the views the last mount held.
    @Test func checkOutHandsOutTheViewThatWaitedLongest() {
        let session = Session("""
        component A view UIView { backgroundColor: red }
        component B view UIView { backgroundColor: red }
        component C view UIView { backgroundColor: red }
        component D view UIView { backgroundColor: red }
        strategy theodolite-2019
        mount A B
        mount A
        """)
        // A kept v2; B's v3 waits hidden, checked in one mount earlier than v2.
        #expect(document(session, "config v3 --json")["visibility"] as? String == "hidden")
        _ = session.line("mount C D")
        // The pool's list is [v3, v2]: C takes v3 (not v2, the first made), D takes v2.
        #expect(document(session, "config C --json")["view"] as? String == "v3")
        #expect(document(session, "config D --json")["view"] as? String == "v2")
        let reuses = events(session, "--pass 3 --kind reuse")
        #expect(reuses.compactMap { $0["view"] as? String } == ["v3", "v2"])
        #expect(reuses.compactMap { $0["previousPath"] as? String } == ["B", "A"])
        #expect(stat(session, "created") == 2)
        #expect(session.line("check").ok)
    }
}

@Suite struct UIKitFidelityTests {
    static let feed = """
    component Title view UILabel { text: "Post {i}" }
    component Post view UIView { backgroundColor: white } children Title
    component Ad view UIImageView { image: "ad{i}" }
    component Top view UILabel { text: Top }
    list Feed rows 100 viewport 4 cells Post Ad header Top
    strategy uikit
    """

    /// Registering another cell type under an identifier replaces its entry:
    /// later dequeues make the new class, and `check` reports the rows that
    /// got a cell of the wrong class, saying why.
    @Test func oneIdentifierIsOneClass() throws {
        let session = Session(Self.feed + "\nregister Feed Post as Cell\nregister Feed Ad as AdCell\nmount Feed\n")
        let note = session.line("register Feed Ad as Cell").output
        #expect(note.contains("note: \"Cell\" was Post's identifier: one identifier is one class, so Post rows now get Ad cells"))
        _ = session.line("scroll Feed by 4")
        let check = document(session, "check --json")
        let wrong = try #require(check["wrongClasses"] as? [[String: Any]])
        let post = try #require(wrong.first { $0["component"] as? String == "Post" })
        #expect(post["asks"] as? String == "UIView")
        #expect(post["viewClass"] as? String == "UIImageView")
        #expect((post["why"] as? String)?.contains("identifier \"Cell\" makes Ad cells") == true)
        #expect((check["invariants"] as? [Any])?.isEmpty == true)
        #expect(session.line("check").output.contains("wrong class "))
    }

    /// `dequeueReusableHeaderFooterView(withIdentifier:)` returns nil for an
    /// identifier nobody registered: the header is absent, the list mounts.
    @Test func unregisteredHeaderFooterIdentifierLeavesTheHeaderOut() throws {
        let session = Session(Self.feed + "\nregister Feed Post\nregister Feed Ad\n")
        #expect(session.line("mount Feed").ok)
        let tree = treeRoot(session)
        let host = try #require((tree["children"] as? [[String: Any]])?.first)
        let classes = (host["children"] as? [[String: Any]] ?? []).compactMap { $0["viewClass"] as? String }
        #expect(classes == ["UIView", "UIImageView", "UIView", "UIImageView"])
        #expect(session.line("check").ok)
    }

    /// Dequeuing a cell identifier nobody registered raises, with UIKit's message.
    @Test func unregisteredCellIdentifierIsRefused() {
        let session = Session(Self.feed + "\nregister Feed Post\n")
        #expect(session.error("mount Feed").contains("unable to dequeue a cell with identifier Ad - must register a nib or a class for the identifier"))
    }
}

@Suite struct ValdiFidelityTests {
    static let feed = """
    component Post view UIView { backgroundColor: white, tap: open }
    component Ad view UIView { backgroundColor: yellow }
    component Promo view UIView { backgroundColor: yellow, alpha: 0.5 }
    list Feed rows 100 viewport 1 cells Post Ad Promo
    """

    /// A rebind diffs the new render against the old: a changed attribute is
    /// applied, an equal one left alone, and one the new render no longer
    /// sets is reset, so nothing leaks (`ViewNodeAttributesApplier.cpp`).
    @Test func rebindAppliesOnlyChangedAttributesAndResetsDroppedOnes() {
        let session = Session(Self.feed + "\nstrategy valdi-rebind\nmount Feed\n")
        // Row 1 (Ad) takes row 0's Post view: tap is dropped, backgroundColor changes.
        _ = session.line("scroll Feed by 1")
        let bind = events(session, "--pass 2")
        let resets = bind.filter { $0["kind"] as? String == "reset" }
        #expect(resets.count == 1)
        #expect(resets.first?["note"] as? String == "tap reset: the new render no longer sets it (was \"open\")")
        let applied = bind.filter { $0["kind"] as? String == "apply" }.compactMap { $0["attribute"] as? String }
        #expect(applied == ["backgroundColor"])
        #expect(stat(session, "leaks") == 0)
        // Row 2 (Promo) keeps backgroundColor yellow: only alpha is applied.
        _ = session.line("scroll Feed by 1")
        let next = events(session, "--pass 3")
        #expect(next.filter { $0["kind"] as? String == "apply" }.compactMap { $0["attribute"] as? String } == ["alpha"])
        #expect(next.contains { $0["kind"] as? String == "skip" && $0["attribute"] as? String == "backgroundColor" })
    }

    /// Valdi's own views go through one global pool per view class, first in,
    /// first out, reset before they enter it (Snapchat/Valdi 1ca7a06
    /// `runtime/Views/ViewFactory.cpp` lines 27-46, `runtime/Context/ViewNode.cpp`
    /// lines 357-381); whichever parent takes a view adds it as a subview; the
    /// root and list cells are never pooled.
    @Test func viewsGoThroughOneGlobalFirstInFirstOutPoolPerClass() {
        let session = Session("""
        component A view UIView { backgroundColor: red }
        component B view UIView { alpha: 0.5 }
        component L view UILabel { text: x }
        component Box view UIView children A L
        component Pane view UIView children B
        strategy valdi-rebind
        mount Box Pane
        mount Pane
        """)
        // Box left: its view and the views inside it are reset and pooled, oldest first.
        let pooled = events(session, "--pass 2 --kind reset").compactMap { $0["view"] as? String }
        #expect(pooled == ["v2", "v3", "v4"])
        #expect(events(session, "--pass 2 --kind reset").allSatisfy {
            $0["note"] as? String == "its node went: attributes reset before it enters the pool of its class"
        })
        _ = session.line("component Pane view UIView children B B L")
        _ = session.line("remount")
        // The new B takes the oldest pooled UIView (v2, not v3) into Pane; the label too.
        let inserted = events(session, "--pass 3 --kind insert")
        #expect(inserted.compactMap { $0["view"] as? String } == ["v2", "v4"])
        #expect(inserted.allSatisfy { $0["parent"] as? String == "v5" })
        #expect(document(session, "config Pane/B[1] --json")["view"] as? String == "v2")
        #expect(stat(session, "created") == 5)
        #expect(session.line("check").ok)
    }

    /// A pooled view leaves its superview: `ViewNode::setView` removes the old
    /// view from its parent before it restores its attributes and enqueues it
    /// (Snapchat/Valdi 1ca7a06 `runtime/Context/ViewNode.cpp` lines 357-381;
    /// `removeView` first takes the child views out of it, lines 407-415), and
    /// on iOS that removal is `removeFromSuperview`
    /// (`ios/CPPBindings/SCValdiViewTransaction.mm` lines 144-153). So it waits
    /// detached, not as a hidden subview, until a parent adds it again.
    @Test func pooledViewsWaitDetachedFromAnySuperview() {
        let session = Session("""
        component A view UIView { backgroundColor: red }
        component L view UILabel { text: x }
        component Box view UIView children A L
        component Pane view UIView children A
        strategy valdi-rebind
        mount Box Pane
        mount Pane
        """)
        // Box left: each of its views leaves its superview (a view before the views inside it).
        let detached = events(session, "--pass 2 --kind detach")
        #expect(detached.compactMap { $0["view"] as? String } == ["v2", "v3", "v4"])
        #expect(detached.compactMap { $0["parent"] as? String } == ["v1", "v2", "v2"])
        for view in ["v2", "v3", "v4"] {
            let config = document(session, "config \(view) --json")
            #expect(config["visibility"] as? String == "detached")
            #expect(config["hidden"] as? Bool == false)
            #expect(config["key"] is NSNull)
        }
        #expect(events(session, "--pass 2 --kind hide").isEmpty)
        // Not in the tree (no hidden subviews anywhere), but named beside it and in `pools`.
        let tree = document(session, "tree --json")
        #expect(((tree["tree"] as? [String: Any])?["children"] as? [[String: Any]])?.compactMap { $0["view"] as? String } == ["v5"])
        let waiting = (tree["classPools"] as? [[String: Any]])?.map { pool in
            (pool["viewClass"] as? String ?? "", (pool["views"] as? [[String: Any]] ?? []).compactMap { $0["view"] as? String })
        }
        #expect(waiting?.map { $0.0 } == ["UIView", "UILabel"])
        #expect(waiting?.map { $0.1 } == [["v2", "v3"], ["v4"]])
        let pools = document(session, "pools --json")["classPools"] as? [[String: Any]]
        #expect(pools?.compactMap { $0["viewClass"] as? String } == ["UIView", "UILabel"])
        #expect(session.line("check").output.hasPrefix("invariants  ok (6 views)"))
        // A parent that takes one adds it as a subview again.
        _ = session.line("component Pane view UIView children A L")
        _ = session.line("remount")
        #expect(events(session, "--pass 3 --kind insert").map { [$0["view"] as? String, $0["parent"] as? String] } == [["v4", "v5"]])
        #expect(document(session, "config Pane/L --json")["view"] as? String == "v4")
        #expect(document(session, "config v4 --json")["visibility"] as? String == "visible")
        #expect(session.line("check").ok)
    }
}


@Suite struct ComponentKitFidelityTests {
    static let card = """
    component Foo view UIView { backgroundColor: red }
    component Bar view UILabel { text: bar }
    component Card view UIView { alpha: 0.5 } children Foo Bar
    strategy componentkit
    mount Card
    """

    /// `didEnterReusePool` / `willLeaveReusePool` reach the descendants of the
    /// view going into or out of the pool (`ComponentViewReuseUtilities.mm`).
    @Test func poolHooksReachDescendants() {
        let session = Session(Self.card)
        _ = session.line("hide Card")
        let entered = events(session, "--pass 2 --kind enterPool").compactMap { $0["path"] as? String }
        #expect(entered == ["Card", "Card/Foo", "Card/Bar"])
        _ = session.line("show Card")
        let left = events(session, "--pass 3 --kind leavePool").compactMap { $0["path"] as? String }
        #expect(left == ["Card", "Card/Foo", "Card/Bar"])
        // A descendant already out of sight gets no second hook.
        _ = session.line("hide Card/Foo")
        _ = session.line("hide Card")
        #expect(events(session, "--pass 5 --kind enterPool").compactMap { $0["path"] as? String } == ["Card", "Card/Bar"])
    }

    /// The hooks (and the unhide) come when the container is reset, after the
    /// subtree mounted, not when the view is vended (`ViewReusePool::reset`).
    @Test func poolHooksFireWhenTheContainerIsReset() {
        let session = Session(Self.card + "\nhide Card\n")
        _ = session.line("show Card")
        let kinds = events(session, "--pass 3").compactMap { $0["kind"] as? String }
        #expect(kinds == ["reuse", "skip", "skip", "skip", "leavePool", "leavePool", "leavePool", "unhide"])
    }

    /// The reorder moves only the views vended in the pass into vend order;
    /// hidden views keep their places (`ViewReusePoolMap::reset`).
    @Test func reorderMovesOnlyVendedViews() throws {
        let session = Session("""
        component A view UIView { backgroundColor: red }
        component B view UIView { alpha: 0.5 }
        component C view UILabel { text: C }
        strategy componentkit
        mount A B C
        mount C A
        """)
        let tree = treeRoot(session)["children"] as? [[String: Any]] ?? []
        #expect(tree.compactMap { $0["view"] as? String } == ["v4", "v3", "v2"])
        #expect(tree.map { $0["hidden"] as? Bool } == [false, true, false])
    }
}

@Suite struct RecyclerViewFidelityTests {
    static let feed = """
    component Post view UILabel { text: "Post {i}" }
    component Ad view UIImageView { image: "ad{i}" }
    list Feed rows 1000 viewport 6 cells Post Post Ad
    """
    static let threeRows = """
    component Post view UILabel { text: "Post {i}" }
    list Feed rows 100 viewport 3 cells Post
    """

    /// `setMaxRecycledViews(type, max)`: one view type's pool is sized apart
    /// from the default. A jump (`scroll to`) is a relayout: every row is
    /// scrapped, the new rows are laid out (all created: nothing is in the
    /// pool yet), and the scrap is recycled when the layout ends.
    @Test func poolSizesPerViewType() throws {
        let session = Session(Self.feed + "\nstrategy recyclerview pool Ad 1 cache 0 prefetch 0\nmount Feed\n")
        _ = session.line("scroll Feed to 6")
        let pools = try #require((document(session, "pools v2 --json")["parents"] as? [[String: Any]])?.first?["pools"] as? [[String: Any]])
        func waiting(_ type: String) -> Int {
            let pool = pools.first { ($0["key"] as? [String: Any])?["component"] as? String == type }
            return (pool?["waiting"] as? [Any])?.count ?? -1
        }
        // Rows 0-5 reached the pools after rows 6-11 were laid out: the 4 Posts
        // wait, 1 Ad waits, the second Ad was dropped.
        let removed = events(session, "--kind remove")
        #expect(removed.count == 1)
        #expect(removed.first?["note"] as? String == "the pool for view type Ad is full (1)")
        #expect(waiting("Post") == 4 && waiting("Ad") == 1)
        #expect(stat(session, "created") == 1 + 6 + 6)
    }

    /// Scrolling prefetch adds to the cache once it runs (`updateViewCacheSize`):
    /// 2 + 1 by default. (Upstream, androidx recyclerview as mirrored in
    /// AlanCheen/recyclerview-mirror @041abfb: GapWorker.java 102-106 raises
    /// `mPrefetchMaxCountObserved`; RecyclerView.java 6502-6505 adds it to
    /// `mViewCacheMax`.)
    @Test func prefetchEnlargesTheCacheWhileScrolling() throws {
        for (prefetch, cached) in [(1, 3), (0, 2)] {
            let session = Session(Self.feed + "\nstrategy recyclerview prefetch \(prefetch)\nmount Feed\n")
            for _ in 0..<4 { _ = session.line("scroll Feed by 1") }
            let parent = (document(session, "pools v2 --json")["parents"] as? [[String: Any]])?.first
            #expect((parent?["cached"] as? [Any])?.count == cached, "prefetch \(prefetch)")
        }
    }

    /// Prefetch creates and binds: after a scroll step GapWorker obtains the
    /// next row in the scroll direction (cache, pool or a new holder), binds
    /// it and `recycleView`s it into the cache, so the next step takes it by
    /// position with no create and no bind. GapWorker.java 277-308
    /// (`prefetchPositionWithDeadline`), positions from
    /// LinearLayoutManager.java 1442-1455 and 1351-1357 (one, the next
    /// beyond the last child); `prefetch N` registers N, as
    /// GridLayoutManager.java 537-549 does a row's worth.
    @Test func prefetchCreatesAndBindsTheNextRowAhead() throws {
        let session = Session(Self.threeRows + "\nstrategy recyclerview\nmount Feed\nscroll Feed by 1\n")
        // Pass 2: row 3 enters, row 0 is recycled, then row 4 is prefetched.
        let pass2 = events(session, "--pass 2")
        let prefetched = try #require(pass2.first { $0["path"] as? String == "Feed/4" }?["view"] as? String)
        let row4 = pass2.filter { $0["view"] as? String == prefetched }
        #expect(row4.compactMap { $0["kind"] as? String } == ["create", "apply", "cache"])
        #expect(row4.last?["note"] as? String == "prefetched for row 4: bound ahead of the scroll, kept in the view cache")
        // It came after the step's own work: row 3 laid out, row 0 recycled.
        #expect(pass2.compactMap { $0["kind"] as? String } == ["create", "apply", "detach", "cache", "create", "apply", "cache"])
        let cached = (document(session, "pools v2 --json")["parents"] as? [[String: Any]])?.first?["cached"] as? [[String: Any]]
        #expect(cached?.last?["view"] as? String == prefetched)
        #expect(cached?.last?["prefetched"] as? Bool == true)
        // Off screen until its row shows: detached from the list.
        #expect(document(session, "config \(prefetched) --json")["visibility"] as? String == "detached from v2")
        // Pass 3 takes it by position: a cache hit, nothing created or bound for row 4.
        _ = session.line("scroll Feed by 1")
        let row4Again = events(session, "--pass 3").filter { $0["path"] as? String == "Feed/4" }
        #expect(row4Again.compactMap { $0["kind"] as? String } == ["reuse", "cacheHit", "reattach", "skip"])
        #expect(row4Again.allSatisfy { $0["view"] as? String == prefetched })
        #expect(document(session, "config Feed/4 --json")["view"] as? String == prefetched)
        // Row 5 was prefetched in its turn: pass 3 created one view (row 5's), none for row 4.
        #expect(events(session, "--pass 3 --kind create").compactMap { $0["path"] as? String } == ["Feed/5"])
        #expect(session.line("check").ok)
        // Scrolling back (rows 1-3 now) prefetches the row above; prefetch 2
        // binds two rows and grows the cache by 2.
        _ = session.line("scroll Feed by -1")
        #expect(events(session, "--pass 4 --kind cache").last?["note"] as? String
                == "prefetched for row 0: bound ahead of the scroll, kept in the view cache")
        let two = Session(Self.threeRows + "\nstrategy recyclerview prefetch 2\nmount Feed\nscroll Feed by 1\n")
        let notes = events(two, "--pass 2 --kind cache").compactMap { $0["note"] as? String }.filter { $0.hasPrefix("prefetched") }
        #expect(notes.map { String($0.prefix(19)) } == ["prefetched for row ", "prefetched for row "])
        #expect(events(two, "--pass 2 --kind create").compactMap { $0["path"] as? String } == ["Feed/3", "Feed/4", "Feed/5"])
        // prefetch 0: nothing is bound ahead (setItemPrefetchEnabled(false)).
        let none = Session(Self.threeRows + "\nstrategy recyclerview prefetch 0\nmount Feed\nscroll Feed by 1\n")
        #expect(events(none, "--pass 2 --kind create").compactMap { $0["path"] as? String } == ["Feed/3"])
    }

    /// Fill before recycle: in a scroll step LinearLayoutManager.fill lays out
    /// the entering row (`layoutChunk`, LinearLayoutManager.java 1667) before
    /// `recycleByLayoutState` (1685-1691; 1622-1633, `recycleViewsFromStart`
    /// 1527-1559) retires the row it pushed out; the call before the loop
    /// (1650-1656) recycles nothing, since `updateLayoutState` (1302-1344)
    /// leaves `mScrollingOffset` at 0 for whole rows. With prefetch 0 and
    /// cache 2, the third one-row scroll creates row 5's view, row 0's view
    /// reaches the pool only after that, and row 6 takes it.
    @Test func fillLaysOutTheEnteringRowBeforeTheLeavingOneIsRecycled() throws {
        let session = Session(Self.threeRows + "\nstrategy recyclerview prefetch 0\nmount Feed\n"
                              + "scroll Feed by 1\nscroll Feed by 1\nscroll Feed by 1\n")
        let pass4 = events(session, "--pass 4")
        #expect(pass4.compactMap { $0["kind"] as? String } == ["create", "apply", "detach", "cache", "recycle", "cache"])
        #expect(pass4.first?["path"] as? String == "Feed/5")
        let rowZero = try #require(pass4.first { $0["kind"] as? String == "recycle" })
        #expect(rowZero["path"] as? String == "Feed/0")
        #expect(stat(session, "created") == 1 + 3 + 3)
        // The fourth step: row 6 takes row 0's view from the pool.
        _ = session.line("scroll Feed by 1")
        let reuse = try #require(events(session, "--pass 5 --kind reuse").first)
        #expect(reuse["path"] as? String == "Feed/6")
        #expect(reuse["previousPath"] as? String == "Feed/0")
        #expect(reuse["view"] as? String == rowZero["view"] as? String)
        #expect(stat(session, "created") == 1 + 3 + 3)
        // Two rows at once: each entering row is laid out before the row it
        // pushed out is recycled (enter 7, recycle 4, enter 8, recycle 5).
        _ = session.line("scroll Feed by 2")
        let order = events(session, "--pass 6 --kind reuse,create,detach").map { "\($0["kind"] as? String ?? "") \($0["path"] as? String ?? "")" }
        #expect(order == ["reuse Feed/7", "detach Feed/4", "reuse Feed/8", "detach Feed/5"])
        #expect(session.line("check").ok)
    }

    /// Cached and pooled holders are detached from the list:
    /// `removeAndRecycleViewAt` (RecyclerView.java 9651-9655) removes the
    /// view before `recycleView`, and `recycleViewHolderInternal`
    /// (6996-7002) refuses a view that still has a parent. Taken again, a
    /// view is added back (`addView`, LinearLayoutManager.java 1716-1721).
    @Test func cachedAndPooledViewsAreDetachedFromTheList() throws {
        let session = Session(Self.threeRows + "\nstrategy recyclerview cache 1 prefetch 0\nmount Feed\n"
                              + "scroll Feed by 1\nscroll Feed by 1\n")
        // Row 0's view went to the pool, row 1's is cached: neither is a subview of the list.
        let host = try #require((treeRoot(session)["children"] as? [[String: Any]])?.first)
        let shown = (host["children"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
        #expect(shown == ["Feed/2", "Feed/3", "Feed/4"])
        let detached = (host["detachedCells"] as? [[String: Any]]) ?? []
        #expect(detached.compactMap { $0["path"] as? String } == ["Feed/0", "Feed/1"])
        #expect(detached.allSatisfy { $0["detached"] as? Bool == true })
        let pool = (document(session, "pools v2 --json")["parents"] as? [[String: Any]])?.first
        let members = ((pool?["pools"] as? [[String: Any]])?.first?["views"] as? [[String: Any]]) ?? []
        #expect(members.filter { $0["detached"] as? Bool == true }.count == 2)
        #expect(document(session, "config v3 --json")["visibility"] as? String == "detached from v2")
        #expect(session.line("check").ok)
        // Scrolling back takes row 1's view from the cache: back into the list.
        _ = session.line("scroll Feed by -1")
        let back = events(session, "--pass 4").filter { $0["path"] as? String == "Feed/1" }.compactMap { $0["kind"] as? String }
        #expect(back == ["reuse", "cacheHit", "reattach", "skip"])
        #expect(document(session, "config Feed/1 --json")["visibility"] as? String == "visible")
        #expect(session.line("check").ok)
        // A strategy switch removes the detached views with the rest.
        _ = session.line("strategy theodolite")
        #expect(session.line("check").ok)
    }

    /// A cached view of another view type than its slot now shows is invalid
    /// and goes to the pool (`validateViewHolderForOffsetPosition`).
    @Test func cachedViewOfTheWrongTypeGoesToThePool() {
        let session = Session("""
        component Post view UILabel { text: "Post {i}" }
        component Ad view UIImageView { image: "ad{i}" }
        list Feed rows 100 viewport 2 cells Post Ad
        strategy recyclerview
        mount Feed
        scroll Feed by 2
        list Feed rows 100 viewport 2 cells Ad Post
        scroll Feed by -2
        """)
        let wrong = events(session, "--kind cache").compactMap { $0["note"] as? String }.filter { $0.contains("another view type") }
        #expect(wrong == ["cached for row 0, but that slot shows another view type now: into the pool for view type Post",
                          "cached for row 1, but that slot shows another view type now: into the pool for view type Ad"])
        #expect(session.line("check").ok)
    }

    /// `setRecycledViewPool`: nested lists share one pool, and a view moves to
    /// the list that takes it.
    @Test func nestedListsShareOnePool() throws {
        let script = """
        component Chip view UILabel { text: "chip {i}" }
        list Chips rows 50 viewport 2 cells Chip
        component Row view UIView children Chips
        list Feed rows 100 viewport 2 cells Row
        strategy recyclerview cache 0 prefetch 0 SHARED
        mount Feed
        hide Feed/1/Chips/0
        hide Feed/0/Chips/0
        show Feed/1/Chips/0
        show Feed/0/Chips/0
        """
        // Row 1's chip list takes the chip row 0's list gave back last, and the other way round.
        let shared = Session(script.replacingOccurrences(of: "SHARED", with: "shared on"))
        let moves = events(shared, "--kind reparent")
        #expect(moves.compactMap { $0["note"] as? String } == ["moved from v4 to v8: the pool is shared", "moved from v8 to v4: the pool is shared"])
        #expect(shared.line("check").ok)
        let apart = Session(script.replacingOccurrences(of: "SHARED", with: "shared off"))
        #expect(events(apart, "--kind reparent").isEmpty)
        #expect(apart.line("check").ok)
    }
}

@Suite struct DivKitFidelityTests {
    static let box = """
    component Foo view UIView { backgroundColor: red }
    component Bar view UIView { backgroundColor: green }
    component Box view UIView children Foo Bar
    strategy divkit
    mount Box
    """

    /// Pass 1 matches by element path: container, index among siblings, type
    /// (`DivBlockModeling.swift`). When a sibling before it goes, a block's
    /// path changes: here to the path Foo had (both are containers).
    @Test func passOneMatchesByElementPath() {
        let session = Session(Self.box)
        _ = session.line("set Box/Bar backgroundColor blue")
        // Same path: Bar keeps v4 though v3 is the first orphan of its class.
        #expect(document(session, "config Box/Bar --json")["view"] as? String == "v4")
        _ = session.line("hide Box/Foo")
        // Bar is now at index 0: its path is the one Foo had, so it takes Foo's old view.
        #expect(document(session, "config Box/Bar --json")["view"] as? String == "v3")
        #expect(events(session, "--pass 3 --kind remove").compactMap { $0["view"] as? String } == ["v4"])
    }

    /// A view matched by path whose inner view cannot show the block keeps
    /// its wrapper and gets a new inner view: never a UIView configured as a
    /// UILabel. The path matches through the div's id (its type changed).
    @Test func matchedViewOfAnotherTypeGetsANewInnerView() {
        let session = Session("attribute id\n" + Self.box.replacingOccurrences(of: "{ backgroundColor: red }", with: "{ backgroundColor: red, id: hero }")
                              + "\ncomponent Foo view UILabel { text: hi, id: hero }\nremount\n")
        let replaced = events(session, "--pass 2 --kind remove,create")
        #expect(replaced.compactMap { $0["kind"] as? String } == ["remove", "create"])
        #expect(replaced.first?["note"] as? String == "its element path matched, but it cannot show the block: the wrapper gets a new UILabel")
        let foo = document(session, "config Box/Foo --json")
        #expect(foo["viewClass"] as? String == "UILabel")
        #expect(session.line("check").output.contains("invariants  ok"))
    }

    /// `configureBlockView` always runs: an equal block is configured again,
    /// logged as such, not skipped.
    @Test func equalBlocksAreStillConfigured() {
        let session = Session(Self.box)
        _ = session.line("remount")
        let kinds = events(session, "--pass 2").compactMap { $0["kind"] as? String }
        #expect(kinds.filter { $0 == "reconfigure" }.count == 3)
        #expect(!kinds.contains("skip"))
        #expect(stat(session, "reconfigured") == 3)
    }

    /// Gallery cells queue by `reuse_id` alone, across block types; a cell
    /// whose content cannot show the new block gets a new content view, so
    /// image and text cells under the default id churn (`GalleryView.swift`,
    /// `GenericCollectionViewCell.configure`). Distinct ids stop the churn.
    @Test func galleryCellsQueueByReuseIdAcrossTypes() {
        let feed = """
        attribute reuse_id
        component Photo view UIImageView { image: "p{i}" }
        component Caption view UILabel { text: "c{i}" }
        list Gallery rows 100 viewport 1 cells Photo Caption
        strategy divkit
        mount Gallery
        scroll Gallery by 1
        scroll Gallery by 1
        scroll Gallery by 1
        """
        // Each step gives back a cell of one type and needs the other: a new content view every time.
        let shared = Session(feed)
        #expect(stat(shared, "created") == 2 + 3)
        #expect(stat(shared, "removed") == 3)
        let split = Session(feed
            .replacingOccurrences(of: "{ image: \"p{i}\" }", with: "{ image: \"p{i}\", reuse_id: photo }")
            .replacingOccurrences(of: "{ text: \"c{i}\" }", with: "{ text: \"c{i}\", reuse_id: caption }"))
        #expect(stat(split, "created") == 3)
        #expect(stat(split, "removed") == 0)
    }

    /// Without an id, the last part of a block's path is the div's own type
    /// (`text`, `image`, ...), not its template's name: items get the parent
    /// path plus their index (divkit/divkit `client/ios/DivKit/Extensions/ArrayExtensions.swift`
    /// lines 10-13, stored version 2432bb2), then `id ?? Self.type`
    /// (`client/ios/DivKit/DivBlockModeling.swift` lines 9-18, stored version
    /// 15ed03c; `DivText.type` is "text"). So two text components at one index
    /// match each other's views by path.
    @Test func elementPathUsesTheDivTypeNotTheComponentName() {
        let session = Session("""
        component Title view UILabel { text: title }
        component Tag view UILabel { text: tag }
        component Photo view UIImageView { image: p }
        component Subtitle view UILabel { text: sub }
        component Card view UIView children Title Tag
        strategy divkit
        mount Card
        component Card view UIView children Photo Subtitle
        remount
        """)
        // Subtitle's path is Card's/1/text, the path Tag's v4 had: pass 1 matches
        // it, although v3 (Title's) is the first orphan of its class.
        #expect(document(session, "config Card/Subtitle --json")["view"] as? String == "v4")
        let reuse = events(session, "--pass 2 --kind reuse").first
        #expect(reuse?["view"] as? String == "v4")
        #expect(reuse?["previousPath"] as? String == "Card/Tag")
        // Photo's path (…/0/image) matches nothing: a new view; Title's v3 is a leftover.
        #expect(events(session, "--pass 2 --kind create").compactMap { $0["path"] as? String } == ["Card/Photo"])
        let removed = events(session, "--pass 2 --kind remove")
        #expect(removed.compactMap { $0["view"] as? String } == ["v3"])
        #expect(removed.first?["note"] as? String == "leftover: no block matched it")
        #expect(session.line("check").ok)
    }
}
