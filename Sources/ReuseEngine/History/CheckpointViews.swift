#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A checkpoint's views, in chunks of ``chunkSize`` views that a checkpoint
/// shares with the one before it wherever none of their views changed
/// (``FastPaths/sharedCheckpointViews``).
///
/// Why: a checkpoint that held the views array whole shared it with the
/// live session until the next write, which then copied every view (and
/// the checkpoint later released them all). Under strategies whose views
/// grow with the rows shown (texture keeps a node per row, theodolite-2019
/// keeps titles hidden) a checkpoint then cost the whole state, so they
/// had to be spaced by the state's weight, and rebuilding a past state
/// replayed up to four times that weight in work (issue 38). Here a
/// checkpoint copies only the chunks that changed since the one before
/// and compares the rest in place; the live array stays its own.
///
/// The trick, and its invariant: a chunk is shared when each of its
/// views is identical to the live one (``identical(_:_:_:)``: every stored
/// field holds the same bytes, so the same inline values and the same
/// references to the same buffers), which makes them the same value,
/// because a buffer held in two places is never written in place (copy on
/// write; ``StateBox`` and a ``ViewKey``'s fields are immutable). Only the
/// fields' bytes are compared, never the padding between them; an optional
/// over its whole size, so a nil and a value always differ. The list, which
/// has padding inside and is nil in every view but list hosts (a copy of a
/// nil leaves its payload as it finds it), is asked for nil through a field
/// of its own and compared by `==`. A comparison that answers "different"
/// for equal views (two nils' payloads, an equal value in another buffer)
/// only copies a chunk that could have been shared. The views are read
/// where they lie: a view copied out of its array would retain each of its
/// buffers (three quarters of a checkpoint's time under texture, when it did).
struct CheckpointViews: Sendable {
    /// Views a chunk holds (the last one fewer), unless a test asks for
    /// fewer (``History/viewsPerChunk``: with 1, every view unchanged is shared).
    static let defaultChunkSize = 256

    /// Views a chunk holds (the last one fewer).
    let chunkSize: Int
    /// View `n` is `chunks[(n - 1) / chunkSize][(n - 1) % chunkSize]`.
    private(set) var chunks: [[SimulatedView]]
    /// Views held.
    private(set) var count: Int
    /// Views in the chunks not shared with the checkpoint before (all of
    /// them for the first): what this one added to memory and cost to make.
    private(set) var unshared: Int
    /// Of ``unshared``, the views the checkpoint before also held: those
    /// rewritten since, not made since (all of them for the first). Views
    /// made since were each made by at least one recorded event, so their
    /// copy is paid for by the work that made them; a rewritten view may
    /// share its chunk's copy with 255 views that did not change, which
    /// only the spacing pays for (``History/weights(of:)``).
    private(set) var rewritten: Int

    /// The chunks of `views`, `chunkSize` views each, sharing every chunk
    /// of `previous` (of the same size) whose views are identical to those
    /// of `views` at the same places.
    init(_ views: [SimulatedView], after previous: CheckpointViews?, chunkSize: Int = CheckpointViews.defaultChunkSize) {
        precondition(chunkSize > 0)
        self.chunkSize = chunkSize
        let previous = previous?.chunkSize == chunkSize ? previous : nil
        count = views.count
        unshared = 0
        rewritten = 0
        let held = previous?.count ?? views.count
        chunks = []
        chunks.reserveCapacity((views.count + chunkSize - 1) / chunkSize)
        var start = 0
        while start < views.count {
            let end = min(start + chunkSize, views.count)
            let index = start / chunkSize
            if let previous, index < previous.chunks.count,
               CheckpointViews.same(previous.chunks[index], views, at: start, through: end) {
                chunks.append(previous.chunks[index])
            } else {
                chunks.append(Array(views[start..<end]))
                unshared += end - start
                rewritten += max(0, min(end, held) - start)
            }
            start = end
        }
    }

    /// The weight of a table of `chunks` chunks: a unit (about a view
    /// with its tables, ``Engine/Session/weight``) for 64, whose
    /// references take 512 bytes.
    static func tableWeight(chunks: Int) -> Int {
        (chunks + 63) / 64
    }

    /// What these views weigh beside `previous`, the checkpoint's views
    /// before them: the views it does not share, and the table of chunks.
    func weight(after previous: CheckpointViews?) -> Int {
        unsharedViews(after: previous) + CheckpointViews.tableWeight(chunks: chunks.count)
    }

    /// The views, in one array of their own (a replay writes them), with
    /// room for a chunk more: a replay that makes a view does not move them all.
    var views: [SimulatedView] {
        var views: [SimulatedView] = []
        views.reserveCapacity(count + CheckpointViews.defaultChunkSize)
        for chunk in chunks { views.append(contentsOf: chunk) }
        return views
    }

