import Foundation
import ReuseEngine

/// Runs reuse-shell commands against one engine: parses each line, runs it,
/// prints what it did, and reports errors with file, line and column.
///
/// A command that fails changes nothing: every engine operation validates
/// its input before it changes state.
public final class Interpreter {
    // Properties marked `@exclusivity(unchecked)` are read and written on
    // every line (the line's words, the running command, the record, the
    // output switches): each access of a class's property is otherwise
    // checked at run time for another access overlapping it, about 120
    // instructions, a dozen a line. None of them is ever accessed while an
    // access of it is open: each is read, assigned or changed in place by
    // a method that touches no other part of the interpreter, and the
    // interpreter runs on one thread. (`engine` keeps its checks: a
    // command's body runs with the engine passed `inout`.)
    /// Settings from the command line.
    public struct Options: Sendable {
        public var style = Style.plain
        /// Print each command (`reuse> CMD`) before its output.
        public var echo = false
        /// Stop a script at its first failing command.
        public var bail = false
        /// Replaying a session for `compare`: commands that would switch the
        /// strategy, write files or replay again are passed over.
        public var replay = false
        /// Text output is wrapped (tables condensed) to this many columns;
        /// 0 never wraps. JSON and error reports are never wrapped.
        public var width = 0
        /// Print only what answers a question (inspections, `help`): no pass
        /// lines, no `defined`, no narration, no echo, so `tree --json` can
        /// be piped. Errors are reported as always.
        public var quiet = false

        public init(style: Style = .plain, echo: Bool = false, bail: Bool = false, replay: Bool = false, width: Int = 0,
                    quiet: Bool = false) {
            self.style = style
            self.echo = echo
            self.bail = bail
            self.replay = replay
            self.width = width
            self.quiet = quiet
        }
    }

    public internal(set) var engine = Interpreter.interruptibleEngine()

    /// The shortcuts the engine takes (``FastPaths``): all of them, unless
    /// a test turns some off to hold them to the general paths. A `reset`
    /// keeps them.
    package var fastPaths: FastPaths {
        get { engine.fastPaths }
        set { engine.fastPaths = newValue }
    }

    /// A new engine whose passes stop at Ctrl-C (``Interruption``).
    static func interruptibleEngine() -> Engine {
        var engine = Engine()
        engine.setInterruptionCheck { Interruption.isRequested }
        return engine
    }
    public var options: Options
    /// Narrate every decision after each pass.
    public internal(set) var explains = false
    /// What ``narrateSilences()`` said after the last pass, in order.
    private var narratedSilences: [String] = []
    /// The quiz asked and not yet answered (`quiz`): the next command answers it.
    @exclusivity(unchecked) var pendingQuiz: QuizCommand.Pending?
    /// The learner's answer to the pending quiz (presenter mode), marked when it is answered.
    public var quizAnswer: String?
    /// Whether a quiz waits for the next command.
    public var hasPendingQuiz: Bool { pendingQuiz != nil }
    /// The quizzes answered so far, in order (what a lesson page reveals).
    var revealedQuizzes: [QuizCommand.Revealed] = []
    /// Whether a quiz's answer is printed after the command that answers it
    /// (a lesson page keeps it for its reveal instead).
    public var printsQuizAnswers = true
    /// Commands that failed so far.
    @exclusivity(unchecked) public private(set) var failures = 0
    /// Set by `quit`.
    public private(set) var wantsToQuit = false
    /// State-changing commands that succeeded since the last `reset`, for `save` and `compare`.
    @exclusivity(unchecked) public private(set) var recorded = RecordedCommands()
    /// Sessions ended by `reset`, oldest first, so a mark taken in one can
    /// still be restored (presenter mode going back over a `reset`).
    private var endedSessions: [(engine: Engine, recorded: RecordedCommands)] = []
    /// Splits lines into tokens (each line exactly once).
    @exclusivity(unchecked) var lexer = Lexer()
    /// Pass lines, with the last one's counts part kept.
    private var passLines = PassLine.Cache()
    /// Lines tokenized so far: each line run is tokenized exactly once.
    public var linesTokenized: Int { lexer.linesTokenized }
    /// Directory that relative paths in `source`/`save` start from.
    public var workingDirectory: String = FileManager.default.currentDirectoryPath

