import DequeModule
import OrderedCollections

/// A view in the simulated view system: what UIKit would hold, made visible.
///
/// Holds only what every reuse system has: its place in the hierarchy, what
/// it shows, the configuration attached, its pools as a parent and the rows
/// it shows as a list host. What one strategy keeps of its own (a cache by
/// position, registrations, cursors) lives in that strategy's policies.
public struct SimulatedView: Sendable {
    /// Its id, `v1` for the root host.
    public let id: ViewID
    /// Its class, fixed at creation.
    public let viewClass: String
    /// Its parent (`nil` for the root, or a view waiting in no parent's pool).
    public internal(set) var superview: ViewID?
    /// In display order (the order views were taken in the last pass).
    public internal(set) var subviews: [ViewID] = []
    /// How many of ``subviews`` are visible (not hidden): kept by the
    /// store at every change, so that settling a parent whose subviews
    /// are mostly hidden (theodolite-2019's cells, each keeping a hidden
    /// title per row it showed) stops once it has seen them all.
    var visibleSubviewCount = 0
    /// Hidden itself: a hidden view waits in its parent's pool.
    public internal(set) var isHidden = false
    /// What the view shows, property by property, with who set each
    /// (``PropertyTable``): ``properties`` and ``sources`` read it.
    var table: PropertyTable

    /// What a person would see: the class defaults, then whatever applicators
    /// set since (stale values included).
    public var properties: OrderedDictionary<String, PropertyValue> {
        var properties: OrderedDictionary<String, PropertyValue> = [:]
        table.forEach { entry in
            if properties[entry.name] == nil { properties[entry.name] = entry.value }
        }
        return properties
    }

    /// For each property set since the view was made, who set it: one
    /// source for a value, one per entry for an additive property (`nil` for
    /// entries a class default put there). So a leak can name the row it came from.
    public var sources: OrderedDictionary<String, [PropertySource?]> {
        var sources: OrderedDictionary<String, [PropertySource?]> = [:]
        table.forEach { entry in
            if sources[entry.name] == nil, let set = entry.sources { sources[entry.name] = set }
        }
        return sources
    }

    /// The value of property `name`, if the view has it.
    public func property(_ name: String) -> PropertyValue? {
        table.entry(named: name)?.value
    }

    /// Whether property `name` shows `value` (`property(name) == .value(value)`),
    /// compared in place: no entry is copied out (divkit asks it of every
    /// property of every view it configures again, issue 38).
    func shows(_ value: AttributeValue, as name: String) -> Bool {
        table.shows(value, as: name)
    }

    /// Who set property `name`'s value or entries (nil: nobody since it was made or reset).
    public func sources(of name: String) -> [PropertySource?]? {
        table.entry(named: name)?.sources
    }

    /// The configuration applied last, attached to the view.
    public internal(set) var attached: ViewConfiguration?
    /// The pools of this view as a parent: ViewKey -> pool, in first-use order.
    public internal(set) var pools = PoolTable()
    /// The key of the superview's pool this view lives in.
    public internal(set) var poolKey: ViewKey?
    /// The component instance that took the view last (``ComponentPath/display`` for users).
    public internal(set) var owner: ComponentPath?
    /// The component type that took the view last.
    public internal(set) var ownerComponent: String?
    /// When the view hosts a list: which rows its cells show.
    public internal(set) var list: ListContent?
    /// RecyclerView: out of its host's subviews, held by the host's Recycler
    /// (its view cache or its pool), as `removeViewAt` leaves a holder
    /// before `recycleView` (the store's `detach`). `superview`
    /// still names that host and the view is in one of its pools.
    /// Invariant: a detached view is also hidden (it is on no screen, and
    /// every pool treats it as a hidden view waiting), is held by no
    /// instance, and appears in no view's subviews.
    public internal(set) var isDetached = false
    /// The UI state kept on this view (``StateHome/view``, ``StateHome/slot``):
    /// a cell's stored property, which goes with the view to its next item.
    /// Boxed, and replaced whole on a change: most views hold none, and a
    /// view stays a few words.
    public var state: ComponentState? { stateBox?.state }
    var stateBox: StateBox?
    /// Taken out of the hierarchy for good (DivKit leftovers, dropped cells),
    /// or inside a view that was: no longer alive.
    public internal(set) var isRemoved = false

