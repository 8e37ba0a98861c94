import ReuseEngine

/// `components`: every mounted component by PATH, with its view.
enum ComponentsCommand {
    static let options: [CommandOption] = [.valued("pass"), .flag("all"), .flag("json")]

    static let spec = CommandSpec(
        name: "components", group: .inspect,
        usage: "components [--pass N] [--all] [--json]",
        summary: "list every mounted component by PATH, with its view",
        example: "components",
        options: options
    ) { (arguments, shell) throws(ShellError) in
        let parsed = try arguments.options(options)
        if let extra = parsed.rest.first { throw ShellError("components: unexpected '\(extra.text)'", at: extra) }
        let engine = try shell.state(at: parsed.values["pass"], for: "components")
        // JSON lists every row, as tree and pools do: a document is never collapsed.
        let all = parsed.flags.contains("all") || parsed.flags.contains("json")
        var rows: [(MountedNode, Int)] = []
        var collapsed: [Int: String] = [:]
        func add(_ node: MountedNode, depth: Int) {
            rows.append((node, depth))
            // A list's header comes before its rows, its footer after.
            var footer: [MountedNode] = []
            var footerName: String?
            if case .list(let spec)? = engine.catalog.components[node.name]?.body { footerName = spec.footer }
            for child in node.children {
                if child.name == footerName { footer.append(child) } else { add(child, depth: depth + 1) }
            }
            defer { for child in footer { add(child, depth: depth + 1) } }
            let edge = TreeRenderer.listEdge
            if all || node.rows.count <= 2 * edge + 1 {
                for row in node.rows { add(row, depth: depth + 1) }
            } else {
                for row in node.rows.prefix(edge) { add(row, depth: depth + 1) }
                collapsed[rows.count] = String(repeating: "  ", count: depth + 1) + "… \(node.rows.count - 2 * edge) more rows (components --all)"
                for row in node.rows.suffix(edge) { add(row, depth: depth + 1) }
            }
        }
        for root in engine.mounted { add(root, depth: 0) }
        if parsed.flags.contains("json") {
            let items = rows.map { node, _ -> JSON in
                .object([("path", .path(node.path)), ("component", .string(node.name)),
                         ("view", node.view.map(JSON.view) ?? .null), ("hidden", .bool(node.isHidden))])
            }
            shell.emit(json: .object([("pass", .int(engine.log.currentPass)), ("components", .array(items))]))
            return
        }
        guard !rows.isEmpty else { shell.emit("nothing is mounted"); return }
        let width = rows.map { $0.0.path.display.count + 2 * $0.1 }.max() ?? 0
        for (index, (node, depth)) in rows.enumerated() {
            if let note = collapsed[index] { shell.emit(shell.style.dim(note)) }
            var line = (String(repeating: "  ", count: depth) + node.path.display).padding(width + 2)
            if node.isHidden {
                line += shell.style.dim("hidden (show \(node.path))")
            } else if let view = node.view {
                line += "\(view) \(engine.views[view].viewClass)"
                if let definition = engine.catalog.components[node.name], case .list(let spec) = definition.body {
                    let window = spec.window(at: engine.offset(of: node.path))
                    line += window.isEmpty ? "  list, empty" : "  list, rows \(window.lowerBound)-\(window.upperBound - 1) of \(spec.rows)"
                }
            } else {
                line += shell.style.dim("no view")
            }
            shell.emit(line.trimmingTrailingSpaces())
        }
    }
}
