import ArgumentParser
import Foundation
import ReuseEngine
import ReuseShell

/// The `reuse-shell` executable: flags, then scripts, `-c` commands, piped
/// stdin or the interactive line editor, all over one `Interpreter`.
@main
struct ReuseShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reuse-shell",
        abstract: "Explore how UI frameworks reuse views: mount components, scroll lists, inspect pools.",
        discussion: """
        With no FILE and no -c, reads commands from the terminal (line editing, history in \
        ~/.reuse_shell_history or $REUSE_SHELL_HISTORY, Tab completion) or, when stdin is \
        not a terminal, from stdin without a prompt. Type 'help' inside the shell. \
        Exit status is 1 when any command failed.
        """,
        version: "0.1.0"
    )

    @Argument(help: "Session scripts to replay, in order (- reads stdin).", completion: .file(extensions: ["reuse"]))
    var files: [String] = []

    @Option(name: .shortAndLong, help: "Run one command after the files (may be repeated).")
    var command: [String] = []

    @Flag(help: "Print each command before its output (for transcripts).")
    var echo = false

    @Flag(help: "Stop at the first command that fails.")
    var bail = false

    @Flag(name: .customLong("no-color"), help: "No colour, even on a terminal (NO_COLOR and TERM=dumb work too).")
    var noColor = false

    @Flag(name: .shortAndLong, help: "After the scripts and commands, continue interactively.")
    var interactive = false

    @Flag(help: "Presenter mode: show each command of the scripts and wait for Enter before running it.")
    var step = false

    @Option(help: "Start with this reuse strategy (\(StrategyRegistry.names.joined(separator: ", "))).")
    var strategy: String?

    func run() throws {
        let terminalIn = isatty(STDIN_FILENO) == 1
        let terminalOut = isatty(STDOUT_FILENO) == 1
        let environment = ProcessInfo.processInfo.environment
        // A dumb terminal shows escape codes as text.
        let color = terminalOut && !noColor && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        let options = Interpreter.Options(style: Style(color: color), echo: echo, bail: bail)
        let interpreter = Interpreter(options: options, write: Output.standard, writeError: Output.standardError)

        if let strategy {
            do throws(ShellError) {
                try interpreter.selectStrategy(strategy)
            } catch {
                throw ValidationError(error.message)
            }
        }

        var ok = true
        for file in files {
            if file == "-" {
                ok = readStandardInput(into: interpreter) && ok
            } else if step {
                ok = Presenter(interpreter: interpreter, terminal: terminalIn).present(file: file) && ok
            } else {
                ok = interpreter.run(file: file) && ok
            }
            if interpreter.wantsToQuit || (!ok && bail) { throw ExitCode(ok ? 0 : 1) }
        }
        for (index, line) in command.enumerated() {
            ok = interpreter.run(line: line, at: SourceLocation(file: "<input>", line: index + 1)) && ok
            if interpreter.wantsToQuit || (!ok && bail) { throw ExitCode(ok ? 0 : 1) }
        }
        let readsInput = interactive || (command.isEmpty && files.isEmpty)
        guard readsInput else { throw ExitCode(ok ? 0 : 1) }

        if terminalIn {
            let history = environment["REUSE_SHELL_HISTORY"]
                ?? (environment["HOME"].map { $0 + "/.reuse_shell_history" })
            Interactive(interpreter: interpreter, historyPath: history).run()
            return
        }
        ok = readStandardInput(into: interpreter) && ok
        throw ExitCode(ok ? 0 : 1)
    }

    /// Runs stdin's lines plainly (no prompt, no editing, no history).
    func readStandardInput(into interpreter: Interpreter) -> Bool {
        var ok = true
        var number = 0
        while let line = readLine(strippingNewline: true) {
            number += 1
            let clean = line.hasSuffix("\r") ? String(line.dropLast()) : line
            let succeeded = interpreter.run(line: clean, at: SourceLocation(file: "<stdin>", line: number))
            ok = succeeded && ok
            if interpreter.wantsToQuit || (!succeeded && bail) { break }
        }
        return ok
    }
}

/// Unbuffered writes, so output and errors interleave in the order they happen.
enum Output {
    static func standard(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
