import Foundation
import Testing
@testable import ReuseShell

// One test per numbered rule of ../shared/systems/texture.md and litho.md,
// as corrected in Documentation/research/diffable-iglistkit-texture-litho.md,
// read through the shell's `--json` output. Upstream: TextureGroup/Texture
// at be0b74b and facebook/litho at 55e28e5; the lines cited are theirs.

/// The events of pass `pass` (of `kind`, if given), in log order.
private func passEvents(_ session: Session, pass: Int, kind: String? = nil) -> [[String: Any]] {
    events(session, kind.map { "--kind \($0)" } ?? "").filter { $0["pass"] as? Int == pass }
}

/// The view ids a list's rows show, from `tree --json`, in row order.
private func rowViews(_ session: Session) -> [String: String] {
    var found: [String: String] = [:]
    func walk(_ node: [String: Any]) {
        if let path = node["path"] as? String, let view = node["view"] as? String, node["hidden"] as? Bool == false,
           path.split(separator: "/").count == 2 {
            found[path] = view
        }
        for child in node["children"] as? [[String: Any]] ?? [] { walk(child) }
    }
    walk(treeRoot(session))
    return found
}

/// The global pools of `pools --json`: pool name (component type) to view ids, oldest first.
private func globalPools(_ session: Session) -> [String: [String]] {
    var pools: [String: [String]] = [:]
    for pool in document(session, "pools --json")["classPools"] as? [[String: Any]] ?? [] {
        let name = (pool["component"] as? String) ?? (pool["viewClass"] as? String) ?? "?"
        pools[name] = (pool["views"] as? [[String: Any]] ?? []).compactMap { $0["view"] as? String }
    }
    return pools
}

/// A view's property as `config VIEW --json` shows it.
private func property(_ session: Session, _ view: String, _ name: String) -> String? {
    let properties = document(session, "config \(view) --json")["properties"] as? [String: Any]
    return properties?[name].map { "\($0)" }
}

private let textureFeed = """
component Title view UILabel { text: "t{i}" }
component Row view UIView { backgroundColor: red } children Title
list Feed rows 30 viewport 3 cells Row
strategy texture
mount Feed
"""

@Suite struct TextureRuleTests {
    /// Rule 1: one node per item, never reused (`node-lifecycle.md` L17;
    /// `containers-ascollectionnode.md` L67; `faq.md` L62).
    @Test func noRowEverShowsAnotherRowsView() {
        let session = Session(textureFeed)
        for _ in 0..<4 { _ = session.line("scroll Feed by 3") }
        // The list host, and 15 rows shown, each with its own row view and title view.
        #expect(stat(session, "created") == 31)
        let handedOver = events(session, "--kind reuse").filter { $0["previousPath"] as? String != $0["path"] as? String }
        #expect(handedOver.isEmpty)
    }

    /// Rule 2: every item's node is allocated when the item is inserted
    /// (`ASDataController.mm` L639-660, `_allocateNodesFromElements`
    /// L140-190), so `nodes` counts the items of every list alive; rule 4:
    /// a node's view loads the first time its row shows and is never
    /// unloaded (`node-lifecycle.md` L50), so `nodeViews` counts the rows
    /// shown so far. Only under texture.
    @Test func nodesAreAllocatedPerItemAndTheirViewsLoadOnShow() {
        let session = Session(textureFeed)
        #expect(stat(session, "nodes") == 30)
        #expect(stat(session, "nodeViews") == 3)
        // A jump: rows 5-7 load their views; rows 3 and 4 never showed.
        _ = session.line("scroll Feed by 5")
        #expect(stat(session, "nodeViews") == 6)
        _ = session.line("scroll Feed to 0")
        #expect(stat(session, "nodeViews") == 6)
        #expect(session.line("stats").output.contains("nodes     30 allocated (one per item), 6 with their views loaded"))
        // An insert allocates the new items' nodes at once; a delete frees theirs.
        _ = session.line("insert Feed at 10 count 5")
        #expect(stat(session, "nodes") == 35)
        #expect(stat(session, "nodeViews") == 6)
        _ = session.line("delete Feed at 0 count 2")
        #expect(stat(session, "nodes") == 33)
        _ = session.line("strategy theodolite")
        #expect(stat(session, "nodes") == -1)
        #expect(stat(session, "nodeViews") == -1)
        #expect(!session.line("stats").output.contains("nodes"))
    }

