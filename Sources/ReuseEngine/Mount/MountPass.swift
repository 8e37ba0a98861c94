/// The bookkeeping of one pass, the same for every strategy: which parents
/// were visited and in what order each handed out its views.
///
/// Policies read it; only the mount walk writes it.
public struct MountPass: Sendable {
    /// Plain parents visited, in visit order; they are settled at the end.
    private(set) var parents: [ViewID] = []
    private var visited: Set<ViewID> = []
    /// Per parent, the views taken, in the order they were taken.
    private var takenByParent: [ViewID: [ViewID]] = [:]
    /// Every view taken in this pass.
    private var takenViews: Set<ViewID> = []
    /// Views bound to their item in this pass (their components start their loads).
    private var boundViews: Set<ViewID> = []
    /// The pass lays lists out again from scratch (a full pass, or a jump with
    /// `scroll to`) rather than moving them by rows (`scroll by`).
    public let isRelayout: Bool

    /// `expectedViews`: about how many views the pass will take (a full pass
    /// over the tree: the views alive), so its tables are sized once
    /// instead of growing and rehashing; a scroll step gives none.
    init(isRelayout: Bool, expectedViews: Int = 0) {
        self.isRelayout = isRelayout
        if expectedViews > 0 {
            takenViews.reserveCapacity(expectedViews)
            visited.reserveCapacity(expectedViews)
            parents.reserveCapacity(expectedViews)
        }
    }

    /// Keys this pass made lately, with what they were made from.
    private var recentKeys: [(component: String, configuration: ViewConfiguration, key: ViewKey)] = []

    /// The pool key for an instance's configuration. Within a pass the
    /// catalogue does not change, so a key that reads only the component,
    /// the view class and the attribute names is made once for the few
    /// kinds of instance a pass meets (a full pass over 50 cards asks 50
    /// times for the same key).
    mutating func key(_ component: String, _ configuration: ViewConfiguration, keying: any Keying, catalog: Catalog) -> ViewKey {
        guard !keying.readsValues else { return keying.key(component, configuration, catalog: catalog) }
        for entry in recentKeys where entry.component == component && entry.configuration.hasSameNames(as: configuration) {
            return entry.key
        }
        let key = keying.key(component, configuration, catalog: catalog)
        if recentKeys.count == 8 { recentKeys.removeFirst() }
        recentKeys.append((component, configuration, key))
        return key
    }

    mutating func visit(_ parent: ViewID) {
        if visited.insert(parent).inserted { parents.append(parent) }
    }

    mutating func recordTaken(_ view: ViewID, from parent: ViewID) {
        takenByParent[parent, default: []].append(view)
        takenViews.insert(view)
    }

    /// `view` was bound to its item in this pass; so is everything mounted inside it.
    mutating func markBound(_ view: ViewID) { boundViews.insert(view) }

    func isBound(_ view: ViewID) -> Bool { !boundViews.isEmpty && boundViews.contains(view) }

    /// Whether some instance took `view` in this pass.
    func wasTaken(_ view: ViewID) -> Bool { takenViews.contains(view) }

    /// The views taken from `parent` in this pass, in the order they were taken.
    func taken(from parent: ViewID) -> [ViewID] { takenByParent[parent] ?? [] }
}
