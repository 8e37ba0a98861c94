/// The events of a log, packed: records of small numbers (LEB128,
/// see ``EncodedRecords``) that hold no references, with what the steps
/// name (paths, pool keys, attributes, component names) in side tables.
///
/// Events are kept in chunks of at most ``chunkCapacity``. Each chunk has its
/// own side tables for pool keys and attributes, so dropping the oldest
/// chunk (`log keep N`) frees everything its events named, and no such table
/// grows past a chunk's worth of distinct entries. Paths and names are kept
/// in a table a run of chunks shares (``PathTable``: each chunk keeps what it
/// added, the lookup side moves on to the next chunk), so a pass that records
/// more events than a chunk holds does not store its paths again in every
/// chunk (issue 38). Within a chunk, sequence numbers run without gaps (a
/// gap, left by events counted but not kept, starts a new chunk), so a
/// record does not store its own.
///
/// Steps that are rare or carry more than three small numbers (a reorder, a
/// removal's reason, RecyclerView's caches, Valdi's renders, loads), and
/// anything whose numbers do not fit in 32 bits, are kept whole beside the
/// records.
struct PackedEvents: Sendable {
    /// Events per chunk.
    static let chunkCapacity = 16_384
    /// Events per chunk in this log: ``chunkCapacity``, narrowed by tests
    /// so that a short session spans many chunks (at most 65,536: a
    /// ``ViewIndex`` entry is two bytes).
    var capacity = PackedEvents.chunkCapacity {
        didSet { precondition((1...65_536).contains(capacity), "a chunk holds 1 to 65,536 events") }
    }

    private var chunks: [Chunk] = []
    /// Events held.
    private(set) var count = 0

    /// The absolute number of the first event held (events before it were dropped).
    private(set) var startIndex = 0
    var endIndex: Int { startIndex + count }

    /// Stores the event of `step` done to `view` for an instance, from its
    /// parts, as sequence number `seq` of pass `pass`.
    mutating func append(_ view: ViewID, component: String?, path: ComponentPath?, step: ReuseEvent.Step, seq: Int, pass: Int) {
        if chunks.isEmpty || !chunks[chunks.count - 1].accepts(seq: seq) {
            // The paths' table goes on from the chunk before, unless its
            // epoch ended there, or its first chunk was dropped (`log keep`:
            // the chunks after a dropped one would hold on to what it added).
            var paths = chunks.isEmpty ? nil : chunks[chunks.count - 1].seal()
            if let carried = paths, carried.epochStart < startIndex { paths = nil }
            chunks.append(Chunk(start: endIndex, firstSeq: seq, capacity: capacity, paths: paths ?? PathTable(epochStart: endIndex)))
        }
        chunks[chunks.count - 1].append(view, component: component, path: path, step: step, seq: seq, pass: pass)
        count += 1
    }

    /// The event numbered `index` (absolute: counted from the session's first event).
    subscript(index: Int) -> ReuseEvent {
        let chunk = chunkHolding(index)
        return chunks[chunk].event(at: index - chunks[chunk].start)
    }

    /// Drops whole chunks from the front while the first kept event stays
    /// at or after `index`.
    mutating func dropChunks(before index: Int) {
        var drop = 0
        while drop < chunks.count, chunks[drop].start + chunks[drop].count <= index { drop += 1 }
        guard drop > 0 else { return }
        let removed = chunks[..<drop].reduce(0) { $0 + $1.count }
        chunks.removeFirst(drop)
        startIndex += removed
        count -= removed
    }

    /// Removes the events from `index` on; returns the whole chunks taken (newest first)
    /// away (the caller frees them, see ``Reclamation``).
    @discardableResult
    mutating func removeAll(from index: Int) -> [Chunk] {
        guard index < endIndex else { return [] }
        guard index > startIndex else { return removeAll(startingAgainAt: index) }
        // The chunk holding `index` stays (shortened); the ones after it go
        // in one removal. (`chunks.last` in a loop would copy each chunk,
        // retaining its dozen buffers, only to read its start: a third of
        // `undo 500000`'s time after 10^6 `set` lines.)
        let holding = chunkHolding(index)
        let kept = chunks[holding].start < index ? holding + 1 : holding
        // Moved out one by one (`removeLast` hands its element over): a
        // copy of the slice would retain each chunk's dozen buffers, and
        // the removal release them again. Newest first.
        var removed: [Chunk] = []
        removed.reserveCapacity(chunks.count - kept)
        while chunks.count > kept { removed.append(chunks.removeLast()) }
        if kept > 0 { chunks[kept - 1].removeAll(from: index - chunks[kept - 1].start) }
        count = index - startIndex
        return removed
    }

