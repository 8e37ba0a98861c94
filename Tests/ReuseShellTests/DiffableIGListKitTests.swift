import Foundation
import Testing
import TestSupport
@testable import ReuseShell

// One test per numbered rule of `../shared/systems/uikit-diffable.md` and
// `../shared/systems/iglistkit.md`, as corrected by
// `Documentation/research/diffable-iglistkit-texture-litho.md`, each read
// through the shell's `--json` output. UIKit is closed source: its tests
// cite Apple's documentation. IGListKit's cite Instagram/IGListKit at e3facbe.

/// The view id `path` shows now (`config PATH --json`).
private func view(_ session: Session, _ path: String) -> String? {
    document(session, "config \(path) --json")["view"] as? String
}

/// A property `target` (a path or a view id) shows now, as JSON gives it.
private func shown(_ session: Session, _ target: String, _ property: String) -> String? {
    (document(session, "config \(target) --json")["properties"] as? [String: Any])?[property] as? String
}

/// The events of pass `pass`, optionally of one kind.
private func passEvents(_ session: Session, _ pass: Int, kind: String? = nil) -> [[String: Any]] {
    events(session, "--pass \(pass)" + (kind.map { " --kind \($0)" } ?? ""))
}

/// The event kinds recorded on `view` in pass `pass`, in order.
private func kinds(_ session: Session, _ pass: Int, on view: String?) -> [String] {
    passEvents(session, pass).filter { $0["view"] as? String == view }.compactMap { $0["kind"] as? String }
}

/// Whether a path names a list row's cell (`Feed/3`), not a view inside it.
private func isRowPath(_ path: String?) -> Bool {
    guard let path else { return false }
    let parts = path.split(separator: "/")
    return parts.count == 2 && Int(parts[1]) != nil
}

@Suite struct UIKitDiffableRuleTests {
    static let feed = """
    component Title view UILabel { text: "Post {i}" }
    component Post view UIView { backgroundColor: white } children Title
    list Feed rows 100 viewport 3 cells Post
    register Feed Post

    """

    /// Rule 1: identity is the item identifier. `apply` diffs identifiers
    /// (NSDiffableDataSourceSnapshot; `apply(_:animatingDifferences:)`
    /// computes the difference): with ids an edited item keeps its
    /// identifier, nothing is reconfigured, and the cell shows the old data
    /// until it is reconfigured or dequeued again (research: "the stale
    /// content lasts only as long as that cell shows"); with whole values
    /// the edit is a delete plus an insert, and the row gets another cell.
    @Test func rule1IdentifiersDecideWhatAnEditReaches() {
        let ids = Session(Self.feed + "strategy uikit-diffable prefetch 0\nmount Feed\n")
        let cell = view(ids, "Feed/1")
        _ = ids.line("set Feed/1 backgroundColor red")
        #expect(passEvents(ids, 2).isEmpty, "the identifier did not change: nothing happens to any view")
        #expect(view(ids, "Feed/1") == cell)
        #expect(shown(ids, "Feed/1", "backgroundColor") == "white")
        // Dequeued again (a jump away and back): the provider reads the edited item.
        _ = ids.line("scroll Feed to 10")
        _ = ids.line("scroll Feed to 0")
        #expect(shown(ids, "Feed/1", "backgroundColor") == "red")

        let values = Session(Self.feed + "strategy uikit-diffable identity value prefetch 0\nmount Feed\n")
        let old = view(values, "Feed/1")
        _ = values.line("set Feed/1 backgroundColor red")
        let new = view(values, "Feed/1")
        #expect(new != old, "another identifier: another cell")
        #expect(shown(values, "Feed/1", "backgroundColor") == "red")
        #expect(kinds(values, 2, on: old) == ["hide"], "the old cell is queued")
        #expect(document(values, "config \(old ?? "") --json")["visibility"] as? String == "hidden")
    }

