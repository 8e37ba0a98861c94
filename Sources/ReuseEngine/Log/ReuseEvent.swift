/// One step the reuse algorithm took: which view, for which instance, and
/// what happened, as a typed ``Step``.
public struct ReuseEvent: Sendable, Equatable {
    /// 1-based, increasing through the session.
    public var seq: Int
    /// The pass that took the step.
    public var pass: Int
    /// The view the step was taken on.
    public var view: ViewID
    /// The component type involved (for `hide` and `remove`: the one that held the view last).
    public var component: String?
    /// The component instance involved; its ``ComponentPath/display`` is the path users see.
    public var path: ComponentPath?
    /// What happened.
    public var step: Step

    /// An event; the log numbers the ones it records.
    public init(seq: Int = 0, pass: Int = 0, view: ViewID, component: String? = nil, path: ComponentPath? = nil, step: Step) {
        self.seq = seq
        self.pass = pass
        self.view = view
        self.component = component
        self.path = path
        self.step = step
    }

    /// The kind of its step.
    public var kind: Kind { step.kind }

    /// What happened, with what each kind of step needs to be told.
    public enum Step: Sendable, Equatable {
        /// No view waited in the pool: a new view was created in `parent` under `key`.
        case create(parent: ViewID, key: ViewKey)
        /// A view from `parent`'s pool `key` went to another instance (or came back from hiding).
        case reuse(parent: ViewID, key: ViewKey, previous: ComponentPath?)
        /// A hidden view was taken and shown again.
        case unhide(parent: ViewID)
        /// Nobody took the view: hidden, it waits in `parent`'s pool `key`.
        case hide(parent: ViewID, key: ViewKey?)
        /// The view left `parent`'s subviews (pool `key`) and waits detached:
        /// RecyclerView's `removeViewAt` for its Recycler (view cache or
        /// pool), Valdi's `removeFromSuperview` for the global pool of its
        /// class. Counted as hidden: it left the screen for a pool.
        case detach(parent: ViewID, key: ViewKey?)
        /// RecyclerView: a view the Recycler held went back into `parent`'s
        /// subviews (`addView`); counted as unhidden.
        case reattach(parent: ViewID)
        /// An applicator set (or added) an attribute.
        case apply(Attribute)
        /// An unapplicator undid an old attribute.
        case unapply(Attribute)
        /// An updater replaced `old` with the attribute's value.
        case update(Attribute, old: AttributeValue)
        /// Nothing applied: the whole configuration (`nil`) or one attribute was unchanged.
        case skip(Attribute?)
        /// A parent's subviews were put in this order.
        case reorder([ViewID])
        /// ComponentKit's `didEnterReusePool`.
        case enterPool
        /// ComponentKit's `willLeaveReusePool`.
        case leavePool
        /// UIKit's `prepareForReuse` on a dequeued cell.
        case prepareForReuse
        /// The view left the hierarchy for good, with its subtree (`parent`
        /// nil: it waited detached, in no parent).
        case remove(parent: ViewID?, key: ViewKey?, reason: RemovalReason)
        /// RecyclerView: a slot got back its own view, still bound.
        case cacheHit(Slot, from: CachePlace)
        /// RecyclerView: a view moved between its cache and its pool.
        case cache(CacheMove)
        /// Valdi: render functions ran.
        case render(RenderScope)
        /// Valdi: component trees were laid out.
        case layout(RenderScope)
        /// Valdi: the pre-created component of a slot was attached to a cell.
        case attach(Slot)
        /// Attribute reset methods ran: properties back to their defaults.
        case reset(ResetReason)
        /// The view moved to another parent (a pool shared between parents).
        case reparent(from: ViewID, to: ViewID)
        /// Valdi: a detached view from the global pool of its class was
        /// added to `parent`'s subviews, into its pool `key`.
        case insert(parent: ViewID, key: ViewKey)
        /// DivKit: `configureBlockView` ran with a block equal to the one the
        /// view shows: every property set again to the value it has.
        case reconfigure
        /// RecyclerView's `onViewRecycled`: the holder goes to the RecycledViewPool.
        case recycle
        /// A bound component started a load; the view is captured until it ends.
        indirect case loadStart(Load)
        /// A load's result landed on the view it captured; `shows` is the
        /// instance the view shows now when it is not the one the load was for.
        indirect case deliver(Load, shows: ComponentPath?)
        /// A reuse hook cancelled a pending load.
        indirect case cancel(Load, by: ReuseHook)
        /// A load's result was dropped.
        indirect case discard(Load, DiscardReason)
        /// The cell followed its item from row `from` to the row it shows
        /// now (`insert`, `delete`: UIKit's `insertRows`, RecyclerView's
        /// `notifyItemRangeInserted`): nothing configured.
        case move(from: Int)
        /// A component's UI state changed (``StateChange``).
        indirect case state(StateChange)

