import ReuseEngine

/// An imported screen written in the shell's own language: `view` lines for
/// classes the shell lacks, one `component` or `list` line per type
/// (children first), a `register` line per list cell type (the dump names
/// no reuse identifier; UIKit needs one), `mount`, then the `scroll`, `set`
/// and `hide` lines that bring it to the state the dump shows.
///
/// The text is deterministic: types in the order their first instance
/// appears (children before parents), instances in tree order, nothing in
/// hashing order.
struct ScreenScript {
    /// The script's lines, ready to run or save.
    private(set) var lines: [String] = []
    /// One line per list: `Feed: 16 of ~16 rows shown from row 0, cells PUPhotosGridCell`.
    private(set) var lists: [String] = []
    /// Component types made.
    private(set) var typeCount = 0

    /// The shell's view classes, and the properties a class declared here takes from its base.
    static let builtInClasses: Set<String> = Set(ViewClass.builtIns.map(\.name))

    /// On/off states that may be read from a dump, declared as attributes when used.
    static let switches = ["checked", "selected", "clickable"]
    private var switchesUsed: [String] = []
    private var declaredClasses: [String] = []
    private var declaredClassNames: Set<String> = []
    private var definitions: [String] = []
    /// `register LIST CELL` for every list's cell types.
    private var registrations: [String] = []
    private var typesBySignature: [String: String] = [:]
    private var typeNameSet: Set<String> = []
    /// The component and list names the script defines, in the order defined.
    private(set) var typeNames: [String] = []
    /// Instances by type, in tree order, with their paths (for values that differ).
    private var instances: [(type: String, path: String, node: ImportedScreen.Node)] = []

    init(_ screen: ImportedScreen) {
        // On/off states a view says true (Android's checked, selected,
        // clickable): declared first, off by default on every class declared.
        var used: Set<String> = []
        func collect(_ node: ImportedScreen.Node) {
            for (name, _) in node.values where ScreenScript.switches.contains(name) { used.insert(name) }
            node.children.forEach(collect)
            if let list = node.list { (list.cells + [list.header, list.footer].compactMap { $0 }).forEach(collect) }
        }
        screen.roots.forEach(collect)
        switchesUsed = ScreenScript.switches.filter(used.contains)
        for root in screen.roots { name(root) }
        let rootNames = screen.roots.map(\.type)
        for (root, path) in zip(screen.roots, ScreenScript.paths(of: rootNames, prefix: nil)) { walk(root, path: path) }
        var values: [String] = []
        var hides: [String] = []
        var scrolls: [String] = []
        // A type's definition takes its first instance's values, for every
        // value any instance prints (one the dump leaves out is the
        // property's default), so that every instance has the same
        // attributes; instances that differ are set one by one.
        // Grouped once (by first appearance), so the cost follows the views.
        var byType: [String: [[(String, String)]]] = [:]
        for instance in instances { byType[instance.type, default: []].append(instance.node.values) }
        var shared: [String: [(String, String)]] = [:]
        for (type, all) in byType {
            let names = Self.ordered(all.flatMap { $0.map(\.0) })
            let first = all.first ?? []
            shared[type] = names.map { name in (name, first.first { $0.0 == name }?.1 ?? Self.unprinted(name)) }
        }
        for instance in instances {
            // A subview the dump does not show in this cell: mounted, then hidden.
            if instance.node.absent {
                hides.append("hide \(instance.path)")
                continue
            }
            let common = shared[instance.type] ?? []
            let own = instance.node.values
            for (name, defined) in common {
                let value = own.first { $0.0 == name }?.1 ?? Self.unprinted(name)
                if value != defined { values.append("set \(instance.path) \(name) \(ScreenScript.written(name, value))") }
            }
            if instance.node.view.isHidden || instance.node.underFoldedHidden { hides.append("hide \(instance.path)") }
            if let list = instance.node.list, list.firstRow > 0 { scrolls.append("scroll \(instance.path) to \(list.firstRow)") }
        }
        lines = switchesUsed.map { "attribute \($0) kind bool" } + declaredClasses
        lines += definitions.map { line in
            // Fill in the shared values of each component line.
            guard line.hasPrefix("component "), let type = line.split(separator: " ").dropFirst().first.map(String.init),
                  let common = shared[type], !common.isEmpty, let viewRange = line.range(of: " view ") else { return line }
            let afterView = line[viewRange.upperBound...]
            let classEnd = afterView.firstIndex(of: " ") ?? afterView.endIndex
            let body = common.map { "\($0.0): \(ScreenScript.written($0.0, $0.1))" }.joined(separator: ", ")
            return String(line[..<classEnd]) + " { \(body) }" + String(line[classEnd...])
        }
        lines += registrations
        if !rootNames.isEmpty { lines.append("mount " + rootNames.joined(separator: " ")) }
        // Deepest first: a view inside a hidden one is hidden before its ancestor goes.
        lines += scrolls + values + hides.reversed()
    }

