extension StrategyDescriptor {
    /// DivKit (iOS): no pools; a container's current children are the only
    /// candidates for its new blocks (`../shared/REFERENCE.md`, section 3;
    /// upstream divkit/divkit `client/ios`).
    ///
    /// Every block has an element path: its container's path, its index among
    /// its siblings, then its div id (an `id` attribute here) or else its div
    /// type, the one its view class stands for (`BlockMatching/divType(of:)`:
    /// `text`, `image`, `container`...), never the component's name
    /// (`DivBlockModeling.swift`, `ArrayExtensions.swift`). So a block's path
    /// changes when a sibling before it goes, and two components of one div
    /// type at one index match each other's views by path. Galleries queue
    /// cells by `reuse_id` alone (default "DefaultReuseId"), across block types.
    public static let divKit = StrategyDescriptor(name: "divkit", defaults: [], rules: [
        "No pools: a container's current children are its only candidates.",
        "Element path = container's path / index among siblings / div id (an 'id' attribute)",
        "or else the div type of the view class, not the component's name: UILabel and UIButton",
        "'text', UIImageView 'image', UIScrollView 'gallery', UIView 'container', other classes",
        "'custom'. Pass 1: the orphan with the block's path; a view that cannot show the",
        "block's type gets a new inner view. Pass 2: the first orphan of the same class.",
        "Leftovers removed. configureBlockView always runs: equal blocks are reconfigured.",
        "Galleries: cells queue by reuse_id alone (default DefaultReuseId), any type; a cell",
        "that cannot show the block gets a new content view.",
        "state is DivKit's (DivStateManager), by the block's path: with its item when",
        "blocks have ids ('key id'), by position otherwise (an element path ends in its",
        "index). insert and delete configure the gallery's cells by position.",
        "Source: divkit/divkit client/ios DivBlockModeling.swift, ArrayExtensions.swift,",
        "Array+UIViewRenderable.swift,",
        "DecoratingBlock+UIViewRenderableBlock.swift, GalleryView.swift.",
    ]) { _ in
        Strategy(
            name: "divkit",
            summary: "no pools: match by element path, then type; remove leftovers",
            poolNote: "DivKit has no pools: a container's current children are its only candidates (by element path, then by view class); list cells queue by reuse_id alone",
            options: [],
            keying: ViewClassKeying(),
            parents: BlockMatching(),
            application: SetWholeBlock(),
            cells: ReuseIDCells(),
            cellApplication: SetWholeBlock(),
            reuseHook: nil,
            liveComponents: .mounted,
            rowIdentity: .byKey,
            stateHome: .item)
    }
}

/// A container matching its new blocks against its current children
/// (`calculateReusability` in `UI/Blocks/Array+UIViewRenderable.swift`).
///
/// Pass 1: each block, in order, takes the first orphan that is its best
/// view: the same element path (every div is wrapped in a decorating block,
/// whose `isBestViewForReuse` compares its child's path), whatever the inner
/// view. Pass 2: each block still unmatched takes the first orphan it can
/// configure: the same view class. A view matched by path that cannot show
/// the block's type keeps its wrapper and gets a new inner view
/// (`DecoratingBlock+UIViewRenderableBlock.swift`, `reuseInternal`): the old
/// one is removed, a new one made. Unmatched blocks get a new view; leftover
/// orphans are removed, not hidden.
struct BlockMatching: ParentReuse {
    /// The element path of the block each view shows.
    private var elementPaths = ElementPaths()
    /// Every block of the current pass, by instance: its element path and
    /// the view it was matched with (nil: none yet). One table, so that a
    /// block's instance path is hashed once to plan it and once to vend it.
    private var planned: [PlanKey: Plan] = [:]

    /// Views' element paths by view number, in an array (views are
    /// numbered from 1 as they are made): what a dictionary by view held,
    /// each read and write hashing the view (issue 38: a tenth of a
    /// divkit `set` pass). A view never given a path reads nil.
    private struct ElementPaths {
        private var paths: [String?] = []

        subscript(view: ViewID) -> String? {
            get {
                let index = view.number - 1
                return index >= 0 && index < paths.count ? paths[index] : nil
            }
            set {
                let index = view.number - 1
                guard index >= 0 else { return }
                if index >= paths.count {
                    guard newValue != nil else { return }
                    paths.append(contentsOf: repeatElement(nil, count: index + 1 - paths.count))
                }
                paths[index] = newValue
            }
        }
    }

