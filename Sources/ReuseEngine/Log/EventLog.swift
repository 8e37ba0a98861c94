/// Every step of every pass, in order, with per-pass summaries and totals.
///
/// Events are kept packed (records of small numbers, names in side
/// tables) and read back as ``ReuseEvent`` values; pass summaries are kept
/// packed as well (the trigger stored once, only the counts that are not
/// zero), except the last pass's, which is still counting.
public struct EventLog: Sendable {
    /// The events held: the kept ones, plus up to a chunk of older ones
    /// waiting to be dropped in one go.
    private(set) var stored = PackedEvents()
    /// Summaries of the passes before the last, packed.
    private var packedPasses = ChunkedArray<PackedSummary>()
    /// The high halves of their first events' numbers.
    private var passEventsHigh = HighHalves()
    /// Their counts that are not zero, in order, packed
    /// (``EventCounts/packed(into:)``).
    private var passCounts: [UInt8] = []
    private var triggers = Interner<String>()
    /// The last trigger interned and its id: most passes repeat the last
    /// one's text (`scroll`), found by its representation without hashing it.
    private var lastTrigger: (text: String, id: UInt32)?
    /// The summary of the last pass, still counting, when `isOpen`. (Not
    /// an Optional: an optional summary is copied and destroyed through the
    /// runtime's generic value witnesses; `open` wraps the pair.)
    private var openSummary = PassSummary(pass: 0, trigger: "", events: 0..<0)
    private var isOpen = false
    /// A bit per count of the open summary that may not be zero (every
    /// count added to is marked): packing it reads only those.
    private var openTouched: UInt32 = 0
    /// The open pass's counts, a byte each, while `bytesOpen`
    /// (``ByteCounts``): counted as they come, packed when the next pass
    /// begins, and not yet in `countedTotals`. All zero otherwise.
    private var openBytes = ByteCounts()
    /// The open pass counts in `openBytes` (its summary's own counts are
    /// all zero); false before the first pass, and once a count of the
    /// pass no longer fit its byte (then the pass counts in its summary's
    /// counts and in `countedTotals` at every step, as it always did).
    private var bytesOpen = false
    /// The summary of the last pass, if a pass began.
    private var open: PassSummary? {
        get { isOpen ? openPassSummary : nil }
        set {
            assert(!bytesOpen || openBytes.isZero, "the open pass's byte counts are replaced unread")
            if let newValue {
                openSummary = newValue
                openTouched = newValue.counts.nonzeroMask
            }
            isOpen = newValue != nil
            // Set whole (a log cut back): its counts are the summary's,
            // already in the totals.
            openBytes = ByteCounts()
            bytesOpen = false
        }
    }
    /// The open pass's summary with its counts, wherever they are kept.
    private var openPassSummary: PassSummary {
        guard bytesOpen else { return openSummary }
        var summary = openSummary
        summary.counts = openBytes.counts
        return summary
    }
    /// Steps of every pass so far, by ``Stat``: exact even when old events were dropped.
    public var totals: EventCounts {
        guard bytesOpen else { return countedTotals }
        var totals = countedTotals
        var rest = openTouched
        while rest != 0 {
            let index = rest.trailingZeroBitCount
            rest &= rest &- 1
            totals.add(openBytes[index], at: index)
        }
        return totals
    }
    /// ``totals`` but the counts kept in `openBytes`.
    private var countedTotals = EventCounts()
    /// ``totals`` as they stood when every ``totalsStride``-th pass this
    /// log holds began (element `j`: before the pass at index
    /// `j * totalsStride` of ``passes``). Cutting the log back (`undo`)
    /// starts from the nearest one and adds the passes after it, so its
    /// cost never follows the passes taken back (issue 38: an `undo` of
    /// 500,000 passes took 0.6 s, most of it subtracting each pass). 160
    /// bytes per 1,024 passes.
    private var totalsBefore = ChunkedArray<EventCounts>()
    static let totalsStride = 1_024
    /// When false, events are counted but not kept (for benchmarks).
    public internal(set) var keepsEvents = true
    /// At most this many of the latest events are kept (`log keep N`); older
    /// ones are dropped, while totals and pass summaries stay exact. `nil`:
    /// every event is kept.
    public internal(set) var keepLimit: Int?