    /// Views in chunks that `previous` does not hold at the same place:
    /// what this one adds to memory next to it (after thinning, the
    /// checkpoint before it is another one).
    func unsharedViews(after previous: CheckpointViews?) -> Int {
        guard let previous, previous.chunkSize == chunkSize else { return count }
        var views = 0
        for index in chunks.indices where index >= previous.chunks.count || !chunks[index].isOneBuffer(with: previous.chunks[index]) {
            views += chunks[index].count
        }
        return views
    }

    /// Whether each view of `chunk` is identical to the one of `views[start..<end]` at its place.
    private static func same(_ chunk: [SimulatedView], _ views: [SimulatedView], at start: Int, through end: Int) -> Bool {
        guard chunk.count == end - start else { return false }
        return chunk.withUnsafeBufferPointer { old in
            views.withUnsafeBufferPointer { new in
                guard let old = old.baseAddress, let new = new.baseAddress else { return old.isEmpty }
                // Read once a chunk: each read of the runs retains their array.
                let runs = CheckpointViews.fieldRuns
                for index in 0..<(end - start) where !identical(old + index, new + start + index, runs) { return false }
                return true
            }
        }
    }

    /// Whether the views at `first` and `second` are identical: each
    /// stored field but the list holds the same bytes, and the lists are
    /// both nil or equal. Read in place.
    @inline(__always)
    static func identical(_ first: UnsafePointer<SimulatedView>, _ second: UnsafePointer<SimulatedView>,
                          _ runs: [Range<Int>]) -> Bool {
        let (a, b) = (UnsafeRawPointer(first), UnsafeRawPointer(second))
        for run in runs where memcmp(a + run.lowerBound, b + run.lowerBound, run.count) != 0 { return false }
        // A list's content has padding inside, and a nil one leaves its
        // payload as it finds it: asked for nil through a field of its own
        // (the whole optional would be copied out), compared by `==` when
        // there is one (list hosts alone).
        let (firstHasList, secondHasList) = (first.pointee.list?.firstRow != nil, second.pointee.list?.firstRow != nil)
        return firstHasList == secondHasList && (!firstHasList || first.pointee.list == second.pointee.list)
    }

    /// The bytes of ``fieldBytes`` in merged runs: where a view's fields
    /// but the list lie. Each type compared by its bytes has no padding
    /// inside (`CheckpointViewsTests` holds their sizes), and every stored
    /// field of ``SimulatedView`` is in ``fieldBytes`` or is the list (the
    /// tests hold the type's fields, read by reflection, to ``comparedFields``).
    static let fieldRuns: [Range<Int>] = {
        var runs: [Range<Int>] = []
        for range in fieldBytes.map(\.bytes).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = runs.last, range.lowerBound == last.upperBound {
                runs[runs.count - 1] = last.lowerBound..<range.upperBound
            } else {
                runs.append(range)
            }
        }
        return runs
    }()

    /// Each stored field of ``SimulatedView`` compared by its bytes, by
    /// name, with the bytes it takes (an optional's whole size: its payload
    /// and what tells nil from a value, so a nil and a value always differ).
    static let fieldBytes: [(name: String, bytes: Range<Int>)] = {
        func field<Value>(_ name: String, _ path: KeyPath<SimulatedView, Value>) -> (name: String, bytes: Range<Int>) {
            // Every path here names a stored property, which has an offset.
            let offset = MemoryLayout<SimulatedView>.offset(of: path) ?? 0
            return (name, offset..<(offset + MemoryLayout<Value>.size))
        }
        return [field("id", \.id), field("viewClass", \.viewClass), field("subviews", \.subviews),
                field("visibleSubviewCount", \.visibleSubviewCount), field("isHidden", \.isHidden),
                field("table", \.table), field("pools", \.pools), field("isDetached", \.isDetached),
                field("isRemoved", \.isRemoved), field("superview", \.superview), field("attached", \.attached),
                field("poolKey", \.poolKey), field("owner", \.owner), field("ownerComponent", \.ownerComponent),
                field("stateBox", \.stateBox)]
    }()

    /// The stored fields of ``SimulatedView`` that ``identical(_:_:_:)``
    /// compares, by name: those of ``fieldBytes``, and the list. The tests
    /// hold them to the type's own.
    static var comparedFields: [String] { fieldBytes.map(\.name) + ["list"] }

    /// Whether two views are identical (``identical(_:_:_:)``), each read
    /// where it lies in an array of its own.
    static func identical(_ first: SimulatedView, _ second: SimulatedView) -> Bool {
        [first].withUnsafeBufferPointer { a in
            [second].withUnsafeBufferPointer { b in identical(a.baseAddress!, b.baseAddress!, CheckpointViews.fieldRuns) }
        }
    }
}

extension Array {
    /// One buffer held twice (a chunk a checkpoint shares with the one
    /// before): the same first element's address and count.
    fileprivate func isOneBuffer(with other: [Element]) -> Bool {
        count == other.count && withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress } }
    }
}
