import ReuseEngine

/// `tree`: the view tree, now or right after a pass, as text, JSON or a Graphviz graph.
enum TreeCommand {
    static let options: [CommandOption] = [.valued("pass"), .flag("changes"), .flag("all"), .flag("json"), .flag("dot")]

    static let spec = CommandSpec(
        name: "tree", group: .inspect,
        usage: "tree [VIEW] [--pass N] [--changes] [--all] [--json | --dot]",
        summary: "draw the view tree: id, class, component, key, hidden",
        details: """
        Long lists collapse the rows in the middle and the waiting cells; --all
        expands them. --pass N draws the tree as it was right after pass N.
        --changes marks what the last pass (or pass N) changed: views created,
        shown, hidden or taken by another owner, values set; views it removed
        are named at the end. --dot prints it as a Graphviz graph, with each
        parent's pools as boxes around their views (export FILE.svg draws it).
        """,
        example: "tree --changes",
        options: options
    ) { (arguments, shell) throws(ShellError) in
        let asked = try shell.inspection(&arguments, options: options, past: true)
        try asked.checkOneFormat(arguments)
        var changes: StateDiff?
        if asked.flags.contains("changes") {
            let pass = asked.state.log.currentPass
            changes = StateDiff(from: shell.views(afterPass: max(0, pass - 1)), to: asked.state.views)
        }
        if asked.flags.contains("dot") {
            shell.write(DotGraph(engine: asked.state, all: asked.flags.contains("all"), changes: changes).tree(from: asked.view ?? .root))
            return
        }
        let renderer = TreeRenderer(engine: asked.state, style: shell.style, all: asked.flags.contains("all"), changes: changes)
        if asked.flags.contains("json") {
            var json = renderer.json(from: asked.view ?? .root)
            // Views the pass removed are in no tree: listed beside it.
            if let changes, case .object(var pairs) = json {
                let removed = changes.views.filter { $0.changes.contains(.removed) }
                pairs.append(("removedByThePass", .array(removed.map { .string($0.view.description) })))
                json = .object(pairs)
            }
            // Views waiting detached (Valdi's pool) are in no tree: listed beside the root's.
            if asked.view ?? .root == .root, !asked.state.views.classPools.isEmpty, case .object(var pairs) = json {
                pairs.append(("detached", renderer.detachedJSON))
                json = .object(pairs)
            }
            shell.emit(json: json)
        } else {
            shell.emit(renderer.render(from: asked.view ?? .root))
        }
    }
}