    /// A block's instance path as the plan table's key: equal exactly when
    /// the paths are (`==`), hashed from the path's indices and rows alone
    /// (``ComponentPath/positionFingerprint``), without its names: equal
    /// paths have equal positions, so they hash alike, and a block's
    /// siblings differ by index. A hash decides no answer, only where the
    /// table looks first (issue 38: each path hashed name by name twice a
    /// block was a sixth of a divkit `set` pass).
    private struct PlanKey: Hashable {
        let path: ComponentPath

        static func == (lhs: PlanKey, rhs: PlanKey) -> Bool { lhs.path == rhs.path }

        func hash(into hasher: inout Hasher) { hasher.combine(path.positionFingerprint) }
    }

    /// What ``plan(_:into:store:pass:)`` worked out for one block.
    private struct Plan {
        var path: String
        var view: ViewID?
    }

    var plansChildren: Bool { true }

    /// A block's element path: its container's, its index, its id or else its
    /// div type; the component's name is not part of it.
    ///
    /// Upstream (divkit/divkit `client/ios`): a container's items get the
    /// parent path plus their index (`DivKit/Extensions/ArrayExtensions.swift`
    /// lines 10-13, stored version 2432bb2), and each div adds its id, or its
    /// `Self.type` when it has none (`DivKit/DivBlockModeling.swift` lines
    /// 9-18, stored version 15ed03c; `DivText.type` is "text",
    /// `generated_sources/DivText.swift` line 260, stored version 0363a1c).
    static func elementPath(container: String, index: Int, _ block: PlannedBlock) -> String {
        elementPath(container: container, index: index, tail: tail(of: block))
    }

    /// The last part of a block's element path: its id, else its div type.
    static func tail(of block: PlannedBlock) -> String { tail(of: block.configuration) }

    /// ``tail(of:)-(PlannedBlock)`` from the block's configuration alone (a
    /// block passed whole is copied: its instance, key and configuration).
    static func tail(of configuration: ViewConfiguration) -> String {
        configuration.value(of: "id")?.plain ?? divType(of: configuration.viewClass)
    }

    /// Whether `path` is the element path `container`/`index`/`tail`, told
    /// from the bytes where they decide it (``FastPaths/elementPathsInPlace``):
    /// nil when `path`, `container` or `tail` is not ASCII. Two ASCII
    /// strings are equal (canonically equivalent, as `==` compares them)
    /// exactly when their bytes are, so for ASCII the answer is `==`'s on
    /// the path ``elementPath(container:index:tail:)`` makes.
    static func hasElementPath(_ path: String, container: String, index: Int, tail: String) -> Bool? {
        var path = path, container = container, tail = tail
        return path.withUTF8 { path -> Bool? in
            guard isASCII(path) else { return nil }
            return container.withUTF8 { head -> Bool? in
                tail.withUTF8 { tail -> Bool? in
                    guard isASCII(head), isASCII(tail) else { return nil }
                    // The head, a slash, the index's digits, a slash, the tail.
                    guard path.count > head.count + tail.count + 2,
                          path[head.count] == UInt8(ascii: "/"), path[path.count - tail.count - 1] == UInt8(ascii: "/"),
                          same(head, path, at: 0), same(tail, path, at: path.count - tail.count) else { return false }
                    let digits = path[(head.count + 1)..<(path.count - tail.count - 1)]
                    return hasDecimal(index, digits)
                }
            }
        }
    }

    /// Whether `bytes` are `index` written in decimal as `"\(index)"` writes it.
    private static func hasDecimal(_ index: Int, _ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var number = index.magnitude, at = bytes.endIndex
        repeat {
            at -= 1
            guard at >= bytes.startIndex, bytes[at] == UInt8(ascii: "0") + UInt8(number % 10) else { return false }
            number /= 10
        } while number > 0
        if index < 0 {
            at -= 1
            guard at >= bytes.startIndex, bytes[at] == UInt8(ascii: "-") else { return false }
        }
        return at == bytes.startIndex
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte >= 0x80 { return false }
        return true
    }

    /// Whether `part` is in `whole` at `offset` (which has room for it).
    private static func same(_ part: UnsafeBufferPointer<UInt8>, _ whole: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        for index in part.indices where part[index] != whole[offset + index] { return false }
        return true
    }

