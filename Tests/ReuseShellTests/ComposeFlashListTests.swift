import Foundation
import Testing
@testable import ReuseShell

/// The view a path's instance holds, from `config PATH --json`.
private func view(_ session: Session, _ path: String) -> String? {
    document(session, "config \(path) --json")["view"] as? String
}

/// The events of one pass (`log --pass N --json`), optionally of one kind.
private func passEvents(_ session: Session, _ pass: Int, kind: String? = nil) -> [[String: Any]] {
    events(session, "--pass \(pass)" + (kind.map { " --kind \($0)" } ?? ""))
}

/// `compose`, rule by rule as Documentation/research/compose-flashlist.md
/// section 1 reads androidx (SubcomposeLayout.kt, LazyLayout.kt,
/// LazyListPrefetchStrategy.kt, LazySaveableStateHolder.kt).
@Suite struct ComposeRuleTests {
    static let feed = """
    component Cell view UILabel { text: "Row {i}" }
    list Feed rows 100 viewport 2 cells Cell
    """

    /// Rules 3 and 4: slots that leave in a pass are reused only from the
    /// next pass (`disposeOrReuseStartingFromIndex` runs in placeChildren),
    /// and a key finds its own kept slot before the oldest compatible one
    /// (`takeNodeFromReusables` scans for an equal slot id first).
    @Test func exactKeyFirstAndReuseOnlyFromTheNextPass() {
        let session = Session(Self.feed + "\nstrategy compose prefetch 0\nmount Feed")
        let row0 = view(session, "Feed/0"), row1 = view(session, "Feed/1")
        _ = session.line("scroll Feed by 2")
        // The two slots deactivated in this pass are not reusable yet.
        #expect(passEvents(session, 2, kind: "create").count == 2)
        _ = session.line("scroll Feed by -1")
        // Row 1 enters: its own slot (key 1), not the oldest kept (key 0).
        #expect(view(session, "Feed/1") == row1)
        _ = session.line("scroll Feed by -1")
        #expect(view(session, "Feed/0") == row0)
        #expect(session.line("check").ok)
    }

    /// Rule 5: past `keep N` kept slots of a content type, the oldest are disposed.
    @Test func keepsNPerContentTypeAndDisposesTheRest() {
        let session = Session(Self.feed + "\nstrategy compose prefetch 0 keep 1\nmount Feed\nscroll Feed by 2")
        let removed = passEvents(session, 2, kind: "remove")
        #expect(removed.count == 1)
        #expect((removed.first?["note"] as? String)?.contains("past 1") == true)
        #expect(stat(session, "removed") == 1)
    }

    /// Rule 2: with `contenttype on` a kept slot of another cell type never
    /// fits; with the upstream default (null for all) it does, and the
    /// slot's views are made anew for the other component.
    @Test func contentTypeDecidesWhichKeptSlotsFit() {
        let mixed = """
        component Post view UILabel { text: "Post {i}" }
        component Ad view UIImageView { image: ad }
        list Feed rows 100 viewport 2 cells Post Post Ad
        """
        // Rows 0 and 1 (Posts) are kept after the jump to 3; the jump to 5
        // brings an Ad (row 5) and a Post (row 6).
        let on = Session(mixed + "\nstrategy compose prefetch 0 contenttype on\nmount Feed\nscroll Feed to 3\nscroll Feed to 5")
        // Row 5 (Ad) could not take a kept Post slot: created; nothing removed.
        #expect(passEvents(on, 3, kind: "create").contains { $0["path"] as? String == "Feed/5" })
        #expect(passEvents(on, 3, kind: "remove").isEmpty)
        let off = Session(mixed + "\nstrategy compose prefetch 0 contenttype off\nmount Feed\nscroll Feed to 3\nscroll Feed to 5")
        let removed = passEvents(off, 3, kind: "remove")
        #expect((removed.first?["note"] as? String)?.contains("reused for Ad") == true)
        #expect(off.line("check").ok && on.line("check").ok)
    }

