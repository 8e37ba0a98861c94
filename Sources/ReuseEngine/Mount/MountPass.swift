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