    /// Rule 2: `reconfigureItems` keeps the cell: "To update the contents
    /// of existing (including prefetched) cells without replacing them with
    /// new cells, use this method instead of reloadItems" (Apple,
    /// `UICollectionView.reconfigureItems(at:)`). `reload PATH` configures
    /// the row's own cell again: no cell is created, taken or queued.
    @Test func rule2ReconfigureKeepsTheCell() {
        let session = Session(Self.feed + "strategy uikit-diffable prefetch 0\nmount Feed\nset Feed/1 backgroundColor red\n")
        let cell = view(session, "Feed/1")
        _ = session.line("reload Feed/1")
        #expect(view(session, "Feed/1") == cell)
        #expect(kinds(session, 3, on: cell) == ["apply"])
        #expect(passEvents(session, 3).allSatisfy { !["create", "reuse", "hide"].contains($0["kind"] as? String ?? "") })
        #expect(shown(session, "Feed/1", "backgroundColor") == "red")
        // A row with no cell (hidden) is left alone (research: reconfigure of an item with no cell is a no-op).
        _ = session.line("hide Feed/2")
        _ = session.line("reload Feed/2")
        #expect(passEvents(session, 5).isEmpty)
    }

    /// Rule 3: no `prepareForReuse` on reconfigure: "The collection view
    /// doesn't call this method when you use reconfigureItems(at:) [...] to
    /// update the contents of an existing cell" (Apple,
    /// `UICollectionReusableView.prepareForReuse()`). A replace that takes
    /// a queued cell does call it.
    @Test func rule3NoPrepareForReuseOnReconfigure() {
        // Row 2 hidden: its cell waits in the queue.
        let session = Session(Self.feed + "strategy uikit-diffable prefetch 0\nmount Feed\nhide Feed/2\n")
        _ = session.line("reload Feed/1")
        #expect(passEvents(session, 3, kind: "prepareForReuse").isEmpty)
        #expect(passEvents(session, 3, kind: "apply").compactMap { $0["path"] as? String } == ["Feed/1", "Feed/1/Title"])
        _ = session.line("reload Feed/0 replace")
        let prepared = passEvents(session, 4, kind: "prepareForReuse")
        #expect(prepared.count == 1)
        #expect(prepared.first?["path"] as? String == "Feed/0")
    }

    /// Rule 4: `reloadItems` replaces the cell: it "discard[s] any cells
    /// associated with those items and redisplay[s] them" (Apple,
    /// `reloadItems(at:)`); a reload "consists of deleting and then
    /// inserting the item" (`UICollectionViewUpdateItem.Action.reload`).
    /// The old cell animates out, so it joins the queue after the new one
    /// is dequeued: with an empty queue the row gets a new cell.
    @Test func rule4ReloadItemsReplacesTheCell() {
        let session = Session(Self.feed + "strategy uikit-diffable prefetch 0\nmount Feed\n")
        let old = view(session, "Feed/1")
        _ = session.line("reload Feed/1 replace")
        let new = view(session, "Feed/1")
        #expect(new != old)
        let order = passEvents(session, 2).filter { isRowPath($0["path"] as? String) }
            .map { "\($0["kind"] as? String ?? "") \($0["view"] as? String ?? "")" }
        #expect(order.first == "create \(new ?? "")", "dequeued first, from an empty queue: a new cell")
        #expect(order.contains("hide \(old ?? "")"))
        #expect(order.firstIndex(of: "create \(new ?? "")")! < order.firstIndex(of: "hide \(old ?? "")")!)
    }