    /// Rules 6 and 8: a reused slot is recomposed in reuse mode, so
    /// `remember` is forgotten even for the same key, every attribute is
    /// set again and one no longer set is reset.
    @Test func reuseRecomposesAndForgetsRemember() {
        let session = Session(Self.feed + "\nstrategy compose prefetch 0\nmount Feed\nstate Feed/0 open true")
        _ = session.line("scroll Feed by 2")
        #expect(passEvents(session, 3, kind: "state").count == 1)
        _ = session.line("scroll Feed by -2")
        // Rows 0 and 1 got their own slots back (their keys), recomposed:
        // remember forgotten, every attribute applied, none skipped.
        #expect(session.line("expect Feed/0 state open none").ok)
        #expect(passEvents(session, 4, kind: "apply").count == 2)
        #expect(passEvents(session, 4, kind: "skip").isEmpty)
        let reset = Session(Self.feed + "\nstrategy compose prefetch 0\nmount Feed\nset Feed/0 alpha 0.5\nscroll Feed by 2\nscroll Feed by 2")
        // Row 4 takes the oldest kept slot, row 0's (alpha 0.5): reset, as the new item sets none.
        #expect(passEvents(reset, 4, kind: "reset").contains { $0["path"] as? String == "Feed/4" })
        #expect(reset.line("expect leaks 0").ok)
    }

    /// Rule 7: `rememberSaveable` is saved by key and restored in any slot.
    @Test func saveableStateComesBackByKey() {
        let session = Session(Self.feed + "\nstrategy compose prefetch 0\nmount Feed\nstate Feed/0 liked true saveable\nscroll Feed by 10\nscroll Feed by -10")
        #expect(session.line("expect Feed/0 state liked true").ok)
        #expect(session.line("expect leaks 0").ok)
    }

    /// The default index key: an insert above leaves every slot on its
    /// position, and the saved state of key 0 shows on the new item.
    @Test func indexKeysLeaveStateOnThePosition() {
        let session = Session(Self.feed + "\nstrategy compose prefetch 0\nmount Feed\nstate Feed/0 liked true\ninsert Feed at 0")
        #expect(session.line("expect Feed/0 state liked true").ok)
        let leaks = document(session, "check --json")["stateLeaks"] as? [[String: Any]] ?? []
        #expect(leaks.first?["item"] as? String == "Feed/0 (item 100)")
        let byID = Session("""
        component Cell view UILabel { text: "Row {i}" }
        list Feed rows 100 viewport 2 cells Cell key id
        strategy compose prefetch 0
        mount Feed
        state Feed/0 liked true
        insert Feed at 0
        """)
        #expect(byID.line("expect Feed/1 state liked true").ok)
        #expect(byID.line("expect leaks 0").ok)
    }

    /// Rule 9: after a scroll step the next row in its direction is composed
    /// off screen, and the step that shows it takes it with no configure;
    /// a change of direction cancels it back to the kept slots.
    @Test func prefetchComposesTheNextRowAhead() {
        let session = Session(Self.feed + "\nstrategy compose\nmount Feed\nscroll Feed by 1")
        let ahead = passEvents(session, 2).filter { $0["path"] as? String == "Feed/3" }
        #expect(ahead.contains { $0["kind"] as? String == "detach" })
        _ = session.line("scroll Feed by 1")
        #expect(passEvents(session, 3).filter { $0["path"] as? String == "Feed/3" && $0["kind"] as? String == "apply" }.isEmpty)
        _ = session.line("scroll Feed by -1")
        #expect(session.line("check").ok)
    }
}

