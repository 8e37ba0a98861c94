import ReuseEngine

/// `pools`: each parent's pools by ViewKey and their views.
enum PoolsCommand {
    static let options: [CommandOption] = [.valued("pass"), .flag("all"), .flag("json"), .flag("dot")]

    static let spec = CommandSpec(
        name: "pools", group: .inspect,
        usage: "pools [VIEW] [--pass N] [--all] [--json | --dot]",
        summary: "show each parent's pools by ViewKey and their views",
        details: """
        Without VIEW: every parent that has pools, in view id order. --dot
        prints them as a Graphviz graph, each pool a box labelled by its key.
        """,
        example: "pools v1",
        options: options
    ) { (arguments, shell) throws(ShellError) in
        let asked = try shell.inspection(&arguments, options: options, past: true)
        try asked.checkOneFormat(arguments)
        if asked.flags.contains("dot") {
            shell.write(DotGraph(engine: asked.state, all: asked.flags.contains("all")).pools(of: asked.view))
            return
        }
        let report = PoolsReport(asked.state, view: asked.view)
        if asked.flags.contains("json") { shell.emit(json: report.json(pass: asked.state.log.currentPass, view: asked.view)) } else { shell.emit(report.text(style: shell.style, all: asked.flags.contains("all"))) }
    }
}