    /// The summaries of the passes this log holds: every pass of the session,
    /// except in the log of a past state (``Engine/state(afterPass:)``),
    /// which starts after the passes its checkpoint had run.
    public var passes: Passes {
        Passes(packed: packedPasses, eventsHigh: passEventsHigh, counts: passCounts, triggers: triggers, open: open, base: passBase)
    }

    /// The events kept, oldest first: every one, or the latest ``keepLimit``.
    /// Indices count from the session's first event, as pass summaries' ranges do.
    public var events: Events {
        var start = stored.startIndex
        if let limit = keepLimit { start = max(start, stored.endIndex - limit) }
        return Events(stored: stored, startIndex: start, endIndex: stored.endIndex)
    }

    /// Events recorded before the first one ``events`` holds (dropped by
    /// ``keepLimit``). Pass summaries' ranges count from the session's start.
    public var droppedEvents: Int { events.startIndex }
    /// Passes that ran before the first one ``passes`` holds.
    private var passBase = 0
    #if FAST_PATH_SWITCHES
    /// Whether questions about one view read its events through the chunks'
    /// indexes (``FastPaths/viewIndex``, set with the store's switches): a
    /// setting, not state.
    package var readsByView = true
    /// Whether questions about some kinds of event pass over the sealed
    /// chunks that hold none of them (``FastPaths/kindTags``).
    package var readsByKind = true
    #else
    package var readsByView: Bool { true }
    package var readsByKind: Bool { true }
    #endif
    private var nextSeq = 1

    /// An empty log.
    public init() {}

    /// The pass under way, or the last one.
    public private(set) var currentPass = 0

    /// The summary of the pass under way, or of the last one (an empty one
    /// numbered 0 before the first pass).
    var lastSummary: PassSummary {
        isOpen ? openPassSummary : PassSummary(pass: currentPass, trigger: "", events: recordedEvents..<recordedEvents)
    }

    /// A scroll's outcome, with the summary of the pass it ran (the last),
    /// its counts packed from the ones the pass touched.
    // Inlined: a call would copy the log. Mutating, though it changes
    // nothing: the summary is passed `inout`, read in place.
    @inline(__always)
    mutating func scrollOutcome(list: ComponentPath, requested: Int, offset: Int) -> ScrollOutcome {
        guard isOpen else {
            var empty = lastSummary
            return ScrollOutcome(pass: &empty, list: list, requested: requested, offset: offset)
        }
        // The byte counts are copied as they are: nothing is packed.
        if bytesOpen {
            return ScrollOutcome(pass: openSummary.pass, trigger: openSummary.trigger, events: openSummary.events,
                                 counts: openBytes, list: list, requested: requested, offset: offset)
        }
        return ScrollOutcome(pass: &openSummary, list: list, requested: requested, offset: offset)
    }

    /// The bytes the packed records of the events held take.
    var recordBytes: Int { stored.recordBytes }
    /// Events held whole beside the packed records (rare kinds, large numbers).
    var wholeEvents: Int { stored.wholeCount }

    /// Events recorded so far, dropped ones included.
    var recordedEvents: Int { stored.endIndex }

    /// The sequence number of the oldest event kept (everything before it
    /// was dropped by ``keepLimit``), or nil when none was dropped.
    public var firstKeptSeq: Int? {
        guard droppedEvents > 0 else { return nil }
        let kept = events
        return kept.isEmpty ? nextSeq : kept[kept.startIndex].seq
    }

    /// The kept events of a pass: all of them, some, or none when the pass
    /// lies before the kept window.
    public func events(of summary: PassSummary) -> Events {
        let kept = events
        let lower = min(max(summary.events.lowerBound, kept.startIndex), kept.endIndex)
        let upper = min(max(summary.events.upperBound, lower), kept.endIndex)
        return kept[lower..<upper]
    }

    /// Keeps at most `limit` events from now on (`nil`: all), dropping the
    /// oldest beyond it at once.
    mutating func keep(atMost limit: Int?) {
        keepLimit = limit
        dropBeyondLimit()
    }

    /// Drops the chunks of events that lie wholly before the last
    /// ``keepLimit`` events: O(1) per event amortized.
    private mutating func dropBeyondLimit() {
        guard let limit = keepLimit, stored.count > limit else { return }
        stored.dropChunks(before: stored.endIndex - limit)
    }

