import Testing
@testable import ReuseEngine

/// Checkpoints share chunks of views that did not change (``CheckpointViews``,
/// ``FastPaths/sharedCheckpointViews``): only identical views are shared,
/// every past state still rebuilds exactly, with the switch on or off, and
/// a checkpoint copies only the chunks that changed.
@Suite struct CheckpointViewsTests {
    /// ``CheckpointViews/identical(_:_:_:)`` compares every stored field of
    /// the view by its bytes (the list by `==`): a field left out would let
    /// a checkpoint share a view that changed, and a type compared by its
    /// bytes with padding inside would never be shared. Read by reflection
    /// and from the types' layouts, so this fails until the comparison and
    /// these lists are brought up to date together.
    @Test func identityComparesEveryStoredField() throws {
        let engine = try Self.feed(strategy: "theodolite", rows: 40, scrolls: 0)
        let host = try #require(engine.views.all.first { $0.list != nil })
        let cell = try #require(engine.views.all.first { $0.attached != nil && $0.poolKey != nil && $0.owner != nil })
        func names(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label).sorted() }
        #expect(names(cell) == CheckpointViews.comparedFields.sorted())
        #expect(names(cell) == ["attached", "id", "isDetached", "isHidden", "isRemoved", "list", "owner", "ownerComponent",
                                "poolKey", "pools", "stateBox", "subviews", "superview", "table", "viewClass",
                                "visibleSubviewCount"])
        // The types compared by their bytes have no padding inside: their
        // fields' sizes add up to theirs (64-bit: a reference or an array a
        // word, a string two).
        #expect(MemoryLayout<PropertyTable>.size == 16 && MemoryLayout<PoolTable>.size == 24)
        #expect(MemoryLayout<ViewConfiguration>.size == 25 && MemoryLayout<ComponentPath>.size == 16)
        #expect(MemoryLayout<ViewKey>.size == 8 && MemoryLayout<ViewID>.size == 8)
        #expect(names(cell.table) == ["defaults", "written"])
        #expect(names(host.pools) == ["keys", "positions", "values"])
        #expect(names(try #require(cell.attached)) == ["attributes", "isMadeForRow", "viewClass"])
        #expect(names(try #require(cell.poolKey)) == ["fields"])
        #expect(names(try #require(cell.owner)) == ["elements", "lastRow"])
        #expect(names(try #require(host.list)) == ["cells", "firstRow", "footer", "header"])
    }

    /// A view is identical to its copy (whose padding and nil payloads may
    /// hold other bytes), and not to one changed in any field a pass writes.
    @Test func identityTellsEveryChange() throws {
        let engine = try Self.feed(strategy: "theodolite", rows: 40, scrolls: 0)
        let view = try #require(engine.views.all.first { !($0.attached?.attributes.isEmpty ?? true) && $0.owner != nil })
        let copy = view
        func identical(_ first: SimulatedView, _ second: SimulatedView) -> Bool { CheckpointViews.identical(first, second) }
        #expect(identical(view, copy))
        var changed = view
        changed.isHidden.toggle()
        #expect(!identical(view, changed))
        changed = view
        changed.subviews.append(ViewID(99))
        #expect(!identical(view, changed))
        changed = view
        changed.visibleSubviewCount += 1
        #expect(!identical(view, changed))
        changed = view
        changed.owner = nil
        #expect(!identical(view, changed))
        changed = view
        changed.attached?.attributes[0].value = .text("other")
        #expect(!identical(view, changed))
        // An equal value in another buffer is not identical: a chunk copied, never a wrong one shared.
        changed = view
        changed.subviews = Array(view.subviews)
        changed.subviews.reserveCapacity(8)
        #expect(view.subviews.isEmpty || !identical(view, changed))
        // A list host: its list compared by value.
        let host = try #require(engine.views.all.first { $0.list != nil })
        var moved = host
        #expect(identical(host, moved))
        moved.list?.firstRow += 1
        #expect(!identical(host, moved))
        moved = host
        moved.list = nil
        #expect(!identical(host, moved) && !identical(moved, host))
    }

    /// A checkpoint over views that did not change shares every chunk; one
    /// after a scroll copies only the chunks the scroll wrote or made, and
    /// rebuilds views identical to the live ones.
    @Test(arguments: ["texture", "theodolite-2019", "theodolite"])
    func aCheckpointCopiesOnlyTheChunksThatChanged(strategy: String) throws {
        var engine = try Self.feed(strategy: strategy, rows: 100_000, scrolls: 2_000)
        let first = CheckpointViews(engine.views.all, after: nil)
        #expect(first.unshared == first.count && first.count == engine.views.count)
        let again = CheckpointViews(engine.views.all, after: first)
        #expect(again.unshared == 0 && again.rewritten == 0)
        _ = try engine.scroll("Feed", by: 1)
        let after = CheckpointViews(engine.views.all, after: first)
        let size = CheckpointViews.defaultChunkSize
        // The host's chunk, the chunks of the rows that left and entered, and a new tail.
        #expect(after.unshared <= 4 * size, "\(after.unshared) views copied of \(after.count)")
        #expect(after.rewritten <= after.unshared && after.rewritten <= 3 * size)
        let rebuilt = after.views
        #expect(rebuilt.count == engine.views.count)
        #expect(zip(rebuilt, engine.views.all).allSatisfy { CheckpointViews.identical($0, $1) })
    }

    /// A feed of `rows` rows of a row view with a title under `strategy`,
    /// mounted and scrolled down by one `scrolls` times.
    static func feed(strategy: String, rows: Int, scrolls: Int) throws -> Engine {
        var engine = Engine()
        _ = try engine.setStrategy(named: strategy)
        _ = try engine.defineComponent("Title", view: "UILabel", attributes: ["text": "row {i}"])
        _ = try engine.defineComponent("Row", view: "UIView", attributes: ["backgroundColor": "red"], children: ["Title"])
        _ = try engine.defineList("Feed", rows: rows, viewport: 5, cells: ["Row"])
        _ = try engine.mount("Feed")
        for _ in 0..<scrolls { _ = try engine.scroll("Feed", by: 1) }
        return engine
    }

    /// Every past state rebuilds exactly with checkpoints after every
    /// operation, thinned by weight, whether they share views or not: the
    /// shortcut against its twin.
    /// Chunks of 1 and 3 views share views in these short sessions (with
    /// 256, each chunk holds every view, and a pass changes one of them).
    @Test(.enabled(if: FastPaths.areSwitchable, "fast paths are switchable in debug builds only"),
          arguments: [(true, 1), (true, 3), (true, 256), (false, 256)])
    func pastStatesRebuildWithOrWithoutSharedViews(sharing: Bool, viewsPerChunk: Int) throws {
        var h = try FuzzTests.catalog()
        h.thorough = false
        h.engine.fastPaths = sharing ? .all : FastPaths.all.subtracting(.sharedCheckpointViews)
        h.engine.checkpointAfterEveryOperation()
        h.engine.history.viewsPerChunk = viewsPerChunk
        let live = HistoryTests.liveStates(&h, steps: 400, seed: 53)
        // The origin was taken before the switch was set.
        #expect(h.engine.history.checkpoints.dropFirst().allSatisfy { ($0.views != nil) == sharing })
        // Views were shared: some checkpoint copied fewer than it holds.
        #expect(!sharing || viewsPerChunk == 256
                    || h.engine.history.checkpoints.contains { ($0.views?.unshared ?? .max) < ($0.views?.count ?? 0) })
        try HistoryTests.expectRebuilt(live, by: h.engine)
    }
}
