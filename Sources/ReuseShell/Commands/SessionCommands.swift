import Foundation
import ReuseEngine

enum ExplainCommand {
    static let spec = CommandSpec(
        name: "explain", group: .inspect,
        usage: "explain on|off",
        summary: "narrate every decision of each pass in plain words",
        example: "explain on"
    ) { (arguments, shell) throws(ShellError) in
        guard let token = arguments.next() else {
            shell.emit("explain is " + (shell.explains ? "on" : "off"))
            return
        }
        try arguments.end()
        switch token.text {
        case "on": shell.explains = true
        case "off": shell.explains = false
        default: throw ShellError("explain: expected 'on' or 'off', found '\(token.text)'", at: token)
        }
        shell.emit("explain " + token.text)
    }
}

enum SayCommand {
    static let spec = CommandSpec(
        name: "say", group: .session,
        usage: "say TEXT",
        summary: "print TEXT (lessons tell their story with it)",
        example: "say Foo and Bar never share a view."
    ) { (arguments, shell) throws(ShellError) in
        let line = Array(shell.current?.line ?? "")
        let start = min(line.count, arguments.command.column - 1 + arguments.command.length)
        var text = String(line[start...]).trimmingCharacters(in: .whitespaces)
        if text.count >= 2, text.first == "\"", text.last == "\"", arguments.tokens.count == 1, arguments.tokens.first?.isQuoted == true,
           let only = arguments.tokens.first {
            text = only.text
        }
        let shown = String(String.UnicodeScalarView(text.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
            // Control characters would drive the terminal; show them as ^X.
            guard scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F else { return [scalar] }
            let shown = scalar.value == 0x7F ? "?" : String(UnicodeScalar(scalar.value + 0x40) ?? "?")
            return Array("^\(shown)".unicodeScalars)
        }))
        // Narration wraps as a paragraph (an empty `say` prints an empty line).
        if shown.isEmpty { shell.write("\n") } else { shell.emit(shown, continuation: "") }
    }
}

enum SourceCommand {
    static let spec = CommandSpec(
        name: "source", group: .session,
        usage: "source FILE",
        summary: "run the commands of a script file",
        details: """
        Errors name the file, line and column. Each command of the file counts on
        its own for 'save'. Relative paths inside a script start from its directory.
        If a line of the script fails, 'source' fails too (the exit status says
        so, and --bail stops there); the lines that ran keep their effect.
        Ctrl-C stops it between two lines, in the same way.
        The file is read as it runs, so a pipe or a FIFO works: the shell waits
        for its writer (saying so after a second), and Ctrl-C ends the wait. A
        line longer than 1 MiB is refused and the lines after it run; a line
        that is not UTF-8 stops it there.
        """,
        example: "source Sessions/01-first-mount.reuse",
        replays: false
    ) { (arguments, shell) throws(ShellError) in
        let file = try arguments.value("a file name")
        try arguments.end()
        let path = shell.resolve(file.text)
        if shell.scriptStack.contains(path) {
            throw ShellError("source: '\(file.text)' is already running (a script cannot source itself, directly or not)", at: file)
        }
        guard shell.scriptStack.count < 32 else {
            throw ShellError("source: scripts nested more than 32 deep", at: file)
        }
        var reader: ScriptReader
        do {
            reader = try ScriptReader(path: path)
        } catch {
            throw ShellError("source: cannot read '\(file.text)': \(shell.describe(error, path: path))", at: file)
        }
        shell.scriptStack.append(path)
        defer { shell.scriptStack.removeLast() }
        // A failing line inside fails the `source` too (exit status, --bail);
        // the lines before it keep their effect, as typed ones would.
        guard shell.run(reading: &reader, file: file.text) else { throw .reportedInside(file) }
    }
}

