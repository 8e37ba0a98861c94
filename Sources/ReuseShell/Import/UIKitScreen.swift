import ReuseEngine

/// How a UIKit `recursiveDescription` becomes a screen in the shell's
/// language (../shared/dumps/FORMATS.md section 1, "Mapping to reuse-shell").
///
/// The rules, each stated in the summary an import prints:
///
/// - **UIKit's plumbing is folded.** A view of a private class (`_UI…`,
///   any `_`-prefixed class) or of a container UIKit inserts
///   (``UIKitScreen/containers``) is not a component: its subviews join its
///   superview; one with no subviews is left out (separators, scroll
///   indicators, layout guides).
/// - **Lists.** A `UITableView` or `UICollectionView` (or a class whose
///   `baseClass` is one) is a `list`. Its cells are the views of class or
///   base class `UITableViewCell` / `UICollectionViewCell` below it (through
///   `UITableViewWrapperView` before iOS 11), in frame order (y, then x),
///   not dump order. A hidden cell is a queued one: left out. Header and
///   footer views (`UITableViewHeaderFooterView`,
///   `UICollectionReusableView`) above the first cell or below the last
///   are the list's header and footer.
/// - **Rows.** The viewport is the cells shown; the rows are
///   `contentSize` over the cell pitch (the distance between two lines of
///   cells) times the columns, at least the cells shown; the first row shown
///   is `contentOffset` over the pitch. Rows beyond the screen repeat the
///   shown rows' cell types in order (the dump has no data for them).
/// - **Types.** Views of one class with the same subtree shape are one
///   component type, named after the class (`Cell`, `Cell_2` for a second
///   shape). A class UIKit does not define here is declared with `view`,
///   with the properties of its base class (`baseClass`, else guessed from
///   its name: `…Label`, `…ImageView`, `…Button`, else UIView).
/// - **Values.** `text` and `alpha` where the dump prints them (the only
///   values it prints per view); a value shared by every instance of a
///   type is in its definition, others are set per instance with `set`.
///   `hidden = YES` views are mounted, then hidden with `hide`. Addresses,
///   frames and layers never reach the script.
struct UIKitScreen {
    /// Containers UIKit inserts between an app's views: folded.
    static let containers: Set<String> = [
        "UITransitionView", "UILayoutContainerView", "UINavigationTransitionView", "UIViewControllerWrapperView",
        "UICollectionViewControllerWrapperView", "UIDropShadowView", "UITableViewWrapperView",
        "UITableViewCellContentView", "UITableViewCellScrollView", "UITableViewHeaderFooterContentView",
    ]
    static let lists: Set<String> = ["UITableView", "UICollectionView"]
    static let cells: Set<String> = ["UITableViewCell", "UICollectionViewCell", "UICollectionViewListCell"]
    static let supplementaries: Set<String> = ["UITableViewHeaderFooterView", "UICollectionReusableView"]

    /// A view kept as a component instance.
    final class Node {
        let view: DumpedView
        var children: [Node] = []
        var list: ListShape?
        /// Its type's name, once types are known.
        var type = ""

        init(view: DumpedView) { self.view = view }

        /// The properties the script sets: `text`, `alpha`.
        var values: [(String, String)] {
            var values: [(String, String)] = []
            // A cell or header repeats its label's text: only a label shows it.
            if let text = view.field("text"), ScreenScript.base(of: view) == "UILabel" { values.append(("text", text)) }
            if let alpha = view.field("alpha"), let number = Double(alpha) { values.append(("alpha", AttributeValue.format(number))) }
            return values
        }
    }

    /// What a list node shows: its cells in row order, header, footer, and the rows estimated.
    struct ListShape {
        var cells: [Node]
        var header: Node?
        var footer: Node?
        var rows: Int
        var firstRow: Int
        /// Hidden cells left out (UIKit's queue).
        var queued: Int
    }

    private(set) var roots: [Node] = []
    /// Views folded (containers, private classes) and left out (private leaves).
    private(set) var folded = 0
    private(set) var leftOut = 0
    /// Lists that showed no cell, kept as plain views.
    private(set) var emptyLists = 0
    var warnings: [DumpWarning]