    // MARK: Types

    /// Gives `node` (and its subtree) a type name; writes each new type's line.
    @discardableResult
    private mutating func name(_ node: ImportedScreen.Node) -> String {
        let children = node.children.map { name($0) }
        var listParts: [String] = []
        if let list = node.list {
            let cells = list.cells.map { name($0) }
            let header = list.header.map { name($0) }
            let footer = list.footer.map { name($0) }
            // Row r shows cells[r mod K]: rotate so the first row shown gets the first cell shown.
            let rotation = cells.isEmpty ? 0 : list.firstRow % cells.count
            let ordered = cells.isEmpty ? [] : Array(cells[(cells.count - rotation)...] + cells[..<(cells.count - rotation)])
            let pattern = ScreenScript.shortestCycle(ordered)
            listParts = ["rows \(max(1, list.rows))", "viewport \(max(1, list.viewport))", "cells " + (pattern.isEmpty ? ["?"] : pattern).joined(separator: " ")]
            if let header { listParts.append("header \(header)") }
            if let footer { listParts.append("footer \(footer)") }
        }
        // A list's own view is the shell's scroll view.
        let viewClass = node.list == nil ? classFor(node) : "UIScrollView"
        // Values are not part of a type: its definition takes every value any instance states.
        let signature = node.name + "|" + viewClass + "|" + children.joined(separator: ",") + "|" + listParts.joined(separator: " ")
        if let known = typesBySignature[signature] {
            node.type = known
            return known
        }
        let type = freshName(ScreenScript.identifier(node.name))
        typesBySignature[signature] = type
        node.type = type
        typeCount += 1
        if let list = node.list {
            definitions.append("list \(type) " + listParts.joined(separator: " "))
            // Each cell type registered, as the app must have done for UIKit
            // to dequeue it (the dump names no identifier: the type's name is one).
            registrations += ScreenScript.ordered(list.cells.map(\.type)).map { "register \(type) \($0)" }
            lists.append("\(type): \(list.viewport) of ~\(list.rows) rows (\(list.rowsNote)) shown from row \(list.firstRow), cells "
                + ScreenScript.ordered(list.cells.map(\.type)).joined(separator: ", ")
                + (list.queued > 0 ? "; \(list.queued) hidden (queued) cell\(list.queued == 1 ? "" : "s") left out" : ""))
        } else {
            definitions.append("component \(type) view \(viewClass)" + (children.isEmpty ? "" : " children " + children.joined(separator: " ")))
        }
        return type
    }

    /// The shell class for a node: a built-in one by its name, else one
    /// declared with `view`, taking its base's properties.
    private mutating func classFor(_ node: ImportedScreen.Node) -> String {
        if ScreenScript.builtInClasses.contains(node.viewClass) { return node.viewClass }
        let name = ScreenScript.identifier(node.viewClass)
        guard declaredClassNames.insert(name).inserted else { return name }
        let uiView = Set(ViewClass.builtIns.first { $0.name == "UIView" }?.defaults.keys.map { $0 } ?? [])
        let defaults = ViewClass.builtIns.first { $0.name == node.base }?.defaults ?? [:]
        let body = defaults.keys.sorted().filter { !uiView.contains($0) }.compactMap { key -> String? in
            guard case .value(let value)? = defaults[key] else { return nil }
            return "\(key): \(value)"
        } + switchesUsed.map { "\($0): false" }
        declaredClasses.append("view \(name)" + (body.isEmpty ? "" : " { " + body.joined(separator: ", ") + " }"))
        return name
    }

