import Foundation
import ReuseShell

/// The interactive loop on a terminal: prompt, line editing, history, completion.
struct Interactive {
    static let prompt = "reuse> "
    /// After a line ending in `\`: the command goes on (as wide as `prompt`).
    static let continuationPrompt = "     > "

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
        var joiner = LineJoiner(file: "<stdin>")
        loop: while !interpreter.wantsToQuit {
            switch editor.readLine(prompt: joiner.isContinuing ? Interactive.continuationPrompt : Interactive.prompt) {
            case .line(let typed):
                number += 1
                // A line ending in `\` goes on at the continuation prompt;
                // history keeps the whole command, once.
                guard let (line, location) = joiner.add(typed, number: number) else { continue }
                editor.addHistory(line)
                // Written as each line is entered: a SIGTERM or SIGHUP (a
                // closed terminal window) loses nothing.
                editor.saveHistory()
                if followsTerminalWidth, let columns = Terminal.columns() { interpreter.options.width = columns }
                // A Ctrl-C typed at the prompt is not meant for this command.
                Interruption.clear()
                interpreter.run(line: line, at: location)
                Interruption.clear()
            case .interrupted:
                // Ctrl-C drops the whole command, lines ending in `\` included.
                joiner.abandon()
                continue
            case .endOfFile:
                // Ctrl-D after a line ending in `\`: the command is refused, as at the end of a file.
                if let (line, location) = joiner.finish() { interpreter.run(line: line, at: location) }
                break loop
            }
        }
    }
}
