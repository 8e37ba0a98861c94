import Foundation
import ReuseShell

/// The interactive loop on a terminal: prompt, line editing, history, completion.
struct Interactive {
    static let prompt = "reuse> "

    let interpreter: Interpreter
    let historyPath: String?
    /// Output wraps to the terminal's width as it is when each line runs
    /// (a resized window is followed); false when `--width` fixed it.
    var followsTerminalWidth = true

    func run() {
        let interpreter = self.interpreter
        let editor = LineEditor(programName: "reuse-shell", historyPath: historyPath) { line in
            interpreter.completions(for: line)
        }
        defer { editor.saveHistory() }
        if interpreter.engine.log.passes.isEmpty, interpreter.recorded.isEmpty {
            Output.standard("reuse-shell \(ReuseShellCommand.configuration.version): type 'help' for commands, Tab to complete, Ctrl-D to leave.\n")
        }
        var number = 0
        loop: while !interpreter.wantsToQuit {
            switch editor.readLine(prompt: Interactive.prompt) {
            case .line(let line):
                number += 1
                editor.addHistory(line)
                // Written as each line is entered: a SIGTERM or SIGHUP (a
                // closed terminal window) loses nothing.
                editor.saveHistory()
                if followsTerminalWidth, let columns = Terminal.columns() { interpreter.options.width = columns }
                // A Ctrl-C typed at the prompt is not meant for this command.
                Interruption.clear()
                interpreter.run(line: line, at: SourceLocation(file: "<stdin>", line: number))
                Interruption.clear()
            case .interrupted:
                continue
            case .endOfFile:
                break loop
            }
        }
    }
}