    /// The built-in class that one of `names` (a class, then its bases)
    /// behaves as: one the shell has, else by the name's ending, else UIView.
    static func base(of names: [String]) -> String {
        for name in names {
            if builtInClasses.contains(name) { return name }
            if name.hasSuffix("Label") || name.hasSuffix("TextView") || name.hasSuffix("TextField") || name.hasSuffix("EditText") { return "UILabel" }
            if name.hasSuffix("ImageView") { return "UIImageView" }
            if name.hasSuffix("Button") { return "UIButton" }
            if name.hasSuffix("ScrollView") { return "UIScrollView" }
        }
        return "UIView"
    }

    /// `0.5`, `1`: a number as the script writes it.
    static func number(_ value: Double) -> String { AttributeValue.format(value) }

    private mutating func freshName(_ base: String) -> String {
        var name = base
        var number = 2
        while typeNameSet.contains(name) {
            name = "\(base)_\(number)"
            number += 1
        }
        typeNameSet.insert(name)
        typeNames.append(name)
        return name
    }

    // MARK: Instances

    private mutating func walk(_ node: ImportedScreen.Node, path: String) {
        instances.append((node.type, path, node))
        for (child, childPath) in zip(node.children, ScreenScript.paths(of: node.children.map(\.type), prefix: path)) {
            walk(child, path: childPath)
        }
        if let list = node.list {
            // The rows mounted: those shown (a card's items past the viewport are not mounted).
            for (offset, cell) in list.cells.prefix(list.viewport).enumerated() { walk(cell, path: "\(path)/\(list.firstRow + offset)") }
            if let header = list.header {
                walk(header, path: "\(path)/\(header.type)" + (header.type == list.footer?.type ? "[0]" : ""))
            }
            if let footer = list.footer {
                walk(footer, path: "\(path)/\(footer.type)" + (footer.type == list.header?.type ? "[1]" : ""))
            }
        }
    }

    /// The paths of siblings by their type names: `Name`, or `Name[k]`
    /// among namesakes. Linear in the siblings.
    static func paths(of siblings: [String], prefix: String?) -> [String] {
        var counts: [String: Int] = [:]
        for name in siblings { counts[name, default: 0] += 1 }
        var seen: [String: Int] = [:]
        return siblings.map { name in
            let position = seen[name, default: 0]
            seen[name] = position + 1
            let segment = counts[name, default: 0] > 1 ? "\(name)[\(position)]" : name
            return prefix.map { "\($0)/\(segment)" } ?? segment
        }
    }

    // MARK: Text

    /// A class name as a component name: letters, digits and `_`, not
    /// starting with a digit (`BaseKeyboard.BannerView` is `BaseKeyboard_BannerView`).
    static func identifier(_ name: String) -> String {
        var result = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
        if result.first?.isNumber != false { result = "V" + result }
        return result
    }

    /// What a view shows for a value the dump does not print: no text, full alpha.
    static func unprinted(_ name: String) -> String {
        name == "alpha" ? "1" : switches.contains(name) ? "false" : ""
    }

    /// A value as the script writes it: text quoted, numbers bare.
    static func written(_ name: String, _ value: String) -> String {
        ["text", "title", "accessibilityLabel"].contains(name) ? quoted(value) : value
    }

    /// `names` without repeats, first appearance first.
    static func ordered(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// The shortest prefix whose repetition is `sequence` (`A B A B` is `A B`).
    static func shortestCycle(_ sequence: [String]) -> [String] {
        guard !sequence.isEmpty else { return [] }
        for length in 1...sequence.count where sequence.count % length == 0 {
            if sequence.indices.allSatisfy({ sequence[$0] == sequence[$0 % length] }) { return Array(sequence.prefix(length)) }
        }
        return sequence
    }
}
