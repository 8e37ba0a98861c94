/// One step the reuse algorithm took.
public struct ReuseEvent: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// No view waited in the pool: a new view was created and added.
        case create
        /// A view from the pool was taken by another component instance.
        case reuse
        /// A hidden view was taken and shown again.
        case unhide
        /// Nobody took the view in this pass: hidden, it waits in its pool.
        case hide
        /// An applicator set (or added) an attribute.
        case apply
        /// An unapplicator undid an old attribute before the new ones.
        case unapply
        /// An updater replaced an old value with a new one.
        case update
        /// The configuration equals the attached one: nothing applied.
        case skip
        /// A parent's subviews were reordered to the order views were taken.
        case reorder
        /// ComponentKit's `didEnterReusePool`: a view was hidden into its pool.
        case enterPool
        /// ComponentKit's `willLeaveReusePool`: a hidden view becomes visible.
        case leavePool
        /// UIKit's `prepareForReuse` on a dequeued cell.
        case prepareForReuse
        /// A view left the hierarchy for good (DivKit leftovers, a full RecyclerView pool).
        case remove
        /// RecyclerView: a row got back its own cached view, still bound.
        case cacheHit
        /// A cell's view went into a cache by position (RecyclerView).
        case cache
        /// Valdi: a component rendered (its render function ran).
        case render
        /// Valdi: a component tree was laid out.
        case layout
        /// Valdi: a pre-created component was attached to a cell.
        case attach
        /// Valdi: attribute reset methods ran before a view entered the pool.
        case reset
    }

    /// 1-based, increasing through the session.
    public var seq: Int
    /// The pass that took the step.
    public var pass: Int
    public var kind: Kind
    public var view: ViewID
    /// The parent whose pool was involved.
    public var parent: ViewID?
    /// The component type involved.
    public var component: String?
    /// The component instance involved.
    public var path: ComponentPath?
    /// Its path as users see it (`Card[0]` among namesakes).
    public var displayPath: String?
    public var key: ViewKey?
    public var attribute: String?
    public var value: AttributeValue?
    public var oldValue: AttributeValue?
    /// For `reuse`: the instance that held the view before. For `reorder`: the new order.
    public var previousOwner: ComponentPath?
    public var order: [ViewID]?
    /// How many times the step happened (a render of every row counts once per row).
    public var multiplicity = 1
    /// A strategy's own detail, in words.
    public var note: String?

    public init(seq: Int = 0, pass: Int = 0, kind: Kind, view: ViewID) {
        self.seq = seq
        self.pass = pass
        self.kind = kind
        self.view = view
    }
}

/// What one pass did, in numbers.
public struct PassSummary: Sendable, Equatable {
    public var pass: Int
    /// What started the pass (`mount Foo`, `scroll Feed by 3`).
    public var trigger: String
    public var counts = EventCounts()
    /// The range of the pass's events in the log.
    public var events: Range<Int>
}

/// Running totals by kind.
public struct EventCounts: Sendable, Equatable {
    public var created = 0
    public var reused = 0
    public var unhidden = 0
    public var hidden = 0
    public var applied = 0
    public var unapplied = 0
    public var updated = 0
    public var skipped = 0
    public var reordered = 0
    public var removed = 0
    public var enteredPool = 0
    public var leftPool = 0
    public var preparedForReuse = 0
    public var cacheHits = 0
    public var renders = 0
    public var layouts = 0
    public var attaches = 0
    public var resets = 0

    mutating func count(_ kind: ReuseEvent.Kind, _ times: Int = 1) {
        switch kind {
        case .create: created += times
        case .reuse: reused += times
        case .unhide: unhidden += times
        case .hide: hidden += times
        case .apply: applied += times
        case .unapply: unapplied += times
        case .update: updated += times
        case .skip: skipped += times
        case .reorder: reordered += times
        case .enterPool: enteredPool += times
        case .leavePool: leftPool += times
        case .prepareForReuse: preparedForReuse += times
        case .remove: removed += times
        case .cacheHit: cacheHits += times
        case .cache: break
        case .render: renders += times
        case .layout: layouts += times
        case .attach: attaches += times
        case .reset: resets += times
        }
    }

    /// `created 2, reused 0, hidden 0, applied 3, unapplied 0, skipped 0`
    public var line: String {
        var parts = ["created \(created)", "reused \(reused)", "hidden \(hidden)",
                     "applied \(applied)", "unapplied \(unapplied)"]
        if updated > 0 { parts.append("updated \(updated)") }
        parts.append("skipped \(skipped)")
        if removed > 0 { parts.append("removed \(removed)") }
        if cacheHits > 0 { parts.append("cache hits \(cacheHits)") }
        if renders > 0 { parts.append("rendered \(renders)") }
        if attaches > 0 { parts.append("attached \(attaches)") }
        return parts.joined(separator: ", ")
    }
}
