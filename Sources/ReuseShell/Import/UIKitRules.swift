/// How a UIKit `recursiveDescription` reads as a screen
/// (../shared/dumps/FORMATS.md section 1, "Mapping to reuse-shell"):
///
/// - **UIKit's plumbing is folded.** A view of a private class (`_UI…`,
///   any `_`-prefixed class without a `baseClass`) or of a container UIKit
///   inserts (``containers``) is not a component: its subviews join its
///   superview; one with no subviews is left out (separators, scroll
///   indicators, layout guides).
/// - **Lists.** A `UITableView` or `UICollectionView` (or a class whose
///   `baseClass` is one) is a `list`. Its cells are the views of class or
///   base class `UITableViewCell` / `UICollectionViewCell` below it (through
///   `UITableViewWrapperView` before iOS 11), in frame order (y, then x),
///   not dump order. A hidden cell is a queued one: left out. Header and
///   footer views (`UITableViewHeaderFooterView`,
///   `UICollectionReusableView`) above the first cell or below the last are
///   the list's header and footer.
/// - **Rows.** The viewport is the cells shown; the rows are
///   `contentSize` over the median cell height times the columns, at least
///   the cells shown; the first row shown is the first cell line's y over
///   that height, to the nearest (0 when a header shows). Rows beyond the
///   screen repeat the shown rows' types in order.
/// - **Values.** `text` on labels (a cell repeats its label's text: only
///   the label shows it) and `alpha`, the only values it prints per view.
///   A class the shell lacks is declared with `view`, with the properties
///   of its base class (`baseClass`, else guessed from its name: `…Label`,
///   `…ImageView`, `…Button`, else UIView).
struct UIKitRules: ScreenRules {
    /// Containers UIKit inserts between an app's views: folded.
    static let containers: Set<String> = [
        "UITransitionView", "UILayoutContainerView", "UINavigationTransitionView", "UIViewControllerWrapperView",
        "UICollectionViewControllerWrapperView", "UIDropShadowView", "UITableViewWrapperView",
        "UITableViewCellContentView", "UITableViewCellScrollView", "UITableViewHeaderFooterContentView",
    ]
    static let lists: Set<String> = ["UITableView", "UICollectionView"]
    static let cells: Set<String> = ["UITableViewCell", "UICollectionViewCell", "UICollectionViewListCell"]
    static let supplementaries: Set<String> = ["UITableViewHeaderFooterView", "UICollectionReusableView"]

    func isPlumbing(_ view: DumpedView) -> Bool {
        if view.isKind(of: Self.lists) || view.isKind(of: Self.cells) || view.isKind(of: Self.supplementaries) { return false }
        return view.className.hasPrefix("_") && view.baseClass == nil || Self.containers.contains(view.className)
    }

    func isList(_ view: DumpedView) -> Bool { view.isKind(of: Self.lists) }

    func layout(of list: DumpedView) -> ImportedScreen.ListLayout {
        var cells: [DumpedView] = []
        var supplementary: [DumpedView] = []
        var queued = 0, leftOut = 0
        func collect(_ view: DumpedView) {
            for child in view.children {
                if child.isKind(of: Self.cells) {
                    if child.isHidden { queued += 1 } else { cells.append(child) }
                } else if child.isKind(of: Self.supplementaries) {
                    if !child.isHidden { supplementary.append(child) }
                } else if isPlumbing(child) {
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
        // Supplementary views among the cells (section separators, decorations): no rows.
        leftOut += supplementary.filter { $0 != header && $0 != footer }.count
        // Lines of cells: distinct y; columns: the most cells on one line.
        var lines: [Double] = []
        for y in cells.map({ $0.frame?.y ?? 0 }) where lines.last != y { lines.append(y) }
        var perLine: [Double: Int] = [:]
        for cell in cells { perLine[cell.frame?.y ?? 0, default: 0] += 1 }
        let columns = max(1, perLine.values.max() ?? 1)
        // The pitch: the median cell height (FORMATS.md's rule), else the
        // spacing of the lines; a frame off by a fraction changes nothing.
        let heights = cells.compactMap { $0.frame?.height }.sorted()
        let pitch = !heights.isEmpty ? heights[heights.count / 2]
            : lines.count > 1 ? ((lines.last ?? 0) - (lines.first ?? 0)) / Double(lines.count - 1) : 0
        var rows = cells.count
        var firstRow = 0
        var note = "the cells shown"
        if pitch > 0 {
            if let size = DumpedPair(list.field("contentSize")) {
                rows = max(rows, Int((size.second / pitch).rounded()) * columns)
                note = "contentSize over the cell height"
            }
            // Cell frames are in content coordinates: the first line shown
            // says how many lines lie above it.
            if let first = lines.first { firstRow = max(0, Int((first / pitch).rounded())) * columns }
        }
        // A header shown means the list is at its top (the shell shows a
        // header while the window starts at row 0), whatever it pushed the
        // first cell down by.
        if header != nil { firstRow = 0 }
        rows = max(rows, firstRow + cells.count)
        // A footer shown means the list's end is on screen.
        if footer != nil {
            rows = firstRow + cells.count
            note = "a footer shows: the last row is on screen"
        }
        return ImportedScreen.ListLayout(cells: cells, header: header, footer: footer, rows: rows, firstRow: firstRow,
                                         queued: queued, leftOut: leftOut, rowsNote: note)
    }

    func values(of view: DumpedView) -> [(String, String)] { textAndAlpha(of: view) }

    func base(of view: DumpedView) -> String {
        ScreenScript.base(of: [view.baseClass, view.className].compactMap { $0 })
    }

    func name(of view: DumpedView) -> String { view.className }

    func viewClass(of view: DumpedView) -> String { view.className }

    var notRows: String { "scroll indicators, supplementary views between cells" }
    var plumbing: String { "of UIKit's containers" }
}
