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
        parent's pools as boxes around their views (export FILE.svg draws it);
        below VIEW, a note says how many views it leaves out.
        """,
        example: "tree --changes",
        options: options
    ) { (arguments, shell) throws(ShellError) in
        let asked = try shell.inspection(&arguments, options: options, past: true, before: "changes")
        try asked.checkOneFormat(arguments)
        var changes: StateDiff?
        if asked.flags.contains("changes") {
            let pass = asked.state.log.currentPass
            changes = StateDiff(from: asked.before ?? shell.engine(afterPass: max(0, pass - 1)), to: asked.state)
        }
        if asked.flags.contains("dot") {
            shell.write(DotGraph(engine: asked.state, all: asked.flags.contains("all"), changes: changes).tree(from: asked.view ?? .root))
            return
        }
        let renderer = TreeRenderer(engine: asked.state, style: shell.style, all: asked.flags.contains("all"), changes: changes)
        if asked.flags.contains("json") {
            // Schemas/tree.schema.json: the state's pass, the tree, what the
            // marked pass removed (in no tree: listed beside it), and the views
            // waiting detached in the pool of their class (in no tree either).
            var pairs: [(String, JSON)] = [("pass", .int(asked.state.log.currentPass)), ("tree", renderer.json(from: asked.view ?? .root))]
            if let changes {
                let removed = changes.views.filter { $0.changes.contains(.removed) }
                pairs.append(("removed", .array(removed.map { .view($0.view) })))
            }
            pairs.append(("classPools", (asked.view ?? .root) == .root ? classPoolsJSON(asked.state.views, byComponentType: asked.state.strategy.globalPoolsByComponentType) : .null))
            shell.emit(json: .object(pairs))
        } else {
            shell.emit(renderer.render(from: asked.view ?? .root))
        }
    }
}