    /// ``elementPath(container:index:_:)`` with the tail given.
    static func elementPath(container: String, index: Int, tail: String) -> String {
        // The same bytes as `container + "/\(index)/" + tail`, written into
        // one new string (the interpolation and the concatenations made
        // three strings and four appends a block; issue 38).
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &digits) { scratch in
            var number = index.magnitude, count = 0
            repeat {
                scratch[scratch.count - 1 - count] = UInt8(ascii: "0") + UInt8(number % 10)
                number /= 10
                count += 1
            } while number > 0
            if index < 0 {
                scratch[scratch.count - 1 - count] = UInt8(ascii: "-")
                count += 1
            }
            let digits = UnsafeRawBufferPointer(rebasing: scratch[(scratch.count - count)...])
            var container = container, tail = tail
            return container.withUTF8 { head in
                tail.withUTF8 { tail in
                    String(unsafeUninitializedCapacity: head.count + digits.count + tail.count + 2) { buffer in
                        var at = 0
                        func put(_ bytes: UnsafeRawBufferPointer) {
                            for byte in bytes {
                                buffer[at] = byte
                                at += 1
                            }
                        }
                        put(UnsafeRawBufferPointer(head))
                        buffer[at] = UInt8(ascii: "/")
                        at += 1
                        put(digits)
                        buffer[at] = UInt8(ascii: "/")
                        at += 1
                        put(UnsafeRawBufferPointer(tail))
                        return at
                    }
                }
            }
        }
    }

    /// The DivKit div type a view class stands for: the `type` of the div whose
    /// block view that class models. The model knows view classes, not divs, so
    /// the class decides: `UILabel` "text"; `UIButton` "text" too (DivKit has no
    /// button div: a tappable text is a text with actions); `UIImageView`
    /// "image"; `UIScrollView` (a list's host) "gallery"; `UIView` "container";
    /// any class a session declares "custom" (a host app's own view, DivKit's
    /// `div-custom`). Two classes of one type path-match; when the matched
    /// view's class cannot show the block it gets a new inner view.
    static func divType(of viewClass: String) -> String {
        switch viewClass {
        case "UILabel", "UIButton": "text"
        case "UIImageView": "image"
        case "UIScrollView": "gallery"
        case "UIView": "container"
        default: "custom"
        }
    }

    mutating func plan(_ blocks: [PlannedBlock], into parent: ViewID, store: inout ViewStore, pass: MountPass) {
        let container = parent == .root ? "root" : elementPaths[parent] ?? store[parent].owner?.description ?? "root"
        var orphans = store[parent].subviews.filter { !pass.wasTaken($0) && !store[$0].isRemoved }
        // The blocks not matched by path, by index (read in place: a copy
        // of a block retains its instance, key and configuration).
        var unmatched: [Int] = []
        // Pass 1: the best view, the same element path.
        let inPlace = store.fastPaths.contains(.elementPathsInPlace)
        for index in blocks.indices {
            var made: String?
            let found: Int?
            if inPlace {
                // Invariant: a path compared in place is equal to the one
                // made exactly when `hasElementPath` says so; where it
                // cannot tell (not ASCII), the path is made and compared.
                // A view whose path has the bytes of this block's keeps
                // its string: no path is made for a block that finds its view.
                let tail = Self.tail(of: blocks[index].configuration)
                found = orphans.firstIndex { orphan in
                    guard let old = elementPaths[orphan] else { return false }
                    if let same = Self.hasElementPath(old, container: container, index: index, tail: tail) {
                        if same { made = old }
                        return same
                    }
                    if made == nil { made = Self.elementPath(container: container, index: index, tail: tail) }
                    return old == made
                }
                if made == nil { made = Self.elementPath(container: container, index: index, tail: tail) }
            } else {
                let path = Self.elementPath(container: container, index: index, blocks[index])
                made = path
                found = orphans.firstIndex(where: { elementPaths[$0] == path })
            }
            let path = made!
            if let found {
                planned[PlanKey(path: blocks[index].instance.path)] = Plan(path: path, view: orphans.remove(at: found))
            } else {
                // A view an earlier plan of this pass matched it with stays planned.
                planned[PlanKey(path: blocks[index].instance.path), default: Plan(path: path, view: nil)].path = path
                unmatched.append(index)
            }
        }
        // Pass 2: any view this block can configure, the same view class.
        for index in unmatched {
            if let found = orphans.firstIndex(where: { store[$0].viewClass == blocks[index].configuration.viewClass }) {
                planned[PlanKey(path: blocks[index].instance.path)]?.view = orphans.remove(at: found)
            }
        }
    }

    /// The view planned for this block (a new inner view when its class does
    /// not fit), else a new one.
    mutating func vend(_ key: ViewKey, viewClass: String, from parent: ViewID, for instance: Instance,
                       store: inout ViewStore, pass: MountPass) -> Vended {
        var vended: Vended
        let plan = planned[PlanKey(path: instance.path)]
        if let view = plan?.view, store[view].viewClass == viewClass {
            if store[view].poolKey != key { store.move(view, to: key, in: parent) }
            vended = Vended(view: view, acquisition: .taken(store.take(view, key: key, in: parent, for: instance)))
        } else {
            if let view = plan?.view {
                store.remove(view, from: parent, reason: .innerViewReplaced(by: viewClass))
            }
            vended = Vended(view: store.createView(viewClass, key: key, in: parent, for: instance), acquisition: .created)
        }
        elementPaths[vended.view] = plan?.path
        return vended
    }

    /// Leftovers are removed; subviews follow the blocks' order. The plan is
    /// forgotten, the table's room kept: clearing it costs its entries and
    /// a bit per slot, where a fresh table grew again, rehashing every
    /// path, about eight times in each full pass of 50 cards (issue 38:
    /// 15% of a `compare` replay under divkit).
    mutating func settle(_ visited: [ViewID], store: inout ViewStore, pass: MountPass) {
        for parent in visited {
            for view in store[parent].subviews where !pass.wasTaken(view) {
                store.remove(view, from: parent, reason: .leftover)
                elementPaths[view] = nil
            }
            store.order(parent, first: pass.taken(from: parent))
        }
        if !planned.isEmpty { planned.removeAll(keepingCapacity: true) }
    }
}

