import Foundation
import ReuseEngine

/// Runs reuse-shell commands against one engine: parses each line, runs it,
/// prints what it did, and reports errors with file, line and column.
///
/// A command that fails changes nothing: every engine operation validates
/// its input before it changes state.
public final class Interpreter {
    /// Settings from the command line.
    public struct Options: Sendable {
        public var style = Style.plain
        /// Print each command (`reuse> CMD`) before its output.
        public var echo = false
        /// Stop a script at its first failing command.
        public var bail = false

        public init(style: Style = .plain, echo: Bool = false, bail: Bool = false) {
            self.style = style
            self.echo = echo
            self.bail = bail
        }
    }

    public internal(set) var engine = Engine()
    public var options: Options
    /// Narrate every decision after each pass.
    public internal(set) var explains = false
    /// Commands that failed so far.
    public private(set) var failures = 0
    /// Set by `quit`.
    public private(set) var wantsToQuit = false
    /// State-changing commands that succeeded since the last `reset`, for `save`.
    public private(set) var recorded: [String] = []
    /// Directory that relative paths in `source`/`save` start from.
    public var workingDirectory: String = FileManager.default.currentDirectoryPath

    let write: (String) -> Void
    /// Where error reports go (the same stream as output unless told otherwise).
    let writeError: (String) -> Void
    /// Script files being run, outermost first (absolute paths); relative
    /// paths inside a script start from its directory.
    var scriptStack: [String] = []
    /// The lines of the current command (for error carets).
    var current: (location: SourceLocation, line: String)?

    public init(options: Options = Options(), write: @escaping (String) -> Void, writeError: ((String) -> Void)? = nil) {
        self.options = options
        self.write = write
        self.writeError = writeError ?? write
    }

    /// Selects the strategy before anything runs (`--strategy`).
    public func selectStrategy(_ name: String) throws(EngineError) {
        try engine.setStrategy(named: name, trigger: "strategy \(name)")
    }

    /// Selects a configured strategy (options included).
    public func selectStrategy(_ strategy: any ReuseStrategy) throws(EngineError) {
        try engine.setStrategy(strategy, trigger: "strategy \(strategy.name)")
    }

    var style: Style { options.style }

    /// Prints text followed by a newline (nothing for an empty string).
    func emit(_ text: String) {
        guard !text.isEmpty else { return }
        write(text.hasSuffix("\n") ? text : text + "\n")
    }

    // MARK: Running lines

    /// Runs one line; returns false when it failed.
    @discardableResult
    public func run(line: String, at location: SourceLocation) -> Bool {
        let tokens: [Token]
        switch Lexer.tokenize(line) {
        case .success(let result): tokens = result
        case .failure(let error):
            if options.echo { emit("reuse> " + line) }
            report(error, at: location, line: line)
            return false
        }
        guard let first = tokens.first else {
            if options.echo, !line.trimmingCharacters(in: .whitespaces).isEmpty { emit(line) }
            return true
        }
        if options.echo { emit(style.bold("reuse> ") + line) }
        guard let spec = CommandTable.spec(named: first.text) else {
            let hint = closestName(to: first.text, in: CommandTable.all.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            report(ShellError("unknown command '\(first.text)'\(hint) (type 'help' for a list)", at: first), at: location, line: line)
            return false
        }
        var arguments = Arguments(command: first, tokens: Array(tokens.dropFirst()), lineLength: line.count)
        // No snapshot of the engine: its operations check everything before
        // they change anything, so a failed command has changed nothing.
        // (A copy here would cost the whole event log on every command.)
        let savedCurrent = current
        current = (location, line)
        defer { current = savedCurrent }
        do {
            try spec.run(&arguments, self)
            if spec.recordsForSave { recorded.append(line.trimmingCharacters(in: .whitespaces)) }
            return true
        } catch {
            report(error, at: location, line: line)
            return false
        }
    }

    /// Runs a script's lines; stops at the first failure when `bail` is set.
    /// Returns false when any line failed.
    @discardableResult
    public func run(script text: String, file: String) -> Bool {
        var ok = true
        for (index, line) in Interpreter.lines(of: text).enumerated() {
            if !run(line: line, at: SourceLocation(file: file, line: index + 1)) {
                ok = false
                if options.bail { break }
            }
            if wantsToQuit { break }
        }
        return ok
    }

    /// The lines of a script, for `\n` and `\r\n` endings alike (Swift reads
    /// `\r\n` as one character), without a trailing empty line.
    public static func lines(of text: String) -> [String] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if let last = text.last, last.isNewline { lines.removeLast() }
        return lines
    }