    /// Rule 3, corrected: a reload (and a move) is a delete plus an insert
    /// (`_ASHierarchyChangeSet.mm` L415-422, L497-509): a new node, a new
    /// view (`ASDataController.mm` L409-411); `reloadData` replaces every
    /// node (L768-778). `set` changes the node in place.
    @Test func reloadMakesANewNodeAndSetKeepsIt() throws {
        let session = Session(textureFeed)
        let before = try #require(rowViews(session)["Feed/1"])
        _ = session.line("set Feed/1 backgroundColor blue")
        #expect(rowViews(session)["Feed/1"] == before)
        #expect(passEvents(session, pass: 2, kind: "create").isEmpty)
        _ = session.line("reload Feed/1")
        let after = try #require(rowViews(session)["Feed/1"])
        #expect(after != before)
        let removed = passEvents(session, pass: 3, kind: "remove")
        #expect(removed.first?["view"] as? String == before)
        #expect((removed.first?["note"] as? String)?.contains("its node went") == true)
        _ = session.line("reload Feed/1 replace")
        #expect(rowViews(session)["Feed/1"] != after)
        _ = session.line("scroll Feed by 2")
        _ = session.line("reload Feed")
        // Every node replaced: only the three shown rows have node views now.
        #expect(stat(session, "nodeViews") == 3)
        #expect(stat(session, "nodes") == 30)
    }

    /// Rule 4: a loaded view is never unloaded (`node-lifecycle.md` L50): a
    /// row that scrolls away keeps its view hidden; coming back, the same
    /// view shows and nothing is applied.
    @Test func aRowComingBackShowsItsOwnViewWithNothingApplied() throws {
        let session = Session(textureFeed)
        let first = try #require(rowViews(session)["Feed/0"])
        _ = session.line("scroll Feed by 10")
        #expect(document(session, "config \(first) --json")["visibility"] as? String == "hidden")
        _ = session.line("scroll Feed to 0")
        #expect(rowViews(session)["Feed/0"] == first)
        #expect(passEvents(session, pass: 3, kind: "apply").isEmpty)
        #expect(passEvents(session, pass: 3, kind: "create").isEmpty)
        #expect(passEvents(session, pass: 3, kind: "unhide").contains { $0["view"] as? String == first })
    }

    /// Rule 5: UIKit cells are only empty hosts under one identifier
    /// (`ASCollectionView.mm` L81, L1208; `ASRangeController.mm` L466-489),
    /// carrying nothing; UIKit prefetching is forced off (L282-286,
    /// L2524-2527). The row shows as its node's view; nothing is cached or
    /// bound ahead.
    @Test func hostCellsCarryNothingAndNothingIsPrefetched() {
        let session = Session(textureFeed)
        _ = session.line("scroll Feed by 1")
        let tree = session.line("tree --json").output
        #expect(!tree.contains("_ASCollectionViewCell"))
        let rowKey = events(session, "--kind create").first { $0["path"] as? String == "Feed/0" }?["key"] as? [String: Any]
        #expect(rowKey?["qualifier"] as? String == "node's own")
        #expect(stat(session, "cacheHits") == 0)
        let parents = document(session, "pools --json")["parents"] as? [[String: Any]] ?? []
        #expect(parents.allSatisfy { ($0["cached"] as? [Any])?.isEmpty ?? true })
    }

    /// Rule 6: ranges free contents and preloaded data, not views or node
    /// properties (`ASDisplayNode.mm` L2995-3060; `ASAbstractLayoutController.mm`
    /// L92-110): a row far outside every range keeps its view and what was set on it.
    @Test func farOffScreenRowsKeepTheirViewsAndProperties() throws {
        let session = Session(textureFeed)
        _ = session.line("set Feed/0 backgroundColor blue")
        let first = try #require(rowViews(session)["Feed/0"])
        _ = session.line("scroll Feed to 25")
        #expect(document(session, "config \(first) --json")["visibility"] as? String == "hidden")
        #expect(property(session, first, "backgroundColor") == "blue")
        #expect(stat(session, "removed") == 0)
    }

