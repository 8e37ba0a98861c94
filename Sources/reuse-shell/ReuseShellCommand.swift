import ArgumentParser
import Foundation
import ReuseEngine
import ReuseShell
import Synchronization

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
        ~/.reuse_shellrc) unless --no-init. Type 'help' inside the shell. Exit status: \
        1 when a command of a script failed, 64 for a wrong command line, 130 after \
        Ctrl-C stopped a script, else 0 (man reuse-shell, EXIT STATUS).
        """,
        version: ReuseShellVersion.current
    )

    @Argument(help: ArgumentHelp("Session scripts to replay, in order (- reads stdin).", valueName: "FILE"),
              completion: .file(extensions: ["reuse"]))
    var files: [String] = []

    @Option(name: .shortAndLong, help: "Run one command after the files (may be repeated).")
    var command: [String] = []

    @Option(name: .customLong("import"), help: ArgumentHelp(
        "Before the files, build and mount a screen from a view-hierarchy dump: UIKit's recursiveDescription, Android's uiautomator or Appium XML or dumpsys, or a DivKit card (may be repeated; 'help import' in the shell).",
        valueName: "DUMP"), completion: .file())
    var imports: [String] = []

    @Flag(help: "Print each command before its output (for transcripts).")
    var echo = false

    @Flag(help: "Stop at the first command that fails.")
    var bail = false

    @Flag(name: .shortAndLong, help: "Print only what inspections (and help) print: no pass lines, no 'defined', no echo; errors still go to stderr. For pipes: reuse-shell s.reuse -q -c 'tree --json' | jq .")
    var quiet = false

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

    @Flag(name: .customLong("generate-manual"), help: "Print the manual page, reuse-shell(1), in roff and exit.")
    var generateManual = false

    func run() throws {
        if generateManual { return Output.standard(try ManualOptions.page()) }
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
        let options = Interpreter.Options(style: Style(color: color), echo: echo, bail: bail, width: columns, quiet: quiet)
        let interpreter = Interpreter(options: options, write: Output.standard, writeError: Output.standardError)
        // Lives until the process ends: freeing a long session's objects one
        // by one just before exit costs time and frees nothing that matters.
        _ = Unmanaged.passRetained(interpreter)

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

        if !step { ScriptInterrupt.install() }
        let ok = try Output.gathering { try runScripts(interpreter, terminalIn: terminalIn, readsInput: readsInput) }
        guard readsInput else { throw ExitCode(ok ? 0 : 1) }

        if terminalIn {
            Interactive(interpreter: interpreter, historyPath: ReuseShellCommand.historyFile(environment),
                        followsTerminalWidth: width == nil && terminalOut).run()
            return
        }
        let read = Output.gathering { readStandardInput(into: interpreter) }
        ScriptInterrupt.endIfRequested()
        throw ExitCode(ok && read ? 0 : 1)
    }

    /// The scripts and `-c` commands, in order; whether all succeeded.
    /// Throws the exit when one quits or fails under `--bail`.
    private func runScripts(_ interpreter: Interpreter, terminalIn: Bool, readsInput: Bool) throws -> Bool {
        var ok = true
        for (index, dump) in imports.enumerated() {
            ok = interpreter.run(line: "import " + quoted(dump), at: SourceLocation(file: "<--import>", line: index + 1)) && ok
            if Interruption.isRequested { ScriptInterrupt.end() }
            if !ok && bail { throw ExitCode(1) }
        }
        for file in files {
            if file == "-" {
                ok = readStandardInput(into: interpreter) && ok
            } else if step {
                ok = Presenter(interpreter: interpreter, terminal: terminalIn).present(file: file) && ok
            } else {
                ok = interpreter.run(file: file) && ok
            }
            if !step, Interruption.isRequested {
                // `-i`: Ctrl-C skips the rest of the files, to the prompt.
                guard readsInput, terminalIn else { ScriptInterrupt.end() }
                Interruption.clear()
                return ok
            }
            if interpreter.wantsToQuit || (!ok && bail) { throw ExitCode(ok ? 0 : 1) }
        }
        // The -c commands are the lines of <input>: one ending in `\` goes on in the next.
        var joiner = LineJoiner(file: "<input>")
        for (index, text) in command.enumerated() {
            guard let (line, location) = joiner.add(text, number: index + 1) else { continue }
            ok = interpreter.run(line: line, at: location) && ok
            if Interruption.isRequested { ScriptInterrupt.end() }
            if interpreter.wantsToQuit || (!ok && bail) { throw ExitCode(ok ? 0 : 1) }
        }
        if let (line, location) = joiner.finish() {
            ok = interpreter.run(line: line, at: location) && ok
            if !ok && bail { throw ExitCode(1) }
        }
        return ok
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
            if !quiet { Output.standard("wrote \(page.page) (\(page.steps) step\(page.steps == 1 ? "" : "s"))\n") }
            if page.failures > 0 {
                Output.standardError("\(page.script): \(page.failures) step\(page.failures == 1 ? "" : "s") failed; the page shows where\n")
            }
        }
        if !quiet, written.count > 1 || !output.lowercased().hasSuffix(".html") {
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

    /// Runs stdin's lines plainly (no prompt, no editing, no history), read
    /// as they run and bounded as a script file's (``ScriptReader``).
    func readStandardInput(into interpreter: Interpreter) -> Bool {
        var reader = ScriptReader(descriptor: STDIN_FILENO)
        // Someone waiting for this output before sending more must get it.
        reader.onWait = { Output.flush() }
        return interpreter.run(reading: &reader, file: "<stdin>", announcesWaits: false)
    }
}

/// Ctrl-C in a script run (files, `-c`, piped stdin): the running command
/// stops and is taken back as at the prompt, what it printed before is
/// written out, and the process ends by SIGINT (status 130 to the shell).
/// A second Ctrl-C ends it at once. No SA_RESTART: a read waiting on a
/// silent pipe ends too.
enum ScriptInterrupt {
    static func install() {
        // Started with SIGINT ignored (`reuse-shell s.reuse &` from sh): it stays so.
        var current = sigaction()
        guard sigaction(SIGINT, nil, &current) == 0 else { return }
        let ignore = unsafeBitCast(SIG_IGN, to: Int.self)
        if let handler = current.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) == ignore { return }
        Interruption.prepare()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = scriptInterruptHandler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        // A parent's blocked mask is inherited (a program started from a
        // worker thread, which blocks signals): Ctrl-C must still arrive.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGINT)
        sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Ends the process by SIGINT if Ctrl-C was pressed, output written first.
    static func endIfRequested() {
        guard Interruption.isRequested else { return }
        Output.flush()
        signal(SIGINT, SIG_DFL)
        raise(SIGINT)
    }

    /// Ends the process by SIGINT (Ctrl-C was pressed).
    static func end() -> Never {
        Interruption.request()
        endIfRequested()
        exit(130)
    }
}

/// Async-signal-safe: an atomic flag; the second press restores the default
/// action and raises it again.
private func scriptInterruptHandler(_ signal: Int32) {
    if Interruption.isRequested {
        _ = Glibc.signal(SIGINT, SIG_DFL)
        _ = raise(SIGINT)
    }
    Interruption.request()
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

/// Standard output and error.
///
/// Output to a terminal is written as it comes. Output to a file or pipe
/// is gathered while scripts run (``gathering(_:)``), 64 KiB at a time, as
/// C's stdio does: a write per line would cost more than the line. Gathered
/// output is written before every error message (so the two interleave in
/// order on one descriptor), before standard input is waited on, and at
/// exit.
enum Output {
    private static let pending = Mutex<Pending>(Pending())

    private struct Pending {
        var bytes: [UInt8] = []
        var gathering = false
    }

    private static let limit = 1 << 16

    static func standard(_ text: String) {
        let written = pending.withLock { state -> Bool in
            guard state.gathering else { return false }
            state.bytes.append(contentsOf: text.utf8)
            if state.bytes.count >= limit { writeAll(state.bytes, to: STDOUT_FILENO); state.bytes.removeAll(keepingCapacity: true) }
            return true
        }
        if !written { writeAll(Array(text.utf8), to: STDOUT_FILENO) }
    }

    static func standardError(_ text: String) {
        flush()
        writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Writes what was gathered.
    static func flush() {
        pending.withLock { state in
            guard !state.bytes.isEmpty else { return }
            writeAll(state.bytes, to: STDOUT_FILENO)
            state.bytes.removeAll(keepingCapacity: true)
        }
    }

    /// Runs `body` with standard output gathered when it is not a terminal,
    /// then writes what is left.
    static func gathering<T>(_ body: () throws -> T) rethrows -> T {
        let gather = isatty(STDOUT_FILENO) == 0
        if gather {
            pending.withLock { $0.gathering = true }
            registerExitFlush
        }
        defer {
            if gather {
                flush()
                pending.withLock { $0.gathering = false }
            }
        }
        return try body()
    }

    /// Exits (`ExitCode`, a failed `--bail`) also write what was gathered.
    private static let registerExitFlush: Void = {
        atexit { Output.flush() }
    }()

    /// write(2) until all is written (or the descriptor fails: a closed pipe).
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                offset += count
            }
        }
    }
}
