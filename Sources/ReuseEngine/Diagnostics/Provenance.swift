/// Where a property's value came from (`why v4 liked`): who set it, in which
/// pass and by which event, what happened to the view since (moves between
/// instances by reuse, hides, hooks, loads), and whether anything reset it.
public struct Provenance: Sendable {
    /// The view.
    public var view: ViewID
    /// The property asked about.
    public var property: String
    /// What the view shows.
    public var shows: PropertyValue?
    /// What a fresh view with the attached configuration would show (the
    /// class default when nothing is attached).
    public var fresh: PropertyValue?
    /// The value is stale: a leak (``Engine/leaks(of:)``) of the instance holding the view.
    public var isStale: Bool
    /// Who set what the view shows, oldest first: one source for a value,
    /// one per entry of an additive property. Empty for a class default.
    public var setters: [PropertySource]
    /// For a class default: the event that put it back (an unapplicator, a
    /// reset method, a reuse hook), if there was one since the view was made.
    public var resetBy: ReuseEvent?
    /// The view's steps that bear on the property from the first setter on
    /// (from its load's start for a late result; after the reset; or since
    /// its creation), oldest first: all of them, or, for a story longer
    /// than twice ``storyEnds``, its first and last ``storyEnds`` steps,
    /// with ``omittedSteps`` counting those between.
    public var since: [ReuseEvent]
    /// Steps of the story between the two ends ``since`` holds (0: it holds all).
    public var omittedSteps: Int
    /// Steps ``since`` keeps at each end of a long story: a view skipped in
    /// every one of 10^6 passes has a story of 10^6 steps, counted, not read.
    public static let storyEnds = 1_000
    /// The event of the last setter, when the log keeps it.
    public var landing: ReuseEvent?
    /// For a late result that landed on another item than the one it was
    /// for: that item's own result delivered on the view before it (the
    /// slower load, started earlier, had the last word), if there was one.
    public var overtakenDelivery: ReuseEvent?
    /// The instance holding the view now, and what its attached configuration
    /// sets the property to (`nil` when it does not set it).
    public var holder: ComponentPath?
    /// What the holder's attached configuration sets the property to (`nil`: nothing).
    public var holderSets: AttributeValue?
    /// Loads under way that will set this property on this view.
    public var pending: [Load]
    /// The log keeps events (`since` and `resetBy` are empty otherwise).
    public var eventsKept: Bool
    /// When the story starts before the oldest event the log still keeps
    /// (`log keep N` dropped the rest): that event's sequence number, where
    /// `since` begins.
    public var keptFrom: Int?
}

extension Engine {
    /// The provenance of one property of one view.
    ///
    /// Cost: the log read backwards from the newest event to where the
    /// property's story starts (its setter, the load it came from, or the
    /// reset before it). The whole kept log when there is no such event:
    /// nothing set or reset the property, or the start of its load was
    /// dropped by `log keep`.
    public func why(_ id: ViewID, _ property: String) throws(EngineError) -> Provenance {
        try why(id, property, story: nil)
    }

    /// The provenance of one property of one view in this state, its story
    /// read from `story.log` up to the end of pass `story.throughPass`:
    /// a past state (``state(afterPass:)``) keeps only the events after
    /// its checkpoint, and the live session's log has the rest. Events
    /// after that pass are passed over, never read back whole.
    public func why(_ id: ViewID, _ property: String, story: (log: EventLog, throughPass: Int)?) throws(EngineError) -> Provenance {
        let log = story?.log ?? self.log
        let limit = story?.throughPass ?? Int.max
        guard let view = session.store.lookUp(id) else { throw .unknownView(id) }
        let defaults = catalog.viewClasses[view.viewClass]?.defaults
        let shows = view.property(property)
        guard shows != nil || defaults?[property] != nil || catalog.attributes[property] != nil else {
            let known = Array(view.properties.keys) + (defaults.map { Array($0.keys) } ?? []) + Array(catalog.attributes.keys)
            throw .noSuchProperty(id, property: property, suggestion: closestName(to: property, in: known))
        }
        let fresh = view.attached.map { freshProperties(for: $0, on: view.viewClass)[property] } ?? defaults?[property]
        let leak = leaks(of: id).first { $0.property == property }
        let setters = (view.sources(of: property) ?? []).compactMap { $0 }
        // Only the view's own events are read (each chunk's index), from the
        // newest back as far as the story goes, and never past the pass asked
        // about: a long session's other events are not read at all.
        let end = log.end(ofPass: limit)
        var resetBy: ReuseEvent?
        if setters.isEmpty {
            var resetAt: Int?
            log.forEachGlance(about: id, in: 0..<end, descending: true) { index, glance in
                if Engine.resets(glance, property) { resetAt = index }
                return resetAt == nil
            }
            resetBy = resetAt.map { log.event(at: $0) }
        }
        // A late result's story starts where its load started.
        var loadStart: Int?
        if let number = setters.first?.load {
            log.forEachEvent(about: id, in: 0..<end, descending: true, kinds: [.load]) { _, event in
                if case .loadStart(let load) = event.step, load.number == number { loadStart = event.seq }
                return loadStart == nil
            }
        }
        let start = loadStart ?? setters.first?.seq ?? resetBy.map { $0.seq + 1 } ?? 0
        // The story's first kept event, never past the pass asked about
        // (`log keep` may have dropped that pass's events: an empty story).
        let first = min(log.index(ofFirstSeqAtLeast: start), end)
        let story = Self.story(of: id, bearingOn: property, in: first..<end, log: log)
        let landing = setters.last.flatMap { log.event(seq: $0.seq) }
        return Provenance(view: id, property: property, shows: shows, fresh: fresh, isStale: leak != nil,
                          setters: setters, resetBy: resetBy, since: story.steps, omittedSteps: story.omitted,
                          landing: landing,
                          overtakenDelivery: landing.flatMap {
                              Self.overtakenDelivery(landing: $0, of: property, from: start, of: id, log: log)
                          },
                          holder: view.owner,
                          holderSets: view.attached?.value(of: property),
                          pending: session.store.loads(on: id).filter { $0.attribute.name == property },
                          eventsKept: log.keepsEvents,
                          keptFrom: log.firstKeptSeq.flatMap { start < $0 ? $0 : nil })
    }