    /// Runs a script file by path.
    @discardableResult
    public func run(file path: String) -> Bool {
        let absolute = resolve(path)
        do {
            let text = try String(contentsOfFile: absolute, encoding: .utf8)
            scriptStack.append(absolute)
            defer { scriptStack.removeLast() }
            return run(script: text, file: path)
        } catch {
            failures += 1
            writeError("\(path): " + style.error("error:") + " cannot read file: \(describe(error, path: absolute))\n")
            return false
        }
    }

    func report(_ error: ShellError, at location: SourceLocation, line: String) {
        failures += 1
        writeError(error.rendered(at: location, line: line, style: style))
    }

    /// An absolute path for `path`: relative paths start from the directory of
    /// the script being run, or the working directory.
    func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/") { return NSHomeDirectory() + path.dropFirst(1) }
        let base = scriptStack.last.map { ($0 as NSString).deletingLastPathComponent } ?? workingDirectory
        return (base as NSString).appendingPathComponent(path)
    }

    func describe(_ error: any Error, path: String? = nil) -> String {
        if let path {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                return "it is a directory"
            }
            let parent = (path as NSString).deletingLastPathComponent
            if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent) {
                return "no such directory '\(parent)'"
            }
        }
        let nsError = error as NSError
        guard nsError.domain == NSCocoaErrorDomain else { return nsError.localizedDescription }
        switch nsError.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file"
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "no space left"
        case NSFileReadInvalidFileNameError, NSFileWriteInvalidFileNameError: return "invalid file name"
        case NSFileReadInapplicableStringEncodingError, NSFileReadCorruptFileError: return "not UTF-8 text"
        default: return nsError.localizedDescription
        }
    }

    // MARK: Helpers for commands

    func markQuit() { wantsToQuit = true }

    func resetSession() {
        engine = Engine()
        recorded = []
    }

    /// Prints what a pass did (with narration when `explain` is on).
    func report(_ summary: PassSummary) {
        if explains {
            for event in engine.log.events[summary.events] {
                emit("  " + style.dim(Narrator(engine: engine).sentence(for: event)))
            }
        }
        emit(style.accent("pass \(summary.pass)") + " " + style.dim("(\(summary.trigger))") + ": " + summary.counts.line)
    }

    /// Converts an engine error into a located shell error: the caret goes
    /// under the first argument that matches the error's subject.
    func located(_ error: EngineError, in arguments: Arguments) -> ShellError {
        if let subject = error.subject {
            // A definition that contains itself: point at the reference, not the name.
            let tokens: [Token]
            if case .recursiveDefinition = error { tokens = arguments.tokens.reversed() } else { tokens = arguments.tokens }
            for token in tokens where token.text == subject {
                return ShellError(error.description, at: token)
            }
            for token in arguments.tokens where token.text.contains(subject) || subject.contains(token.text) && token.kind == .word {
                return ShellError(error.description, at: token)
            }
        }
        return ShellError(error.description, at: arguments.command)
    }

    /// The trigger text of a pass: the command's tokens, one space apart,
    /// without a comment.
    var trigger: String {
        guard let line = current?.line, case .success(let tokens) = Lexer.tokenize(line) else { return "" }
        var text = ""
        for token in tokens {
            let glue = token.kind == .punctuation && (token.text == ":" || token.text == ",")
            if !text.isEmpty, !glue { text += " " }
            text += token.isQuoted ? quoted(token.text) : token.text
        }
        return text
    }
}