    /// Where output goes.
    private let sink: (String) -> Void
    /// Output is dropped (presenter mode running steps to reach a later
    /// one); errors still show.
    public var muted = false { didSet { dropsOutput = muted || silenced } }
    /// The running command's output is dropped: under `quiet`, it answers
    /// no question (set per command, so a `source`d inspection still prints).
    @exclusivity(unchecked) private var silenced = false { didSet { dropsOutput = muted || silenced } }
    /// `muted || silenced`, kept as one flag: what every write and every
    /// pass line test.
    private var dropsOutput = false
    /// Where output goes instead (`output FILE`), until `output` alone.
    var outputFile: FileHandle?
    /// What ``answer(_:)`` collects while it runs its question.
    private var answering: String?
    /// Where the next command's output goes (`once FILE`), then the one it
    /// runs for (`once` applies to the command after it).
    @exclusivity(unchecked) var pendingOnce: FileHandle?
    @exclusivity(unchecked) var onceFile: FileHandle?
    /// Where error reports go (the same stream as output unless told otherwise).
    let writeError: (String) -> Void
    /// Script files being run, outermost first (absolute paths); relative
    /// paths inside a script start from its directory.
    var scriptStack: [String] = []
    /// The command running now: where it came from, its line, and its
    /// canonical text (the trigger of the pass it runs).
    @exclusivity(unchecked) var current: RunningCommand?

    /// The command running: where it came from, its line, and its canonical
    /// text. A class, never changed: kept aside and put back around every
    /// command with one retain, not one for each of its strings and arrays.
    final class RunningCommand {
        let location: SourceLocation
        let line: String
        let text: String

        init(_ location: SourceLocation, _ line: String, _ text: String) {
            self.location = location
            self.line = line
            self.text = text
        }
    }

    /// The strategies `strategy`, `compare`, `help strategy` and completion
    /// know, in listing order: the engine's (``StrategyRegistry/all``) unless
    /// a program built on the shell adds its own (the strategy SDK).
    public let strategies: [StrategyDescriptor]

    /// The strategy of this interpreter's list named `name`.
    func strategy(named name: String) -> StrategyDescriptor? { strategies.first { $0.name == name } }

    /// The names of ``strategies``, in order.
    var strategyNames: [String] { strategies.map(\.name) }

    /// - Parameter strategies: The strategies the shell offers; names must
    ///   be unique (a later one of a name is never found).
    public init(options: Options = Options(), strategies: [StrategyDescriptor] = StrategyRegistry.all,
                write: @escaping (String) -> Void, writeError: ((String) -> Void)? = nil) {
        self.options = options
        self.strategies = strategies
        self.sink = write
        self.writeError = writeError ?? write
    }

    /// Selects the strategy before anything runs (`--strategy`); the error says why not.
    public func selectStrategy(_ name: String) throws(ShellError) {
        guard let descriptor = strategy(named: name) else {
            throw ShellError(EngineError.unknownStrategy(name, suggestion: closestName(to: name, in: strategyNames), known: strategyNames).message,
                             column: 0)
        }
        selectStrategy(descriptor.standard)
    }

    /// Selects a configured strategy (options included) before anything runs.
    func selectStrategy(_ strategy: Strategy) {
        _ = try? engine.setStrategy(strategy, trigger: "strategy \(strategy.name)")
    }

    var style: Style { options.style }

    /// Prints text as it is (unless muted), to the file output is sent to if any.
    func write(_ text: String) {
        if answering != nil {
            answering! += text
            return
        }
        if dropsOutput { return }
        if let file = onceFile ?? outputFile {
            do {
                try file.write(contentsOf: Data(text.utf8))
            } catch {
                // The file takes no more (a full disk, a size limit): the
                // output goes back to the screen, and the failure says so once.
                let command = onceFile != nil ? "once" : "output"
                if onceFile != nil { onceFile = nil } else { outputFile = nil }
                failures += 1
                writeError("\(command): " + style.error("error:") + " cannot write on: \(describe(error)); the output goes back to the screen\n")
                sink(text)
            }
        } else {
            sink(text)
        }
    }