    mutating func beginPass(_ trigger: String) {
        currentPass += 1
        if isOpen {
            let offset = passCounts.count
            let mask: UInt32
            let inline: UInt64?
            if bytesOpen, let small = openBytes.packedInWord(touched: openTouched, addingTo: &countedTotals) {
                // Counted a byte each, and small: packed straight from the
                // bytes into the word, the totals taking them at once.
                (mask, inline) = (small.mask, small.inline)
                openBytes = ByteCounts()
            } else {
                if bytesOpen { spillOpenBytes() }
                // Packed from the summary in place, its counts zeroed as they
                // are packed: neither the summary nor fresh counts are copied.
                (mask, inline) = openSummary.counts.drain(touched: openTouched, into: &passCounts,
                                                          inliningUpTo: PackedSummary.inlineBytes)
            }
            let id: UInt32
            if let last = lastTrigger, last.text.hasSameRepresentation(as: openSummary.trigger) {
                id = last.id
            } else {
                id = triggers.id(openSummary.trigger)
                lastTrigger = (openSummary.trigger, id)
            }
            let events = openSummary.events
            packedPasses.append(PackedSummary(trigger: id, countsMask: mask, inline: inline, offset: offset,
                                              eventsLow: passEventsHigh.low(of: events.lowerBound, at: packedPasses.count),
                                              eventCount: events.upperBound &- events.lowerBound))
        } else {
            openSummary.counts = EventCounts()
        }
        // After the pass before is packed: the totals up to this pass. Every
        // event after the first pass begins belongs to a pass (one is open).
        if packedPasses.count.isMultiple(of: Self.totalsStride), totalsBefore.count == packedPasses.count / Self.totalsStride {
            totalsBefore.append(countedTotals)
        }
        openTouched = 0
        // Reset in place, field by field (no new summary is stored over it).
        openSummary.pass = currentPass
        // The last pass's text again (`scroll`) is left in place: the same
        // representation, so storing it would change nothing.
        if !openSummary.trigger.hasSameRepresentation(as: trigger) { openSummary.trigger = trigger }
        openSummary.events = recordedEvents..<recordedEvents
        isOpen = true
        bytesOpen = true
    }

    /// Counts `amount` steps at `index` (``EventCounts/index(of:)``): in
    /// the open pass's byte when it fits, else as ``countStepsWhole(_:at:)`` does.
    @inline(__always)
    private mutating func countSteps(_ amount: Int, at index: Int) {
        if bytesOpen, openBytes.add(amount, at: index) {
            openTouched |= 1 &<< UInt32(truncatingIfNeeded: index)
            return
        }
        countStepsWhole(amount, at: index)
    }

    /// Counts `amount` steps at `index` in the totals and in the open
    /// pass's summary (the pass's byte counts moved there first).
    @inline(never)
    private mutating func countStepsWhole(_ amount: Int, at index: Int) {
        if bytesOpen { spillOpenBytes() }
        countedTotals.add(amount, at: index)
        if isOpen {
            openSummary.counts.add(amount, at: index)
            openTouched |= 1 &<< UInt32(truncatingIfNeeded: index)
        }
    }

    /// Moves the open pass's byte counts into its summary's counts and
    /// the totals: from now on the pass counts there.
    private mutating func spillOpenBytes() {
        openBytes.move(touched: openTouched, into: &openSummary.counts, addingTo: &countedTotals)
        bytesOpen = false
    }

    /// Records the event of `step` done to `view` for an instance (its type
    /// and path), from its parts: no event value is made unless the step is
    /// one kept whole (a pass records thousands, mostly skips). Returns its
    /// sequence number.
    @discardableResult
    mutating func record(_ view: ViewID, component: String?, path: ComponentPath?, step: ReuseEvent.Step) -> Int {
        let seq = nextSeq
        nextSeq += 1
        if let index = EventCounts.index(of: step) { countSteps(step.multiplicity, at: index) }
        if keepsEvents {
            stored.append(view, component: component, path: path, step: step, seq: seq, pass: currentPass)
            let end = recordedEvents
            if isOpen { openSummary.events = openSummary.events.lowerBound..<end }
            if keepLimit != nil { dropBeyondLimit() }
        }
        return seq
    }

    /// Counts a step of `kind` (one of it) without keeping it: what
    /// ``record(_:component:path:step:)`` does while events are not kept,
    /// for callers that then make no step at all. Returns its sequence number.
    @discardableResult @inline(__always)
    mutating func count(_ kind: ReuseEvent.Kind) -> Int {
        assert(!keepsEvents, "a kept event is recorded whole")
        let seq = nextSeq
        nextSeq += 1
        if let index = kind.countIndex { countSteps(1, at: index) }
        return seq
    }