    /// Rule 7, with rule 3's exception: state set on a node stays with its
    /// item and never reaches another row; a reload drops it with the node.
    @Test func nodeStateStaysWithItsItemUntilAReload() throws {
        let session = Session(textureFeed)
        _ = session.line("set Feed/0 backgroundColor blue")
        for _ in 0..<5 { _ = session.line("scroll Feed by 1") }
        for (_, view) in rowViews(session) { #expect(property(session, view, "backgroundColor") == "red") }
        _ = session.line("scroll Feed to 0")
        let first = try #require(rowViews(session)["Feed/0"])
        #expect(property(session, first, "backgroundColor") == "blue")
        #expect(stat(session, "leaks") == 0)
        _ = session.line("reload Feed/0")
        let reloaded = try #require(rowViews(session)["Feed/0"])
        #expect(reloaded != first)
    }
}

private let lithoDots = """
attribute tint unapply
component Dot view UIView { backgroundColor: red, tint: blue }
component Box view UIView children Dot Dot Dot Dot Dot
strategy litho
mount Box
"""

@Suite struct LithoRuleTests {
    /// Rule 1: the pool key is the component type (`SpecGeneratedComponent.java`
    /// L826-829; `MountSpecLithoRenderUnit.kt` L98-100): two types of one view
    /// class never share; the type takes its own content back.
    @Test func poolsAreKeyedByComponentType() {
        let session = Session("""
        component A view UIView { backgroundColor: red }
        component B view UIView { backgroundColor: red }
        strategy litho
        mount A
        """)
        _ = session.line("mount B")
        #expect(stat(session, "created") == 2)
        #expect(globalPools(session)["A"] == ["v2"])
        _ = session.line("mount A")
        #expect(stat(session, "created") == 2)
        #expect(globalPools(session)["B"] == ["v3"])
        #expect(globalPools(session)["A"] == nil)
    }

    /// Rule 2: one set of pools per Context, shared by every parent
    /// (`MountItemsPool.kt` L57-58, L212-250): content released under one
    /// parent is taken under another.
    @Test func poolsAreSharedByEveryParent() {
        let session = Session("""
        component Dot view UIView { backgroundColor: red }
        component P1 view UIView children Dot
        component P2 view UIView children Dot
        strategy litho
        mount P1
        """)
        _ = session.line("mount P2")
        let reuse = passEvents(session, pass: 2, kind: "reuse")
        #expect(reuse.count == 1)
        #expect(reuse.first?["view"] as? String == "v3")
        #expect(reuse.first?["previousPath"] as? String == "P1/Dot")
        #expect(reuse.first?["path"] as? String == "P2/Dot")
    }

    /// Rule 3: 3 per type by default (`ContentAllocator.kt` L59-60, L93);
    /// `pool TYPE N` sets one type's size, 0 means no pool
    /// (`MountItemsPool.kt` L218-220).
    @Test func poolSizeIsThreePerTypeUnlessSet() {
        let session = Session(lithoDots)
        _ = session.line("hide Box")
        #expect(globalPools(session)["Dot"]?.count == 3)
        let full = passEvents(session, pass: 2, kind: "remove").filter { ($0["note"] as? String)?.contains("is full (3)") == true }
        #expect(full.count == 2)
        let one = Session(lithoDots.replacingOccurrences(of: "strategy litho", with: "strategy litho pool Dot 1"))
        _ = one.line("hide Box")
        #expect(globalPools(one)["Dot"]?.count == 1)
        let none = Session(lithoDots.replacingOccurrences(of: "strategy litho", with: "strategy litho pool 0"))
        _ = none.line("hide Box")
        #expect(globalPools(none)["Dot"] == nil)
        #expect(stat(none, "removed") == 6)
    }

    /// Rule 4: last in, first out; a full pool drops (`DefaultContentPool`,
    /// `MountItemsPool.kt` L506-535 over androidx `Pools.SimplePool`;
    /// L154-160). Released last child first, the pool holds Dot[4], Dot[3],
    /// Dot[2]'s views; Dot[0] takes Dot[2]'s, the one released last.
    @Test func thePoolIsLastInFirstOut() {
        let session = Session(lithoDots)
        _ = session.line("hide Box")
        #expect(globalPools(session)["Dot"] == ["v7", "v6", "v5"])
        _ = session.line("show Box")
        let reuse = passEvents(session, pass: 3, kind: "reuse")
        #expect(reuse.map { $0["view"] as? String } == ["v5", "v6", "v7"])
        #expect(reuse.first?["path"] as? String == "Box/Dot[0]")
    }

