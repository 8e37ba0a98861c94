// Test helper: runs a program on a pseudo-terminal, as if a person were
// typing at it, and reads back what it draws.
//
//     let pty = try PseudoTerminal(executable: try reuseShellBinary(), environment: [...])
//     try pty.expect("reuse> ")
//     try pty.send("say hi\r")
//     try pty.expectLine("hi")
//     #expect(try pty.waitForExit() == 0)

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

struct PseudoTerminalError: Error, CustomStringConvertible {
    let description: String
}

/// A child process whose stdin, stdout and stderr are the slave side of a
/// pseudo-terminal (its controlling terminal, in a new session), driven from
/// the master side.
///
/// Not thread-safe; use one instance from one test.
final class PseudoTerminal {
    let pid: pid_t
    let columns: Int
    let rows: Int

    /// Everything the child has written so far (raw bytes, escape sequences
    /// included).
    private(set) var outputBytes: [UInt8] = []
    /// Where the next `expect` starts searching in `outputBytes`.
    private var searchStart = 0
    /// How much output had been read when Enter was last sent: anything the
    /// line's command prints (and the prompt after it) comes later.
    private(set) var outputAtLastEnter = 0
    private var master: Int32
    private var exitStatus: Int32?
    private var reachedEndOfOutput = false

    /// Spawns `executable` with exactly `environment` (nothing is inherited),
    /// on a `columns` x `rows` terminal.
    init(
        executable: URL,
        arguments: [String] = [],
        environment: [String: String] = ["TERM": "xterm"],
        columns: Int = 80,
        rows: Int = 24
    ) throws {
        self.columns = columns
        self.rows = rows

        let master = try LibC.posixOpenpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw PseudoTerminal.systemError("posix_openpt") }
        var spawned = false
        defer { if !spawned { close(master) } }
        guard try LibC.grantpt(master) == 0 else { throw PseudoTerminal.systemError("grantpt") }
        guard try LibC.unlockpt(master) == 0 else { throw PseudoTerminal.systemError("unlockpt") }
        var nameBuffer = [CChar](repeating: 0, count: 128)
        guard try LibC.ptsnameR(master, &nameBuffer, nameBuffer.count) == 0 else {
            throw PseudoTerminal.systemError("ptsname_r")
        }
        let slavePath = nameBuffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }

        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else { throw PseudoTerminal.systemError("TIOCSWINSZ") }
        let flags = fcntl(master, F_GETFL)
        guard flags >= 0, fcntl(master, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw PseudoTerminal.systemError("fcntl(O_NONBLOCK)")
        }

        // The child: new session (POSIX_SPAWN_SETSID runs before the file
        // actions), so opening the slave by name makes it the controlling
        // terminal; then it becomes fds 0, 1 and 2.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Default dispositions and an empty mask, whatever the test runner uses.
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE, SIGCHLD, SIGWINCH, SIGTERM, SIGHUP] {
            sigaddset(&defaultSignals, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        let spawnFlags = Int16(LibC.posixSpawnSetsid | Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        guard posix_spawnattr_setflags(&attributes, spawnFlags) == 0 else {
            throw PseudoTerminalError(description: "posix_spawnattr_setflags: POSIX_SPAWN_SETSID unsupported")
        }

        let argv = [executable.path] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = PseudoTerminal.withCStrings(argv) { cArgv in
            PseudoTerminal.withCStrings(envp) { cEnvp in
                posix_spawn(&pid, executable.path, &actions, &attributes, cArgv, cEnvp)
            }
        }
        guard status == 0 else {
            throw PseudoTerminalError(description: "posix_spawn \(executable.path): \(String(cString: strerror(status)))")
        }
        spawned = true
        self.pid = pid
        self.master = master
    }

    deinit {
        terminate()
    }

    /// Tells the child its window is now `columns` wide (as a terminal
    /// emulator does on resize; the child gets SIGWINCH). The screen model
    /// keeps its own width.
    func resize(columns: Int) throws {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else { throw PseudoTerminal.systemError("TIOCSWINSZ") }
    }

    // MARK: - Input

    /// Writes `text` to the terminal as raw bytes, as if typed: "\r" is
    /// Enter, "\t" Tab, "\u{1B}[A" Up, "\u{03}" Ctrl-C, "\u{04}" Ctrl-D.
    func send(_ text: String) throws {
        if text.contains("\r") {
            drain(timeoutMilliseconds: 0)
            outputAtLastEnter = outputBytes.count
        }
        var bytes = Array(text.utf8)
        var offset = 0
        let deadline = ContinuousClock.now + .seconds(10)
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(master, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && (errno == EAGAIN || errno == EINTR) {
                guard ContinuousClock.now < deadline else {
                    throw PseudoTerminalError(description: "send: terminal input is full")
                }
                drain(timeoutMilliseconds: 10)
            } else {
                throw PseudoTerminal.systemError("write to terminal")
            }
        }
    }

    // MARK: - Output

    /// All output so far, decoded as UTF-8.
    var output: String { String(decoding: outputBytes, as: UTF8.self) }

    /// What a terminal of this size would now show: the scrolled-off lines
    /// followed by the screen rows, trailing blanks removed.
    var screenLines: [String] {
        var screen = TerminalScreen(columns: columns, rows: rows)
        screen.feed(output)
        return screen.allLines
    }

    /// `screenLines` joined with newlines, trailing empty rows dropped.
    var screenText: String {
        var lines = screenLines
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Reads until the raw output written since the previous successful
    /// `expect` contains `substring`, and returns that output up to the end of
    /// the match (later calls search after it). Throws, quoting the output,
    /// on timeout or if the child closes the terminal first.
    @discardableResult
    func expect(_ substring: String, timeout: Duration = .seconds(10)) throws -> String {
        let needle = Array(substring.utf8)
        let found = try waitUntil(timeout, describing: "output containing \(String(reflecting: substring))") {
            self.range(of: needle, from: self.searchStart)
        }
        let text = String(decoding: outputBytes[searchStart..<found.upperBound], as: UTF8.self)
        searchStart = found.upperBound
        return text
    }

    /// Reads until `substring` appears in output read after Enter was last
    /// sent, without moving where `expect` searches from. So a prompt drawn
    /// before the line was entered (or a redraw of it) never counts.
    func expectAfterLastEnter(_ substring: String, timeout: Duration = .seconds(10)) throws {
        let needle = Array(substring.utf8)
        _ = try waitUntil(timeout, describing: "output after the last Enter containing \(String(reflecting: substring))") {
            self.range(of: needle, from: self.outputAtLastEnter)
        }
    }

    /// Reads until some line of the rendered screen (see `screenLines`) is
    /// exactly `line` (trailing blanks ignored). Use this where the raw output
    /// is split up by redraws, or where typed text would also match.
    func expectLine(_ line: String, timeout: Duration = .seconds(10)) throws {
        _ = try waitUntil(timeout, describing: "a screen line equal to \(String(reflecting: line))") {
            self.screenLines.contains(line) ? true : nil
        }
    }

    /// Reads until some line of the rendered screen satisfies `predicate`.
    func expectLine(
        where predicate: @escaping (String) -> Bool, describing what: String,
        timeout: Duration = .seconds(10)
    ) throws {
        _ = try waitUntil(timeout, describing: "a screen line \(what)") {
            self.screenLines.contains(where: predicate) ? true : nil
        }
    }

    /// Reads until the text on the cursor's row, left of the cursor, is
    /// exactly `text` (trailing blanks count: "reuse> mount Card " checks the
    /// space a completion added).
    func expectBeforeCursor(_ text: String, timeout: Duration = .seconds(10)) throws {
        _ = try waitUntil(timeout, describing: "the text left of the cursor to be \(String(reflecting: text))") {
            self.textBeforeCursor == text ? true : nil
        }
    }

    /// The rendered text on the cursor's row, left of the cursor.
    var textBeforeCursor: String {
        var screen = TerminalScreen(columns: columns, rows: rows)
        screen.feed(output)
        return screen.textBeforeCursor
    }

    /// Reads until the rendered screen contains `text` (it may span lines
    /// only where the screen text has a "\n").
    func expectScreen(_ text: String, timeout: Duration = .seconds(10)) throws {
        _ = try waitUntil(timeout, describing: "screen containing \(String(reflecting: text))") {
            self.screenText.contains(text) ? true : nil
        }
    }

    /// Waits until the terminal is in non-canonical mode without echo, i.e.
    /// a line editor is reading keys. libedit prints its prompt *before*
    /// switching the terminal over, so keys sent right after the prompt
    /// appears could still be echoed (and line-buffered) by the terminal
    /// driver; call this after `expect(prompt)` and before typing.
    func waitForLineEditor(timeout: Duration = .seconds(10)) throws {
        _ = try waitUntil(timeout, describing: "the terminal to leave canonical mode") { () -> Bool? in
            var settings = termios()
            guard tcgetattr(self.master, &settings) == 0 else { return nil }
            return settings.c_lflag & tcflag_t(ICANON | ECHO) == 0 ? true : nil
        }
    }

    /// Waits for the child to exit (reading its output meanwhile); returns
    /// the exit status, or 128 + signal number if it was killed.
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(10)) throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let exitStatus { return exitStatus }
            drain(timeoutMilliseconds: 20)
            reap(blocking: false)
            if exitStatus == nil && ContinuousClock.now >= deadline {
                throw PseudoTerminalError(description: """
                    timed out after \(timeout) waiting for pid \(pid) to exit. Screen:
                    \(screenText)
                    """)
            }
        }
    }

    /// Kills the child if it is still running, reaps it, and closes the
    /// terminal. Safe to call more than once.
    func terminate() {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            reap(blocking: true)
        }
        if master >= 0 {
            close(master)
            master = -1
        }
    }

    // MARK: - Implementation

    private func waitUntil<T>(_ timeout: Duration, describing what: String, _ check: () -> T?) throws -> T {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let result = check() { return result }
            if reachedEndOfOutput {
                reap(blocking: false)
                throw failure("the terminal closed (exit status \(exitStatus.map(String.init) ?? "unknown")) before \(what) appeared")
            }
            let remaining = deadline - ContinuousClock.now
            if remaining <= .zero {
                throw failure("timed out after \(timeout) waiting for \(what)")
            }
            let milliseconds = remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
            drain(timeoutMilliseconds: Int32(clamping: max(1, min(milliseconds, 100))))
        }
    }

    private func failure(_ message: String) -> PseudoTerminalError {
        let unmatched = String(decoding: outputBytes[searchStart...], as: UTF8.self)
        return PseudoTerminalError(description: """
            \(message).
            --- output since last match (raw) ---
            \(String(reflecting: unmatched))
            --- screen ---
            \(screenText)
            ---
            """)
    }

    /// Waits up to `timeoutMilliseconds` for output, then reads all of it.
    private func drain(timeoutMilliseconds: Int32) {
        guard master >= 0, !reachedEndOfOutput else {
            if timeoutMilliseconds > 0 { usleep(UInt32(timeoutMilliseconds) * 1000) }
            return
        }
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeoutMilliseconds)
        guard ready > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count > 0 {
                outputBytes.append(contentsOf: buffer[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EAGAIN {
                return
            } else {
                // 0 or EIO: every slave descriptor is closed (the child exited).
                reachedEndOfOutput = true
                return
            }
        }
    }

    private func reap(blocking: Bool) {
        guard exitStatus == nil else { return }
        var status: Int32 = 0
        var result: pid_t
        repeat {
            result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        } while result < 0 && errno == EINTR
        guard result == pid else { return }
        let signal = status & 0x7F
        exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    private func range(of needle: [UInt8], from start: Int) -> Range<Int>? {
        guard !needle.isEmpty else { return start..<start }
        guard outputBytes.count - start >= needle.count else { return nil }
        for index in start...(outputBytes.count - needle.count)
        where outputBytes[index] == needle[0] && outputBytes[index..<index + needle.count].elementsEqual(needle) {
            return index..<index + needle.count
        }
        return nil
    }

    private static func systemError(_ what: String) -> PseudoTerminalError {
        PseudoTerminalError(description: "\(what): \(String(cString: strerror(errno)))")
    }

    private static func withCStrings<R>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
    ) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

/// libc functions the Swift Glibc module does not declare (they need
/// _XOPEN_SOURCE/_GNU_SOURCE), looked up at run time.
private enum LibC {
    typealias IntFunction = @convention(c) (Int32) -> Int32
    typealias PtsnameR = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    static func posixOpenpt(_ flags: Int32) throws -> Int32 { try function("posix_openpt", as: IntFunction.self)(flags) }
    static func grantpt(_ fd: Int32) throws -> Int32 { try function("grantpt", as: IntFunction.self)(fd) }
    static func unlockpt(_ fd: Int32) throws -> Int32 { try function("unlockpt", as: IntFunction.self)(fd) }
    static func ptsnameR(_ fd: Int32, _ buffer: UnsafeMutablePointer<CChar>, _ length: Int) throws -> Int32 {
        try function("ptsname_r", as: PtsnameR.self)(fd, buffer, length)
    }

    /// POSIX_SPAWN_SETSID: hidden behind __USE_GNU in glibc's <spawn.h>
    /// (0x80 in glibc and musl).
    #if canImport(Darwin)
    static let posixSpawnSetsid = Int32(POSIX_SPAWN_SETSID)
    #else
    static let posixSpawnSetsid: Int32 = 0x80
    #endif

    private static func function<T>(_ name: String, as type: T.Type) throws -> T {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else {
            throw PseudoTerminalError(description: "\(name) not found in the C library")
        }
        return unsafeBitCast(symbol, to: type)
    }
}

/// A minimal VT100/xterm screen: enough of the control sequences a line
/// editor uses (cursor motion, erase, insert/delete characters, wrapping,
/// scrolling) to know what text is visible. Colours and modes are ignored;
/// every character takes one cell.
struct TerminalScreen {
    let columns: Int
    let rows: Int
    private(set) var scrolledOff: [String] = []
    private var cells: [[Character]]
    private var row = 0
    private var column = 0
    private var wrapPending = false
    private var saved = (row: 0, column: 0)

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The text on the cursor's row, left of the cursor (blanks included).
    var textBeforeCursor: String {
        String(cells[row][0..<(wrapPending ? columns : column)])
    }

    /// Scrolled-off lines, then the screen rows, each without trailing blanks.
    var allLines: [String] {
        scrolledOff + cells.map { Self.trimmed(String($0)) }
    }

    mutating func feed(_ text: String) {
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x1B: escape(&scalars)
            case 0x0D: column = 0; wrapPending = false
            case 0x0A, 0x0B, 0x0C: lineFeed(); wrapPending = false
            case 0x08: column = max(0, column - 1); wrapPending = false
            case 0x09: column = min(columns - 1, (column / 8 + 1) * 8)
            case 0x00..<0x20, 0x7F: break
            default: put(Character(scalar))
            }
        }
    }

    private mutating func put(_ character: Character) {
        if wrapPending {
            column = 0
            lineFeed()
            wrapPending = false
        }
        cells[row][column] = character
        if column == columns - 1 {
            wrapPending = true
        } else {
            column += 1
        }
    }

    private mutating func lineFeed() {
        if row == rows - 1 {
            scrolledOff.append(Self.trimmed(String(cells.removeFirst())))
            cells.append(Array(repeating: " ", count: columns))
        } else {
            row += 1
        }
    }

    private mutating func escape(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        guard let next = scalars.popFirst() else { return }
        switch next {
        case "[": controlSequence(&scalars)
        case "]":  // OSC: up to BEL or ESC \
            while let s = scalars.popFirst() {
                if s == "\u{07}" { break }
                if s == "\u{1B}" { _ = scalars.popFirst(); break }
            }
        case "(", ")", "*", "+", "#": _ = scalars.popFirst()
        case "7": saved = (row, column)
        case "8": (row, column) = saved; wrapPending = false
        case "D": lineFeed()
        case "E": column = 0; lineFeed()
        case "M":
            if row == 0 {
                cells.removeLast()
                cells.insert(Array(repeating: " ", count: columns), at: 0)
            } else {
                row -= 1
            }
        default: break  // ESC =, ESC >, ...
        }
    }

    private mutating func controlSequence(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        var parameterText = ""
        var final: Unicode.Scalar = "@"
        while let s = scalars.popFirst() {
            if (0x40...0x7E).contains(s.value) { final = s; break }
            parameterText.unicodeScalars.append(s)
        }
        let isPrivate = parameterText.hasPrefix("?") || parameterText.hasPrefix(">")
        let parameters = parameterText.filter { $0.isNumber || $0 == ";" }
            .split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) }
        func parameter(_ index: Int, default value: Int) -> Int {
            guard index < parameters.count, let given = parameters[index], given != 0 else { return value }
            return given
        }
        func eraseParameter() -> Int { parameters.first.flatMap { $0 } ?? 0 }
        if isPrivate { return }
        let count = parameter(0, default: 1)
        switch final {
        case "A": row = max(0, row - count)
        case "B", "e": row = min(rows - 1, row + count)
        case "C", "a": column = min(columns - 1, column + count)
        case "D": column = max(0, column - count)
        case "E": row = min(rows - 1, row + count); column = 0
        case "F": row = max(0, row - count); column = 0
        case "G", "`": column = min(columns - 1, count - 1)
        case "d": row = min(rows - 1, count - 1)
        case "H", "f":
            row = min(rows - 1, parameter(0, default: 1) - 1)
            column = min(columns - 1, parameter(1, default: 1) - 1)
        case "K":
            switch eraseParameter() {
            case 0: clear(row, from: column, to: columns)
            case 1: clear(row, from: 0, to: column + 1)
            default: clear(row, from: 0, to: columns)
            }
        case "J":
            switch eraseParameter() {
            case 0:
                clear(row, from: column, to: columns)
                for r in (row + 1)..<rows { clear(r, from: 0, to: columns) }
            case 1:
                for r in 0..<row { clear(r, from: 0, to: columns) }
                clear(row, from: 0, to: column + 1)
            default:
                for r in 0..<rows { clear(r, from: 0, to: columns) }
            }
        case "P":
            let n = min(count, columns - column)
            cells[row].removeSubrange(column..<column + n)
            cells[row].append(contentsOf: repeatElement(" ", count: n))
        case "@":
            let n = min(count, columns - column)
            cells[row].insert(contentsOf: repeatElement(" ", count: n), at: column)
            cells[row].removeLast(n)
        case "X": clear(row, from: column, to: min(columns, column + count))
        case "L":
            for _ in 0..<min(count, rows - row) {
                cells.remove(at: rows - 1)
                cells.insert(Array(repeating: " ", count: columns), at: row)
            }
        case "M":
            for _ in 0..<min(count, rows - row) {
                cells.remove(at: row)
                cells.append(Array(repeating: " ", count: columns))
            }
        default: return  // m (colours), h/l (modes), r, t, ...: no effect on text
        }
        wrapPending = false
    }

    private mutating func clear(_ row: Int, from start: Int, to end: Int) {
        guard start < end else { return }
        for c in start..<end { cells[row][c] = " " }
    }

    private static func trimmed(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " { line.removeLast() }
        return String(line)
    }
}