    /// The summary of pass `number` (1-based), if it ran.
    public func summary(ofPass number: Int) -> PassSummary? {
        let all = passes
        return all.indices.contains(number - passBase - 1) ? all[number - passBase - 1] : nil
    }

    /// Events filtered by view, pass and kind, the last `limit` of them.
    ///
    /// Scans backwards over the packed records and stops once it has
    /// `limit`; only the events that match are read back whole.
    public func query(view: ViewID? = nil, pass: Int? = nil, kinds: Set<ReuseEvent.Kind>? = nil, last limit: Int? = nil) -> [ReuseEvent] {
        var result: [ReuseEvent] = []
        let wanted = limit ?? Int.max
        guard wanted > 0 else { return [] }
        forEachBackwards(view: view, pass: pass, kinds: kinds) { event in
            result.append(event)
            return result.count < wanted
        }
        result.reverse()
        return result
    }

    /// Calls `body` with the kept events that match, newest first, until it
    /// returns false: a question about recent events (`why`, `log --last`)
    /// reads back only the events it looks at, whatever the log's length.
    public func forEachBackwards(view: ViewID? = nil, pass: Int? = nil, kinds: Set<ReuseEvent.Kind>? = nil,
                                 _ body: (ReuseEvent) -> Bool) {
        let slice: Events
        if let pass {
            guard let summary = summary(ofPass: pass) else { return }
            slice = events(of: summary)
        } else {
            slice = events
        }
        if let view {
            // The view's own events, through the chunks' indexes.
            stored.forEachEvent(about: view, in: slice.startIndex..<slice.endIndex, descending: true, kinds: kinds,
                                indexed: readsByView) { body($1) }
            return
        }
        stored.forEachEventBackwards(in: slice.startIndex..<slice.endIndex, kinds: kinds, skipping: readsByKind, body)
    }

    /// Calls `body` with each kept event about `view` among the events
    /// indexed `range` (clamped to those kept), oldest first or newest
    /// first, with its index, until it returns false: the view's events
    /// only are read (``PackedEvents/ViewIndex``).
    func forEachEvent(about view: ViewID, in range: Range<Int>, descending: Bool, kinds: Set<ReuseEvent.Kind>? = nil,
                      _ body: (Int, ReuseEvent) -> Bool) {
        let kept = events
        stored.forEachEvent(about: view, in: range.clamped(to: kept.startIndex..<kept.endIndex), descending: descending,
                            kinds: kinds, indexed: readsByView, body)
    }

    /// Calls `body` with the index of and a glance at each kept event about
    /// `view` among `range`, until it returns false.
    func forEachGlance(about view: ViewID, in range: Range<Int>, descending: Bool,
                       _ body: (Int, PackedEvents.Glance) -> Bool) {
        let kept = events
        stored.forEachGlance(about: view, in: range.clamped(to: kept.startIndex..<kept.endIndex), descending: descending,
                             indexed: readsByView, body)
    }

    /// Keeps events in chunks of `capacity` from the next chunk on: tests
    /// narrow it so that a short session spans many chunks.
    mutating func narrowChunks(to capacity: Int) { stored.capacity = capacity }

    /// Counts the kept events about `view` among `range` that `counts`
    /// (given a glance) says to count: by kind from the chunks' indexes
    /// where the kind alone decides (``PackedEvents/tally(about:in:indexed:into:other:)``).
    func count(about view: ViewID, in range: Range<Int>, where counts: (PackedEvents.Glance) -> Bool) -> Int {
        let kept = events
        var histogram = [Int](repeating: 0, count: 256)
        var total = 0
        stored.tally(about: view, in: range.clamped(to: kept.startIndex..<kept.endIndex), indexed: readsByView,
                     into: &histogram) { if counts($0) { total += 1 } }
        for tag in 2..<histogram.count where histogram[tag] > 0 {
            if let kind = PackedEvents.Glance.kind(ofTag: UInt8(tag)), counts(.packed(kind, attribute: nil)) { total += histogram[tag] }
        }
        return total
    }

    /// The event indexed `index` (one the log keeps).
    func event(at index: Int) -> ReuseEvent { stored[index] }