    /// Rule 5: acquire takes from the pool when it can, else creates
    /// (`acquireMountContent`, `MountItemsPool.kt` L86-121).
    @Test func acquireTakesFromThePoolElseCreates() {
        let session = Session(lithoDots)
        _ = session.line("hide Box")
        let (_, line) = session.line("show Box")
        // The host is made anew; three Dots come from the pool, two are new.
        #expect(line.contains("created 3, reused 3"))
    }

    /// Rule 6: a new item's content is acquired and added to its host, then
    /// mounted: every attribute applied (`MountState.kt` L577-616).
    @Test func pooledContentIsAddedThenMountedInFull() {
        let session = Session(lithoDots)
        _ = session.line("hide Box")
        _ = session.line("show Box")
        let steps = passEvents(session, pass: 3).filter { $0["view"] as? String == "v5" }.compactMap { $0["kind"] as? String }
        #expect(steps == ["insert", "reuse", "apply", "apply"])
    }

    /// Rule 7: unmount children first, last child first; view attributes
    /// unbound, then `@OnUnmount`, then released (`MountState.kt` L672-677,
    /// L709-735). A released view is detached, not hidden.
    @Test func unmountOrderIsChildrenLastFirstUnbindThenOnUnmountThenRelease() {
        let session = Session(lithoDots)
        _ = session.line("hide Box")
        let steps = passEvents(session, pass: 2)
        let order = steps.compactMap { $0["view"] as? String }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        #expect(order == ["v7", "v6", "v5", "v4", "v3", "v2"])
        let last = steps.filter { $0["view"] as? String == "v7" }.compactMap { $0["kind"] as? String }
        #expect(last == ["unapply", "enterPool", "detach"])
        #expect(document(session, "config v7 --json")["visibility"] as? String != "hidden")
    }

    /// Rule 8: identity is the render unit id: an item that stays keeps its
    /// content (`unmountOrMoveOldItems`, `MountState.kt` L468-523).
    @Test func anItemThatStaysKeepsItsView() {
        let session = Session(lithoDots)
        _ = session.line("set Box/Dot[1] backgroundColor green")
        #expect(passEvents(session, pass: 2, kind: "create").isEmpty)
        #expect(passEvents(session, pass: 2, kind: "reuse").isEmpty)
        #expect(property(session, "v4", "backgroundColor") == "green")
    }

    /// Rule 9: a kept item is mounted again on every new layout unless pure
    /// with equal props (`MountState.kt` L931-939; `Component.java`
    /// L211-213; `MountSpec.java` L94-99); its view attributes are bound
    /// again only when they changed (`ViewAttributesViewBinder.kt` L41-66).
    @Test func keptItemsRemountUnlessPure() {
        let session = Session(lithoDots)
        _ = session.line("remount")
        let applied = passEvents(session, pass: 2, kind: "apply")
        #expect(applied.count == 5)
        #expect(passEvents(session, pass: 2, kind: "unapply").isEmpty)
        let pure = Session(lithoDots.replacingOccurrences(of: "strategy litho", with: "strategy litho pure on"))
        _ = pure.line("remount")
        #expect(passEvents(pure, pass: 2, kind: "apply").isEmpty)
        // Five Dots and the host, whose configuration (no attributes) is equal too.
        #expect(passEvents(pure, pass: 2, kind: "skip").count == 6)
    }

    /// Rule 10: view attributes (with an unapplicator) never leak; what
    /// `@OnMount` set stays on the pooled view unless `@OnUnmount` (`prepare`)
    /// resets it (`ViewAttributesViewBinder.kt` L68-97;
    /// `MountItemPoolsReleaseValidator.kt` L29-101).
    @Test func propsLeakThroughThePoolViewAttributesDoNot() {
        let setup = """
        attribute tint unapply
        attribute badge
        component Dot view UIView { backgroundColor: red }
        component P1 view UIView children Dot
        component P2 view UIView children Dot
        strategy litho
        mount P1
        set P1/Dot badge new
        set P1/Dot tint blue
        """
        let session = Session(setup)
        _ = session.line("mount P2")
        #expect(property(session, "v3", "badge") == "new")
        #expect(property(session, "v3", "tint") != "blue")
        #expect(stat(session, "leaks") == 1)
        let reset = Session(setup + "\nprepare Dot resets badge")
        _ = reset.line("mount P2")
        #expect(property(reset, "v3", "badge") != "new")
        #expect(stat(reset, "leaks") == 0)
    }