    /// Checkpoints after every operation, thinned by weight with no floor
    /// (``Engine/checkpointAfterEveryOperation()``), until a `reset`.
    package func checkpointAfterEveryOperation() { engine.checkpointAfterEveryOperation() }

    /// Whether the session takes checkpoints (``Engine/keepsCheckpoints``),
    /// for a benchmark that weighs them, until a `reset`.
    package var keepsCheckpoints: Bool {
        get { engine.keepsCheckpoints }
        set { engine.keepsCheckpoints = newValue }
    }

    /// What a question prints (`tree --json`, `pools --pass 3 --json`),
    /// whatever `output`, `once` or `--quiet` say, for a tool that questions
    /// a live session (the conformance kit checks past states so). Meant
    /// for inspections, which change nothing and are not recorded; an
    /// error's report goes where errors go.
    public func answer(_ question: String) -> String {
        answering = ""
        let (muted, silenced) = (self.muted, self.silenced)
        (self.muted, self.silenced) = (false, false)
        defer { (self.muted, self.silenced, answering) = (muted, silenced, nil) }
        run(line: question, at: SourceLocation(file: "<question>", line: 1))
        return answering ?? ""
    }

    /// Prints text followed by a newline (nothing for an empty string),
    /// each line wrapped to the width; `continuation` starts wrapped lines
    /// (by default the line's own indentation and two spaces).
    func emit(_ text: String, continuation: String? = nil) {
        guard !text.isEmpty else { return }
        var body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        if options.width > 0, body.displayWidth > options.width {
            body = body.split(separator: "\n", omittingEmptySubsequences: false)
                .flatMap { wrap(String($0), width: options.width, continuation: continuation) }
                .joined(separator: "\n")
        }
        write(body + "\n")
    }

    /// Prints what a command of an answering group did to the session
    /// (`log keep N`): like a pass line, not an answer, so `quiet` drops it.
    func emitChange(_ text: String) {
        if !options.quiet { emit(text) }
    }

    /// Prints a JSON document on one line (never wrapped).
    func emit(json: JSON) {
        write(json.rendered + "\n")
    }

    // MARK: Running lines

