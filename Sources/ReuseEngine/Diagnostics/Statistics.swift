/// Running totals of a session, as `stats` prints them.
public struct Statistics: Sendable, Equatable {
    public var passes: Int
    public var counts: EventCounts
    public var leaks: Int
    /// Views alive now (the root included) and at most so far.
    public var views: Int
    public var peakViews: Int
    /// Views held by a mounted instance and visible.
    public var visibleViews: Int
    public var hiddenViews: Int
}

extension Engine {
    public var statistics: Statistics {
        let visible = views.filter { $0.id != .root && isVisible($0.id) }.count
        return Statistics(passes: log.passes.count, counts: log.totals, leaks: leaks().count,
                          views: views.count, peakViews: peakViews, visibleViews: visible,
                          hiddenViews: views.filter(\.isHidden).count)
    }
}
