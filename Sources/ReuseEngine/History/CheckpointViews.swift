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
/// views is identical to the live one (``SimulatedView/isIdentical(to:)``:
/// the same inline values and the same buffers), which makes them the same
/// value, because a buffer held in two places is never written in place.
/// A comparison that answers "different" for equal views only copies a
/// chunk that could have been shared. (Comparing the views' bytes is not
/// enough: a copy leaves the padding, and the unused payload of a `nil`,
/// as it finds them, so a copy's bytes differ from its original's.)
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
        let size = chunkSize
        count = views.count
        unshared = 0
        rewritten = 0
        let held = previous?.count ?? views.count
        chunks = []
        chunks.reserveCapacity((views.count + size - 1) / size)
        var start = 0
        while start < views.count {
            let end = min(start + size, views.count)
            let index = start / size
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
        for index in chunks.indices
        where index >= previous.chunks.count || !chunks[index].hasSameBuffer(as: previous.chunks[index]) {
            views += chunks[index].count
        }
        return views
    }

    /// Whether each view of `chunk` is identical to the one of `views[start..<end]` at its place.
    private static func same(_ chunk: [SimulatedView], _ views: [SimulatedView], at start: Int, through end: Int) -> Bool {
        guard chunk.count == end - start else { return false }
        var live = start
        for view in chunk.indices {
            guard chunk[view].isIdentical(to: views[live]) else { return false }
            live += 1
        }
        return true
    }
}
