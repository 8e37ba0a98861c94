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
        /// Not in the dump: a subview other cells of its type have, added
        /// so that every cell of the type has the same subviews; hidden.
        var absent = false
        /// Inside a hidden view that was folded away (an invisible window's
        /// DecorView): hidden, as that view hid it.
        var underFoldedHidden = false

        init(view: DumpedView, rules: some ScreenRules, values: [(String, String)]? = nil) {
            self.view = view
            self.values = values ?? rules.values(of: view)
            base = rules.base(of: view)
            name = rules.name(of: view)
            viewClass = rules.viewClass(of: view)
            identity = rules.kind(of: view)
        }

        /// What kind of view it is (``ScreenRules/kind(of:)``): cells of one
        /// kind get one shape, and a subview is matched by it among its siblings.
        let identity: String

        /// A copy of the subtree with no values, marked absent: the same
        /// name, class and kind, so it takes the same type.
        func placeholder(rules: some ScreenRules) -> Node {
            var shown = view
            shown.children = []
            let copy = Node(view: shown, rules: rules, values: [])
            copy.absent = true
            copy.children = children.map { $0.placeholder(rules: rules) }
            return copy
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
            let kept = view.children.flatMap { keep($0, rules: rules) }
            if view.isHidden { for node in kept { node.underFoldedHidden = true } }
            return kept
        }
        let node = Node(view: view, rules: rules)
        if rules.isList(view) {
            let layout = rules.layout(of: view)
            leftOutOfLists += layout.leftOut
            // A list showing no cell says nothing of its rows: a plain view.
            guard layout.cells.isEmpty else {
                node.list = ListShape(cells: ImportedScreen.unified(layout.cells.flatMap { keep($0, rules: rules) }, rules: rules),
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
    /// What kind of view it is: cells of one kind are one type (a default
    /// is given: name and class).
    func kind(of view: DumpedView) -> String
    /// What the views under a list that are no row are, for the summary.
    var notRows: String { get }
    /// What its system's folded containers are called, for the summary.
    var plumbing: String { get }
}

extension ImportedScreen {
    /// Cells of one kind given one shape: an app's cell class (its reuse
    /// identifier, its view type) has the same subviews in every row, but a
    /// dump leaves out some in some rows (a subview added later, a gone one,
    /// one cut off by the screen's edge). Each cell gets the subviews every
    /// cell of its kind has, in order of first appearance, those it lacks
    /// added as absent (mounted, then hidden). Cells differ in kind by name
    /// and class (``Node/identity``).
    static func unified(_ cells: [Node], rules: some ScreenRules) -> [Node] {
        var groups: [String: [Node]] = [:]
        for cell in cells { groups[cell.identity, default: []].append(cell) }
        for (_, group) in groups where group.count > 1 { unify(group, rules: rules) }
        return cells
    }

    /// Gives every node of `group` the union of their subviews (matched by
    /// identity and occurrence), recursively.
    private static func unify(_ group: [Node], rules: some ScreenRules) {
        // The union: each identity as many times as the most any node has it, in first-seen order.
        var order: [(identity: String, occurrence: Int)] = []
        var most: [String: Int] = [:]
        for node in group {
            var seen: [String: Int] = [:]
            for child in node.children {
                let occurrence = seen[child.identity, default: 0]
                seen[child.identity] = occurrence + 1
                if occurrence >= most[child.identity, default: 0] {
                    most[child.identity] = occurrence + 1
                    order.append((child.identity, occurrence))
                }
            }
        }
        // One present child of each slot, to copy for the nodes that lack it.
        var model: [String: Node] = [:]
        for node in group {
            var seen: [String: Int] = [:]
            for child in node.children {
                let occurrence = seen[child.identity, default: 0]
                seen[child.identity] = occurrence + 1
                let slot = "\(child.identity)#\(occurrence)"
                if model[slot] == nil { model[slot] = child }
            }
        }
        var slots: [[Node]] = Array(repeating: [], count: order.count)
        for node in group {
            var byIdentity: [String: [Node]] = [:]
            for child in node.children { byIdentity[child.identity, default: []].append(child) }
            // Every slot of `order` was seen in some node, so `model` has it.
            node.children = order.enumerated().compactMap { index, entry in
                let present = byIdentity[entry.identity].flatMap { entry.occurrence < $0.count ? $0[entry.occurrence] : nil }
                guard let child = present ?? model["\(entry.identity)#\(entry.occurrence)"]?.placeholder(rules: rules) else { return nil }
                slots[index].append(child)
                return child
            }
        }
        for slot in slots where slot.count > 1 { unify(slot, rules: rules) }
    }
}

extension ScreenRules {
    /// A view's kind: its name and class (a cell class is a reuse
    /// identifier; an Android row's class and id, its view type).
    func kind(of view: DumpedView) -> String { name(of: view) + "|" + viewClass(of: view) }

    /// `text` where the view is a label, and `alpha`: what UIKit's
    /// descriptions and DivKit's divs state alike.
    func textAndAlpha(of view: DumpedView) -> [(String, String)] {
        var values: [(String, String)] = []
        if let text = view.field("text"), base(of: view) == "UILabel" { values.append(("text", text)) }
        if let alpha = view.field("alpha"), let number = Double(alpha) { values.append(("alpha", ScreenScript.number(number))) }
        return values
    }
}