    /// Runs one line; returns false when it failed.
    @discardableResult
    public func run(line: String, at location: SourceLocation) -> Bool {
        // Read once (a few flags): each read of a class's property is an
        // exclusivity check at run time.
        let options = self.options
        let length = location.overlongBytes ?? line.utf8.count
        guard length <= Interpreter.maximumLineLength else {
            // Only the start is echoed: the point is the length.
            let start = String(line.unicodeScalars.prefix(60)) + "..."
            report(ShellError(Interpreter.overlong(bytes: length, limit: Interpreter.maximumLineLength), column: 1, length: 1),
                   at: location, line: start)
            return false
        }
        let lexed: LexedLine
        // A line read before: its words as they were (`FastPaths.lineCache`;
        // the invariant is `TextCache`'s). It still counts as tokenized.
        let cachesLines = engine.fastPaths.contains(.lineCache)
        if cachesLines, let cached = lexedLines[line] {
            lexed = cached
            lexer.countRemembered()
        } else {
            switch lexer.tokenize(line) {
            case .success(let result): lexed = LexedLine(result)
            case .failure(let error):
                if options.echo, !options.quiet { emit("reuse> " + line) }
                // No tokens, so nothing asks for JSON (a `--json` may be inside the broken quote).
                report(error, at: location, line: line)
                return false
            }
            if cachesLines { lexedLines.keep(lexed, for: line) }
        }
        let tokens = lexed.tokens
        if line.utf8.last == LineJoiner.backslash, let last = tokens.last, let dangling = Interpreter.danglingContinuation(line, last) {
            if options.echo { emit("reuse> " + line) }
            report(dangling, at: location, line: line, json: Interpreter.asksForJSON(tokens))
            return false
        }
        guard let first = tokens.first else {
            if options.echo, !options.quiet, !Interpreter.trimmed(line).isEmpty { emit(line) }
            return true
        }
        if options.echo, !options.quiet { emit(style.bold("reuse> ") + line, continuation: "       ") }
        guard let specIndex = lexed.command else {
            let hint = closestName(to: first.text, in: CommandTable.all.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            report(ShellError("unknown command '\(first.text)'\(hint) (type 'help' for a list)", at: first), at: location, line: line,
                   json: Interpreter.asksForJSON(tokens))
            return false
        }
        let spec = CommandTable.all[specIndex]
        if options.replay, !spec.replays { return true }
        // Under `quiet`, only an answer's output is printed (nothing saved
        // or restored otherwise: this is every line's path).
        var wasSilenced: Bool?
        if options.quiet {
            wasSilenced = silenced
            silenced = !spec.answers(words: tokens.count - 1)
        }
        defer { if let wasSilenced { silenced = wasSilenced } }
        // `once FILE` sends this command's output (and only its) to FILE.
        let savedOnce = onceFile
        if spec.name != "once", let file = pendingOnce {
            pendingOnce = nil
            onceFile = file
        }
        defer { onceFile = savedOnce }
        var arguments = Arguments(command: first, tokens: lexed.arguments, line: line)
        // No snapshot of the engine: its operations check everything before
        // they change anything, so a failed command has changed nothing.
        // (A copy here would cost the whole event log on every command.)
        let savedCurrent = current
        current = RunningCommand(location, line, lexed.canonical)
        defer { current = savedCurrent }
        let operations = engine.operationCount
        // A quiz asked before this command is answered after it (not by more narration).
        let answers = pendingQuiz != nil && spec.name != "say" && spec.name != "quiz"
        // The strategy a session's record starts under (read only before its first command).
        let starting = recorded.isEmpty && spec.recordsForSave ? engine.strategy : nil
        // A write to an `output` file that failed meanwhile fails the command.
        let failuresBefore = failures
        do {
            try spec.run(&arguments, self)
            // Recorded when it changed the session (`strategy` alone lists, and changes nothing).
            if spec.recordsForSave, engine.operationCount > operations {
                if recorded.isEmpty { recorded.startingStrategy = starting }
                // A line read before records as it did then (a line read
                // afresh, the cache off, has no `recorded` and trims and searches).
                let command = lexed.recorded?.command ?? RecordedCommand(command: spec.name, line: Interpreter.trimmed(line))
                recorded.append(command, operationsBefore: operations, stored: &lexed.recorded)
            }
            if answers { answerPendingQuiz() }
            return failures == failuresBefore
        } catch {
            if !error.alreadyReported { report(error, at: location, line: line, json: Interpreter.asksForJSON(arguments.tokens)) }
            if answers { answerPendingQuiz() }
            return false
        }
    }

    /// The longest line the shell reads, in UTF-8 bytes (1 MiB): a longer one
    /// is refused whole, before it is read into words.
    public static let maximumLineLength = 1 << 20

    /// What a line of `bytes` bytes past `limit` is told.
    static func overlong(bytes: Int, limit: Int) -> String {
        "this line is \(bytes) bytes long; a line may hold at most \(limit) bytes"
    }

    /// A line's last word ends in a `\` that nothing follows to continue:
    /// the error, under the `\`.
    static func danglingContinuation(_ line: String, _ last: Token) -> ShellError? {
        guard last.kind == .word, last.text.utf8.last == LineJoiner.backslash, last.column + last.length - 1 == line.count else { return nil }
        return ShellError("this '\\' continues the command on the next line, but no line follows", column: line.count)
    }

    /// Runs a script's commands (lines ending in `\` joined with the next);
    /// stops at the first failure when `bail` is set. Returns false when any
    /// command failed.
    @discardableResult
    public func run(script text: String, file: String) -> Bool {
        var ok = true
        // Line by line, so a long script never holds all its lines as strings.
        Interpreter.forEachCommand(of: text, file: file) { command, location in
            runScriptCommand(command, at: location, file: file, ok: &ok)
        }
        return ok
    }

    /// Runs a script's commands as ``run(script:file:)`` does, read from
    /// `reader` as they run (``ScriptReader``: bounded, interruptible),
    /// so the script is never held whole. A read that fails part way (a
    /// line past the limit, one not UTF-8, Ctrl-C while waiting) is
    /// reported at its line; the lines before it ran and stay.
    /// With `announcesWaits`, a wait of a second for the next line (a FIFO
    /// nothing writes to yet) says so on standard error, once per wait.
    public func run(reading reader: inout ScriptReader, file: String, announcesWaits: Bool = true) -> Bool {
        var ok = true
        var joiner = LineJoiner(file: file)
        if announcesWaits {
            reader.onLongWait = { [writeError] anyRead in
                writeError("\(file): waiting for " + (anyRead ? "more input" : "input (nothing written yet)") + "; Ctrl-C stops\n")
            }
        }
        while true {
            let line: String?
            do {
                line = try reader.nextLine()
            } catch {
                let number = error.line ?? reader.lineNumber + 1
                if error == .interrupted {
                    reportInterruption(file: file, line: number)
                } else if case .lineTooLong(_, let length, _) = error {
                    // Refused as a typed line is (``run(line:at:)``, its text
                    // already dropped); the script goes on after it.
                    var location = SourceLocation(file: file, line: number)
                    location.overlongBytes = length
                    guard runScriptCommand("", at: location, file: file, ok: &ok) else { return ok }
                    continue
                } else {
                    failures += 1
                    let why = if case .system(let message) = error { "cannot read on: \(message)" } else { error.description }
                    writeError("\(file):\(number): " + style.error("error:") + " \(why)\n")
                }
                return false
            }
            guard let line else { break }
            guard let (command, location) = joiner.add(line, number: reader.lineNumber) else { continue }
            guard runScriptCommand(command, at: location, file: file, ok: &ok) else { return ok }
        }
        if let (command, location) = joiner.finish() { _ = runScriptCommand(command, at: location, file: file, ok: &ok) }
        return ok
    }

    /// Runs one command of a script; false when the script stops there
    /// (Ctrl-C before it, a failure under `bail`, `quit`).
    private func runScriptCommand(_ command: String, at location: SourceLocation, file: String, ok: inout Bool) -> Bool {
        // Ctrl-C: the lines that ran stay; the rest do not run.
        if Interruption.isRequested {
            reportInterruption(file: file, line: location.line)
            ok = false
            return false
        }
        if !run(line: command, at: location) {
            ok = false
            if options.bail { return false }
        }
        return !wantsToQuit
    }

    private func reportInterruption(file: String, line number: Int) {
        let ran = number == 1 ? "nothing ran" : "the \(number - 1) line\(number == 2 ? "" : "s") before it ran and stay"
        writeError("\(file):\(number): interrupted; \(ran)\n")
    }

    /// Calls `body` with each command of a script (its lines split as
    /// ``lines(of:)`` says, a line ending in `\` joined with the next,
    /// ``LineJoiner``) and where it came from, until `body` returns false.
    /// A `\` on the last line stays in the last command, which
    /// ``run(line:at:)`` refuses.
    public static func forEachCommand(of text: String, file: String, _ body: (String, SourceLocation) -> Bool) {
        var joiner = LineJoiner(file: file)
        var going = true
        forEachLine(of: text) { number, line in
            guard let (command, location) = joiner.add(line, number: number) else { return true }
            going = body(command, location)
            return going
        }
        if going, let (command, location) = joiner.finish() { _ = body(command, location) }
    }

    /// The commands of a script with where each came from (``forEachCommand(of:file:_:)``).
    public static func commands(of text: String, file: String) -> [(text: String, location: SourceLocation)] {
        var commands: [(text: String, location: SourceLocation)] = []
        forEachCommand(of: text, file: file) { command, location in
            commands.append((command, location))
            return true
        }
        return commands
    }

    /// The lines of a script: split at `\n` alone (a `\r` before it is
    /// dropped, so `\r\n` files read the same), without a trailing empty
    /// line and without a leading byte-order mark. Standard input is read
    /// the same way (``line(_:number:)``), so a script reads alike from a
    /// file and from a pipe; other line breaks (a lone CR, VT, FF, NEL,
    /// U+2028) stay inside the line, where they separate words.
    public static func lines(of text: String) -> [String] {
        var lines: [String] = []
        forEachLine(of: text) { _, line in
            lines.append(line)
            return true
        }
        return lines
    }

    /// Calls `body` with each line of a script (split as ``lines(of:)``
    /// says) and its 1-based number, until `body` returns false.
    public static func forEachLine(of text: String, _ body: (Int, String) -> Bool) {
        // `\n`, `\r` and the byte-order mark's first byte are found among the
        // UTF-8 bytes: none is ever part of another character's encoding.
        let bytes = text.utf8
        var start = bytes.startIndex
        var number = 0
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            number += 1
            guard body(number, line(Substring(bytes[start..<end]), number: number)) else { return }
            start = end < bytes.endIndex ? bytes.index(after: end) : end
        }
    }