    /// Makes the instance at `path` the owner, in place
    /// (``ComponentPath/becomeComparing(_:)``); returns whether the owner
    /// was that path already (an equal path).
    @inline(__always)
    mutating func becomeOwned(by path: ComponentPath) -> Bool {
        if let kept = owner?.becomeComparing(path) { return kept }
        owner = path
        return false
    }

    /// Whether the attached configuration equals `configuration` (nil:
    /// none is attached), compared in place.
    func attachedEquals(_ configuration: ViewConfiguration) -> Bool? {
        switch attached {
        case .some(let old): old == configuration
        case .none: nil
        }
    }

    /// Whether the attached configuration is `configuration` held again
    /// (``ViewConfiguration/isHeld(as:)``: equal, nothing compared).
    @inline(__always)
    func attachedIsHeld(_ configuration: ViewConfiguration) -> Bool {
        attached?.isHeld(as: configuration) == true
    }

    /// Whether an attribute of the attached configuration has an
    /// unapplicator in `catalog` (asked by property id when it carries
    /// one), read in place. Mutating only to be reached in place: a call
    /// on a view read out of the store's array would copy the whole view.
    @inline(__always)
    mutating func attachedHasUnapplicator(in catalog: Catalog) -> Bool {
        switch attached {
        case .some(let old):
            for index in old.attributes.indices where catalog.hasUnapplicator(old.attributes[index]) { return true }
            return false
        case .none:
            return false
        }
    }

    /// Attaches the configuration just applied. A row's configuration
    /// over another of the same class and names, both made for rows
    /// (``ViewConfiguration/isMadeForRow``), is written into the attached
    /// one's array in place: the array made for the row goes back to the
    /// engine, and the attached one is not freed (usually this view's
    /// alone; when a checkpoint shares it, the write copies it first).
    mutating func attach(_ configuration: ViewConfiguration, inPlace: Bool = true) {
        guard inPlace, configuration.isMadeForRow, attached?.isMadeForRow == true,
              attached?.hasSameNames(as: configuration) == true else {
            attached = configuration
            return
        }
        // Written in place, value by value.
        for index in configuration.attributes.indices {
            attached?.attributes[index].value = configuration.attributes[index].value
        }
    }

    /// For a row's configuration (``ViewConfiguration/isMadeForRow``)
    /// over an attached one also made for a row, of the same class and
    /// names (``ViewConfiguration/hasSameNames(as:)``) and with no
    /// attribute that has an unapplicator in `catalog`: whether the two
    /// are equal (their values alone decide). Nil for any other, read in
    /// place. Mutating only to be reached in place (as
    /// ``attachedHasUnapplicator(in:)``).
    @inline(__always)
    mutating func compareRow(_ configuration: ViewConfiguration, in catalog: Catalog) -> Bool? {
        guard attached?.isMadeForRow == true, attached?.hasSameNames(as: configuration) == true else { return nil }
        switch attached {
        case .some(let old):
            var equal = true
            for index in old.attributes.indices {
                if catalog.hasUnapplicator(old.attributes[index]) { return nil }
                if equal, old.attributes[index].value != configuration.attributes[index].value { equal = false }
            }
            return equal
        case .none:
            return nil
        }
    }

    /// Writes the value of the attribute at `position` of `attributes`
    /// (a row's, of the attached configuration's names: ``compareRow(_:in:)``)
    /// over its property, numbered `id` and setting, as
    /// ``setValue(_:of:name:setBy:path:pass:seq:means:)`` does, and into
    /// the attached configuration, remembering where the property was
    /// (``Attribute/slot``): the next row finds it there, not by a scan.
    /// False, having done nothing, when the view has no entry of that id.
    @inline(__always)
    mutating func writeRowValue(_ attributes: [Attribute], at position: Int, id: PropertyID, setBy component: String,
                                path: ComponentPath, pass: Int, seq: Int, means: PropertySource.Means) -> Bool {
        guard let slot = attached?.attributes[position].slot,
              let found = table.position(ofNumbered: id, trying: slot) else { return false }
        setValue(.value(attributes[position].value), at: found, setBy: component, path: path, pass: pass, seq: seq, means: means)
        // One access to the attached attribute for both (each access checks the array is not shared).
        attached?.attributes[position].take(attributes[position].value, slot: UInt16(truncatingIfNeeded: found))
        return true
    }