enum SaveCommand {
    static let spec = CommandSpec(
        name: "save", group: .session,
        usage: "save FILE",
        summary: "write the session's successful commands as a script",
        details: """
        Written atomically (a temporary file beside it, then a rename), so a
        reader never sees half a file. A symbolic link is followed; an
        existing file keeps its permissions; a file with other hard links is
        rewritten in place; a directory or a device is refused. Inspection
        commands are left out.
        """,
        example: "save my-session.reuse",
        replays: false
    ) { (arguments, shell) throws(ShellError) in
        let file = try arguments.value("a file name")
        try arguments.end()
        var text = "# reuse-shell session, written by 'save'; replay with: reuse-shell \(file.text)\n"
        // The strategy the session started under (with its options), unless
        // it is the default: a replay starts there, whatever switches follow.
        let start = shell.recorded.startingStrategy ?? shell.engine.strategy
        let standard = shell.strategy(named: start.name)?.standard.optionsDescription
        if start.name != StrategyRegistry.standard.name || start.optionsDescription != standard {
            let options = start.optionsDescription == standard || start.optionsDescription.isEmpty ? "" : " " + start.optionsDescription
            text += "strategy \(start.name)\(options)\n"
        }
        for command in shell.recorded { text += command.line + "\n" }
        do throws(FileReplacement.Failure) {
            try FileReplacement.write(Data(text.utf8), to: shell.resolve(file.text))
        } catch {
            throw ShellError("save: cannot write '\(file.text)': \(error)", at: file)
        }
        shell.emit("saved \(shell.recorded.count) command\(shell.recorded.count == 1 ? "" : "s") to \(file.text)")
    }
}

enum OutputCommand {
    static let spec = CommandSpec(
        name: "output", group: .session,
        usage: "output [FILE]",
        summary: "send the output of the commands that follow to FILE; alone, back to the screen",
        details: "FILE is written afresh: a symbolic link is followed (its target written, the link kept); a directory, FIFO, socket, link loop or name ending in '/' is refused; a character device (/dev/null) is written to as it is. Errors still go to the screen (stderr). 'once FILE' sends one command's output.",
        example: "output tree.txt",
        replays: false
    ) { (arguments, shell) throws(ShellError) in
        guard let file = arguments.next() else {
            shell.outputFile = nil
            return
        }
        try arguments.end()
        shell.outputFile = try shell.openForOutput(file, for: "output")
    }
}

enum OnceCommand {
    static let spec = CommandSpec(
        name: "once", group: .session,
        usage: "once FILE",
        summary: "send the output of the next command only to FILE",
        details: "FILE is written afresh, as by 'output' (a link followed, special files refused). Errors still go to the screen (stderr).",
        example: "once pools.json",
        replays: false
    ) { (arguments, shell) throws(ShellError) in
        let file = try arguments.value("a file name")
        try arguments.end()
        shell.pendingOnce = try shell.openForOutput(file, for: "once")
    }
}

extension Interpreter {
    /// Empties (or makes) the file a token names, for `output` and `once`,
    /// through the safe writer's checks (``FileReplacement/openForStreaming(_:)``):
    /// a link's target is written, the link kept; a directory, device, FIFO
    /// or socket is refused, never replaced.
    func openForOutput(_ token: Token, for command: String) throws(ShellError) -> FileHandle {
        do throws(FileReplacement.Failure) {
            return try FileReplacement.openForStreaming(resolve(token.text))
        } catch {
            throw ShellError("\(command): cannot write '\(token.text)': \(error)", at: token)
        }
    }
}

