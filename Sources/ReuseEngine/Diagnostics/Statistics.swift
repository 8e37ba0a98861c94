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
    /// Views not hidden themselves but inside a hidden view.
    public var viewsUnderHidden: Int
}

extension Engine {
    public var statistics: Statistics {
        var visible = 0, hidden = 0, underHidden = 0, alive = 0
        for view in views where !view.isRemoved {
            alive += 1
            guard view.id != .root else { continue }
            if view.isHidden { hidden += 1 } else if isVisible(view.id) { visible += 1 } else { underHidden += 1 }
        }
        return Statistics(passes: log.passes.count, counts: log.totals, leaks: leaks().count,
                          views: alive, peakViews: peakViews, visibleViews: visible,
                          hiddenViews: hidden, viewsUnderHidden: underHidden)
    }
}
