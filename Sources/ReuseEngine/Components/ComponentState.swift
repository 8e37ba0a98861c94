import OrderedCollections

/// UI state a component owns (`state Feed/3 liked true`): an expanded
/// section, a liked heart, a counter. Neither item data (`set`) nor a view
/// property: where it lives, and so where it goes when views are reused,
/// is the reuse system's choice (``StateHome``).
public struct ComponentState: Sendable, Equatable {
    /// The values by name, in the order first set.
    public internal(set) var values: OrderedDictionary<String, StateValue> = [:]

    public init() {}

    public var isEmpty: Bool { values.isEmpty }
}

/// One state value and where it came from.
public struct StateValue: Sendable, Equatable {
    /// The value as written.
    public var value: String
    /// Set as `saveable` (Compose's `rememberSaveable`): saved by key when
    /// its slot is deactivated, and restored when the key is composed again.
    public var saveable: Bool
    /// The item whose component set it.
    public var origin: ItemPath
}

/// An instance's place named by items, not positions: its path with every
/// list row replaced by the item that row shows (`Feed/item 3/Heart`).
/// Two paths name the same item exactly when their item paths are equal,
/// whatever was inserted or deleted in between: a state value shown on
/// an instance whose item path is not its origin's came from another item.
public struct ItemPath: Hashable, Sendable, CustomStringConvertible {
    /// The path as it was when the item path was taken (for messages).
    public let path: ComponentPath
    /// The path's segments, each row replaced by its item's id.
    let items: [ComponentPath.Segment]

    /// `Feed/3` when row and item agree; `Feed/4 (item 3)` when not.
    public var description: String {
        let ids = items.compactMap { if case .row(let id) = $0 { id } else { nil } }
        let rows = path.segments.compactMap { if case .row(let row) = $0 { row } else { nil } }
        guard ids != rows, let last = ids.last else { return path.display }
        return "\(path.display) (item \(last))"
    }
}

/// Where a reuse system keeps a component's UI state (`state`), and so
/// what reuse does to it.
public enum StateHome: String, Sendable, CaseIterable {
    /// On the view (a cell's stored property, a holder's field, a React
    /// component instance that the view stands for): it goes with the view
    /// to the next item that view shows, unless a `prepare ... resets-state`
    /// resets it. UIKit, RecyclerView, FlashList.
    case view
    /// With the item, in the framework, never on a view: it stays with the
    /// item the system believes it is (by its key: an index key follows the
    /// position). Theodolite, ComponentKit, Litho, Texture.
    case item
    /// With the item's node (Texture's ASCellNode, one per item, never
    /// handed to another): as ``StateHome/item``, but a reload makes a new node and
    /// the state is forgotten with the old one.
    case node
    /// On the view while its slot is active, forgotten when the slot is
    /// deactivated (Compose's `remember`); a `saveable` value is saved by
    /// the slot's key and restored when that key is composed again
    /// (`rememberSaveable`).
    case slot
}

extension StateHome {
    /// Kept by the framework with the item, never on a view.
    public var isWithItem: Bool { self == .item || self == .node }
}

/// What an `insert` or `delete` in a list does to the identity of its
/// other rows: whether their cells (and state) follow their items.
public enum RowIdentity: String, Sendable, CaseIterable {
    /// The app tells the list which rows were inserted or deleted
    /// (`insertRows(at:)`, `notifyItemRangeInserted`, a changeset): cells
    /// of the other rows follow their items, whatever the key.
    case byItem
    /// The system finds what changed from the app's keys (`key index|id`):
    /// with id keys cells follow their items; with index keys every row
    /// keeps its cell and state by position and shows the item now there.
    case byKey
}

/// A lazy list's slot key: the list instance and the key of a row in it
/// (its item's id under `key id`, its row under `key index`).
public struct SlotKey: Hashable, Sendable {
    public var list: ComponentPath
    public var key: Int
}
