import DequeModule
import OrderedCollections

/// A view in the simulated view system: what UIKit would hold, made visible.
public struct SimulatedView: Sendable {
    public let id: ViewID
    public let viewClass: String
    public internal(set) var superview: ViewID?
    /// In display order (the order views were taken in the last pass).
    public internal(set) var subviews: [ViewID] = []
    public internal(set) var isHidden = false
    /// What a person would see: the class defaults, then whatever applicators
    /// set since (stale values included).
    public internal(set) var properties: OrderedDictionary<String, PropertyValue>
    /// For each property an applicator changed, the component whose
    /// configuration changed it last (so a leak can name its source).
    public internal(set) var setBy: [String: String] = [:]
    /// The configuration applied last, attached to the view.
    public internal(set) var attached: ViewConfiguration?
    /// The pools of this view as a parent: ViewKey -> pool, in first-use order.
    public internal(set) var pools: OrderedDictionary<ViewKey, ReusePool> = [:]
    /// The key of the superview's pool this view lives in.
    public internal(set) var poolKey: ViewKey?
    /// The component instance that took the view last.
    public internal(set) var owner: ComponentPath?
    /// The instance that took the view last, as users see its path.
    public internal(set) var ownerDisplay: String?
    /// The instance that held the view before the current one took it (for
    /// ComponentKit's "same component remounting" check).
    public internal(set) var previousOwner: ComponentPath?
    /// The component type that took the view last.
    public internal(set) var ownerComponent: String?
    /// When the view hosts a list: which rows its cells show.
    public internal(set) var list: ListContent?
    /// Taken out of the hierarchy for good (DivKit leftovers, dropped cells).
    public internal(set) var isRemoved = false
    /// Dequeued from a pool that does not know what it showed: the next
    /// configure must apply everything (UIKit, RecyclerView, Valdi).
    var mustRebind = false

    init(id: ViewID, viewClass: ViewClass, superview: ViewID?) {
        self.id = id
        self.viewClass = viewClass.name
        self.superview = superview
        self.properties = viewClass.defaults
    }
}

/// The views of one ViewKey inside one parent.
///
/// Pools never shrink: a view that nobody takes is hidden and stays here.
/// Plain parents vend positionally (the k-th request of a pass gets the k-th
/// view, so a component that stays in place keeps its view); list hosts keep
/// their free cells on a stack instead.
public struct ReusePool: Sendable, Equatable {
    /// Every view of this key in this parent, in the order they joined.
    public internal(set) var views: [ViewID] = []
    /// During a pass: how many views have been taken.
    public internal(set) var cursor = 0
    /// List hosts only: hidden cells waiting for a row, the top is last.
    public internal(set) var recycled: [ViewID] = []
}

/// The cells a list host shows: rows `firstRow ..< firstRow + cells.count`.
public struct ListContent: Sendable, Equatable {
    public internal(set) var firstRow: Int
    /// One entry per row; `nil` for a row taken out with `hide`.
    public internal(set) var cells: Deque<ViewID?>
    /// Cells kept by row after their row left, still bound (RecyclerView's
    /// view cache), oldest first.
    public internal(set) var cached: [CachedCell] = []
    /// Views of rows that left during the current pass, before they go to the
    /// cache (RecyclerView's scrap): a row coming back in the same pass gets
    /// its view back first.
    public internal(set) var scrap: [CachedCell] = []
    /// The header's and footer's views while they show.
    public internal(set) var header: ViewID?
    public internal(set) var footer: ViewID?

    public var rows: Range<Int> { firstRow..<(firstRow + cells.count) }

    public init(firstRow: Int, cells: Deque<ViewID?>) {
        self.firstRow = firstRow
        self.cells = cells
    }

    /// The views the list shows: header, cells in row order, footer.
    public var shown: [ViewID] {
        (header.map { [$0] } ?? []) + cells.compactMap { $0 } + (footer.map { [$0] } ?? [])
    }

}

/// A cell kept for the row it last showed.
public struct CachedCell: Sendable, Equatable {
    public var row: Int
    public var view: ViewID
}