    /// ``attach(_:inPlace:)`` of the value at `position` of a row's configuration
    /// that ``compareRow(_:in:)`` found of the attached one's names, in place.
    @inline(__always)
    mutating func attachRowValue(_ attributes: [Attribute], at position: Int) {
        attached?.attributes[position].value = attributes[position].value
    }

    /// Who set the property's value, or its last entry.
    public func source(of property: String) -> PropertySource? {
        sources(of: property)?.last ?? nil
    }

    /// Sets a property's value and makes its one source the instance
    /// `component` at `path`, in event `seq` of pass `pass`, by `means`;
    /// each written in place over the one it had (a reused cell's text,
    /// applied each time a row enters): the property is found by its id
    /// (`name` is read only when it is not), no array is made, and the
    /// source is overwritten field by field (``PropertyTable/Entry/setSoleSource(component:path:pass:seq:means:)``).
    mutating func setValue(_ value: consuming PropertyValue, of id: PropertyID, name: () -> String, setBy component: String,
                           path: ComponentPath, pass: Int, seq: Int, means: PropertySource.Means) {
        // The source is made at each place it goes, not once into a local:
        // stored from a local, it would be copied in.
        guard let position = table.position(of: id, name: name) else {
            let source = PropertySource(component: component, path: path, pass: pass, seq: seq, means: means)
            table.append(PropertyTable.Entry(id: id, name: name(), value: value, source: source))
            return
        }
        setValue(value, at: position, setBy: component, path: path, pass: pass, seq: seq, means: means)
    }

    /// ``setValue(_:of:name:setBy:path:pass:seq:means:)`` of the property
    /// at `position` of the table, found already.
    @inline(__always)
    mutating func setValue(_ value: consuming PropertyValue, at position: Int, setBy component: String,
                           path: ComponentPath, pass: Int, seq: Int, means: PropertySource.Means) {
        // Moved in: the value is not copied again.
        table.setValue(value, at: position)
        table.setSoleSource(at: position, component: component, path: path, pass: pass, seq: seq, means: means)
    }

    init(id: ViewID, viewClass: ViewClass, superview: ViewID?) {
        self.id = id
        self.viewClass = viewClass.name
        self.superview = superview
        self.table = viewClass.table
    }
}

/// Whether a person could see a view.
public enum Visibility: Equatable, Sendable, CustomStringConvertible {
    /// On screen.
    case visible
    /// Hidden itself.
    case hidden
    /// Not hidden, but inside this hidden (or detached) view.
    case insideHidden(ViewID)
    /// Out of the hierarchy but alive, waiting in a pool: out of the
    /// subviews of list host `from` in its Recycler's view cache or pool
    /// (RecyclerView), or with no superview in the pool of its class (nil:
    /// Valdi's global pool, ``ViewStore/classPools``).
    case detached(from: ViewID?)
    /// Out of the hierarchy for good.
    case removed

    /// The view is on screen.
    public var isVisible: Bool { self == .visible }

    /// `visible`, `hidden`, `inside hidden v3`, `detached from v2` (or
    /// `detached`: in no parent's pool), `removed`.
    public var description: String {
        switch self {
        case .visible: "visible"
        case .hidden: "hidden"
        case .insideHidden(let view): "inside hidden \(view)"
        case .detached(let host?): "detached from \(host)"
        case .detached(nil): "detached"
        case .removed: "removed"
        }
    }
}

