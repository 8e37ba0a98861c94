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
    /// its creation), oldest first.
    public var since: [ReuseEvent]
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
        // The log is read backwards from the newest event, only as far as
        // the story goes: a long session's older events are not read back.
        var resetBy: ReuseEvent?
        if setters.isEmpty {
            log.forEachBackwards(view: id) { event in
                guard event.pass <= limit else { return true }
                if Engine.resets(event.step, property) { resetBy = event }
                return resetBy == nil
            }
        }
        // A late result's story starts where its load started.
        var loadStart: Int?
        if let number = setters.first?.load {
            log.forEachBackwards(view: id, kinds: [.load]) { event in
                guard event.pass <= limit else { return true }
                if case .loadStart(let load) = event.step, load.number == number { loadStart = event.seq }
                return loadStart == nil
            }
        }
        let start = loadStart ?? setters.first?.seq ?? resetBy.map { $0.seq + 1 } ?? 0
        var since: [ReuseEvent] = []
        log.forEachBackwards(view: id) { event in
            guard event.pass <= limit else { return true }
            guard event.seq >= start else { return false }
            if Engine.bears(event.step, on: property) { since.append(event) }
            return true
        }
        since.reverse()
        return Provenance(view: id, property: property, shows: shows, fresh: fresh, isStale: leak != nil,
                          setters: setters, resetBy: resetBy, since: since, holder: view.owner,
                          holderSets: view.attached?.value(of: property),
                          pending: session.store.loads(on: id).filter { $0.attribute.name == property },
                          eventsKept: log.keepsEvents,
                          keptFrom: log.firstKeptSeq.flatMap { start < $0 ? $0 : nil })
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
