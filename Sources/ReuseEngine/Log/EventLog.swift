/// Every step of every pass, in order, with per-pass summaries and totals.
public struct EventLog: Sendable {
    public private(set) var events: [ReuseEvent] = []
    public private(set) var passes: [PassSummary] = []
    public private(set) var totals = EventCounts()
    /// When false, events are counted but not kept (for benchmarks).
    public internal(set) var keepsEvents = true
    private var nextSeq = 1

    public init() {}

    /// The pass under way, or the last one.
    public var currentPass: Int { passes.count }

    mutating func beginPass(_ trigger: String) {
        passes.append(PassSummary(pass: passes.count + 1, trigger: trigger, events: events.count..<events.count))
    }

    /// Records an event; returns its sequence number.
    @discardableResult
    mutating func record(_ event: ReuseEvent) -> Int {
        var event = event
        event.seq = nextSeq
        event.pass = passes.count
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
        passes.indices.contains(number - 1) ? passes[number - 1] : nil
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
}