/// `flashlist`, rule by rule as Documentation/research/compose-flashlist.md
/// section 2 reads Shopify/flash-list @4c6abc3 (RenderStackManager.ts).
/// Compose rule 10: a `ComposeView` in a RecyclerView keeps its
/// composition while its view waits in the RecyclerView's pool and
/// disposes it when the pool drops the view
/// (`ViewCompositionStrategy.Default` is
/// `DisposeOnDetachedFromWindowOrReleasedFromPool`, androidx
/// compose/ui/ui/src/androidMain/.../ViewCompositionStrategy.android.kt).
/// A session runs one system, so this is `recyclerview` with state in the
/// holder's view: remember{} goes to the next item, or goes with the view.
@Suite struct ComposeInRecyclerViewTests {
    static let feed = """
    component Cell view UILabel { text: "Row {i}" }
    list Feed rows 100 viewport 2 cells Cell
    """

    @Test func theCompositionSurvivesThePoolAndGoesWithTheView() {
        let kept = Session(Self.feed + "\nstrategy recyclerview cache 0\nmount Feed\nstate Feed/0 liked true\nscroll Feed by 2")
        // Row 0's view went through the pool to row 3 (row 2's was
        // prefetched) with its composition.
        #expect(kept.line("expect Feed/3 state liked true").ok)
        let leaks = document(kept, "check --json")["stateLeaks"] as? [[String: Any]]
        #expect(leaks?.count == 1 && leaks?.first?["origin"] as? String == "Feed/0")
        // A pool of 0 drops the view, and the composition with it.
        let dropped = Session(Self.feed + "\nstrategy recyclerview cache 0 pool 0\nmount Feed\nstate Feed/0 liked true\nscroll Feed by 2")
        #expect(passEvents(dropped, 3, kind: "remove").count == 2)
        #expect(dropped.line("expect Feed/3 state liked none").ok)
        #expect((document(dropped, "check --json")["stateLeaks"] as? [[String: Any]])?.isEmpty == true)
        _ = dropped.line("scroll Feed to 0")
        #expect(dropped.line("expect Feed/0 state liked none").ok, "disposed: the item's remember{} is gone")
        #expect(dropped.line("help strategy recyclerview").output.contains("ViewCompositionStrategy.Default"))
    }
}

@Suite struct FlashListRuleTests {
    static let feed = """
    component Cell view UILabel { text: "Row {i}" }
    list Feed rows 100 viewport 3 cells Cell
    """

    /// Rule 3: keys are freed before any entering item takes one
    /// (RenderStackManager.ts L66-84), so a jump reuses the whole window.
    @Test func aJumpReusesTheWholeWindow() {
        let session = Session(Self.feed + "\nstrategy flashlist\nmount Feed\nscroll Feed to 50")
        #expect(passEvents(session, 2, kind: "create").isEmpty)
        #expect(passEvents(session, 2, kind: "reuse").count == 3)
    }

    /// Rules 4 and 5: an item whose stable id still owns a spare takes it
    /// back (L86-91); others take the spare of their type created first
    /// (the pool Set is refilled in key creation order, L62-84, L308-316).
    @Test func ownSpareFirstThenTheOldestCreated() {
        let session = Session(Self.feed + "\nstrategy flashlist\nmount Feed")
        let first = view(session, "Feed/0")
        _ = session.line("scroll Feed by 3")
        // Rows 3..5 took the spares in creation order: row 3 the first created.
        #expect(view(session, "Feed/3") == first)
        // Posts, Posts and Ads: row 1's Post waits as a spare behind an
        // older one, and row 1 still takes its own back.
        let mixed = Session("""
        component Post view UILabel { text: "Post {i}" }
        component Ad view UIImageView { image: ad }
        list Feed rows 100 viewport 2 cells Post Post Ad
        strategy flashlist
        mount Feed
        """)
        let (older, own) = (view(mixed, "Feed/0"), view(mixed, "Feed/1"))
        _ = mixed.line("scroll Feed by 2")
        #expect(view(mixed, "Feed/3") == older, "row 3 takes the Post created first")
        _ = mixed.line("scroll Feed by -1")
        // Row 3 left (its Post, the older, is in the pool); row 1 enters.
        #expect(view(mixed, "Feed/1") == own)
        #expect(passEvents(mixed, 4, kind: "create").isEmpty)
        #expect(mixed.line("check").ok)
    }