    /// Removes every event, the next one being numbered `index`; returns
    /// the chunks taken away.
    @discardableResult
    mutating func removeAll(startingAgainAt index: Int) -> [Chunk] {
        let removed = chunks
        chunks = []
        count = 0
        startIndex = index
        return removed
    }

    /// An event as counting a view's steps sees it: a packed record's kind
    /// and, for a step on one attribute (apply, unapply, update, a skip of
    /// one attribute), that attribute's name; an event kept whole, whole.
    enum Glance {
        case packed(ReuseEvent.Kind, attribute: String?)
        case whole(ReuseEvent)

        /// A record's tag in a ``ViewIndex``: 0 for an event kept whole, 1
        /// for a step on one attribute (the record is read for its name),
        /// else 1 plus the kind's code in the encoded records (its glance,
        /// without reading the record).
        static func tag(of record: Record) -> UInt8 {
            guard let kind = record.kind else { return 0 }
            switch kind {
            case .apply, .unapply, .update: return 1
            case .skip where record.a != 0: return 1
            default: return 1 + (EncodedRecords.code(of: kind) ?? 0)
            }
        }

        /// The kind a tag names without its record, if it names one.
        static func kind(ofTag tag: UInt8) -> ReuseEvent.Kind? {
            tag >= 2 ? EncodedRecords.packedKinds[Int(tag) - 2] : nil
        }
    }

    /// Calls `body` with the absolute index and the event of each event
    /// about `view` in `range` (absolute indices, within those held),
    /// newest first when `descending`, until it returns false. Reads the
    /// view's events only, through each chunk's ``ViewIndex``: the cost
    /// follows the view's events in the range and the chunks it spans.
    func forEachEvent(about view: ViewID, in range: Range<Int>, descending: Bool, kinds: Set<ReuseEvent.Kind>? = nil,
                      indexed: Bool = true, _ body: (Int, ReuseEvent) -> Bool) {
        forEachRecord(about: view, in: range, descending: descending, indexed: indexed) { chunk, offset, _ in
            guard let event = chunk.event(at: offset, ifView: nil, kinds: kinds) else { return true }
            return body(chunk.start + offset, event)
        }
    }

    /// Calls `body` with the absolute index of and a ``Glance`` at each
    /// event about `view` in `range`, until it returns false.
    func forEachGlance(about view: ViewID, in range: Range<Int>, descending: Bool, indexed: Bool = true,
                       _ body: (Int, Glance) -> Bool) {
        forEachRecord(about: view, in: range, descending: descending, indexed: indexed) { chunk, offset, tag in
            body(chunk.start + offset, chunk.glance(at: offset, tag: tag))
        }
    }

    /// Counts the events about `view` in `range` by kind where a chunk's
    /// index tells the kind (`histogram[tag]`, tags as ``Glance/tag(of:)``
    /// gives them), and hands a ``Glance`` at every other one to `other`:
    /// counting a story of 10^6 skips reads a byte an event.
    func tally(about view: ViewID, in range: Range<Int>, indexed: Bool, into histogram: inout [Int],
               other: (Glance) -> Void) {
        let range = range.clamped(to: startIndex..<endIndex)
        guard !range.isEmpty else { return }
        let chunkRange = chunkHolding(range.lowerBound)...chunkHolding(range.upperBound - 1)
        // Each chunk is still copied (a dozen retains) before it is called
        // into, whether read through the array or a buffer: about 12% of
        // `why --pass P` after 10^6 `set` lines, at one copy a chunk.
        histogram.withUnsafeMutableBufferPointer { histogram in
            for index in chunkRange {
                let chunk = chunks[index]
                let local = (range.lowerBound - chunk.start)..<(range.upperBound - chunk.start)
                let others = chunk.tally(about: view, in: local.clamped(to: 0..<chunk.count), indexed: indexed, into: histogram)
                for (offset, tag) in others { other(chunk.glance(at: offset, tag: tag)) }
            }
        }
    }