        /// The kind of step: the case's name, without what it carries.
        public var kind: Kind {
            switch self {
            case .create: .create
            case .reuse: .reuse
            case .unhide: .unhide
            case .hide: .hide
            case .detach: .detach
            case .reattach: .reattach
            case .apply: .apply
            case .unapply: .unapply
            case .update: .update
            case .skip: .skip
            case .reorder: .reorder
            case .enterPool: .enterPool
            case .leavePool: .leavePool
            case .prepareForReuse: .prepareForReuse
            case .remove: .remove
            case .cacheHit: .cacheHit
            case .cache: .cache
            case .render: .render
            case .layout: .layout
            case .attach: .attach
            case .reset: .reset
            case .reparent: .reparent
            case .insert: .insert
            case .reconfigure: .reconfigure
            case .recycle: .recycle
            case .loadStart: .load
            case .deliver: .deliver
            case .cancel: .cancel
            case .discard: .discard
            case .move: .move
            case .state: .state
            }
        }

        /// How many times the step happened (a render of every item counts once per item).
        public var multiplicity: Int {
            switch self {
            case .render(.everyItem(let count)), .layout(.everyItem(let count)): count
            default: 1
            }
        }

        /// The parent whose pool was involved.
        public var parent: ViewID? {
            switch self {
            case .create(let parent, _), .reuse(let parent, _, _), .unhide(let parent), .hide(let parent, _),
                 .detach(let parent, _), .reattach(let parent), .insert(let parent, _): parent
            case .remove(let parent, _, _): parent
            default: nil
            }
        }

        /// The pool key involved.
        public var key: ViewKey? {
            switch self {
            case .create(_, let key), .reuse(_, let key, _), .insert(_, let key): key
            case .hide(_, let key), .remove(_, let key, _), .detach(_, let key): key
            default: nil
            }
        }

        /// The attribute applied, unapplied, updated or skipped, or a load's.
        public var attribute: Attribute? {
            switch self {
            case .apply(let attribute), .unapply(let attribute), .update(let attribute, _): attribute
            case .skip(let attribute): attribute
            case .loadStart(let load), .deliver(let load, _), .cancel(let load, _), .discard(let load, _): load.attribute
            default: nil
            }
        }
    }

    /// The kinds of step, as `log --kind` names them: each is the
    /// ``ReuseEvent/Step`` case of that name, without what it carries.
    public enum Kind: String, Sendable, CaseIterable {
        case create, reuse, unhide, hide, apply, unapply, update, skip, reorder
        case enterPool, leavePool, prepareForReuse, remove, cacheHit, cache, render, layout, attach, reset, reparent, reconfigure
        case recycle, load, deliver, cancel, discard
        case detach, reattach, insert
        case move, state

        /// Where this kind is counted in ``EventCounts``, which is its
        /// ``stat``'s place in ``Stat/counted``: one switch for every event
        /// counted, not two (``stat``, then the stat's place).
        var countIndex: Int? {
            switch self {
            case .create: 0
            case .reuse: 1
            // A detached view (RecyclerView's Recycler, Valdi's pool) left
            // the screen as a hidden view does, and one reattached or
            // inserted came back: counted alike.
            case .unhide, .reattach, .insert: 2
            case .hide, .detach: 3
            case .apply: 4
            case .unapply: 5
            case .update: 6
            case .skip: 7
            case .reorder: 8
            case .remove: 9
            case .enterPool: 10
            case .leavePool: 11
            case .prepareForReuse: 12
            case .cacheHit: 13
            case .render: 14
            case .layout: 15
            case .attach: 16
            case .reset: 17
            case .reconfigure: 18
            case .recycle: 19
            case .load: 20
            case .deliver: 21
            case .cancel: 22
            case .discard: 23
            case .cache, .reparent, .move, .state: nil
            }
        }

        /// The counter this kind adds to (`cache` moves count nowhere).
        public var stat: Stat? { countIndex.map { Stat.counted[$0] } }
    }
}

/// What happened to a component's UI state (`state`), and the value concerned.
public enum StateChange: Sendable, Equatable {
    /// `state PATH NAME VALUE`: the component set it.
    case set(String, value: String, saveable: Bool)
    /// A `prepare ... resets-state` declaration reset it (the value it had);
    /// `onItem`: because the view now shows another item (FlashList's
    /// `useRecyclingState`), else in the system's reuse hook.
    case reset(String, value: String, onItem: Bool)
    /// Its slot was deactivated (Compose's `remember`): forgotten;
    /// `saved`: kept by the slot's key (`rememberSaveable`).
    case dropped(String, value: String, saved: Bool)
    /// Restored by the slot's key (`rememberSaveable`).
    case restored(String, value: String)
    /// Its node was made anew (Texture's reload or move) or its item left:
    /// the framework forgot it.
    case forgotten(String, value: String)