    /// One line as read (without its `\n`): a trailing `\r` dropped and, on
    /// the first line, a byte-order mark.
    public static func line(_ raw: some StringProtocol, number: Int) -> String {
        // Most lines: no `\r` to drop and no mark (its first byte is 0xEF),
        // the text as it is.
        var line = Substring(raw)
        if number == 1, line.unicodeScalars.first == "\u{FEFF}" { line = Substring(line.unicodeScalars.dropFirst()) }
        if line.utf8.last == UInt8(ascii: "\r") { line = Substring(line.unicodeScalars.dropLast()) }
        return String(line)
    }

    /// ``line(_:number:)`` of a line read as a string: most lines, with no
    /// `\r` and no mark (its first byte is 0xEF), as they are.
    static func line(string raw: String, number: Int) -> String {
        if raw.utf8.last != UInt8(ascii: "\r"), number != 1 || raw.utf8.first != 0xEF { return raw }
        return line(Substring(raw), number: number)
    }

    /// Runs a script file by path, its lines read as they run (``ScriptReader``).
    @discardableResult
    public func run(file path: String) -> Bool {
        let absolute = resolve(path)
        var reader: ScriptReader
        do {
            reader = try ScriptReader(path: absolute)
        } catch {
            failures += 1
            writeError("\(path): " + style.error("error:") + " cannot read file: \(describe(error, path: absolute))\n")
            return false
        }
        scriptStack.append(absolute)
        defer { scriptStack.removeLast() }
        return run(reading: &reader, file: path)
    }