/// Gallery cells (`GalleryView.swift`): one queue per `reuse_id` (default
/// "DefaultReuseId"), whatever the block type, since every reuse id registers
/// the same cell class. A dequeued cell whose content view cannot show the
/// block gets a new content view (`GenericCollectionViewCell.configure`):
/// here the old view is removed and a new one made in its place, so cells of
/// different types under one id churn.
struct ReuseIDCells: QueueCells {
    /// Its key reads more than a keying does (the list, registrations or options).
    var keying: (any Keying)? { nil }

    /// A gallery's position is block state kept by the element's path
    /// (`GalleryViewState` in the block state storage) and restored when the
    /// gallery is configured: it belongs to the item.
    var offsetTravelsWithCell: Bool { false }
    /// A data change configures the gallery cell's block view again in place.
    var dataChange: RowReload? { .reconfigure }
    /// A gallery cell's content is a block view tree, reused by path.
    var subviewKeying: (any Keying)? { nil }

    static let defaultReuseID = "DefaultReuseId"

    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        let reuseID = configuration.value(of: "reuse_id")?.plain ?? ReuseIDCells.defaultReuseID
        return ViewKey(component: nil, viewClass: nil, shape: nil, qualifier: .reuseID(reuseID))
    }

    func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance, store: inout ViewStore) -> Vended {
        let vended = store.dequeueOrCreate(key, viewClass: viewClass, host: host, for: instance)
        guard store[vended.view].viewClass != viewClass else { return vended }
        store.remove(vended.view, from: host, reason: .contentViewReplaced(by: viewClass))
        return Vended(view: store.createView(viewClass, key: key, in: host, for: instance), acquisition: .created)
    }
}

/// `configureBlockView`, which runs on every matched view: a block view sets
/// the whole view from its block, so a changed block resets the view before
/// its attributes are applied, and an equal (rebuilt) block is configured
/// again, every property set to the value it already shows.
struct SetWholeBlock: Application {
    var configureBinds: Bool { false }

    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        if let old = store[view].attached {
            if old == configuration {
                store.reconfigure(view, to: configuration, for: instance)
                return
            }
            store.resetProperties(of: view, reason: .blockSetsWholeView)
        }
        store.applyAll(configuration, on: view, for: instance)
    }
}

extension ViewStore {
    /// `configureBlockView` with an equal block: every value is set again, so
    /// whatever changed the view behind the block's back (a late result) is
    /// overwritten; additive entries are not added twice.
    mutating func reconfigure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance) {
        let seq = record(view, for: instance, .reconfigure)
        for attribute in configuration.attributes where catalog.effect(of: attribute.name) != .adds
            && !self[view].shows(attribute.value, as: attribute.name) {
            write(attribute, on: view, setBy: instance.component, path: instance.path, seq: seq, means: .apply)
        }
    }
}