    /// The chunk walk behind ``forEachEvent(about:in:descending:kinds:indexed:_:)``:
    /// each chunk is taken out of the array once (not once an event).
    /// `indexed` false (``FastPaths/viewIndex`` off) looks at every record
    /// in the range instead of the chunks' indexes.
    private func forEachRecord(about view: ViewID, in range: Range<Int>, descending: Bool, indexed: Bool,
                               _ body: (Chunk, Int, UInt8?) -> Bool) {
        let range = range.clamped(to: startIndex..<endIndex)
        guard !range.isEmpty else { return }
        let first = chunkHolding(range.lowerBound), last = chunkHolding(range.upperBound - 1)
        for index in descending ? Array((first...last).reversed()) : Array(first...last) {
            let chunk = chunks[index]
            let local = (range.lowerBound - chunk.start)..<(range.upperBound - chunk.start)
            let goesOn = chunk.forEachOffset(about: view, in: local.clamped(to: 0..<chunk.count), descending: descending,
                                             indexed: indexed) {
                body(chunk, $0, $1)
            }
            if !goesOn { return }
        }
    }

    /// Calls `body` with each event in `range` (absolute indices, within
    /// those held) of one of `kinds` (nil: any), newest first, until it
    /// returns false. With `skipping`, a sealed chunk that holds none of
    /// `kinds` is passed over whole (its ``KindTags``): a question about a
    /// rare kind (`log --kind create --last 5` after a long scroll) reads
    /// the chunks that hold it, not every event since. Without, each
    /// event's record is looked at.
    func forEachEventBackwards(in range: Range<Int>, kinds: Set<ReuseEvent.Kind>?, skipping: Bool,
                               _ body: (ReuseEvent) -> Bool) {
        let range = range.clamped(to: startIndex..<endIndex)
        guard !range.isEmpty else { return }
        let wanted = kinds.map(KindTags.init(matching:))
        var index = chunkHolding(range.upperBound - 1)
        let first = chunkHolding(range.lowerBound)
        while index >= first {
            let chunk = chunks[index]
            index -= 1
            if skipping, let wanted, !chunk.mayHold(wanted) { continue }
            let local = (range.lowerBound - chunk.start)..<(range.upperBound - chunk.start)
            for offset in local.clamped(to: 0..<chunk.count).reversed() {
                if let event = chunk.event(at: offset, ifView: nil, kinds: kinds), !body(event) { return }
            }
        }
    }

    /// How many chunks a question about `kinds` reads, of how many held
    /// (``forEachEventBackwards(in:kinds:skipping:_:)`` passes over the rest).
    func chunksRead(for kinds: Set<ReuseEvent.Kind>) -> (read: Int, held: Int) {
        let wanted = KindTags(matching: kinds)
        return (chunks.filter { $0.mayHold(wanted) }.count, chunks.count)
    }

    /// The absolute index of the first event held whose sequence number is
    /// `seq` or more (``endIndex`` when there is none): sequence numbers
    /// run without gaps within a chunk.
    func index(ofFirstSeqAtLeast seq: Int) -> Int {
        var low = 0
        var high = chunks.count
        // The first chunk whose last sequence number is `seq` or more.
        while low < high {
            let middle = (low + high) / 2
            if chunks[middle].firstSeq + chunks[middle].count - 1 < seq { low = middle + 1 } else { high = middle }
        }
        guard low < chunks.count else { return endIndex }
        return chunks[low].start + max(0, seq - chunks[low].firstSeq)
    }

    /// Bytes the chunks' view indexes take.
    var indexBytes: Int { chunks.reduce(0) { $0 + $1.indexBytes } }