    /// Rule 8: an item type is per index (`getItemType`, the cell type).
    /// When the item at a stable id changes type, the id keeps its render
    /// key (`stableIdMap.get` comes before the pool, RenderStackManager.ts
    /// L86-98, and `syncItem` retypes the key, L264-272), but React mounts
    /// another component under it: the old one goes, with its state.
    @Test func aTypeChangeAtAKeyRemountsItsComponent() {
        let session = Session("""
        component Post view UILabel { text: "Post {i}" }
        component Ad view UIImageView { image: ad }
        list Feed rows 100 viewport 4 cells Post Ad
        strategy flashlist
        mount Feed
        state Feed/1 open yes
        state Feed/0 liked yes
        insert Feed at 0
        """)
        // Key index: rows 1-3 now show items of the other type; row 0 keeps its Post.
        let removed = passEvents(session, 4, kind: "remove")
        #expect(removed.compactMap { $0["path"] as? String } == ["Feed/1", "Feed/2", "Feed/3"])
        #expect(passEvents(session, 4, kind: "create").count == 3)
        #expect(passEvents(session, 4, kind: "reuse").isEmpty, "no component of the other type is handed on")
        #expect(session.line("expect Feed/2 state open none").ok)
        #expect(session.line("expect Feed/0 state liked yes").ok, "row 0 kept its component: the state stays on the position")
        #expect(session.line("check").ok)
    }

    /// Rule 9's `keyExtractor ?? index` for every list: `keys id` makes
    /// every stable id the item's, `keys index` the position's, whatever
    /// each list's own `key` says; `keys list` (the default) follows it.
    @Test func theKeysOptionSetsEveryListsStableIDs() {
        let byID = Session(Self.feed + "\nstrategy flashlist keys id\nmount Feed\nstate Feed/0 liked true\ninsert Feed at 0")
        #expect(byID.line("expect Feed/1 state liked true").ok)
        #expect(byID.line("expect Feed/0 state liked none").ok)
        #expect((document(byID, "check --json")["stateLeaks"] as? [[String: Any]])?.isEmpty == true)
        let byIndex = Session("""
        component Cell view UILabel { text: "Row {i}" }
        list Feed rows 100 viewport 3 cells Cell key id
        strategy flashlist keys index
        mount Feed
        state Feed/0 liked true
        insert Feed at 0
        """)
        #expect(byIndex.line("expect Feed/0 state liked true").ok)
        #expect((document(byIndex, "check --json")["stateLeaks"] as? [[String: Any]])?.count == 1)
        let byList = Session(Self.feed.replacingOccurrences(of: "cells Cell", with: "cells Cell key id")
                             + "\nstrategy flashlist keys list\nmount Feed\nstate Feed/0 liked true\ninsert Feed at 0")
        #expect(byList.line("expect Feed/1 state liked true").ok)
        #expect(byID.line("strategy flashlist keys id").output.contains("per item type, every list keyed by id"))
    }

    /// Rule 11: a ViewHolder is memoised (ViewHolder.tsx L152-173): rows
    /// whose props did not change are not rendered again; a recycled one
    /// is, with its new item and index, and React's diff sets what changed.
    @Test func onlyHoldersWhosePropsChangedRenderAgain() {
        let session = Session(Self.feed + "\nstrategy flashlist\nmount Feed\nscroll Feed by 1")
        let pass = passEvents(session, 2)
        #expect(!pass.contains { ["Feed/1", "Feed/2"].contains($0["path"] as? String) }, "\(pass)")
        #expect(pass.contains { $0["kind"] as? String == "reuse" && $0["path"] as? String == "Feed/3" })
        #expect(pass.contains { $0["kind"] as? String == "apply" && $0["path"] as? String == "Feed/3" && $0["attribute"] as? String == "text" })
        _ = session.line("set Feed/2 text hello")
        #expect(passEvents(session, 3).allSatisfy { $0["path"] as? String == "Feed/2" })
        #expect(passEvents(session, 3, kind: "apply").count == 1)
    }