enum UndoCommand {
    static let spec = CommandSpec(
        name: "undo", group: .session,
        usage: "undo [N]",
        summary: "take back the last N state-changing commands (1 by default)",
        details: """
        As if they had not been typed: views, pools, the log, view ids and pass
        numbers are those of the session without them, and 'save' leaves them
        out. Inspection commands (tree, log, expect, ...) do not count. A reset
        cannot be undone. It lists the commands taken back, the latest first
        (past 20, the latest 20 and how many more).
        """,
        example: "undo 2",
        replays: false
    ) { (arguments, shell) throws(ShellError) in
        var count = 1
        if arguments.peek != nil { count = try arguments.integer("the count", in: 1...Int.max).0 }
        try arguments.end()
        guard !shell.recorded.isEmpty else {
            throw ShellError("undo: nothing to undo (no state-changing command since the session began or the last reset)", at: arguments.command)
        }
        guard count <= shell.recorded.count else {
            let available = shell.recorded.count
            throw ShellError("undo: only \(available) state-changing command\(available == 1 ? "" : "s") to take back", at: arguments.tokens.first ?? arguments.command)
        }
        // The latest ones by name, and how many more: an undo of 10^5 commands lists 20.
        let listed = 20
        var lines = shell.undo(count, listing: listed).map { "undone: " + $0.line }
        if count > listed { lines.append("… and \(count - listed) more undone") }
        let pass = shell.engine.log.currentPass
        if let summary = shell.engine.log.summary(ofPass: pass) {
            lines.append("back after pass \(pass) (\(summary.trigger))")
        } else {
            lines.append("back before the first pass")
        }
        shell.emit(lines.joined(separator: "\n"))
    }
}

enum ResetCommand {
    static let spec = CommandSpec(
        name: "reset", group: .session,
        usage: "reset",
        summary: "start afresh: no definitions, no views, empty log",
        example: "reset"
    ) { (arguments, shell) throws(ShellError) in
        try arguments.end()
        shell.resetSession()
        shell.emit("reset: fresh session (strategy theodolite)")
    }
}

enum QuitCommand {
    static let spec = CommandSpec(
        name: "quit", group: .session,
        usage: "quit",
        summary: "leave the shell (also 'exit' or Ctrl-D)",
        example: "quit",
        replays: false
    ) { (arguments, shell) throws(ShellError) in
        try arguments.end()
        shell.markQuit()
    }
}