    /// The state value's name.
    public var name: String {
        switch self {
        case .set(let name, _, _), .reset(let name, _, _), .dropped(let name, _, _), .restored(let name, _), .forgotten(let name, _): name
        }
    }
}

/// Why a view left the hierarchy for good.
public enum RemovalReason: Sendable, Equatable {
    /// DivKit: no block of the container matched it.
    case leftover
    /// DivKit: its block's element path matched, but the view cannot show the
    /// block's type: the wrapper gets a new inner view.
    case innerViewReplaced(by: String)
    /// DivKit galleries: the dequeued cell's content view cannot show the block: a new content view.
    case contentViewReplaced(by: String)
    /// RecyclerView: the pool of its view type already held `capacity` views.
    case poolFull(viewType: String, capacity: Int)
    /// Valdi: a list's host view whose node went; host views never enter the
    /// global pool, so it is released with its cells.
    case hostReleased
    /// Compose: a kept slot past `keep` per content type was disposed.
    case slotDisposed(keep: Int)
    /// Compose: a kept slot was reused for another component (`contenttype
    /// off`): its views go, the slot makes new ones.
    case slotRecomposed(to: String)
    /// FlashList: the item at its render key's index changed type; the key
    /// stays with the stable id, and React unmounts the old item component
    /// to mount one of the new type (`RenderStackManager.syncItem`).
    case itemTypeChanged(to: String)
    /// Litho: the pool of its component type already held `capacity` views
    /// (`Pools.SimplePool.release` returns false; the content is discarded).
    case componentPoolFull(component: String, capacity: Int)
    /// Litho: a host (a component with children), whose pooling is
    /// disabled by default (`componentHostPoolingPolicy`), or content of a
    /// type whose pool size is 0.
    case notPooled
    /// Litho: a shell of a nested list whose RecyclerView was unmounted
    /// with the row showing it (`RecyclerBinder.unmount` sets its adapter
    /// to null: every shell recycled, the list's own pool cleared).
    case recyclerUnmounted
    /// Texture: its node went (its item was reloaded or moved, the list
    /// reloaded, or its component left the tree): a node's view lives
    /// exactly as long as its node.
    case nodeGone
    /// The session switched strategy: views made under one keying cannot be
    /// judged by another, so the tree starts afresh (ids go on).
    case strategySwitched(from: String, to: String)
}

/// Where RecyclerView found a slot's own view.
public enum CachePlace: String, Sendable, Equatable {
    /// Scrapped earlier in the same layout.
    case scrap
    /// In the view cache, from an earlier pass.
    case cache
}

/// A RecyclerView cache movement.
public enum CacheMove: Sendable, Equatable {
    /// Kept in the view cache for the slot it showed, still bound.
    case kept(Slot)
    /// Bound ahead of a scroll for this slot (GapWorker's prefetch) and kept
    /// in the view cache, detached, for the next scroll step to take.
    case prefetched(Slot)
    /// The oldest cached view went to the pool of its view type.
    case evicted(viewType: String)
    /// The view cached for this slot is of another view type now: invalid, it went to its pool.
    case wrongType(Slot, viewType: String)
}

/// What a Valdi render or layout covered.
public enum RenderScope: Sendable, Equatable {
    /// The component of one cell, on bind.
    case slot(Slot)
    /// One pre-created component per item of a list.
    case everyItem(Int)
}

/// Why properties of a view went back to their defaults.
public enum ResetReason: Sendable, Equatable {
    /// DivKit: a changed block sets the whole view (every property).
    case blockSetsWholeView
    /// Valdi: the item's root view detached from its cell; its views enter the pool clean (every property).
    case detached
    /// Valdi: the new render no longer sets this attribute; only its property is reset.
    case dropped(Attribute)
    /// Valdi: its node went away; reset before it enters the global pool of its class.
    case enteringPool
    /// A `prepare` declaration: the reuse hook put this property back to its default.
    case prepared(String, by: ReuseHook)
}

/// What one pass did, in numbers.
public struct PassSummary: Sendable, Equatable {
    /// The pass's number, from 1 in a session.
    public var pass: Int
    /// What started the pass (`mount Foo`, `scroll Feed by 3`).
    public var trigger: String
    /// What the pass did, by ``Stat`` (``EventCounts/line`` as the pass line shows it).
    public var counts = EventCounts()
    /// The range of the pass's events, counted from the session's first
    /// event (``EventLog/events(of:)`` gives the ones still kept).
    public var events: Range<Int>
}
