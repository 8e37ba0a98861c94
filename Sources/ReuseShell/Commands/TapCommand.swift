import ReuseEngine

/// `tap VIEW`: fires a view's tap handlers.
enum TapCommand {
    static let options: [CommandOption] = [.flag("json")]

    static let spec = CommandSpec(
        name: "tap", group: .inspect,
        usage: "tap VIEW [--json]",
        summary: "fire a view's tap handlers and list the ones that ran",
        details: """
        Every entry the additive 'tap' attribute added to the view runs: a
        handler applied twice without an unapplicator in between runs twice.
        A view that is hidden, or inside a hidden view, gets no taps.
        """,
        example: "tap Feed/1/Heart",
        options: options
    ) { (arguments, shell) throws(ShellError) in
        let asked = try shell.inspection(&arguments, options: options)
        let (view, flags) = (asked.view, asked.flags)
        guard let id = view else { throw arguments.missing("a VIEW to tap (e.g. v5 or Feed/1/Heart)") }
        let engine = shell.engine
        let visibility = engine.views.visibility(of: id)
        guard visibility.isVisible else {
            throw ShellError("tap: \(id) is \(visibility): a view nobody can see gets no taps", at: arguments.tokens.first { !$0.text.hasPrefix("--") } ?? arguments.command)
        }
        let subject = engine.views[id]
        var handlers: [AttributeValue] = []
        if case .entries(let entries)? = subject.properties["tap"] { handlers = entries }
        let holder = subject.owner?.display ?? (id == .root ? "root" : "-")
        if flags.contains("json") {
            shell.emit(json: .object([("view", .view(id)), ("path", id == .root ? .null : .path(subject.owner)),
                                      ("ran", .array(handlers.map { .string($0.plain) }))]))
            return
        }
        guard !handlers.isEmpty else {
            shell.emit("\(id) \(holder): no tap handler ran (it has none)")
            return
        }
        let count = handlers.count == 1 ? "1 tap handler ran" : "\(handlers.count) tap handlers ran"
        var line = "\(id) \(holder): \(count): " + handlers.map(\.plain).joined(separator: ", ")
        if Set(handlers.map(\.plain)).count < handlers.count {
            line += shell.style.warn(" (a handler added more than once: applied again without an unapplicator)")
        }
        shell.emit(line)
    }
}