    /// Rule 5: registrations are made once. A registration made inside the
    /// cell provider (here: a cell type with no `register`) is new at
    /// every request: before iOS 15 cells were never reused and piled up;
    /// since iOS 15 the dequeue raises NSInternalInconsistencyException
    /// (Apple Frameworks Engineer, developer forums thread 681739).
    @Test func rule5RegistrationsInTheProviderPileUpOrRaise() {
        let plain = """
        component Cell view UIView { backgroundColor: white }
        list Plain rows 50 viewport 3 cells Cell

        """
        let raises = Session(plain + "strategy uikit-diffable\n")
        #expect(raises.error("mount Plain").contains(
            "error: NSInternalInconsistencyException: Attempted to dequeue a cell using a registration that was created inside "
            + "-collectionView:cellForItemAtIndexPath: or inside a UICollectionViewDiffableDataSource cell provider (list 'Plain', cell Cell"))

        let piles = Session(plain + "strategy uikit-diffable os 14 prefetch 0\nmount Plain\n")
        for _ in 0..<3 { _ = piles.line("scroll Plain by 1") }
        #expect(stat(piles, "reused") == 0)
        #expect(stat(piles, "created") == 1 + 3 + 3, "host, first screen, one new cell per step")
        let pools = (document(piles, "pools v2 --json")["parents"] as? [[String: Any]])?.first?["pools"] as? [[String: Any]]
        #expect(pools?.count == 1)
        #expect((pools?.first?["key"] as? [String: Any])?["qualifier"] as? String == "identifier Cell (registered in the cell provider)")
        #expect((pools?.first?["waiting"] as? [Any])?.count == 3, "every cell that left stays queued")

        let registered = Session(plain + "strategy uikit-diffable os 14 prefetch 0\nregister Plain Cell\nmount Plain\n")
        for _ in 0..<3 { _ = registered.line("scroll Plain by 1") }
        #expect(stat(registered, "reused") == 3 && stat(registered, "created") == 4)
    }

    /// Rule 6: prefetching is on by default: "the collection view requests
    /// cells in advance of when they will be displayed" (Apple,
    /// `isPrefetchingEnabled`); a prefetched cell is configured but not
    /// visible, so code that refreshes only visible cells misses it
    /// (wikimedia/wikipedia-ios PR #4049). The count is undocumented: 1 is
    /// assumed. Showing a prefetched cell applies nothing.
    @Test func rule6PrefetchedCellsAreConfiguredButNotVisible() throws {
        let session = Session(Self.feed + "strategy uikit-diffable\nmount Feed\nscroll Feed by 1\n")
        let note = try #require(passEvents(session, 2, kind: "cache").first)
        #expect(note["note"] as? String == "prefetched for row 4: bound ahead of the scroll, kept in the view cache")
        let ahead = try #require(note["view"] as? String)
        #expect(document(session, "config \(ahead) --json")["visibility"] as? String == "detached from v2")
        #expect(kinds(session, 2, on: ahead).contains("apply"), "configured when prefetched")
        let cached = (document(session, "pools v2 --json")["parents"] as? [[String: Any]])?.first?["cached"] as? [[String: Any]]
        #expect(cached?.first?["prefetched"] as? Bool == true)
        // Row 4 shows the prefetched cell; nothing is applied to it.
        _ = session.line("scroll Feed by 1")
        #expect(view(session, "Feed/4") == ahead)
        #expect(!kinds(session, 3, on: ahead).contains("apply"))
        #expect(kinds(session, 3, on: ahead).contains("skip"))
        // Row 5 is prefetched now. A change every visible cell is configured for misses it.
        let five = try #require(passEvents(session, 3, kind: "cache").first?["view"] as? String)
        _ = session.line("component Post view UIView { backgroundColor: blue } children Title")
        _ = session.line("remount")
        #expect(shown(session, "Feed/4", "backgroundColor") == "blue")
        #expect(shown(session, five, "backgroundColor") == "white")
        _ = session.line("scroll Feed by 1")
        #expect(view(session, "Feed/5") == five)
        #expect(shown(session, "Feed/5", "backgroundColor") == "white", "shown as prefetched, before the change")
        // prefetch 0 is isPrefetchingEnabled = false.
        let off = Session(Self.feed + "strategy uikit-diffable prefetch 0\nmount Feed\nscroll Feed by 1\n")
        #expect(passEvents(off, 2, kind: "cache").isEmpty)
        #expect(session.line("help strategy uikit-diffable").output.contains("(assumed 1: Apple documents no count)"))
    }

    /// Rule 7: cells can linger after they scroll off, and come back without
    /// `prepareForReuse` (TextureGroup/Texture `Source/ASCollectionView.mm`
    /// L1254-1258), for an undocumented time. `linger N` keeps the last N
    /// detached and configured: the row coming back shows its own cell with
    /// nothing applied; the oldest past N is queued, and the next row to
    /// dequeue takes it with `prepareForReuse`. `linger 0` (the default):
    /// every cell that leaves is queued.
    @Test func rule7CellsLingerAfterTheyScrollOff() {
        let unmodelled = Session(Self.feed + "strategy uikit-diffable prefetch 0\nmount Feed\nscroll Feed by 1\n")
        _ = unmodelled.line("scroll Feed by -1")
        let back = view(unmodelled, "Feed/0")
        #expect(kinds(unmodelled, 3, on: back).contains("prepareForReuse"))
        #expect(kinds(unmodelled, 3, on: back).contains("apply"))
        #expect(passEvents(unmodelled, 3, kind: "cacheHit").isEmpty)

        let session = Session(Self.feed + "strategy uikit-diffable prefetch 0 linger 2\nmount Feed\nstate Feed/0 liked true\n")
        let row0 = view(session, "Feed/0"), row1 = view(session, "Feed/1")
        _ = session.line("scroll Feed by 1")
        _ = session.line("scroll Feed by -1")
        // Row 0 gets its own cell back: no prepareForReuse, nothing applied.
        #expect(view(session, "Feed/0") == row0)
        #expect(kinds(session, 4, on: row0) == ["reuse", "cacheHit", "reattach", "skip"])
        #expect(session.line("expect Feed/0 state liked true").ok)
        #expect((document(session, "check --json")["stateLeaks"] as? [[String: Any]])?.isEmpty == true)
        // Three rows leave: each lingers, pushing out the oldest; rows 1
        // and 2 are left lingering; row 3's cell (from the step before) and
        // row 0's were queued, and the rows entering take them with
        // prepareForReuse, row 0's liked state with it.
        _ = session.line("scroll Feed by 3")
        #expect(cachedSlots(session) == ["row 1", "row 2"])
        #expect(view(session, "Feed/1") == nil && document(session, "pools --json").description.contains(row1 ?? "-"))
        #expect(passEvents(session, 5, kind: "prepareForReuse").count == 2)
        #expect(view(session, "Feed/3") == row0)
        #expect(session.line("expect Feed/3 state liked true").ok)
        #expect(session.line("check").ok)
        // Index identifiers: an insert changes no identifier, the cells stay.
        _ = session.line("insert Feed at 0")
        #expect(cachedSlots(session) == ["row 1", "row 2"])
        // Id identifiers: the rows they were configured for moved, so rows
        // 0 and 1's cells are queued; row 4's item, pushed out of the
        // window to row 5, leaves its cell lingering.
        let byID = Session(Self.feed.replacingOccurrences(of: "cells Post", with: "cells Post key id")
                           + "strategy uikit-diffable prefetch 0 linger 2\nmount Feed\nscroll Feed by 2")
        #expect(cachedSlots(byID) == ["row 0", "row 1"])
        _ = byID.line("insert Feed at 0")
        #expect(cachedSlots(byID) == ["row 5"])
        #expect(byID.line("check").ok)
    }

    /// The rows whose cells wait detached in the list (`pools --json`'s `cached`).
    private func cachedSlots(_ session: Session) -> [String] {
        let parents = document(session, "pools --json")["parents"] as? [[String: Any]] ?? []
        return parents.flatMap { $0["cached"] as? [[String: Any]] ?? [] }.compactMap { $0["slot"] as? String }
    }

    /// Rule 8: one dequeue per request, and the cell dequeued is the one
    /// returned (UIKit asserts on iOS 18, as IGListKit's guard says:
    /// Instagram/IGListKit `Source/IGListKit/IGListAdapter.m` L1271-1280 at
    /// e3facbe). Each row that enters takes one cell, and shows it.
    @Test func rule8OneDequeuePerRequest() {
        let session = Session(Self.feed + "strategy uikit-diffable prefetch 0\nmount Feed\n")
        _ = session.line("scroll Feed by 2")
        let dequeued = passEvents(session, 2).filter {
            ["create", "reuse"].contains($0["kind"] as? String ?? "") && isRowPath($0["path"] as? String)
        }
        #expect(dequeued.compactMap { $0["path"] as? String } == ["Feed/3", "Feed/4"])
        for event in dequeued { #expect(view(session, event["path"] as? String ?? "") == event["view"] as? String) }
    }

    /// Rule 9: one queue per registration, no documented size (Apple's
    /// `register(_:forCellWithReuseIdentifier:)` and `CellRegistration`
    /// model; no limit given): every cell that leaves waits in its own
    /// registration's queue, none is dropped.
    @Test func rule9OneUnboundedQueuePerRegistration() throws {
        let session = Session("""
        component Post view UIView { backgroundColor: white }
        component Ad view UIImageView { image: ad }
        list Feed rows 100 viewport 10 cells Post Ad
        strategy uikit-diffable prefetch 0
        register Feed Post
        register Feed Ad
        mount Feed
        list Feed rows 100 viewport 1 cells Post Ad
        remount
        """)
        let pools = try #require((document(session, "pools v2 --json")["parents"] as? [[String: Any]])?.first?["pools"] as? [[String: Any]])
        #expect(pools.compactMap { ($0["key"] as? [String: Any])?["qualifier"] as? String } == ["identifier Post", "identifier Ad"])
        #expect(pools.map { ($0["waiting"] as? [Any])?.count ?? -1 } == [4, 5])
        #expect(stat(session, "removed") == 0)
        _ = session.line("scroll Feed by 1")
        #expect(document(session, "config Feed/1 --json")["viewClass"] as? String == "UIImageView")
        #expect((document(session, "check --json")["wrongClasses"] as? [Any])?.isEmpty != false)
    }
}

