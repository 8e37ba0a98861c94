/// What a dump's views become on the way to a script, whatever the format:
/// the views kept as component instances, with the lists among them.
///
/// A format's ``ScreenRules`` say which views are its system's plumbing
/// (folded: their subviews join their superview; one with none is left
/// out), which are lists and what they show, and what each view's values
/// are. Everything else is the same for every format.
struct ImportedScreen {
    /// A view kept as a component instance.
    final class Node {
        let view: DumpedView
        /// `text`, `alpha`, `accessibilityLabel`: what the script sets, in order.
        let values: [(String, String)]
        /// The shell class it behaves as (UILabel, UIImageView, ..., else UIView).
        let base: String
        /// The name its type is named after (a class, a resource id).
        let name: String
        /// The class the script declares for it.
        let viewClass: String
        var children: [Node] = []
        var list: ListShape?
        /// Its type's name, once ``ScreenScript`` has named types.
        var type = ""

        init(view: DumpedView, rules: some ScreenRules) {
            self.view = view
            values = rules.values(of: view)
            base = rules.base(of: view)
            name = rules.name(of: view)
            viewClass = rules.viewClass(of: view)
        }
    }

    /// What a list node shows: its cells in row order, header and footer,
    /// and the rows as estimated.
    struct ListShape {
        var cells: [Node]
        var header: Node?
        var footer: Node?
        var rows: Int
        var firstRow: Int
        /// Hidden cells left out (a queue or pool the dump shows).
        var queued: Int
        /// How the row count was found, for the summary.
        var rowsNote: String
        /// Rows shown at once: the cells shown, unless the format says otherwise (DivKit).
        var viewport: Int
    }

    /// What a format's rules find under a list view, before nodes are made.
    struct ListLayout {
        var cells: [DumpedView]
        var header: DumpedView?
        var footer: DumpedView?
        var rows: Int
        var firstRow: Int
        var queued: Int
        var leftOut: Int
        var rowsNote: String
        /// Rows shown at once, when not every cell given is on screen (DivKit's items).
        var viewport: Int? = nil
    }

    private(set) var roots: [Node] = []
    /// Views folded (containers, private classes).
    private(set) var folded = 0
    /// Plumbing with nothing inside, left out (separators, layout guides).
    private(set) var leftOut = 0
    /// Views under lists that are no row, header or footer (``ScreenRules/notRows``).
    private(set) var leftOutOfLists = 0
    /// Lists that showed no cell, kept as plain views.
    private(set) var emptyLists = 0
    /// What the reader could not read.
    var warnings: [DumpWarning]

    init(_ dump: ParsedDump, rules: some ScreenRules) {
        warnings = dump.warnings
        roots = dump.roots.flatMap { keep($0, rules: rules) }
    }

    /// The nodes `view` becomes: itself, or its kept subviews when folded.
    private mutating func keep(_ view: DumpedView, rules: some ScreenRules) -> [Node] {
        if rules.isPlumbing(view) {
            if view.children.isEmpty {
                leftOut += 1
                return []
            }
            folded += 1
            return view.children.flatMap { keep($0, rules: rules) }
        }
        let node = Node(view: view, rules: rules)
        if rules.isList(view) {
            let layout = rules.layout(of: view)
            leftOutOfLists += layout.leftOut
            // A list showing no cell says nothing of its rows: a plain view.
            guard layout.cells.isEmpty else {
                node.list = ListShape(cells: layout.cells.flatMap { keep($0, rules: rules) },
                                      header: layout.header.flatMap { keep($0, rules: rules).first },
                                      footer: layout.footer.flatMap { keep($0, rules: rules).first },
                                      rows: layout.rows, firstRow: layout.firstRow, queued: layout.queued, rowsNote: layout.rowsNote,
                                      viewport: layout.viewport ?? layout.cells.count)
                return [node]
            }
            emptyLists += 1
        }
        node.children = view.children.flatMap { keep($0, rules: rules) }
        return [node]
    }
}

/// A dump format's reading of its views (``UIKitRules``, ``AndroidRules``).
protocol ScreenRules {
    /// The system's own containers and private views: folded.
    func isPlumbing(_ view: DumpedView) -> Bool
    func isList(_ view: DumpedView) -> Bool
    /// The cells (in row order), header, footer and row estimate of a list view.
    func layout(of list: DumpedView) -> ImportedScreen.ListLayout
    /// The values the script sets (`text`, `alpha`, `accessibilityLabel`).
    func values(of view: DumpedView) -> [(String, String)]
    /// The shell class it behaves as.
    func base(of view: DumpedView) -> String
    /// What its component type is named after.
    func name(of view: DumpedView) -> String
    /// The class the script names (declared with `view` unless built in).
    func viewClass(of view: DumpedView) -> String
    /// What the views under a list that are no row are, for the summary.
    var notRows: String { get }
    /// What its system's folded containers are called, for the summary.
    var plumbing: String { get }
}

extension ScreenRules {
    /// `text` where the view is a label, and `alpha`: what UIKit's
    /// descriptions and DivKit's divs state alike.
    func textAndAlpha(of view: DumpedView) -> [(String, String)] {
        var values: [(String, String)] = []
        if let text = view.field("text"), base(of: view) == "UILabel" { values.append(("text", text)) }
        if let alpha = view.field("alpha"), let number = Double(alpha) { values.append(("alpha", ScreenScript.number(number))) }
        return values
    }
}