    /// Rule 11: hosts are not pooled (`ComponentsConfiguration.kt` L52;
    /// `HostComponent.java` L49-57).
    @Test func hostsAreNeverPooled() {
        let session = Session(lithoDots)
        _ = session.line("hide Box")
        let host = passEvents(session, pass: 2, kind: "remove").first { $0["view"] as? String == "v2" }
        #expect((host?["note"] as? String)?.contains("not pooled") == true)
        #expect(globalPools(session)["Box"] == nil)
    }

    /// Rule 12: preallocation is opt-in; a preallocating type's pool is
    /// filled up to its size after a layout (`ContentPreAllocator.kt`
    /// L88-137; `MountItemsPool.kt` L537-544).
    @Test func preallocateFillsThePoolAfterAMount() {
        let setup = """
        component Dot view UIView { backgroundColor: red }
        component Box view UIView children Dot
        """
        let plain = Session(setup + "\nstrategy litho\nmount Box")
        #expect(globalPools(plain)["Dot"] == nil)
        let filled = Session(setup + "\nstrategy litho preallocate Dot pool Dot 2\nmount Box")
        #expect(globalPools(filled)["Dot"]?.count == 2)
        #expect(document(filled, "stats --json")["strategy"] as? String == "litho")
        #expect(filled.line("strategy").output.contains("preallocating Dot"))
        // A new Dot takes preallocated content (nothing is created for it);
        // after the pass the pool is filled again.
        _ = filled.line("component Box view UIView children Dot Dot")
        _ = filled.line("remount")
        #expect(!passEvents(filled, pass: 2, kind: "create").contains { $0["path"] as? String == "Box/Dot[1]" })
        #expect(passEvents(filled, pass: 2, kind: "reuse").count == 1)
        #expect(globalPools(filled)["Dot"]?.count == 2)
    }

    /// Rule 13, corrected: rows are LithoView shells of one view type
    /// (`RecyclerBinder.kt` L355, L3371-3378) with item cache 0 and no
    /// prefetch (L2404-2408); a shell going to the pool unmounts its content
    /// into the component pools (L3393-3407), and a row's update mounts in
    /// the same shell (L1303-1307).
    @Test func rowsAreShellsWhoseContentGoesToTheComponentPools() throws {
        let session = Session("""
        component Title view UILabel { text: "t{i}" }
        component Row view UIView { backgroundColor: red } children Title
        list Feed rows 30 viewport 3 cells Row
        strategy litho
        mount Feed
        scroll Feed by 1
        """)
        let parents = document(session, "pools --json")["parents"] as? [[String: Any]] ?? []
        #expect(parents.allSatisfy { ($0["cached"] as? [Any])?.isEmpty ?? true })
        let shellKey = events(session, "--kind create").first { $0["path"] as? String == "Feed/0" }?["key"] as? [String: Any]
        #expect(shellKey?["component"] as? String == "LithoView")
        #expect(globalPools(session)["Title"]?.count == 1)
        _ = session.line("scroll Feed by 1")
        // The shell and its title come from the pools: nothing is created.
        #expect(passEvents(session, pass: 3, kind: "create").isEmpty)
        #expect(passEvents(session, pass: 3, kind: "reuse").count == 2)
        let shell = try #require(rowViews(session)["Feed/3"])
        _ = session.line("set Feed/3 backgroundColor blue")
        #expect(rowViews(session)["Feed/3"] == shell)
        #expect(passEvents(session, pass: 4, kind: "reuse").isEmpty)
        #expect(!passEvents(session, pass: 4, kind: "apply").isEmpty)
    }