enum HelpCommand {
    static let spec = CommandSpec(
        name: "help", group: .session,
        usage: "help [COMMAND | GROUP] | help [strategy] NAME | help glossary [TERM]",
        summary: "list commands, or show one command's syntax and example",
        example: "help mount"
    ) { (arguments, shell) throws(ShellError) in
        if let token = arguments.next() {
            // `help glossary [TERM]`: the words the lessons use.
            if token.text == "glossary", CommandTable.spec(named: "glossary") == nil {
                var words: [Token] = []
                while let word = arguments.next() { words.append(word) }
                guard let first = words.first else {
                    var lines = [shell.style.bold("glossary"), "  the words the lessons, help and output use; 'help glossary TERM' gives one"]
                    for entry in Glossary.entries {
                        lines.append("")
                        lines.append("  " + shell.style.bold(entry.title))
                        lines += wrapped(entry.definition, width: 78, indent: "    ")
                    }
                    shell.emit(lines.joined(separator: "\n"))
                    return
                }
                let term = words.map(\.text).joined(separator: " ")
                guard let entry = Glossary.entry(term) else {
                    let hint = closestName(to: term, in: Glossary.names).map { "; did you mean '\($0)'?" } ?? ""
                    throw ShellError("help glossary: no entry for '\(term)'\(hint) ('help glossary' lists them)", at: first)
                }
                shell.emit(([shell.style.bold(entry.title)] + wrapped(entry.definition, width: 78, indent: "  ")).joined(separator: "\n"))
                return
            }
            // `help strategy NAME`, or a strategy's name alone (`help uikit`).
            var strategyName: Token?
            if token.text == "strategy", let name = arguments.next() {
                strategyName = name
            } else if CommandTable.spec(named: token.text) == nil, shell.strategy(named: token.text) != nil {
                strategyName = token
            }
            if let name = strategyName {
                try arguments.end()
                guard let descriptor = shell.strategy(named: name.text) else {
                    throw shell.located(.unknownStrategy(name.text, suggestion: closestName(to: name.text, in: shell.strategyNames),
                                                        known: shell.strategyNames), in: arguments)
                }
                let strategy = descriptor.standard
                var lines = [shell.style.bold("strategy \(descriptor.name)"), "  " + strategy.summary, ""]
                // The rules reflowed to the terminal's 80 columns, the source a paragraph of its own.
                let rules = descriptor.rules.joined(separator: " ").replacingOccurrences(of: " Source: ", with: "\n\nSource: ")
                lines += wrapped(rules, width: 78, indent: "  ")
                if !descriptor.defaults.isEmpty {
                    lines.append("")
                    lines.append("  options: " + descriptor.usages.joined(separator: ", "))
                    lines.append("  defaults: " + strategy.optionsDescription)
                }
                shell.emit(lines.joined(separator: "\n"))
                return
            }
            try arguments.end()
            // A group: its commands with their usage.
            if CommandTable.spec(named: token.text) == nil, let group = CommandSpec.Group.named(token.text) {
                var lines = [shell.style.bold(group.rawValue)]
                for spec in CommandTable.all where spec.group == group {
                    lines.append("  " + spec.name.padding(11) + spec.summary)
                    for usage in spec.usage.split(separator: "\n") { lines.append("    " + String(usage).trimmingTrailingSpaces()) }
                }
                shell.emit(lines.joined(separator: "\n"))
                return
            }
            guard let spec = CommandTable.spec(named: token.text) else {
                let groups = ["define", "change", "inspect", "session"]
                let hint = closestName(to: token.text, in: CommandTable.all.map(\.name) + groups).map { "; did you mean '\($0)'?" } ?? ""
                throw ShellError("help: unknown command '\(token.text)'\(hint)", at: token)
            }
            var lines = spec.usage.split(separator: "\n").map { shell.style.bold(String($0)) }
            lines.append("  " + spec.summary)
            if !spec.details.isEmpty {
                lines.append("")
                lines += wrapped(spec.details, width: 78, indent: "  ")
            }
            lines += ["", "  example: " + spec.example]
            shell.emit(lines.joined(separator: "\n"))
            return
        }
        var lines: [String] = []
        for group in CommandSpec.Group.allCases {
            lines.append(shell.style.bold(group.rawValue))
            for spec in CommandTable.all where spec.group == group {
                lines.append("  " + spec.name.padding(11) + spec.summary)
            }
        }
        lines.append("")
        lines.append("A PATH names a mounted component: names from the root joined by '/',")
        lines.append("Name[index] among namesakes, row numbers in lists (Feed/3/Title), or a")
        lines.append("view id for the component holding it. A VIEW is a view id (v7), root,")
        lines.append("or a PATH for the view its component holds.")
        lines.append("'help COMMAND' shows syntax and an example, 'help GROUP' (define, change,")
        lines.append("inspect, session) a group's syntax; inspection commands take --json.")
        lines.append("'help glossary' defines the words used (pool, key, cell, cache, ...).")
        shell.emit(lines.joined(separator: "\n"))
    }
}

/// Reflows paragraphs to `width` columns; lines that look aligned (two
/// spaces inside, like a table) are kept as they are.
func wrapped(_ text: String, width: Int, indent: String) -> [String] {
    var lines: [String] = []
    var paragraph: [Substring] = []
    func flush() {
        var line = indent
        for word in paragraph.joined(separator: " ").split(separator: " ") {
            if line.count > indent.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        if line.count > indent.count { lines.append(line) }
        paragraph = []
    }
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if raw.trimmingCharacters(in: .whitespaces).isEmpty {
            flush()
            lines.append("")
        } else if raw.contains("  ") {
            flush()
            lines.append(indent + raw)
        } else {
            paragraph.append(raw)
        }
    }
    flush()
    return lines
}