    /// Rule 10: state stays with the component and shows on its next item;
    /// `useRecyclingState` (resets-state on item) is the fix; view
    /// properties do not go stale (React's diff resets a removed prop).
    @Test func stateTravelsButPropsDoNot() {
        let session = Session(Self.feed + "\nstrategy flashlist\nmount Feed\nstate Feed/0 liked true\nset Feed/0 alpha 0.5\nscroll Feed by 3")
        #expect(session.line("expect Feed/3 state liked true").ok)
        let leaks = document(session, "check --json")
        #expect((leaks["stateLeaks"] as? [[String: Any]])?.first?["origin"] as? String == "Feed/0")
        #expect((leaks["leaks"] as? [[String: Any]])?.isEmpty == true)
        let fixed = Session(Self.feed + "\nstrategy flashlist\nprepare Cell resets-state liked on item\nmount Feed\nstate Feed/0 liked true\nscroll Feed by 3")
        #expect(fixed.line("expect Feed/3 state liked none").ok)
        #expect(fixed.line("expect leaks 0").ok)
    }

    /// Rule 7: spares past `pool N` are unmounted, newest created first;
    /// with `pool 0` freed keys still go to entering rows of the same sync.
    @Test func poolLimitUnmountsSparesAfterTheSync() {
        // Rows 0 and 1 (Posts) leave; rows 2 (an Ad) and 3 (a Post) enter.
        let session = Session("""
        component Post view UILabel { text: "Post {i}" }
        component Ad view UIImageView { image: ad }
        list Feed rows 100 viewport 2 cells Post Post Ad
        strategy flashlist pool 0
        mount Feed
        scroll Feed to 2
        """)
        // The Post freed in this sync went to row 3; the Ad is new; the
        // other Post, left over, is unmounted.
        #expect(passEvents(session, 2, kind: "reuse").count == 1)
        #expect(passEvents(session, 2, kind: "create").map { $0["path"] as? String } == ["Feed/2"])
        #expect(passEvents(session, 2, kind: "remove").count == 1)
        #expect(session.line("check").ok)
    }

    /// Rule 2: the engaged range is the visible rows plus a draw distance
    /// split 30% behind and 70% ahead in the scroll direction, the part an
    /// end cuts off going to the other side (EngagedIndicesTracker.ts
    /// L64-80, L125-163); here in rows (`draw N`).
    @Test func drawDistanceMountsRowsBeyondTheViewport() {
        let session = Session(Self.feed + "\nstrategy flashlist draw 10\nmount Feed")
        // At the top nothing fits behind: 3 visible + 10 ahead.
        #expect(treeRoot(session)["children"].map { "\($0)" }?.contains("Feed/12") == true)
        #expect(stat(session, "created") == 1 + 13)
        _ = session.line("scroll Feed to 50")
        // Forward: 3 behind (rows 47-49), 7 ahead (rows 53-59).
        let rows = (document(session, "components --json")["components"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(rows.contains("Feed/47") && rows.contains("Feed/59") && !rows.contains("Feed/46") && !rows.contains("Feed/60"))
        _ = session.line("scroll Feed by -1")
        // Back: 7 behind (rows 42-48), 3 ahead (rows 52-54).
        let back = (document(session, "components --json")["components"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(back.contains("Feed/42") && back.contains("Feed/54") && !back.contains("Feed/55"))
        #expect(session.line("check").ok)
    }

    /// Rule 9: without a keyExtractor (key index) the stable id is the
    /// index: an insert leaves every component, with its state, on its position.
    @Test func indexKeysKeepStateOnThePosition() {
        let session = Session(Self.feed + "\nstrategy flashlist\nmount Feed\nstate Feed/0 liked true\ninsert Feed at 0")
        #expect(session.line("expect Feed/0 state liked true").ok)
        #expect((document(session, "check --json")["stateLeaks"] as? [[String: Any]])?.count == 1)
    }
}