    /// Rule 14: content leaving the visible range is released at once
    /// (`IncrementalMountExtension.java` L442-463; the gap worker is off,
    /// `IncrementalMountExtensionConfigs.java` L32): a row scrolled away has
    /// its content in the pools in the same pass.
    @Test func contentLeavingTheViewportIsReleasedInTheSamePass() {
        let session = Session("""
        component Title view UILabel { text: "t{i}" }
        component Row view UIView children Title
        list Feed rows 30 viewport 3 cells Row
        strategy litho
        mount Feed
        """)
        _ = session.line("scroll Feed by 2")
        let detached = passEvents(session, pass: 2, kind: "detach").compactMap { $0["path"] as? String }
        #expect(detached.contains("Feed/0/Title"))
        #expect(detached.contains("Feed/1/Title"))
        // Fill before recycle: row 4 entered after row 0 left and took its
        // shell and title; row 1's title waits.
        #expect(globalPools(session)["Title"]?.count == 1)
    }
}

/// A list whose cell is another list: the outer row's shell hosts the
/// nested list (it shows the row's root, the `Recycler`'s RecyclerView, as
/// its own). When that shell goes to the RecyclerView pool, its content is
/// unmounted: the Recycler's unbind calls `RecyclerBinder.unmount`
/// (`Recycler.kt` L229-239), which sets the adapter to null
/// (`RecyclerBinder.kt` L2541): every nested shell is recycled, its
/// content to the component pools, and the nested list's own pool is
/// cleared. The host must forget the list: found by random sessions, its
/// rows still named shells released into the component pools or removed
/// ("v23: is removed but held by A/L/0/0").
@Suite struct LithoNestedListTests {
    static let nested = """
    component D view UILabel { tap: open }
    component A children L D
    list L rows 1 viewport 3 cells M
    list M rows 10 viewport 4 cells D D
    mount L A
    strategy litho
    """

    /// The random session's minimal script, then every invariant after each line.
    @Test func hideThenShowOfANestedListsRowKeepsEveryInvariant() {
        let session = Session(Self.nested)
        for line in ["hide A/L/0", "check", "show A/L/0", "check"] {
            let (ok, output) = session.line(line)
            #expect(ok, "\(line): \(output)")
        }
    }

    /// The nested list's shells are dropped, not pooled as content: each
    /// leaves with its view attributes unbound, and D's component pool
    /// gets none of them; shown again, the list mounts in new shells.
    @Test func theNestedListsShellsAreRecycledThenDropped() {
        let session = Session(Self.nested)
        _ = session.line("hide A/L/0")
        let removed = passEvents(session, pass: 3, kind: "remove")
        #expect(removed.compactMap { $0["path"] as? String } == ["A/L/0/3", "A/L/0/2", "A/L/0/1", "A/L/0/0"])
        #expect(removed.allSatisfy { ($0["note"] as? String)?.contains("RecyclerView was unmounted") == true })
        #expect(passEvents(session, pass: 3, kind: "unapply").count == 4)
        #expect(globalPools(session)["D"] == nil)
        _ = session.line("show A/L/0")
        #expect(passEvents(session, pass: 4, kind: "create").count == 4)
        #expect(session.line("check").ok)
    }

    /// Variants: scrolls of the outer and the inner lists (shells recycled
    /// by scrolling, the outer pool full), hide and show, reloads, a list
    /// inside a row's component, three levels, strategy switches.
    @Test(arguments: [
        """
        list L rows 8 viewport 2 cells M
        scroll A/L/0 by 3
        hide A/L/0
        show A/L/0
        check
        scroll A/L by 4
        check
        scroll A/L/5 by 2
        scroll A/L by -4
        check
        hide A/L/1
        show A/L/1
        check
        """,
        """
        list L rows 40 viewport 8 cells M
        scroll A/L by 20
        check
        scroll A/L by -20
        check
        reload A/L
        check
        reload A/L/0
        check
        """,
        """
        list L rows 6 viewport 2 cells M
        scroll A/L by 3
        strategy recyclerview
        check
        scroll A/L by -3
        strategy litho
        hide A/L/0
        show A/L/0
        check
        strategy texture
        strategy litho pool 1
        scroll A/L by 4
        scroll A/L by -4
        check
        """,
        """
        component R view UIView children M D
        list L rows 12 viewport 2 cells R
        list M rows 10 viewport 3 cells D
        remount
        scroll A/L/0/M by 2
        hide A/L/0
        show A/L/0
        check
        scroll A/L by 6
        scroll A/L by -6
        check
        """,
        """
        list M rows 6 viewport 2 cells N
        list N rows 5 viewport 2 cells D
        list L rows 8 viewport 2 cells M
        remount
        scroll A/L/0 by 3
        scroll A/L by 4
        check
        scroll A/L by -4
        check
        hide A/L/1
        show A/L/1
        check
        """,
    ])
    func nestedListsKeepEveryInvariant(script: String) {
        let session = Session(Self.nested)
        for line in script.split(separator: "\n").map(String.init) {
            let (ok, output) = session.line(line)
            #expect(ok, "\(line): \(output)")
        }
    }
}
