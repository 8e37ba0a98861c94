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
    public var key: ViewKey?
    public var attribute: String?
    public var value: AttributeValue?
    public var oldValue: AttributeValue?
    /// For `reuse`: the instance that held the view before. For `reorder`: the new order.
    public var previousOwner: ComponentPath?
    public var order: [ViewID]?

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

    mutating func count(_ kind: ReuseEvent.Kind) {
        switch kind {
        case .create: created += 1
        case .reuse: reused += 1
        case .unhide: unhidden += 1
        case .hide: hidden += 1
        case .apply: applied += 1
        case .unapply: unapplied += 1
        case .update: updated += 1
        case .skip: skipped += 1
        case .reorder: reordered += 1
        }
    }

    /// `created 2, reused 0, hidden 0, applied 3, unapplied 0, skipped 0`
    public var line: String {
        var parts = ["created \(created)", "reused \(reused)", "hidden \(hidden)",
                     "applied \(applied)", "unapplied \(unapplied)"]
        if updated > 0 { parts.append("updated \(updated)") }
        parts.append("skipped \(skipped)")
        return parts.joined(separator: ", ")
    }
}