    /// Path-table nodes the chunks added, each chunk its own: a path that
    /// two chunks of an epoch name is counted once.
    var pathNodesAdded: Int { chunks.reduce(0) { $0 + $1.pathTable.ownNodeCount } }

    /// Path-table nodes held: each segment the chunks held refer to, once,
    /// and the lookup side's copy of its epoch's (what `log keep` bounds).
    var pathNodesHeld: Int {
        var seen = Set<ObjectIdentifier>()
        var total = 0
        for chunk in chunks {
            chunk.pathTable.forEachSegment { segment, nodes in
                if seen.insert(segment).inserted { total += nodes }
            }
            total += chunk.pathTable.lookupNodeCount
        }
        return total
    }

    /// The bytes the records take (side tables and events kept whole aside).
    var recordBytes: Int { chunks.reduce(0) { $0 + $1.recordBytes } }
    /// Events kept whole beside the records.
    var wholeCount: Int { chunks.reduce(0) { $0 + $1.wholeCount } }

    private func chunkHolding(_ index: Int) -> Int {
        // Chunks are full except where a gap in sequence numbers started a
        // new one, so the guess from the capacity is usually right.
        let guess = (index - startIndex) / capacity
        if guess < chunks.count, chunks[guess].start <= index, index < chunks[guess].start + chunks[guess].count {
            return guess
        }
        var low = 0
        var high = chunks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if chunks[middle].start <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

extension PackedEvents {
    /// One event as numbers: its kind, the view, names by table id (0 for
    /// none), the pass, and up to three numbers whose meaning depends on the
    /// kind (stored in a few bytes by ``EncodedRecords``):
    ///
    /// - `create`: a parent, b key; `reuse`: the same, c previous path (0: none)
    /// - `unhide`: a parent; `hide`: a parent, b key (0: none)
    /// - `apply`, `unapply`: a attribute; `update`: a attribute, b the
    ///   attribute with its old value; `skip`: a attribute (0: the whole
    ///   configuration). For `apply`, `unapply` and `skip` with `numbered`
    ///   set, a is a ``NumberedAttribute`` and b its number (a list's
    ///   `text: "row 12345"` stores `"row "` once per chunk).
    /// - `reparent`: a from, b to
    /// - kind nil: the event is kept whole beside the records, at index a.
    struct Record: Sendable {
        var view: UInt32
        var component: UInt32
        var path: UInt32
        var pass: UInt32
        var a: UInt32
        var b: UInt32
        var c: UInt32
        var kind: ReuseEvent.Kind?
        var numbered = false
    }

    struct Chunk: Sendable {
        /// The absolute number of its first event.
        let start: Int
        let firstSeq: Int
        private var records = EncodedRecords()
        private var keys = Interner<ViewKey>()
        private var attributes = Interner<Attribute>()
        private var numberedAttributes = Interner<NumberedAttribute>()
        /// Paths and names (component names too), in the table this chunk
        /// shares with the chunks before and after it in its epoch.
        private var paths: PathTable
        private var whole: [ReuseEvent] = []
        /// Where each view's records are (built when the chunk is sealed).
        private var viewIndex = ViewIndex()
        /// The kinds of event it holds, as their tags (built when the chunk
        /// is sealed; nil while it is open: it may hold any).
        private var tagsHeld: KindTags?
        /// The last pool key stored, with its id: consecutive events mostly
        /// name the same one. (Component names: ``PathTable/nameID(_:)``.)
        private var lastKey: (key: ViewKey, id: UInt32)?
        /// The key looked up before it: a list row's events name its cell's
        /// key and its child's in turn (keys made once compare by identity).
        private var keyBefore: (key: ViewKey, id: UInt32)?
        /// The last numbered attribute stored, with its id (a list's rows name the same one).
        private var lastNumbered: (attribute: NumberedAttribute, id: UInt32)?

        /// Events it takes at most.
        let capacity: Int

        init(start: Int, firstSeq: Int, capacity: Int, paths: PathTable) {
            self.start = start
            self.firstSeq = firstSeq
            self.capacity = capacity
            self.paths = paths
            records = EncodedRecords(reserving: capacity)
        }

        var count: Int { records.count }
        var recordBytes: Int { records.byteCount }
        var wholeCount: Int { whole.count }

        func accepts(seq: Int) -> Bool {
            records.count < capacity && seq == firstSeq + records.count
        }

        mutating func removeAll(from offset: Int) {
            // The index goes when it covers a removed record; sealing the chunk again rebuilds it.
            if offset < viewIndex.covered { viewIndex = ViewIndex() }
            // The events kept whole that the removed records name (a suffix of `whole`) go too.
            if let first = (offset..<records.count).first(where: { records[$0].kind == nil }) {
                whole.removeSubrange(Int(records[first].a)...)
            }
            records.removeAll(from: offset)
        }

        /// The chunk takes no more events: its records' bytes take no more
        /// room than they fill, and its paths' table keeps what this chunk
        /// added; returns the table's lookup side for the next chunk (nil:
        /// the next chunk starts a table of its own).
        mutating func seal() -> PathTable? {
            // Indexed before the records are encoded, while reading them back is an array read.
            (viewIndex, tagsHeld) = Self.index(of: records, whole: whole)
            let next = paths.sealed()
            self.records.seal()
            return next
        }

        /// The view index of `records` (`whole`: the events kept whole
        /// beside them). Static, its closures reading the two arguments
        /// (borrowed, not copied): closures that called ``viewNumber(at:)``
        /// on the chunk copied the whole chunk, retaining and releasing its
        /// dozen buffers, for every record.
        private static func index(of records: EncodedRecords, whole: [ReuseEvent]) -> (ViewIndex, KindTags) {
            // Written in place through buffers (each `forEach` offset is
            // below `count`, once).
            let count = records.count
            var tags = [UInt8](repeating: 0, count: count)
            var held = KindTags()
            let views = [UInt64](unsafeUninitializedCapacity: count) { views, initialized in
                tags.withUnsafeMutableBufferPointer { tags in
                    records.forEach { offset, record in
                        views[offset] = viewNumber(of: record, whole: whole)
                        let tag = Glance.tag(of: record)
                        tags[offset] = tag
                        held.insert(tag: tag)
                    }
                }
                initialized = count
            }
            for event in whole { held.insert(wholeKind: event.kind) }
            return (ViewIndex(views: views, tags: tags) ?? ViewIndex(), held)
        }

        /// Whether it may hold an event of a kind `wanted` names: false only
        /// when it is sealed and holds none.
        func mayHold(_ wanted: KindTags) -> Bool {
            tagsHeld.map { $0.meets(wanted) } ?? true
        }

        /// The number of the view the record at `offset` is about.
        private func viewNumber(at offset: Int) -> UInt64 {
            Self.viewNumber(of: records[offset], whole: whole)
        }

        /// The number of the view `record` is about (`whole`: its chunk's events kept whole).
        @inline(__always)
        private static func viewNumber(of record: Record, whole: [ReuseEvent]) -> UInt64 {
            guard record.kind != nil else { return UInt64(truncatingIfNeeded: whole[Int(record.a)].view.number) }
            return UInt64(record.view)
        }

        var indexBytes: Int { viewIndex.byteCount }
        /// Its paths' table, for counting what it holds.
        var pathTable: PathTable { paths }

        /// Calls `body` with the offset of each record about `view` in
        /// `range` (offsets in the chunk), ascending or descending, and its
        /// tag when the index knows it, until it returns false; returns
        /// false when it did. Indexed records are found through the index,
        /// the others are looked at one by one.
        func forEachOffset(about view: ViewID, in range: Range<Int>, descending: Bool, indexed: Bool,
                           _ body: (Int, UInt8?) -> Bool) -> Bool {
            let (run, unindexed) = parts(about: view, in: range, indexed: indexed)
            let number = UInt64(truncatingIfNeeded: view.number)
            if descending {
                for offset in unindexed.reversed() where viewNumber(at: offset) == number {
                    if !body(offset, nil) { return false }
                }
                for entry in run.reversed() where !body(viewIndex.offset(entry), viewIndex.tag(entry)) { return false }
            } else {
                for entry in run where !body(viewIndex.offset(entry), viewIndex.tag(entry)) { return false }
                for offset in unindexed where viewNumber(at: offset) == number {
                    if !body(offset, nil) { return false }
                }
            }
            return true
        }

        /// Adds one to `histogram[tag]` for each of `view`'s indexed records
        /// in `range` whose tag names its kind (2 or more: nothing in the
        /// record is read); returns the offset and tag of each other record
        /// about `view` in `range` (tag nil: not indexed), mostly none.
        func tally(about view: ViewID, in range: Range<Int>, indexed: Bool,
                   into histogram: UnsafeMutableBufferPointer<Int>) -> [(offset: Int, tag: UInt8?)] {
            let (run, unindexed) = parts(about: view, in: range, indexed: indexed)
            var others: [(offset: Int, tag: UInt8?)] = []
            viewIndex.tally(run, into: histogram) { others.append((viewIndex.offset($0), viewIndex.tag($0))) }
            let number = UInt64(truncatingIfNeeded: view.number)
            for offset in unindexed where viewNumber(at: offset) == number { others.append((offset, nil)) }
            return others
        }

        /// Where `view`'s records in `range` are: the index's entries for
        /// the covered records (none when `indexed` is false), and the
        /// offsets past the index, to be looked at one by one.
        private func parts(about view: ViewID, in range: Range<Int>, indexed: Bool) -> (run: Range<Int>, unindexed: Range<Int>) {
            let covered = indexed ? min(viewIndex.covered, records.count) : 0
            let run = covered > 0 ? viewIndex.entries(of: view, at: range.clamped(to: 0..<covered)) : 0..<0
            return (run, range.clamped(to: covered..<Swift.max(covered, records.count)))
        }

        /// What counting a view's steps needs of the record at `offset`,
        /// without reading its event whole (except for an event kept whole).
        /// With its tag from the index, a record whose kind alone decides
        /// is not read at all.
        func glance(at offset: Int, tag: UInt8?) -> Glance {
            if let tag, let kind = Glance.kind(ofTag: tag) { return .packed(kind, attribute: nil) }
            let record = records[offset]
            guard let kind = record.kind else { return .whole(whole[Int(record.a)]) }
            switch kind {
            case .apply, .unapply, .update, .skip:
                guard kind != .skip || record.a != 0 else { return .packed(kind, attribute: nil) }
                return .packed(kind, attribute: record.numbered ? numberedAttributes[record.a].name : attributes[record.a].name)
            default:
                return .packed(kind, attribute: nil)
            }
        }

        mutating func append(_ view: ViewID, component: String?, path: ComponentPath?, step: ReuseEvent.Step, seq: Int, pass: Int) {
            guard let record = pack(view, component: component, path: path, step: step, pass: pass) else {
                whole.append(ReuseEvent(seq: seq, pass: pass, view: view, component: component, path: path, step: step))
                records.append(Record(view: 0, component: 0, path: 0, pass: 0, a: UInt32(whole.count - 1),
                                      b: 0, c: 0, kind: nil))
                return
            }
            records.append(record)
        }

        func event(at offset: Int) -> ReuseEvent {
            let record = records[offset]
            guard let kind = record.kind else { return whole[Int(record.a)] }
            return ReuseEvent(seq: firstSeq + offset, pass: Int(record.pass), view: ViewID(Int(record.view)),
                              component: paths.name(record.component), path: paths.path(record.path),
                              step: step(of: record, kind: kind))
        }

        func event(at offset: Int, ifView view: ViewID?, kinds: Set<ReuseEvent.Kind>?) -> ReuseEvent? {
            let record = records[offset]
            guard let kind = record.kind else {
                let event = whole[Int(record.a)]
                return (view ?? event.view) == event.view && kinds?.contains(event.kind) != false ? event : nil
            }
            // A packed record is tested before its event is read back.
            guard view.map({ UInt32(exactly: $0.number) == record.view }) != false, kinds?.contains(kind) != false else { return nil }
            return event(at: offset)
        }

        // MARK: Packing

        private mutating func pack(_ view: ViewID, component: String?, path: ComponentPath?, step: ReuseEvent.Step,
                                   pass: Int) -> Record? {
            guard let viewNumber = UInt32(exactly: view.number), let pass = UInt32(exactly: pass) else { return nil }
            var record = Record(view: viewNumber, component: 0, path: 0, pass: pass, a: 0, b: 0, c: 0, kind: step.kind)
            switch step {
            case .create(let parent, let key):
                guard let parent = UInt32(exactly: parent.number) else { return nil }
                (record.a, record.b) = (parent, keyID(key))
            case .reuse(let parent, let key, let previous):
                guard let parent = UInt32(exactly: parent.number),
                      let previous = previous.map({ paths.id($0) }) ?? 0 else { return nil }
                (record.a, record.b, record.c) = (parent, keyID(key), previous)
            case .unhide(let parent):
                guard let parent = UInt32(exactly: parent.number) else { return nil }
                record.a = parent
            case .hide(let parent, let key):
                guard let parent = UInt32(exactly: parent.number) else { return nil }
                (record.a, record.b) = (parent, key.map { keyID($0) } ?? 0)
            case .apply(let attribute), .unapply(let attribute):
                store(attribute, in: &record)
            case .update(let attribute, let old):
                (record.a, record.b) = (attributes.id(attribute), attributes.id(Attribute(attribute.name, old)))
            case .skip(let attribute):
                if let attribute { store(attribute, in: &record) }
            case .enterPool, .leavePool, .prepareForReuse, .reconfigure, .recycle:
                break
            case .reparent(let from, let to):
                guard let from = UInt32(exactly: from.number), let to = UInt32(exactly: to.number) else { return nil }
                (record.a, record.b) = (from, to)
            default:
                return nil
            }
            guard let pathID = path.map({ paths.id($0) }) ?? 0 else { return nil }
            if let component {
                record.component = paths.nameID(component)
            }
            record.path = pathID
            return record
        }

        /// Stores `attribute` as the record's a, or, when its value holds a
        /// number, as a numbered attribute in a and the number in b.
        private mutating func store(_ attribute: Attribute, in record: inout Record) {
            if let (numbered, number) = NumberedAttribute.split(attribute) {
                let id: UInt32
                if let last = lastNumbered, last.attribute.isStored(as: numbered) {
                    id = last.id
                } else {
                    id = numberedAttributes.id(numbered)
                    lastNumbered = (numbered, id)
                }
                (record.a, record.b, record.numbered) = (id, number, true)
            } else {
                record.a = attributes.id(attribute)
            }
        }

        /// The attribute the record's a (and b) name.
        private func attribute(of record: Record) -> Attribute {
            record.numbered ? numberedAttributes[record.a].attribute(with: record.b) : attributes[record.a]
        }

        private mutating func keyID(_ key: ViewKey) -> UInt32 {
            if let last = lastKey, last.key == key { return last.id }
            if let before = keyBefore, before.key == key {
                (lastKey, keyBefore) = (before, lastKey)
                return before.id
            }
            let id = keys.id(key)
            (lastKey, keyBefore) = ((key, id), lastKey)
            return id
        }

        private func step(of record: Record, kind: ReuseEvent.Kind) -> ReuseEvent.Step {
            let parent = ViewID(Int(record.a))
            switch kind {
            case .create: return .create(parent: parent, key: keys[record.b])
            case .reuse: return .reuse(parent: parent, key: keys[record.b], previous: paths.path(record.c))
            case .unhide: return .unhide(parent: parent)
            case .hide: return .hide(parent: parent, key: record.b == 0 ? nil : keys[record.b])
            case .apply: return .apply(attribute(of: record))
            case .unapply: return .unapply(attribute(of: record))
            case .update: return .update(attributes[record.a], old: attributes[record.b].value)
            case .skip: return .skip(record.a == 0 ? nil : attribute(of: record))
            case .enterPool: return .enterPool
            case .leavePool: return .leavePool
            case .prepareForReuse: return .prepareForReuse
            case .reconfigure: return .reconfigure
            case .recycle: return .recycle
            case .reparent: return .reparent(from: parent, to: ViewID(Int(record.b)))
            default: preconditionFailure("only the kinds packed above have a record of their own")
            }
        }
    }
}
