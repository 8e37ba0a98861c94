import Foundation
import ReuseEngine

/// `export FILE`: the tree and pools as a picture, or a session as a web page.
enum ExportCommand {
    static let options: [CommandOption] = [.valued("pass"), .flag("all")]

    static let spec = CommandSpec(
        name: "export", group: .session,
        usage: "export FILE.svg|FILE.dot [VIEW] [--pass N] [--all]\nexport FILE.html [SCRIPT]",
        summary: "draw the tree and pools to an SVG or DOT file, or a session as a web page",
        details: """
        FILE.dot: the Graphviz graph 'tree --dot' prints; FILE.svg: that graph
        drawn by Graphviz's dot (it must be installed). Both show now, or right
        after pass N with --pass N; --all draws every row of long lists. With
        VIEW (an id like v7, or a path), only the subtree below it, under a
        note saying where it sits and how many views are left out. Above
        2000 views, the SVG's layout is reuse-shell's own tidy tree (rows by
        depth, straight edges), as dot's would take seconds; Graphviz still
        sizes and draws each box.
        FILE.html: one offline page stepping through a session (commands,
        output, narration, expect results, a picture after each step; arrow
        keys step). With SCRIPT, that script's session, run afresh; without,
        the commands 'save' would write.
        """,
        example: "export tree.svg",
        options: options,
        replays: false
    ) { (arguments, shell) throws(ShellError) in
        let parsed = try arguments.options(options)
        guard let file = parsed.rest.first else { throw arguments.missing("a file name ending in .svg, .dot or .html") }
        let kind = (file.text as NSString).pathExtension.lowercased()
        let content: String
        var note = ""
        switch kind {
        case "dot", "svg":
            if parsed.rest.count > 2 { throw ShellError("export: unexpected '\(parsed.rest[2].text)'", at: parsed.rest[2]) }
            let state = try shell.state(at: parsed.values["pass"], for: "export")
            var root = ViewID.root
            if let view = parsed.rest.dropFirst().first {
                do throws(ShellError) {
                    root = try shell.viewID(from: view, in: state)
                } catch {
                    throw ShellError("export: \(error.message); VIEW is the view whose subtree to draw", at: view)
                }
            }
            let graph = DotGraph(engine: state, all: parsed.flags.contains("all")).treeGraph(from: root)
            if kind == "dot" {
                content = graph.text(title: "tree", inReadingOrder: true)
            } else {
                do throws(Graphviz.Failure) {
                    content = try TreePicture.svg(graph)
                } catch {
                    throw ShellError("export: \(error)", at: file)
                }
                if TreePicture.usesTreeLayout(graph) {
                    note = " (\(graph.drawn.count) views, over \(TreePicture.layoutThreshold): laid out as a tidy tree)"
                }
            }
        case "html":
            if parsed.rest.count > 2 { throw ShellError("export: unexpected '\(parsed.rest[2].text)'", at: parsed.rest[2]) }
            if let pass = parsed.values["pass"] { throw ShellError("export: a page shows every step; --pass is for .svg and .dot", at: pass) }
            let page: LessonPage
            if let script = parsed.rest.dropFirst().first {
                let path = shell.resolve(script.text)
                let text: String
                do {
                    text = try ScriptReader.readAll(atPath: path)
                } catch {
                    throw ShellError("export: cannot read '\(script.text)': \(shell.describe(error, path: path))", at: script)
                }
                page = LessonPage(script: text, file: path)
            } else {
                guard !shell.recorded.isEmpty else {
                    throw ShellError("export: nothing to show yet; run some commands, or name a script (export FILE.html SCRIPT)", at: file)
                }
                var text = "# reuse-shell session\n"
                if shell.engine.strategy.name != StrategyRegistry.standard.name, !shell.recorded.contains(where: { $0.command == "strategy" }) {
                    text += "strategy \(shell.engine.strategy.name)\n"
                }
                for command in shell.recorded { text += command.line + "\n" }
                page = LessonPage(script: text, file: shell.resolve("session.reuse"))
            }
            do throws(Graphviz.Failure) {
                content = try page.html()
            } catch {
                throw ShellError("export: \(error)", at: file)
            }
        default:
            throw ShellError("export: '\(file.text)' should end in .svg, .dot or .html", at: file)
        }
        do throws(FileReplacement.Failure) {
            try FileReplacement.write(Data(content.utf8), to: shell.resolve(file.text))
        } catch {
            throw ShellError("export: cannot write '\(file.text)': \(error)", at: file)
        }
        shell.emit("wrote \(file.text)" + note)
    }
}