    /// Reports a failed command: as text (file, line, column, the line and
    /// a caret), or, for a command run with `--json`, as one JSON document
    /// (Schemas/error.schema.json), so a program reading its JSON reads the
    /// error too.
    func report(_ error: ShellError, at location: SourceLocation, line: String, json: Bool = false) {
        failures += 1
        writeError(json ? errorJSON(error, at: location, line: line).rendered + "\n" : error.rendered(at: location, line: line, style: style))
    }

    /// Whether a line asks for JSON: `--json` among its words (not quoted).
    static func asksForJSON(_ tokens: [Token]) -> Bool {
        tokens.contains { !$0.isQuoted && $0.text == "--json" }
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
        if let failure = error as? ScriptReader.Failure { return failure.description }
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
        endedSessions.append((engine, recorded))
        let fastPaths = engine.fastPaths
        engine = Interpreter.interruptibleEngine()
        engine.fastPaths = fastPaths
        recorded = RecordedCommands()
    }

    // MARK: Going back

    /// A point in the session that ``restore(_:)`` goes back to: the state,
    /// the log and the commands `save` writes, as they were then.
    public struct Mark: Sendable, Equatable {
        /// Sessions ended by `reset` before it.
        var session: Int
        var operations: Int
        var recorded: Int
        var explains: Bool
    }

    /// The session as it stands now.
    public var mark: Mark {
        Mark(session: endedSessions.count, operations: engine.operationCount, recorded: recorded.count, explains: explains)
    }