@Suite struct IGListKitRuleTests {
    static let feed = """
    component Post view UIView { backgroundColor: white }
    component Ad view UIView { backgroundColor: yellow }
    component Photo view UIImageView { image: "p{i}" }
    component Top view UILabel { text: Top }
    list Feed rows 100 viewport 3 cells Post Ad Photo header Top
    strategy iglistkit

    """

    /// Rule 1: one section controller per object, never reused, while
    /// cells are: "IGListKit does not reuse section controllers [...]
    /// IGListKit does still use UICollectionView's cell reuse"
    /// (`Guides/Best Practices and FAQ.md` L119-123). Each row is its own
    /// instance (its section); its cell comes from the queue.
    @Test func rule1SectionsAreNotReusedCellsAre() {
        let session = Session(Self.feed + "mount Feed\n")
        for _ in 0..<3 { _ = session.line("scroll Feed by 1") }
        #expect(stat(session, "reused") >= 1)
        let paths = (document(session, "components --json")["components"] as? [[String: Any]] ?? [])
            .compactMap { $0["path"] as? String }.filter { isRowPath($0) }
        #expect(paths == ["Feed/3", "Feed/4", "Feed/5"])
    }

    /// Rule 2: identifier = kind + reuse id + class name
    /// (`IGListReusableViewIdentifier`, `Source/IGListKit/Internal/IGListAdapterInternal.h`
    /// L20-23). Two cell types of one class share one queue; a reuse id
    /// given with `as` comes first; a header's identifier starts with its kind.
    @Test func rule2IdentifierIsKindReuseIDAndClassName() throws {
        let session = Session(Self.feed + "register Feed Photo as Big\nmount Feed\n")
        let pools = try #require((document(session, "pools v2 --json")["parents"] as? [[String: Any]])?.first?["pools"] as? [[String: Any]])
        let qualifiers = pools.compactMap { ($0["key"] as? [String: Any])?["qualifier"] as? String }
        #expect(qualifiers == ["identifier UIView", "identifier BigUIImageView",
                               "header-footer identifier UICollectionElementKindSectionHeaderUILabel"])
        // Rows 0 (Post) and 1 (Ad) leave, rows 3 (Post) and 4 (Ad) take their cells in either order: one queue.
        let left = Set([view(session, "Feed/0"), view(session, "Feed/1")].compactMap { $0 })
        _ = session.line("scroll Feed by 2")
        #expect(Set([view(session, "Feed/3"), view(session, "Feed/4")].compactMap { $0 }) == left)
        #expect(left.count == 2 && stat(session, "created") == 1 + 3 + 1)
        #expect((document(session, "check --json")["wrongClasses"] as? [Any])?.isEmpty != false)
    }

    /// Rule 3: registration on first dequeue: the adapter registers the
    /// class under the identifier if it has not yet, then dequeues
    /// (`Source/IGListKit/IGListAdapter.m` L1216-1233). No `register`, no error.
    @Test func rule3RegisteredAtFirstDequeue() {
        let session = Session(Self.feed)
        #expect(session.line("mount Feed").ok)
        #expect(stat(session, "created") == 1 + 3 + 1, "host, three rows, the header")
        let uikit = Session(Self.feed.replacingOccurrences(of: "strategy iglistkit", with: "strategy uikit"))
        #expect(uikit.error("mount Feed").contains("unable to dequeue a cell with identifier Post"))
    }

    /// Rule 4: registrations belong to an adapter and its collection view,
    /// and are reset when the collection view changes (`IGListAdapter.m`
    /// L92-113): queues are per list, so two lists never share cells.
    @Test func rule4QueuesArePerCollectionView() {
        let session = Session(Self.feed + """
        list Side rows 100 viewport 3 cells Post
        component Screen view UIView children Feed Side
        mount Screen
        scroll Feed by 1
        scroll Side by 1
        """)
        let feedRows = Set(["Feed/1", "Feed/2", "Feed/3"].compactMap { view(session, "Screen/\($0)") })
        let side = view(session, "Screen/Side/3")
        #expect(side != nil && !feedRows.contains(side ?? ""))
        let taken = passEvents(session, 3, kind: "reuse").first { $0["path"] as? String == "Screen/Side/3" }
        #expect((taken?["previousPath"] as? String)?.hasPrefix("Screen/Side/") == true)
    }

    /// Rule 5: one dequeue per request, and the dequeued cell is returned
    /// (`IGListAdapter.m` L1271-1280; `IGListAdapter+UICollectionView.m`
    /// L42-78). Each entering row dequeues once and shows that cell.
    @Test func rule5OneDequeuePerRequest() {
        let session = Session(Self.feed + "mount Feed\n")
        _ = session.line("scroll Feed by 2")
        let dequeued = passEvents(session, 2).filter {
            ["create", "reuse"].contains($0["kind"] as? String ?? "") && isRowPath($0["path"] as? String)
        }
        #expect(dequeued.compactMap { $0["path"] as? String } == ["Feed/3", "Feed/4"])
        for event in dequeued { #expect(view(session, event["path"] as? String ?? "") == event["view"] as? String) }
    }

    /// Rule 6: an updated (unequal) object reloads its section as a delete
    /// plus an insert (`IGListDiff.mm` L210-215; `Internal/IGListAdapterUpdaterHelpers.m`
    /// L25-49, L74-108): the row gets another cell (`prepareForReuse` on a
    /// queued one) and the old cell joins the queue.
    @Test func rule6UpdatedObjectReplacesItsCells() {
        // Row 1 (an Ad, a UIView) hidden: its cell waits in the UIView queue.
        let session = Session(Self.feed + "mount Feed\n")
        let waiting = view(session, "Feed/1")
        _ = session.line("hide Feed/1")
        let old = view(session, "Feed/0")
        _ = session.line("set Feed/0 backgroundColor red")
        let new = view(session, "Feed/0")
        #expect(new != old)
        #expect(new == waiting, "the Post row takes the Ad's queued cell: one class, one queue")
        #expect(kinds(session, 3, on: new).contains("prepareForReuse"))
        #expect(kinds(session, 3, on: old) == ["hide"])
        #expect(shown(session, "Feed/0", "backgroundColor") == "red")
    }

    /// Rule 7 (corrected): a binding section controller rebinds the
    /// current cell in place, `bindViewModel:` with no dequeue and no
    /// `prepareForReuse` (`IGListBindingSectionController.m` L67-75), but
    /// only while the object stays equal: an unequal one reloads the
    /// section anyway (L116-131), which is rule 6. `binding on` models the
    /// equal object with a changed view model.
    @Test func rule7BindingControllerRebindsInPlace() {
        let session = Session(Self.feed + "strategy iglistkit binding on\nmount Feed\n")
        let cell = view(session, "Feed/0")
        _ = session.line("set Feed/0 backgroundColor red")
        #expect(view(session, "Feed/0") == cell)
        #expect(kinds(session, 2, on: cell) == ["apply"])
        #expect(passEvents(session, 2, kind: "prepareForReuse").isEmpty)
        #expect(shown(session, "Feed/0", "backgroundColor") == "red")
        #expect(session.line("reload Feed/0 payload").ok)
        #expect(view(session, "Feed/0") == cell, "a payload reload is the same rebind")
    }

    /// Rule 8: UIKit's cell prefetching is off: setting the adapter's
    /// collection view sets `prefetchingEnabled = NO` (`IGListAdapter.m`
    /// L150-152; `IGListAdapter.h` L67). Nothing is configured ahead.
    @Test func rule8NoCellPrefetching() {
        let session = Session(Self.feed + "mount Feed\n")
        for _ in 0..<3 { _ = session.line("scroll Feed by 1") }
        #expect(events(session, "--kind cache").isEmpty)
        let cached = (document(session, "pools v2 --json")["parents"] as? [[String: Any]])?.first?["cached"] as? [Any]
        #expect(cached?.isEmpty != false)
        #expect(!session.line("strategy iglistkit prefetch 1").ok)
    }

    /// The research's correction 3: IGListKit has no reconfigure.
    /// `reloadInSectionController:atIndexes:` becomes
    /// `reloadItemsAtIndexPaths:` (`IGListAdapterUpdater.m` L275-284), so
    /// `reload PATH` replaces the cell, as `reload PATH replace` does.
    @Test func reloadIsReplaceThereIsNoReconfigure() {
        for command in ["reload Feed/1", "reload Feed/1 replace"] {
            let session = Session(Self.feed + "mount Feed\n")
            let old = view(session, "Feed/1")
            _ = session.line(command)
            #expect(view(session, "Feed/1") != old, "\(command)")
            #expect(kinds(session, 2, on: old) == ["hide"], "\(command)")
        }
    }
}

