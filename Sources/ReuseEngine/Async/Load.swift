/// A load a component starts when its view is bound to an item:
/// `loads image "photo{i}" after 2 [checked]`.
///
/// The result arrives `after` passes later and is applied to the view
/// captured at bind time, whatever that view shows by then: the late image
/// on a reused row (`../shared/REFERENCE.md`, section 7). `checked` models the
/// fix that compares the item at completion and drops a result for another.
public struct LoadTemplate: Hashable, Sendable {
    /// The attribute the result sets; its text may hold `{i}`, the row.
    public var attribute: AttributeTemplate
    /// Passes between the bind and the result (at least 1): the first of ``delaysByRow``.
    public var after: Int { delaysByRow[0] }
    /// The delay of row i is `delaysByRow[i mod k]` (`after 4,1`: row 0
    /// waits 4 passes, row 1 one, row 2 four, ...), so results can arrive
    /// out of order and the order is replayable. Never empty.
    public var delaysByRow: [Int]
    /// The completion checks that the view still shows the item it loaded for.
    public var checksItem: Bool

    /// The delays a load may have, in passes.
    public static let delays = 1...1_000_000

    /// A load that sets `attribute` `after` passes after the bind.
    public init(attribute: AttributeTemplate, after: Int, checksItem: Bool) {
        self.init(attribute: attribute, delaysByRow: [after], checksItem: checksItem)
    }

    /// A load whose delay depends on the row: row i waits `delaysByRow[i mod k]`.
    public init(attribute: AttributeTemplate, delaysByRow: [Int], checksItem: Bool) {
        self.attribute = attribute
        self.delaysByRow = delaysByRow.isEmpty ? [1] : delaysByRow
        self.checksItem = checksItem
    }

    /// The delay of a load started for `row` (row 0 outside lists).
    public func delay(forRow row: Int?) -> Int {
        delaysByRow.count == 1 ? delaysByRow[0] : delaysByRow[max(0, row ?? 0) % delaysByRow.count]
    }

    /// As a script writes it: `loads image "photo{i}" after 4,1 checked`.
    public var written: String {
        "loads \(attribute.name) " + (attribute.wasQuoted ? quoted(attribute.raw) : attribute.raw)
            + " after " + delaysByRow.map(String.init).joined(separator: ",") + (checksItem ? " checked" : "")
    }
}

/// A load under way: started for one instance, holding the view it captured.
public struct Load: Sendable, Equatable, CustomStringConvertible {
    /// 1-based, in start order through the session (`load #3`).
    public var number: Int
    /// What the result sets, `{i}` filled in.
    public var attribute: Attribute
    /// The view captured at bind time.
    public var view: ViewID
    /// The instance it loads for.
    public var component: String
    /// That instance's path.
    public var path: ComponentPath
    /// The pass it started in and the pass its result arrives in.
    public var started: Int
    /// The pass its result arrives in.
    public var due: Int
    /// The completion drops a result for another item.
    public var checksItem: Bool

    /// `load #1 image: "photo0" for Feed/0`
    public var description: String { "load #\(number) \(attribute) for \(path.display)" }
}

/// Why a load's result was dropped.
public enum DiscardReason: Sendable, Equatable {
    /// The completion checked the item: the view shows this instance now.
    case anotherItem(ComponentPath?)
    /// The view left the hierarchy for good before the result came.
    case viewRemoved
}

/// The loads under way, indexed so that a pass finds what is due and a hook
/// finds a view's loads without looking at the others: costs follow the
/// loads delivered or cancelled, not the loads pending.
struct PendingLoads: Sendable {
    private var byNumber: [Int: Load] = [:]
    /// Load numbers by the pass they are due in, in start order.
    private var byDue: [Int: [Int]] = [:]
    /// Load numbers by the view they captured, in start order.
    private var byView: [ViewID: [Int]] = [:]
    /// Loads started so far (the next one is number `started + 1`).
    private(set) var started = 0

    init(numbered started: Int = 0) { self.started = started }

    var isEmpty: Bool { byNumber.isEmpty }

    /// Every pending load, in start order.
    var all: [Load] { byNumber.values.sorted { $0.number < $1.number } }

    mutating func start(_ load: (Int) -> Load) -> Load {
        started += 1
        let made = load(started)
        byNumber[made.number] = made
        byDue[made.due, default: []].append(made.number)
        byView[made.view, default: []].append(made.number)
        return made
    }