    /// The view's steps that bear on `property` among the events indexed
    /// `range`: all of them, or the first and last ``Provenance/storyEnds``
    /// and how many lie between, counted from a glance at each record.
    /// Cost: the ends read whole, the view's events between glanced at.
    static func story(of view: ViewID, bearingOn property: String, in range: Range<Int>,
                      log: EventLog) -> (steps: [ReuseEvent], omitted: Int) {
        story(of: view, in: range, log: log, bearing: { bears($0, on: property) }, glancing: { bears($0, on: property) })
    }

    /// The view's steps among the events indexed `range` that `bearing`
    /// holds (`glancing` deciding the same from a glance at a record, for
    /// the steps between the ends): all of them, or the first and last
    /// ``Provenance/storyEnds`` and how many lie between.
    static func story(of view: ViewID, in range: Range<Int>, log: EventLog, bearing: (ReuseEvent.Step) -> Bool,
                      glancing: (PackedEvents.Glance) -> Bool) -> (steps: [ReuseEvent], omitted: Int) {
        let ends = Provenance.storyEnds
        var tail: [ReuseEvent] = []
        var tailStart = range.lowerBound
        log.forEachEvent(about: view, in: range, descending: true) { index, event in
            guard bearing(event.step) else { return true }
            tail.append(event)
            tailStart = index
            return tail.count < ends
        }
        tail.reverse()
        guard tail.count == ends else { return (tail, 0) }
        var head: [ReuseEvent] = []
        var headEnd = range.lowerBound
        log.forEachEvent(about: view, in: range.lowerBound..<tailStart, descending: false) { index, event in
            guard bearing(event.step) else { return true }
            head.append(event)
            headEnd = index + 1
            return head.count < ends
        }
        guard head.count == ends else { return (head + tail, 0) }
        let omitted = log.count(about: view, in: headEnd..<tailStart, where: glancing)
        return (head + tail, omitted)
    }

    /// For a late result (`landing`, a delivery on another item than its
    /// own): the last delivery of that item's own result on the view before
    /// it, from the story's start (`start`, a sequence number) on.
    static func overtakenDelivery(landing: ReuseEvent, of property: String, from start: Int, of view: ViewID,
                                  log: EventLog) -> ReuseEvent? {
        guard case .deliver(_, let landedOn?) = landing.step else { return nil }
        var own: ReuseEvent?
        let end = log.index(ofFirstSeqAtLeast: landing.seq)
        let range = min(log.index(ofFirstSeqAtLeast: start), end)..<end
        log.forEachEvent(about: view, in: range, descending: true, kinds: [.deliver]) { _, event in
            // The item's own result for this property (a load of another attribute is another story).
            if case .deliver(let load, nil) = event.step, load.attribute.name == property, event.path == landedOn { own = event }
            return own == nil
        }
        return own
    }

    /// Whether a step put `property` back to its default.
    static func resets(_ step: ReuseEvent.Step, _ property: String) -> Bool {
        switch step {
        case .unapply(let attribute): attribute.name == property
        case .reset(.dropped(let attribute)): attribute.name == property
        case .reset(.prepared(let name, _)): name == property
        case .reset(.blockSetsWholeView), .reset(.detached), .reset(.enteringPool): true
        default: false
        }
    }

    /// ``resets(_:_:)`` from a glance at a record: only an unapplicator
    /// (packed) or a reset (kept whole) puts a value back.
    static func resets(_ glance: PackedEvents.Glance, _ property: String) -> Bool {
        switch glance {
        case .whole(let event): resets(event.step, property)
        case .packed(let kind, let attribute): kind == .unapply && attribute == property
        }
    }

    /// ``bears(_:on:)`` from a glance at a record, for the kinds a record
    /// packs (EncodedRecords): each is decided by its kind and attribute
    /// alone. `ProvenanceTests` checks the two agree on every event.
    static func bears(_ glance: PackedEvents.Glance, on property: String) -> Bool {
        switch glance {
        case .whole(let event):
            bears(event.step, on: property)
        case .packed(let kind, let attribute):
            switch kind {
            case .apply, .unapply, .update: attribute == property
            case .skip: attribute.map { $0 == property } ?? true
            case .create: false
            default: true
            }
        }
    }

    /// Whether a step tells the story of a property: the view changing hands
    /// or visibility, hooks, skips, and what touched the property itself.
    static func bears(_ step: ReuseEvent.Step, on property: String) -> Bool {
        switch step {
        case .reuse, .hide, .unhide, .detach, .reattach, .insert, .prepareForReuse, .enterPool, .leavePool, .recycle, .reparent,
             .cacheHit, .cache, .attach, .remove, .reconfigure, .skip(nil), .move:
            true
        case .apply(let attribute), .unapply(let attribute), .update(let attribute, _), .skip(let attribute?):
            attribute.name == property
        case .loadStart(let load), .deliver(let load, _), .cancel(let load, _), .discard(let load, _):
            load.attribute.name == property
        case .reset(let reason):
            resets(.reset(reason), property)
        case .create, .reorder, .render, .layout, .state:
            false
        }
    }
}
