// `why VIEW state NAME`: a component state value's story, read from the view's
// own events (each log chunk's view index), its ends kept and its middle counted.

extension Engine {
    /// The steps of `view` that bear on its component state value `name`
    /// (`why VIEW state NAME`), oldest first: from the event that set the
    /// value (or, when none did since, its last state event for `name`) on,
    /// its state events for `name` and every change of hands, hook and move.
    /// Empty when no state event for `name` is kept.
    ///
    /// A story longer than twice ``Provenance/storyEnds`` keeps its first
    /// and last ``Provenance/storyEnds`` steps and counts the ones between
    /// (`omitted`), as a property's story does. Cost: the view's events
    /// from the newest back to where the value was set, glanced at (a state
    /// event is read whole, the rest by their records' tags), and the ends
    /// read whole; never the log's other views, never every event of the
    /// view as whole events.
    public func stateStory(of view: ViewID, name: String) -> (steps: [ReuseEvent], omitted: Int) {
        let log = session.store.log
        let kept = log.events
        let all = kept.startIndex..<kept.endIndex
        // The newest state event for `name`, then the newest set of it at or before that one.
        var named: (index: Int, isSet: Bool)?
        log.forEachGlance(about: view, in: all, descending: true) { index, glance in
            guard case .whole(let event) = glance, case .state(let change) = event.step, change.name == name else { return true }
            if case .set = change { named = (index, true) } else { named = (index, false) }
            return false
        }
        guard let named else { return ([], 0) }
        var start = named.index
        if !named.isSet {
            log.forEachGlance(about: view, in: all.lowerBound..<named.index, descending: true) { index, glance in
                guard case .whole(let event) = glance, case .state(.set(let set, _, _)) = event.step, set == name else { return true }
                start = index
                return false
            }
        }
        return Self.story(of: view, in: start..<all.upperBound, log: log,
                                bearing: { Self.bearsOnState($0, name) }, glancing: { Self.bearsOnState($0, name) })
    }

    /// Whether a step bears on state value `name`: a state event for it, or
    /// a change of hands, hook or move of the view that holds it.
    static func bearsOnState(_ step: ReuseEvent.Step, _ name: String) -> Bool {
        switch step {
        case .state(let change): change.name == name
        default: step.kind.movesState
        }
    }

    /// ``bearsOnState(_:_:)`` from a glance at a record: a state event is
    /// kept whole (its name read); a packed record is decided by its kind.
    static func bearsOnState(_ glance: PackedEvents.Glance, _ name: String) -> Bool {
        switch glance {
        case .whole(let event): bearsOnState(event.step, name)
        case .packed(let kind, _): kind.movesState
        }
    }
}

extension ReuseEvent.Kind {
    /// A change of hands, hook or move of a view, which a state value held
    /// by the view goes through.
    var movesState: Bool {
        switch self {
        case .reuse, .hide, .unhide, .detach, .reattach, .prepareForReuse, .recycle, .move, .insert, .enterPool: true
        default: false
        }
    }
}