    /// Goes back to `mark`, as if nothing after it had been typed (a mark
    /// from the future, or from a session discarded since, changes nothing).
    public func restore(_ mark: Mark) {
        guard mark.session <= endedSessions.count else { return }
        if mark.session < endedSessions.count {
            let ended = endedSessions[mark.session]
            endedSessions.removeLast(endedSessions.count - mark.session)
            (engine, recorded) = ended
        }
        engine.rewind(toOperations: mark.operations)
        recorded.removeLast(recorded.count - mark.recorded)
        explains = mark.explains
        // A quiz asked after the mark is asked again when its step is.
        pendingQuiz = nil
        quizAnswer = nil
        narratedSilences = []
    }

    /// Takes back the last `count` state-changing commands, as if they had not
    /// been typed; returns them, the latest first.
    @discardableResult
    public func undo(_ count: Int) -> [RecordedCommand] {
        undo(count, listing: .max)
    }

    /// Takes back the last `count` state-changing commands; returns the
    /// latest `limit` of them, the latest first (the cost of taking back
    /// half a million commands should not include listing them).
    func undo(_ count: Int, listing limit: Int) -> [RecordedCommand] {
        let count = min(max(0, count), recorded.count)
        guard count > 0 else { return [] }
        let taken = Array(recorded.suffix(min(count, limit)).reversed())
        engine.rewind(toOperations: recorded.operationsBefore(recorded.count - count))
        recorded.removeLast(count)
        return taken
    }

    /// Prints what a pass did (with narration when `explain` is on).
    func report(_ summary: PassSummary) {
        // Dropped anyway: not even made.
        if dropsOutput { return }
        if explains {
            for event in engine.log.events(of: summary) {
                emit("  " + style.dim(Narrator(engine: engine).sentence(for: event)))
            }
            narrateSilences()
        }
        write(passLines.text(for: summary, style: style, width: options.width) + "\n")
    }

    /// What the system shows nothing for, or never reuses, said once when
    /// it begins (`explain on`): a header the system gives no view, a cell
    /// type it never pools. Each is said again only after it stopped.
    private func narrateSilences() {
        let now = engine.absentSupplementaries().map(\.description) + engine.neverPooledCells().map(\.description)
        for silence in now where !narratedSilences.contains(silence) {
            emit("  " + style.dim("note: " + silence))
        }
        narratedSilences = now
    }

    /// Converts an engine error into a located shell error: the caret goes
    /// under the argument that plays the role the error is about.
    func located(_ error: EngineError, in arguments: Arguments) -> ShellError {
        if let subject = error.subject, let token = arguments.token(for: subject) {
            return ShellError(error.message, at: token)
        }
        return ShellError(error.message, at: arguments.command)
    }

    /// The trigger text of a pass: the running command's canonical text.
    var trigger: String { current?.text ?? "" }

    /// Lines already read into words (`FastPaths.lineCache`).
    @exclusivity(unchecked) private var lexedLines = TextCache<LexedLine>()

    /// Paths already parsed (`FastPaths.pathCache`).
    @exclusivity(unchecked) private var parsedPaths = TextCache<Result<ComponentPath, PathSyntaxError>>()

    /// ``ComponentPath/parse(_:)`` of `text`: remembered by its bytes
    /// (`FastPaths.pathCache`; the invariant is `TextCache`'s).
    func parsedPath(_ text: String) -> Result<ComponentPath, PathSyntaxError> {
        guard engine.fastPaths.contains(.pathCache) else { return ComponentPath.parse(text) }
        if let known = parsedPaths[text] { return known }
        let result = ComponentPath.parse(text)
        parsedPaths.keep(result, for: text)
        return result
    }

    /// A command's canonical text: its tokens one space apart, strings
    /// quoted, no space before `:` and `,`, no comment.
    static func canonicalText(_ tokens: [Token]) -> String {
        var text = ""
        for token in tokens {
            let glue = token.kind == .punctuation && (token.text == ":" || token.text == ",")
            if !text.isEmpty, !glue { text += " " }
            text += token.isQuoted ? quoted(token.text) : token.text
        }
        return text
    }

    /// A line without the spaces and tabs around it.
    static func trimmed(_ line: String) -> String {
        // Most lines have nothing to trim: no copy.
        func isBlank(_ byte: UInt8?) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        if !isBlank(line.utf8.first), !isBlank(line.utf8.last) { return line }
        var slice = Substring(line)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