/// The views of one ViewKey inside one parent.
///
/// Pools never shrink unless a strategy removes a view: a view that nobody
/// takes is hidden and stays here. List hosts also keep their free cells on a
/// stack (`waiting`), the top last.
public struct ReusePool: Sendable, Equatable {
    /// Every view of this key in this parent, in the order they joined.
    public internal(set) var views: [ViewID] = []
    /// List hosts only: hidden cells waiting for a row, the top is last.
    public internal(set) var waiting: [ViewID] = []
    /// Positional vend's cursor: how many of `views` the pass stamped
    /// `handedOutStamp` handed out (none, in any other pass). Kept in the
    /// pool so a vend finds it with the pool, without a table of its own;
    /// not part of what the pool holds (equality ignores it).
    var handedOut = 0
    var handedOutStamp = 0
    /// The views of ``waiting`` by owner, each list in ``waiting``'s order,
    /// once a vend asked for a waiting view by its owner
    /// (``ViewStore/lastWaiting(_:in:ownedBy:)``, Texture's node views;
    /// nil: not built). Invariant: while not nil, it holds exactly the
    /// views of ``waiting`` that have an owner, each under that owner:
    /// every ViewStore change to ``waiting`` keeps it, and a change to a
    /// waiting view's owner drops it (built again when next asked). Not
    /// part of what the pool holds (equality ignores it).
    var waitingByOwner: [ComponentPath: [ViewID]]?

    /// The next view not handed out in the pass stamped `stamp`, if any.
    mutating func handOut(stamp: Int) -> ViewID? {
        if handedOutStamp != stamp {
            handedOutStamp = stamp
            handedOut = 0
        }
        guard handedOut < views.count else { return nil }
        handedOut += 1
        return views[handedOut - 1]
    }

    /// Every view counted as handed out in the pass stamped `stamp`.
    mutating func handOutAll(stamp: Int) {
        handedOutStamp = stamp
        handedOut = views.count
    }

    public static func == (lhs: ReusePool, rhs: ReusePool) -> Bool {
        lhs.views == rhs.views && lhs.waiting == rhs.waiting
    }
}

/// The cells a list host shows: rows `firstRow ..< firstRow + cells.count`,
/// and its header and footer while they show.
public struct ListContent: Sendable, Equatable {
    /// The first row shown.
    public internal(set) var firstRow: Int
    /// One entry per row; `nil` for a row taken out with `hide`.
    public internal(set) var cells: Deque<ViewID?>
    /// The header's view, while it shows.
    public internal(set) var header: ViewID?
    /// The footer's view, while it shows.
    public internal(set) var footer: ViewID?

    /// The rows shown.
    public var rows: Range<Int> { firstRow..<(firstRow + cells.count) }

    /// Rows from `firstRow` on, shown by `cells`, with no header or footer.
    public init(firstRow: Int, cells: Deque<ViewID?>) {
        self.firstRow = firstRow
        self.cells = cells
    }

    /// The views the list shows: header, cells in row order, footer.
    public var shown: [ViewID] {
        (header.map { [$0] } ?? []) + cells.compactMap { $0 } + (footer.map { [$0] } ?? [])
    }

    /// Swaps the first row and the cells with `other`'s, in place (the
    /// header and footer stay).
    mutating func exchangeRows(with other: inout ListContent) {
        swap(&firstRow, &other.firstRow)
        swap(&cells, &other.cells)
    }

    /// The first row leaves, row `cell` enters after the last.
    mutating func stepForward(entering cell: ViewID?) {
        cells.removeFirst()
        cells.append(cell)
        firstRow += 1
    }

    /// The last row leaves, row `cell` enters before the first.
    mutating func stepBack(entering cell: ViewID?) {
        cells.removeLast()
        cells.prepend(cell)
        firstRow -= 1
    }

    /// The view shown in a header or footer slot.
    func supplementary(_ slot: Slot) -> ViewID? {
        switch slot {
        case .header: header
        case .footer: footer
        case .row: nil
        }
    }
}

/// A view's ``ComponentState``, in one reference (never changed in place:
/// views are copied into checkpoints, so a change makes a new box).
final class StateBox: Sendable {
    let state: ComponentState
    init(_ state: ComponentState) { self.state = state }
}