    init(_ dump: ParsedDump) {
        warnings = dump.warnings
        roots = dump.roots.flatMap { keep($0, inList: false) }
    }

    /// Whether UIKit's plumbing: private, or a container it inserts.
    static func isPlumbing(_ view: DumpedView) -> Bool {
        if view.isKind(of: lists) || view.isKind(of: cells) || view.isKind(of: supplementaries) { return false }
        return view.className.hasPrefix("_") && view.baseClass == nil || containers.contains(view.className)
    }

    /// The nodes `view` becomes: itself, or its kept subviews when folded.
    private mutating func keep(_ view: DumpedView, inList: Bool) -> [Node] {
        if UIKitScreen.isPlumbing(view) {
            if view.children.isEmpty {
                leftOut += 1
                return []
            }
            folded += 1
            return view.children.flatMap { keep($0, inList: inList) }
        }
        let node = Node(view: view)
        if view.isKind(of: UIKitScreen.lists) {
            let shape = listShape(of: view)
            // A list showing no cell says nothing of its rows: a plain scroll view.
            if !shape.cells.isEmpty {
                node.list = shape
                return [node]
            }
            emptyLists += 1
        }
        node.children = view.children.flatMap { keep($0, inList: false) }
        return [node]
    }

    /// The cells, header and footer under a list view, through folded wrappers.
    private mutating func listShape(of list: DumpedView) -> ListShape {
        var cells: [DumpedView] = []
        var supplementary: [DumpedView] = []
        var queued = 0
        func collect(_ view: DumpedView) {
            for child in view.children {
                if child.isKind(of: UIKitScreen.cells) {
                    if child.isHidden { queued += 1 } else { cells.append(child) }
                } else if child.isKind(of: UIKitScreen.supplementaries) {
                    if !child.isHidden { supplementary.append(child) }
                } else if UIKitScreen.isPlumbing(child) || UIKitScreen.containers.contains(child.className) {
                    collect(child)
                } else {
                    leftOut += 1
                }
            }
        }
        collect(list)
        cells.sort { ($0.frame?.y ?? 0, $0.frame?.x ?? 0, $0.line) < ($1.frame?.y ?? 0, $1.frame?.x ?? 0, $1.line) }
        let top = cells.first?.frame?.y ?? 0, bottom = cells.last?.frame?.y ?? 0
        let header = supplementary.first { ($0.frame?.y ?? 0) < top }
        let footer = supplementary.last { ($0.frame?.y ?? 0) > bottom && $0 != header }
        // Lines of cells: distinct y; columns: the most cells on one line.
        let lines = Array(Set(cells.map { $0.frame?.y ?? 0 })).sorted()
        let columns = max(1, Dictionary(grouping: cells) { $0.frame?.y ?? 0 }.values.map(\.count).max() ?? 1)
        let pitch = lines.count > 1 ? (lines.last! - lines.first!) / Double(lines.count - 1) : (cells.first?.frame?.height ?? 0)
        var rows = cells.count
        var firstRow = 0
        if pitch > 0 {
            if let size = DumpedPair(list.field("contentSize")) {
                rows = max(rows, Int((size.second / pitch).rounded()) * columns)
            }
            // Cell frames are in content coordinates: the first line shown
            // says how many lines lie above it.
            if let first = lines.first {
                firstRow = max(0, Int((first / pitch).rounded(.down))) * columns
            }
        }
        // A header shown means the list is at its top (the shell shows a
        // header while the window starts at row 0), whatever it pushed the
        // first cell down by.
        if header != nil { firstRow = 0 }
        rows = max(rows, firstRow + cells.count)
        var shape = ListShape(cells: [], header: nil, footer: nil, rows: rows, firstRow: firstRow, queued: queued)
        shape.cells = cells.flatMap { keep($0, inList: true) }
        shape.header = header.flatMap { keep($0, inList: true).first }
        shape.footer = footer.flatMap { keep($0, inList: true).first }
        return shape
    }

}