    /// The index of the first kept event whose sequence number is `seq` or
    /// more (the end of the kept events when there is none).
    func index(ofFirstSeqAtLeast seq: Int) -> Int {
        let kept = events
        return min(max(stored.index(ofFirstSeqAtLeast: seq), kept.startIndex), kept.endIndex)
    }

    /// The index just after the last event of pass `number` and of every
    /// pass before it (all the events, for a pass not run yet).
    func end(ofPass number: Int) -> Int {
        guard number < currentPass else { return recordedEvents }
        guard let summary = summary(ofPass: number) else { return number <= passBase ? 0 : recordedEvents }
        return summary.events.upperBound
    }

    /// The event with sequence number `seq`, if the log keeps it.
    func event(seq: Int) -> ReuseEvent? {
        let index = index(ofFirstSeqAtLeast: seq)
        guard index < events.endIndex else { return nil }
        let event = stored[index]
        return event.seq == seq ? event : nil
    }

    // MARK: Marks, for going back

    /// Where the log stood between two operations.
    struct Mark: Sendable, Equatable {
        var passes: Int
        var events: Int
        var seq: Int
    }

    var mark: Mark { Mark(passes: currentPass, events: recordedEvents, seq: nextSeq) }

    /// A log that holds no events and no summaries but counts on from this
    /// one (pass numbers, sequence numbers, totals): what a checkpoint keeps,
    /// so that copying the state does not copy the session's history.
    func detached() -> EventLog {
        var log = EventLog()
        log.keepsEvents = keepsEvents
        log.keepLimit = keepLimit
        #if FAST_PATH_SWITCHES
        log.readsByView = readsByView
        log.readsByKind = readsByKind
        #endif
        log.stored.removeAll(startingAgainAt: recordedEvents)
        log.passBase = currentPass
        log.currentPass = currentPass
        log.nextSeq = nextSeq
        log.countedTotals = totals
        return log
    }

    /// Takes back everything recorded after `mark`, as if it had not
    /// happened; returns the chunks of events taken away, for the caller to
    /// free (``Reclamation``).
    @discardableResult
    mutating func truncate(to mark: Mark) -> [PackedEvents.Chunk] {
        // The open pass's counts where the summaries' are: in the totals.
        if bytesOpen { spillOpenBytes() }
        let keep = max(0, mark.passes - passBase)
        let all = passes
        let nearest = keep / Self.totalsStride
        if nearest < totalsBefore.count {
            // From the totals before the nearest stride's pass, plus the passes kept after it.
            var restored = totalsBefore[nearest]
            for index in (nearest * Self.totalsStride)..<min(keep, all.count) { restored.add(all[index].counts) }
            countedTotals = restored
            // The one before pass `keep` itself is taken again when that pass begins.
            totalsBefore.removeAll(from: keep.isMultiple(of: Self.totalsStride) ? nearest : nearest + 1)
        } else {
            for index in all.indices where index >= keep { countedTotals.subtract(all[index].counts) }
        }
        if keep < all.count {
            open = nil
            if keep < packedPasses.count {
                // The counts of the first pass from `keep` on that keeps them apart.
                for index in keep..<packedPasses.count {
                    guard let offset = packedPasses[index].countsOffset else { continue }
                    passCounts.removeSubrange(offset...)
                    break
                }
                packedPasses.removeAll(from: keep)
                passEventsHigh.removeAll(from: keep)
            }
            if let last = packedPasses.last {
                packedPasses.removeLast(1)
                open = unpackedSummary(last)
                passEventsHigh.removeAll(from: packedPasses.count)
                if let offset = last.countsOffset { passCounts.removeSubrange(offset...) }
            }
        }
        // Back before the events held, none of them stays and numbering starts again there.
        let removed = stored.removeAll(from: mark.events)
        nextSeq = mark.seq
        currentPass = passBase + packedPasses.count + (isOpen ? 1 : 0)
        return removed
    }

    private func unpackedSummary(_ packed: PackedSummary) -> PassSummary {
        Passes.unpack(packed, events: packed.events(high: passEventsHigh, at: packedPasses.count), counts: passCounts,
                      triggers: triggers, pass: passBase + packedPasses.count + 1)
    }
}

