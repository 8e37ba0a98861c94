/// The callback a reuse system runs on a view it pools or hands out again:
/// where `prepare` declarations run.
public enum ReuseHook: String, Sendable, CaseIterable {
    /// UIKit's `prepareForReuse`, on a reused cell just dequeued; a cell's
    /// own code resets its subviews too.
    case prepareForReuse
    /// RecyclerView's `onViewRecycled`, on a holder going to the
    /// RecycledViewPool (`RecyclerView.Recycler.addViewHolderToRecycledViewPool`).
    case onViewRecycled
    /// ComponentKit's `didEnterReusePool`, on each view hidden into its pool
    /// (`CKComponentViewReuseUtilities.mm`).
    case didEnterReusePool
    /// Litho's `@OnUnmount` (a mount binder's unbind), on each mount item
    /// leaving the tree before its content is released to the pool of its
    /// component type (`MountState.kt` L731-735); recorded as entering the pool.
    case onUnmount

    /// The hook reaches the view's subviews (a cell's method), not the view alone.
    var coversSubtree: Bool { self != .didEnterReusePool && self != .onUnmount }

    /// The system that runs it: `UIKit`, `RecyclerView`, `ComponentKit`.
    public var system: String {
        switch self {
        case .prepareForReuse: "UIKit"
        case .onViewRecycled: "RecyclerView"
        case .didEnterReusePool: "ComponentKit"
        case .onUnmount: "Litho"
        }
    }
}

/// What a component type's reuse hook does (`prepare Cell resets liked tap
/// cancels loads`): the properties it resets and whether it cancels the
/// loads pending on its views.
///
/// It runs wherever the modelled system would run such a hook (``ReuseHook``):
/// a reset runs the attribute's unapplicator when it has one (each entry
/// of an additive one), else puts the property back to the class default.
/// The attribute then leaves the configuration attached to the view, so the
/// next configure applies it again rather than skipping a value the view
/// no longer shows.
public struct Preparation: Hashable, Sendable {
    /// The component type whose views the hook prepares.
    public var component: String
    /// Properties reset, in the order written.
    public var resets: [String]
    /// The hook cancels the view's pending loads.
    public var cancelsLoads: Bool
    /// Component state values reset (`resets-state liked`), in the order written.
    public var resetsState: [String]
    /// The state values are reset when the view shows another item
    /// (`resets-state liked on item`: FlashList's `useRecyclingState` with
    /// the item as its dependency), not in the system's reuse hook.
    public var resetsStateOnItem: Bool

    /// What `component`'s reuse hook does (`prepare Cell resets liked cancels loads`).
    public init(component: String, resets: [String], cancelsLoads: Bool, resetsState: [String] = [],
                resetsStateOnItem: Bool = false) {
        self.component = component
        self.resets = resets
        self.cancelsLoads = cancelsLoads
        self.resetsState = resetsState
        self.resetsStateOnItem = resetsStateOnItem && !resetsState.isEmpty
    }

    /// Resets nothing and cancels nothing (declaring it removes a declaration).
    public var doesNothing: Bool { resets.isEmpty && !cancelsLoads && resetsState.isEmpty }

    /// What it does, in words: `resets liked tap, cancels loads`, or `nothing`.
    public var summary: String {
        if doesNothing { return "nothing" }
        var parts: [String] = []
        if !resets.isEmpty { parts.append("resets " + resets.joined(separator: " ")) }
        if !resetsState.isEmpty {
            parts.append("resets state " + resetsState.joined(separator: " ") + (resetsStateOnItem ? " when the item changes" : ""))
        }
        if cancelsLoads { parts.append("cancels loads") }
        return parts.joined(separator: ", ")
    }

    /// The script line that declares it again.
    public var declaration: String {
        if doesNothing { return "prepare \(component) nothing" }
        return "prepare \(component)" + (resets.isEmpty ? "" : " resets " + resets.joined(separator: " "))
            + (resetsState.isEmpty ? "" : " resets-state " + resetsState.joined(separator: " ") + (resetsStateOnItem ? " on item" : ""))
            + (cancelsLoads ? " cancels loads" : "")
    }
}

extension ViewStore {
    /// Runs `hook` on `view`: records it, then the preparation declared for
    /// the component type holding the view, if any.
    public mutating func runHook(_ hook: ReuseHook, on view: ViewID) {
        switch hook {
        case .prepareForReuse: recordForOwner(view, .prepareForReuse)
        case .onViewRecycled: recordForOwner(view, .recycle)
        case .didEnterReusePool, .onUnmount: recordForOwner(view, .enterPool)
        }
        guard let component = self[view].ownerComponent, let preparation = catalog.preparations[component] else { return }
        let targets = hook.coversSubtree ? subtree(of: view) : [view]
        for target in targets {
            for name in preparation.resets { reset(name, on: target, by: hook) }
        }
        if !preparation.resetsStateOnItem {
            for target in targets {
                guard let state = self[target].state else { continue }
                for name in preparation.resetsState {
                    guard let value = state.values[name] else { continue }
                    removeState(name, from: target)
                    recordForOwner(target, .state(.reset(name, value: value.value, onItem: false)))
                }
            }
        }
        if preparation.cancelsLoads { cancelLoads(on: targets, by: hook) }
    }

    /// A hook's reset of one property: the unapplicator on what the view
    /// shows, else the class default. Nothing when it shows the default.
    private mutating func reset(_ name: String, on view: ViewID, by hook: ReuseHook) {
        let target = self[view]
        let fresh = catalog.viewClasses[target.viewClass]?.defaults[name]
        guard let shown = target.property(name), shown != fresh else { return }
        let holder = Instance(component: target.ownerComponent ?? "", path: target.owner ?? .root)
        if catalog.hasUnapplicator(name) {
            switch shown {
            case .entries(let entries):
                var defaults: [AttributeValue] = []
                if case .entries(let initial)? = fresh { defaults = initial }
                for value in entries.reversed() {
                    if let kept = defaults.firstIndex(of: value) { defaults.remove(at: kept); continue }
                    unapply(Attribute(name, value), on: view, for: holder)
                }
            case .value(let value):
                unapply(Attribute(name, value), on: view, for: holder)
            }
        } else {
            resetToDefault(name, on: view)
            record(view, for: holder, .reset(.prepared(name, by: hook)))
        }
        detach(name, from: view)
    }

    /// Takes one attribute out of the configuration attached to `view`.
    mutating func detach(_ name: String, from view: ViewID) {
        guard var attached = self[view].attached, attached.value(of: name) != nil else { return }
        attached.attributes.removeAll { $0.name == name }
        attach(attached, to: view)
    }
}

extension Engine {
    /// The component type whose `prepare` declaration the strategy's reuse
    /// hook would run on `view`: the view's own under ComponentKit; under
    /// UIKit and RecyclerView the cell (or header or footer) that contains
    /// it. `nil` when no hook ever reaches the view.
    public func hookComponent(for view: ViewID) -> String? {
        guard let hook = session.strategy.reuseHook else { return nil }
        guard hook.coversSubtree else { return session.store[view].ownerComponent }
        var current = view
        while let parent = session.store[current].superview {
            if session.store[parent].list != nil { return session.store[current].ownerComponent }
            current = parent
        }
        return nil
    }

}

extension Catalog {
    /// Whether a list shows `component` as a cell, header or footer (where
    /// UIKit's and RecyclerView's hooks run).
    public func isListSlot(_ component: String) -> Bool {
        components.values.contains { definition in
            guard case .list(let spec) = definition.body else { return false }
            return spec.cells.contains(component) || spec.supplementaries.contains { $0.component == component }
        }
    }
}
