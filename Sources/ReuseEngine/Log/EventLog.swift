/// Every step of every pass, in order, with per-pass summaries and totals.
public struct EventLog: Sendable {
    public private(set) var events: [ReuseEvent] = []
    /// The summaries of the passes this log holds: every pass of the session,
    /// except in a detached log (``detached()``), which starts after
    /// ``passBase`` passes it does not hold.
    public private(set) var passes: [PassSummary] = []
    public private(set) var totals = EventCounts()
    /// When false, events are counted but not kept (for benchmarks).
    public internal(set) var keepsEvents = true
    /// Passes that ran before the first one ``passes`` holds.
    private var passBase = 0
    private var nextSeq = 1

    public init() {}

    /// The pass under way, or the last one.
    public var currentPass: Int { passBase + passes.count }

    /// The summary of the pass under way, or of the last one.
    var lastSummary: PassSummary? { passes.last }

    mutating func beginPass(_ trigger: String) {
        passes.append(PassSummary(pass: currentPass + 1, trigger: trigger, events: events.count..<events.count))
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
            events.append(event)
            if !passes.isEmpty { passes[passes.count - 1].events = passes[passes.count - 1].events.lowerBound..<events.count }
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
            slice = events[summary.events]
        } else {
            slice = events[...]
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

    var mark: Mark { Mark(passes: currentPass, events: events.count, seq: nextSeq) }

    /// A log that holds no events and no summaries but counts on from this
    /// one (pass numbers, sequence numbers, totals): what a checkpoint keeps,
    /// so that copying the state does not copy the session's history.
    func detached() -> EventLog {
        var log = EventLog()
        log.keepsEvents = keepsEvents
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
        events.removeLast(max(0, events.count - mark.events))
        nextSeq = mark.seq
    }
}