/// A finished pass's summary in 24 bytes: its counts inline when they pack
/// into eight bytes (most passes'), else beside it in the log's `passCounts`;
/// its events as the low half of the first one's number (the log keeps the
/// high halves) and their count.
struct PackedSummary: Sendable {
    var trigger: UInt32
    /// ``EventCounts/drain(into:inliningUpTo:)``'s mask, with ``inlineFlag`` set for counts kept inline.
    private var maskAndFlag: UInt32
    /// The packed counts themselves (inline), or where they start in `passCounts`.
    private var counts: UInt64
    private var eventsLow: UInt32
    /// Fewer than 2^32: a pass records a few events per instance, and a
    /// mounted tree holds at most 2^19 instances.
    private var eventCount: UInt32

    /// The most bytes of packed counts kept inline.
    static let inlineBytes = MemoryLayout<UInt64>.size
    /// Above the 24 counted stats' bits.
    private static let inlineFlag: UInt32 = 1 << 31

    init(trigger: UInt32, countsMask: UInt32, inline: UInt64?, offset: Int, eventsLow: UInt32, eventCount: Int) {
        self.trigger = trigger
        self.maskAndFlag = inline == nil ? countsMask : countsMask | Self.inlineFlag
        self.counts = inline ?? UInt64(offset)
        self.eventsLow = eventsLow
        assert(eventCount >= 0 && eventCount <= Int(UInt32.max), "a pass records fewer than 2^32 events")
        self.eventCount = UInt32(truncatingIfNeeded: eventCount)
    }

    /// Its events' numbers, the summary being pass number `index` of those
    /// packed (counted from the first held), whose high halves are `high`.
    func events(high: HighHalves, at index: Int) -> Range<Int> {
        let first = high.value(low: eventsLow, at: index)
        return first..<(first + Int(eventCount))
    }

    /// Where the counts start in the log's `passCounts`; nil when they are inline.
    var countsOffset: Int? { maskAndFlag & Self.inlineFlag == 0 ? Int(counts) : nil }

    /// The pass's counts, read from `bytes` (the log's `passCounts`) unless inline.
    func unpackedCounts(from bytes: [UInt8]) -> EventCounts {
        let mask = maskAndFlag & ~Self.inlineFlag
        if let offset = countsOffset { return EventCounts(mask: mask, bytes: bytes, from: offset) }
        return EventCounts(mask: mask, inline: counts)
    }
}

extension EventLog {
    /// The kept events, read from their packed form: indices count from the
    /// session's first event.
    public struct Events: RandomAccessCollection, Equatable, Sendable {
        fileprivate let stored: PackedEvents
        public let startIndex: Int
        public let endIndex: Int

        public subscript(position: Int) -> ReuseEvent {
            precondition(position >= startIndex && position < endIndex, "event index out of range")
            return stored[position]
        }

        public subscript(bounds: Range<Int>) -> Events {
            precondition(bounds.lowerBound >= startIndex && bounds.upperBound <= endIndex, "event range out of range")
            return Events(stored: stored, startIndex: bounds.lowerBound, endIndex: bounds.upperBound)
        }

        public static func == (lhs: Events, rhs: Events) -> Bool { lhs.elementsEqual(rhs) }
    }

    /// The pass summaries, oldest first, unpacked as they are read.
    public struct Passes: RandomAccessCollection, Equatable, Sendable {
        fileprivate let packed: ChunkedArray<PackedSummary>
        fileprivate let eventsHigh: HighHalves
        fileprivate let counts: [UInt8]
        fileprivate let triggers: Interner<String>
        fileprivate let open: PassSummary?
        /// Passes before the first one held.
        fileprivate let base: Int

        public var startIndex: Int { 0 }
        public var endIndex: Int { packed.count + (open == nil ? 0 : 1) }

        public subscript(position: Int) -> PassSummary {
            if position == packed.count, let open { return open }
            let summary = packed[position]
            return Self.unpack(summary, events: summary.events(high: eventsHigh, at: position), counts: counts, triggers: triggers,
                               pass: base + position + 1)
        }

        fileprivate static func unpack(_ summary: PackedSummary, events: Range<Int>, counts: [UInt8], triggers: Interner<String>,
                                       pass: Int) -> PassSummary {
            var result = PassSummary(pass: pass, trigger: triggers[summary.trigger], events: events)
            result.counts = summary.unpackedCounts(from: counts)
            return result
        }

        public static func == (lhs: Passes, rhs: Passes) -> Bool { lhs.elementsEqual(rhs) }
    }
}