    /// Moves each pending load's path with its item (`move`: nil, kept;
    /// `.some(nil)`, the item was deleted: kept, so it names where the
    /// item was; else the item's new path). A load belongs to the item it
    /// was started for, so whether it lands on that item is asked of the
    /// item's path now (``ViewStore/deliverDueLoads()``).
    mutating func remapPaths(_ move: (ComponentPath) -> ComponentPath??) {
        guard !byNumber.isEmpty else { return }
        for (number, load) in byNumber {
            if case .some(.some(let new)) = move(load.path) { byNumber[number]?.path = new }
        }
    }

    /// Takes out the loads due in `pass`, in start order.
    mutating func takeDue(in pass: Int) -> [Load] {
        // Most passes have no load pending at all: nothing hashed.
        guard !byDue.isEmpty, let numbers = byDue.removeValue(forKey: pass) else { return [] }
        return numbers.compactMap { take($0) }
    }

    /// Takes out the loads captured on `view`, in start order.
    mutating func take(on view: ViewID) -> [Load] {
        guard let numbers = byView[view] else { return [] }
        return numbers.compactMap { take($0) }
    }

    func on(_ view: ViewID) -> [Load] { (byView[view] ?? []).compactMap { byNumber[$0] } }

    private mutating func take(_ number: Int) -> Load? {
        guard let load = byNumber.removeValue(forKey: number) else { return nil }
        byView[load.view]?.removeAll { $0 == number }
        if byView[load.view]?.isEmpty == true { byView[load.view] = nil }
        byDue[load.due]?.removeAll { $0 == number }
        if byDue[load.due]?.isEmpty == true { byDue[load.due] = nil }
        return load
    }
}

extension ViewStore {
    /// Loads started and not yet delivered, cancelled or discarded, in start order.
    public var pendingLoads: [Load] { loads.all }

    /// Starts a load for `instance` on `view`; its result comes `after` passes from now.
    mutating func startLoad(_ attribute: Attribute, after: Int, checksItem: Bool, on view: ViewID, for instance: Instance) {
        let pass = log.currentPass
        let load = loads.start { number in
            Load(number: number, attribute: attribute, view: view, component: instance.component,
                 path: instance.path, started: pass, due: pass + after, checksItem: checksItem)
        }
        record(view, for: instance, .loadStart(load))
    }

    /// Delivers every load due in the pass under way, in the order they started.
    // Inlined, with the emptiness test first: most passes have no load
    // pending, and then nothing is called and no empty array made.
    @inline(__always)
    mutating func deliverDueLoads() {
        guard !loads.isEmpty else { return }
        for load in loads.takeDue(in: log.currentPass) { deliver(load) }
    }

    /// The result lands on the captured view, whatever it shows now, unless
    /// the completion checks the item (or the view is gone).
    private mutating func deliver(_ load: Load) {
        let target = self[load.view]
        let instance = Instance(component: load.component, path: load.path)
        if target.isRemoved {
            record(load.view, for: instance, .discard(load, .viewRemoved))
            return
        }
        let shows = target.owner == load.path ? nil : target.owner
        if load.checksItem, shows != nil {
            record(load.view, for: instance, .discard(load, .anotherItem(shows)))
            return
        }
        let seq = record(load.view, for: instance, .deliver(load, shows: shows))
        write(load.attribute, on: load.view, setBy: load.component, path: load.path, seq: seq,
              means: .delivery(load: load.number, started: load.started))
    }

    /// Cancels the loads pending on these views (a reuse hook that `cancels loads`).
    mutating func cancelLoads(on views: [ViewID], by hook: ReuseHook) {
        guard !loads.isEmpty else { return }
        for view in views {
            for load in loads.take(on: view) {
                record(load.view, for: Instance(component: load.component, path: load.path), .cancel(load, by: hook))
            }
        }
    }

    /// The loads pending on one view, in start order.
    public func loads(on view: ViewID) -> [Load] { loads.on(view) }
}

extension Acquisition {
    /// Whether the view was bound to the instance's item now (created, taken
    /// from another instance, shown again from its pool, or bound again),
    /// rather than kept by the instance it showed or handed back still bound
    /// (RecyclerView's cache): when a bound component starts its loads.
    /// Asked of the acquisition of the instance the view was vended for.
    var binds: Bool {
        switch self {
        case .created, .mustRebind: true
        case .taken(let taken): !taken.keptBound && taken.isReuse
        }
    }
}
