import ReuseEngine

/// `config VIEW`: one view's configuration, properties and leaks (``ViewReport``).
enum ConfigCommand {
    static let options: [CommandOption] = [.valued("pass"), .flag("json")]

    static let spec = CommandSpec(
        name: "config", group: .inspect,
        usage: "config VIEW [--pass N] [--json]",
        summary: "show a view's configuration, properties and leaks",
        example: "config v2",
        options: options
    ) { (arguments, shell) throws(ShellError) in
        let asked = try shell.inspection(&arguments, options: options, past: true)
        guard let id = asked.view else { throw arguments.missing("a view id (e.g. v2)") }
        let report = ViewReport(id, in: asked.state)
        if asked.flags.contains("json") {
            shell.emit(json: report.json(pass: asked.state.log.currentPass))
        } else {
            // A wrapped value continues under the values, not under the labels.
            shell.emit(report.text(style: shell.style), continuation: String(repeating: " ", count: ViewReport.valueColumn))
        }
    }
}