/// Option values that are words (`identity id|value`, `os 14|15`): parsed,
/// refused with the words they take, completed, listed by `help strategy`,
/// and written back by `save` so that the session replays.
@Suite struct WordOptionTests {
    @Test func wordsAreParsedRefusedAndListed() {
        let session = Session()
        #expect(session.line("strategy uikit-diffable identity value os 14").output
            == "strategy uikit-diffable: uikit + snapshots by value; prefetch 1 (assumed); iOS 14\n")
        #expect(session.error("strategy uikit-diffable identity key")
            == "<stdin>:1:34: error: strategy: identity takes id or value, not 'key'")
        #expect(session.error("strategy uikit-diffable os 16") == "<stdin>:1:28: error: strategy: os takes 14 or 15, not '16'")
        #expect(session.error("strategy uikit-diffable identity").hasSuffix("error: strategy: expected id or value after identity"))
        let help = session.line("help strategy uikit-diffable").output
        #expect(help.contains("  options: identity id|value, prefetch N, os 14|15, linger N\n  defaults: identity id prefetch 1 os 15 linger 0"))
        #expect(session.interpreter.completions(for: "strategy uikit-diffable identity ") == ["id", "value"])
        #expect(session.interpreter.completions(for: "strategy uikit-diffable os ") == ["14", "15"])
        #expect(session.interpreter.completions(for: "strategy uikit-diffable ") == ["identity", "prefetch", "os", "linger"])
    }

    @Test func writtenFormRoundTripsThroughSave() throws {
        let session = Session("""
        component Post view UIView { backgroundColor: white }
        list Feed rows 10 viewport 2 cells Post
        register Feed Post
        strategy uikit-diffable identity value os 14 prefetch 2
        mount Feed
        """)
        let written = session.interpreter.engine.strategy.optionsDescription
        #expect(written == "identity value prefetch 2 os 14 linger 0")
        try withTemporaryDirectory(prefix: "words") { directory in
            let file = directory.appendingPathComponent("words.reuse").path
            #expect(session.line("save \(file)").ok)
            let replay = Session("source \(file)\n")
            #expect(replay.interpreter.engine.strategy.optionsDescription == written)
        }
        // The written form itself is a command that replays.
        let again = Session("strategy uikit-diffable \(written)\n")
        #expect(again.interpreter.engine.strategy.optionsDescription == written)
    }
}
