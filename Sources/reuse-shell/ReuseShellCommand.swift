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
        With no FILE and no -c, reads commands from the terminal (line editing, Tab \
        completion, history in $XDG_STATE_HOME/reuse-shell/history, or \
        ~/.reuse_shell_history when that file exists, or $REUSE_SHELL_HISTORY) or, when \
        stdin is not a terminal, from stdin without a prompt. An interactive session \
        first runs the start-up file ($XDG_CONFIG_HOME/reuse-shell/init, else \
        ~/.reuse_shellrc) unless --no-init. Type 'help' inside the shell. Exit status \
        is 1 when any command failed.
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

    @Option(help: "Colour: auto (on a terminal, unless TERM=dumb or NO_COLOR is set), always, or never.")
    var color: ColorChoice = .auto

    @Flag(name: .customLong("no-color"), help: "The same as --color never.")
    var noColor = false

    @Flag(name: .customLong("no-init"), help: "Do not run the start-up file in an interactive session.")
    var noInit = false

    @Flag(name: .shortAndLong, help: "After the scripts and commands, continue interactively.")
    var interactive = false

    @Flag(help: "Presenter mode: show each command of the scripts and wait for Enter before running it.")
    var step = false

    @Option(help: "Wrap text output to N columns (0: never); by default the terminal's width (followed when the window is resized), or 80.")
    var width: Int?

    @Option(name: .customLong("export-html"), help: ArgumentHelp(
        "Write the scripts as offline web pages instead of running them.",
        discussion: "OUT.html for one script; otherwise OUT is a directory: a page per script and index.html.",
        valueName: "OUT"))
    var exportHTML: String?

    @Option(help: "Start with this reuse strategy (\(StrategyRegistry.names.joined(separator: ", "))).")
    var strategy: String?

    func run() throws {
        if let exportHTML { try export(to: exportHTML) }
        let terminalIn = isatty(STDIN_FILENO) == 1
        let terminalOut = isatty(STDOUT_FILENO) == 1
        let environment = ProcessInfo.processInfo.environment
        let color: Bool
        switch noColor ? .never : self.color {
        case .always: color = true
        case .never: color = false
        // A dumb terminal shows escape codes as text.
        case .auto: color = terminalOut && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
        if let width, width < 0 { throw ValidationError("--width takes a number of columns (0: never wrap), not \(width)") }
        let columns = width ?? (terminalOut ? Terminal.columns() : nil) ?? 80
        let options = Interpreter.Options(style: Style(color: color), echo: echo, bail: bail, width: columns)
        let interpreter = Interpreter(options: options, write: Output.standard, writeError: Output.standardError)

        if let strategy {
            do throws(ShellError) {
                try interpreter.selectStrategy(strategy)
            } catch {
                throw ValidationError(error.message)
            }
        }

        // An interactive session at a terminal starts with the user's start-up file.
        let readsInput = interactive || (command.isEmpty && files.isEmpty)
        if readsInput, terminalIn, !noInit, let startup = ReuseShellCommand.startupFile(environment) {
            interpreter.run(file: startup)
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
        guard readsInput else { throw ExitCode(ok ? 0 : 1) }

        if terminalIn {
            Interactive(interpreter: interpreter, historyPath: ReuseShellCommand.historyFile(environment),
                        followsTerminalWidth: width == nil && terminalOut).run()
            return
        }
        ok = readStandardInput(into: interpreter) && ok
        throw ExitCode(ok ? 0 : 1)
    }

    /// `--export-html OUT`: a page per script (or a site); exits 1 when a
    /// script has a failing step, so a broken lesson is noticed.
    func export(to output: String) throws -> Never {
        let scripts = files.filter { $0 != "-" }
        guard !scripts.isEmpty else { throw ValidationError("--export-html needs one or more scripts to write as pages") }
        let written: [LessonSite.Written]
        do throws(LessonSite.Failure) {
            written = try LessonSite.write(scripts: scripts, to: output)
        } catch {
            Output.standardError("reuse-shell: \(error)\n")
            throw ExitCode(1)
        }
        for page in written {
            Output.standard("wrote \(page.page) (\(page.steps) step\(page.steps == 1 ? "" : "s"))\n")
            if page.failures > 0 {
                Output.standardError("\(page.script): \(page.failures) step\(page.failures == 1 ? "" : "s") failed; the page shows where\n")
            }
        }
        if written.count > 1 || !output.lowercased().hasSuffix(".html") {
            Output.standard("wrote \((output as NSString).appendingPathComponent("index.html"))\n")
        }
        throw ExitCode(written.contains { $0.failures > 0 } ? 1 : 0)
    }

    /// `$REUSE_SHELL_HISTORY`; else `~/.reuse_shell_history` when it exists
    /// (where earlier versions kept it); else `$XDG_STATE_HOME/reuse-shell/history`
    /// (`~/.local/state` by default), its directory created.
    static func historyFile(_ environment: [String: String]) -> String? {
        if let path = environment["REUSE_SHELL_HISTORY"], !path.isEmpty { return path }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        let legacy = home + "/.reuse_shell_history"
        if FileManager.default.fileExists(atPath: legacy) { return legacy }
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/state"
        let directory = state + "/reuse-shell"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory + "/history"
    }

    /// The start-up file: `$XDG_CONFIG_HOME/reuse-shell/init` (`~/.config` by
    /// default), else `~/.reuse_shellrc`, whichever exists first.
    static func startupFile(_ environment: [String: String]) -> String? {
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return [config + "/reuse-shell/init", home + "/.reuse_shellrc"].first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Runs stdin's lines plainly (no prompt, no editing, no history).
    func readStandardInput(into interpreter: Interpreter) -> Bool {
        var ok = true
        var number = 0
        while let line = readLine(strippingNewline: true) {
            number += 1
            let clean = Interpreter.line(line, number: number)
            let succeeded = interpreter.run(line: clean, at: SourceLocation(file: "<stdin>", line: number))
            ok = succeeded && ok
            if interpreter.wantsToQuit || (!succeeded && bail) { break }
        }
        return ok
    }
}

/// The terminal behind standard output.
enum Terminal {
    /// Its width in columns, when it reports one.
    static func columns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

/// When output is coloured.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
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
