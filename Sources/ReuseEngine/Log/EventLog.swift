/// Every step of every pass, in order, with per-pass summaries and totals.
public struct EventLog: Sendable {
    /// The events held: the kept ones, plus up to a slack of older ones
    /// waiting to be dropped in one go.
    private var stored: [ReuseEvent] = []
    /// The summaries of the passes this log holds: every pass of the session,
    /// except in a detached log (``detached()``), which starts after
    /// ``passBase`` passes it does not hold.
    public private(set) var passes: [PassSummary] = []
    public private(set) var totals = EventCounts()
    /// When false, events are counted but not kept (for benchmarks).
    public internal(set) var keepsEvents = true
    /// At most this many of the latest events are kept (`log keep N`); older
    /// ones are dropped, while totals and pass summaries stay exact. `nil`:
    /// every event is kept.
    public internal(set) var keepLimit: Int?
    /// Events recorded before the first one ``stored`` holds.
    private var droppedStored = 0

    /// The events kept, oldest first: every one, or the latest ``keepLimit``.
    public var events: ArraySlice<ReuseEvent> {
        guard let limit = keepLimit, stored.count > limit else { return stored[...] }
        return stored[(stored.count - limit)...]
    }

    /// Events recorded before the first one ``events`` holds (dropped by
    /// ``keepLimit``). Pass summaries' ranges count from the session's start.
    public var droppedEvents: Int { droppedStored + stored.count - events.count }
    /// Passes that ran before the first one ``passes`` holds.
    private var passBase = 0
    private var nextSeq = 1

    public init() {}

    /// The pass under way, or the last one.
    public var currentPass: Int { passBase + passes.count }

    /// The summary of the pass under way, or of the last one.
    var lastSummary: PassSummary? { passes.last }

    /// Events recorded so far, dropped ones included.
    var recordedEvents: Int { droppedStored + stored.count }

    /// The sequence number of the oldest event kept (everything before it
    /// was dropped by ``keepLimit``), or nil when none was dropped.
    public var firstKeptSeq: Int? { droppedEvents > 0 ? (events.first?.seq ?? nextSeq) : nil }

    /// The kept events of a pass: all of them, some, or none when the pass
    /// lies before the kept window.
    public func events(of summary: PassSummary) -> ArraySlice<ReuseEvent> {
        let kept = events
        let lower = min(max(summary.events.lowerBound - droppedStored, kept.startIndex), kept.endIndex)
        let upper = min(max(summary.events.upperBound - droppedStored, lower), kept.endIndex)
        return stored[lower..<upper]
    }

    /// Keeps at most `limit` events from now on (`nil`: all), dropping the
    /// oldest beyond it at once.
    mutating func keep(atMost limit: Int?) {
        keepLimit = limit
        dropBeyondLimit(slack: 0)
    }

    /// Drops the oldest events beyond ``keepLimit``; with slack, only once
    /// the excess reaches it, so dropping costs O(1) per event amortized.
    private mutating func dropBeyondLimit(slack: Int) {
        guard let limit = keepLimit, stored.count > limit + slack else { return }
        let excess = stored.count - limit
        stored.removeFirst(excess)
        droppedStored += excess
    }

    mutating func beginPass(_ trigger: String) {
        passes.append(PassSummary(pass: currentPass + 1, trigger: trigger, events: recordedEvents..<recordedEvents))
    }

    /// Records an event; returns its sequence number.
    @discardableResult
    mutating func record(_ event: ReuseEvent) -> Int {
        var event = event
        event.seq = nextSeq
        event.pass = currentPass
        nextSeq += 1
        totals.count(event.step)
        if !passes.isEmpty {
            passes[passes.count - 1].counts.count(event.step)
        }
        if keepsEvents {
            stored.append(event)
            if !passes.isEmpty { passes[passes.count - 1].events = passes[passes.count - 1].events.lowerBound..<recordedEvents }
            if let limit = keepLimit { dropBeyondLimit(slack: max(limit / 2, 1_024)) }
        }
        return event.seq
    }

    /// The summary of pass `number` (1-based), if it ran.
    public func summary(ofPass number: Int) -> PassSummary? {
        passes.indices.contains(number - passBase - 1) ? passes[number - passBase - 1] : nil
    }

    /// Events filtered by view, pass and kind, the last `limit` of them.
    public func query(view: ViewID? = nil, pass: Int? = nil, kinds: Set<ReuseEvent.Kind>? = nil, last limit: Int? = nil) -> [ReuseEvent] {
        var slice: ArraySlice<ReuseEvent>
        if let pass {
            guard let summary = summary(ofPass: pass) else { return [] }
            slice = events(of: summary)
        } else {
            slice = events
        }
        var result = slice.filter { event in
            (view == nil || event.view == view)
                && (kinds == nil || kinds?.contains(event.kind) == true)
        }
        if let limit, result.count > limit { result = Array(result.suffix(limit)) }
        return result
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
        log.droppedStored = recordedEvents
        log.passBase = currentPass
        log.nextSeq = nextSeq
        log.totals = totals
        return log
    }

    /// Takes back everything recorded after `mark`, as if it had not happened.
    mutating func truncate(to mark: Mark) {
        let keep = max(0, mark.passes - passBase)
        for summary in passes[min(keep, passes.count)...] { totals.subtract(summary.counts) }
        passes.removeLast(max(0, passes.count - keep))
        if mark.events < droppedStored {
            // Back before the events held: none of them stays.
            stored.removeAll()
            droppedStored = mark.events
        } else {
            stored.removeLast(max(0, recordedEvents - mark.events))
        }
        nextSeq = mark.seq
    }
}
