// Interactive line input for reuse-shell, on top of libedit (BSD editline).
//
// Only used when stdin is a terminal. Provides emacs-style editing (then the
// user's ~/.editrc), a persistent history file, Tab completion through a
// Swift closure, and Ctrl-C handling that abandons the current line instead
// of killing the shell.
//
// Ctrl-C uses a self-pipe. libedit draws the prompt and sets raw mode before
// it starts waiting for a key, and its built-in read function blocks in
// read(2): a SIGINT landing in between interrupted nothing, so el_gets went
// on waiting (Ctrl-C ignored, terminal left in cooked mode until Enter).
// Instead, the SIGINT handler writes a byte to a pipe, and libedit reads keys
// through `readCharacter`, which waits for the terminal *or* the pipe. A byte
// written before the wait starts is still there when it does.

import CLibEdit
import ReuseShell
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What one call to `LineEditor.readLine(prompt:)` produced.
enum LineInput: Equatable {
    /// A line the user entered, without its trailing newline.
    case line(String)
    /// Ctrl-C: the line being edited was abandoned.
    case interrupted
    /// Ctrl-D on an empty line, or the input was closed.
    case endOfFile
}

/// A libedit-backed line editor.
///
/// Terminal conventions: after `.interrupted` and `.endOfFile` the editor has
/// already moved the cursor to a fresh line, so the caller can print or
/// prompt immediately.
final class LineEditor {
    /// Entries kept in memory and in the history file.
    static let historySize: Int32 = 1000

    private let editLine: OpaquePointer  // EditLine *
    private let history: OpaquePointer   // History *
    private let historyPath: String?
    private let completer: (String) -> [String]
    /// The prompt as the C prompt callback returns it; owned (strdup/free).
    private var promptBuffer: UnsafeMutablePointer<CChar>
    /// Where keys are read from: the terminal on stdin opened once more, as a
    /// separate non-blocking open file description (see `readCharacter`), or
    /// stdin itself if that fails. (Setting O_NONBLOCK on stdin would change
    /// it for every process sharing the terminal.)
    private let inputDescriptor: Int32
    /// The self-pipe: `lineEditorSignalHandler` writes a `WakeReasons` byte
    /// to `wakeWriteDescriptor`; `readCharacter` waits on the read end. Both
    /// ends are non-blocking.
    private let wakeReadDescriptor: Int32
    private let wakeWriteDescriptor: Int32
    /// The actions our handlers replaced, restored by `close`.
    private var previousActions: [(signal: Int32, action: sigaction)] = []
    /// Set by `readCharacter` when Ctrl-C ended the current read.
    private var readWasInterrupted = false
    private var isClosed = false

    /// `completer` gets the text before the cursor and returns full
    /// candidates for the last whitespace-separated word.
    init(programName: String, historyPath: String?, completer: @escaping (String) -> [String]) {
        Self.configureLocale()
        self.historyPath = historyPath
        self.completer = completer
        self.promptBuffer = strdup("")!

        guard let editLine = el_init(programName, rs_stdio(0), rs_stdio(1), rs_stdio(2)) else {
            fatalError("el_init failed")
        }
        guard let history = rs_history_init() else {
            fatalError("history_init failed")
        }
        self.editLine = editLine
        self.history = history
        self.inputDescriptor = Self.openTerminalInput()
        (self.wakeReadDescriptor, self.wakeWriteDescriptor) = Self.makeWakePipe()

        rs_history_setsize(history, Self.historySize)
        rs_history_setunique(history, 1)
        if let historyPath, LineEditor.isRegularFile(historyPath) {
            // A missing or unreadable file simply means an empty history; a
            // FIFO or a device is never opened (a FIFO would block the start).
            _ = rs_history_load(history, historyPath)
        }

        rs_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        rs_el_set_editor(editLine, "emacs")
        rs_el_set_prompt_esc(editLine, lineEditorPrompt, CChar(Self.promptIgnore))
        rs_el_set_hist(editLine, history)
        rs_el_addfn(editLine, "rs-complete", "Complete the word before the cursor", lineEditorComplete)
        rs_el_bind(editLine, "^I", "rs-complete")
        // Keys are read by `readCharacter`, not libedit's blocking read(2).
        rs_el_set_getcfn(editLine, lineEditorReadCharacter)
        // libedit handles SIGWINCH (resize) and restores the terminal on
        // SIGINT/SIGTSTP/... while el_gets runs, then re-raises the signal to
        // the handlers installed below.
        rs_el_set_signal(editLine, 1)
        // The user's editline settings, after ours so they win: $EDITRC, else
        // ~/.editrc (editrc(5); lines may start `reuse-shell:` to apply here
        // alone). A missing file is no error.
        _ = el_source(editLine, nil)

        installSignalHandlers()
    }

    deinit {
        close()
    }

    /// Shows `prompt` and reads one line.
    ///
    /// A Ctrl-C from the moment this is called until the line is entered ends
    /// it with `.interrupted`, however early it comes; one from before (while
    /// the previous line's command ran) is dropped and does not cut short
    /// this fresh line.
    func readLine(prompt: String) -> LineInput {
        setPrompt(prompt)
        // Stale wake-ups: Ctrl-C during the previous command is dropped; a
        // resize or resume is covered by el_gets, which checks the size and
        // draws from scratch when it starts.
        _ = drainWakePipe()
        lineEditorInterruptReceived = 0
        readWasInterrupted = false
        var count: Int32 = 0
        let result = el_gets(editLine, &count)

        if let result, count > 0 {
            var line = String(cString: result)
            while let last = line.utf8.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
                line.removeLast()
            }
            return .line(line)
        }
        // count -1 with readWasInterrupted: `readCharacter` saw the Ctrl-C.
        // (The handler's flag also covers a SIGINT that made libedit's own
        // terminal setup fail before it asked for a key.)
        if count < 0 && (readWasInterrupted || lineEditorInterruptReceived != 0) {
            // Ctrl-C: drop whatever was typed; the next readLine starts clean.
            el_reset(editLine)
            writeToTerminal("\n")
            return .interrupted
        }
        // count == 0: Ctrl-D on an empty line (libedit has echoed "^D").
        // count == -1 otherwise: the input is gone (EOF/EIO).
        writeToTerminal("\n")
        return .endOfFile
    }

    /// Adds a line to the history (not yet to the file; see `saveHistory`).
    /// Trailing whitespace is dropped; blank lines and a repeat of the newest
    /// entry are skipped.
    func addHistory(_ line: String) {
        var entry = Substring(line)
        while let last = entry.last, last.isWhitespace { entry.removeLast() }
        guard !entry.isEmpty, !isClosed else { return }
        rs_history_enter(history, String(entry))  // H_SETUNIQUE drops an immediate duplicate
    }

    /// Writes the whole in-memory history to `historyPath`, creating the file
    /// (and its directory) if needed, through the safe writer
    /// (``FileReplacement``) as every file the shell writes: libedit saves
    /// to a private temporary file, whose bytes then replace the history
    /// (a link followed, a FIFO or device refused). Idempotent; errors are
    /// ignored.
    func saveHistory() {
        guard !isClosed, let historyPath else { return }
        let target = historyPath.hasPrefix("/") ? historyPath : FileManager.default.currentDirectoryPath + "/" + historyPath
        let directory = (target as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // mkstemp makes the file (mode 0600) under a name nobody else has,
        // so libedit's save writes only there.
        var template = Array((directory + "/.reuse-shell-history-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return }
        try? FileHandle(fileDescriptor: descriptor).close()
        // The name mkstemp wrote, up to its NUL, decoded as the deprecated
        // `String(cString:)` did (bad UTF-8 repaired, never refused; the
        // directory came from a String and mkstemp adds ASCII only).
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        defer { unlink(temporary) }
        guard rs_history_save(history, temporary) >= 0, let data = FileManager.default.contents(atPath: temporary) else { return }
        try? FileReplacement.write(data, to: target)
    }

    /// Whether `path` names a regular file (links followed).
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    private func close() {
        guard !isClosed else { return }
        saveHistory()
        isClosed = true
        el_end(editLine)
        rs_history_end(history)
        free(promptBuffer)
        for (signal, var action) in previousActions.reversed() {
            _ = sigaction(signal, &action, nil)
        }
        previousActions = []
        lineEditorWakeDescriptor = -1
        closeDescriptor(wakeReadDescriptor)
        closeDescriptor(wakeWriteDescriptor)
        if inputDescriptor != STDIN_FILENO {
            closeDescriptor(inputDescriptor)
        }
    }

    // MARK: - Prompt

    /// Marks the start and end of a non-printing run inside the prompt.
    fileprivate static let promptIgnore: UInt8 = 0x01

    fileprivate var currentPrompt: UnsafeMutablePointer<CChar> { promptBuffer }

    private func setPrompt(_ prompt: String) {
        free(promptBuffer)
        promptBuffer = strdup(Self.markingEscapeSequences(prompt))!
    }

    /// Wraps ANSI CSI sequences (`ESC [ ... final`) in `promptIgnore` so that
    /// libedit does not count colour codes as prompt width.
    static func markingEscapeSequences(_ prompt: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(prompt.utf8)
        utf8.removeAll { $0 == promptIgnore }
        var index = 0
        while index < utf8.count {
            if utf8[index] == 0x1B, index + 1 < utf8.count, utf8[index + 1] == UInt8(ascii: "[") {
                var end = index + 2
                while end < utf8.count, !(0x40...0x7E).contains(utf8[end]) { end += 1 }
                end = min(end + 1, utf8.count)
                bytes.append(promptIgnore)
                bytes.append(contentsOf: utf8[index..<end])
                bytes.append(promptIgnore)
                index = end
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Completion

    /// Tab: completes the word before the cursor. Returns a libedit CC_* code.
    fileprivate func complete() -> UInt8 {
        guard let info = el_line(editLine)?.pointee, let start = info.buffer, let cursor = info.cursor else {
            return UInt8(CC_ERROR)
        }
        let before = String(
            decoding: UnsafeBufferPointer(
                start: UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self),
                count: cursor - start),
            as: UTF8.self)
        let word = before.split(separator: " ", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        let candidates = completer(before)

        switch candidates.count {
        case 0:
            return UInt8(CC_ERROR)
        case 1:
            let candidate = candidates[0]
            replaceWord(word, with: candidate.hasSuffix("/") ? candidate : candidate + " ")
            return UInt8(CC_REFRESH)
        default:
            let prefix = Self.commonPrefix(candidates)
            if prefix.unicodeScalars.count > word.unicodeScalars.count {
                replaceWord(word, with: prefix)
                return UInt8(CC_REFRESH)
            }
            // Many candidates: ask first, as bash and zsh do.
            if candidates.count > Self.askAbove {
                writeToTerminal("\nshow all \(candidates.count) possibilities? (y/n) ")
                var key: UInt8 = 0
                guard read(STDIN_FILENO, &key, 1) == 1, key == UInt8(ascii: "y") || key == UInt8(ascii: "Y") else {
                    writeToTerminal("\n")
                    return UInt8(CC_REDISPLAY)
                }
            }
            writeToTerminal("\n" + Self.columns(candidates, width: terminalWidth()))
            return UInt8(CC_REDISPLAY)
        }
    }

    private func replaceWord(_ word: String, with replacement: String) {
        if word == replacement { return }
        if !word.isEmpty {
            // el_deletestr counts characters (code points), not bytes.
            el_deletestr(editLine, Int32(word.unicodeScalars.count))
        }
        el_insertstr(editLine, replacement)
    }

    /// More candidates than this are listed only after a yes.
    static let askAbove = 100

    static func commonPrefix(_ strings: [String]) -> String {
        guard var prefix = strings.first.map({ Array($0.unicodeScalars) }) else { return "" }
        for string in strings.dropFirst() {
            let scalars = Array(string.unicodeScalars)
            var length = 0
            while length < prefix.count, length < scalars.count, prefix[length] == scalars[length] { length += 1 }
            prefix.removeSubrange(length...)
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: prefix)
        return String(result)
    }

    /// Lays out `items` (in the given order, down the columns) to fit `width`.
    /// Each row ends with "\n".
    static func columns(_ items: [String], width: Int) -> String {
        let cellWidth = (items.map(\.displayWidth).max() ?? 0) + 2
        let columnCount = max(1, min(items.count, max(width, 1) / max(cellWidth, 1)))
        let rowCount = (items.count + columnCount - 1) / columnCount
        var output = ""
        for row in 0..<rowCount {
            var line = ""
            for column in 0..<columnCount {
                let index = column * rowCount + row
                guard index < items.count else { break }
                let item = items[index]
                line += item
                if (column + 1) * rowCount + row < items.count {
                    line += String(repeating: " ", count: cellWidth - item.displayWidth)
                }
            }
            output += line + "\n"
        }
        return output
    }

    private func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return 80
    }

    // MARK: - Terminal and signals

    /// Writes through the same stdio stream libedit draws with, turning "\n"
    /// into "\r\n" because the terminal may be in raw mode.
    private func writeToTerminal(_ text: String) {
        let out = rs_stdio(1)
        fputs(text.replacingOccurrences(of: "\n", with: "\r\n"), out)
        fflush(out)
    }

    /// SIGINT, SIGWINCH and SIGCONT get `lineEditorSignalHandler`, which
    /// wakes `readCharacter` through the self-pipe. While el_gets runs,
    /// libedit's own handlers come first (terminal restored, size updated,
    /// ...) and pass the signal on to these. SA_RESTART: the pipe, not EINTR,
    /// is what ends a wait, and commands running between lines should not
    /// see system calls fail because of a Ctrl-C.
    private func installSignalHandlers() {
        // Initialise the globals outside the handler (a Swift global may be
        // initialised lazily on first use, which is not async-signal-safe).
        lineEditorInterruptReceived = 0
        lineEditorWakeDescriptor = wakeWriteDescriptor
        Interruption.prepare()
        for signal in [SIGINT, SIGWINCH, SIGCONT] {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = lineEditorSignalHandler
            #else
            action.__sigaction_handler.sa_handler = lineEditorSignalHandler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var previous = sigaction()
            if sigaction(signal, &action, &previous) == 0 {
                previousActions.append((signal, previous))
            }
        }
    }

    /// The pipe for `wakeReadDescriptor`/`wakeWriteDescriptor`: non-blocking
    /// (the handler must never block, a full pipe already says "wake up"),
    /// close-on-exec.
    private static func makeWakePipe() -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            fatalError("pipe failed: \(String(cString: strerror(errno)))")
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return (descriptors[0], descriptors[1])
    }

    /// The terminal on stdin, opened again with O_NONBLOCK; stdin if that
    /// fails.
    private static func openTerminalInput() -> Int32 {
        if let name = ttyname(STDIN_FILENO) {
            let descriptor = open(name, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 { return descriptor }
        }
        return STDIN_FILENO
    }

    /// Empties the self-pipe; returns what the bytes in it asked for.
    private func drainWakePipe() -> WakeReasons {
        var reasons: WakeReasons = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(wakeReadDescriptor, &buffer, buffer.count)
            if count > 0 {
                for byte in buffer[0..<count] { reasons.formUnion(WakeReasons(rawValue: byte)) }
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return reasons  // EAGAIN: empty
            }
        }
    }

    // MARK: - Reading keys

    /// The longest multibyte character `readCharacter` assembles (glibc's
    /// MB_LEN_MAX).
    private static let maximumCharacterLength = 16

    /// libedit's read-character function (EL_GETCFN), called by el_gets
    /// (after it has drawn the prompt and set raw mode) for every key.
    ///
    /// Waits for the terminal or the self-pipe, whichever is readable first,
    /// so a Ctrl-C ends the wait however early it came: its byte stays in
    /// the pipe until read here. Returns 1 with the character stored in
    /// `character`, 0 at end of file, or -1 with errno set (EINTR: Ctrl-C),
    /// as libedit's built-in read_char does. That one reads with read(2) and
    /// decodes multibyte characters with mbrtowc(3) in the C library's
    /// locale; so does this, the same way (UTF-8 input keeps working).
    fileprivate func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        character.pointee = 0
        var bytes: [CChar] = []  // the character so far
        while true {
            let ready = rs_wait_readable(inputDescriptor, wakeReadDescriptor)
            if ready < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return -1
            }
            if ready & 2 != 0 {
                let reasons = drainWakePipe()
                if reasons.contains(.interrupt) {
                    readWasInterrupted = true
                    errno = EINTR
                    return -1
                }
                if reasons.contains(.resized) || reasons.contains(.resumed) {
                    el_resize(editLine)
                }
                if reasons.contains(.resumed) {
                    // Back from Ctrl-Z. libedit's handlers set edit mode and
                    // redraw only the first time in a line (they uninstall
                    // themselves, and only its built-in read re-installs
                    // them); whatever the shell that ran `fg` did to the
                    // terminal, set it up again and redraw.
                    rs_el_prep_term(editLine, 0)
                    rs_el_prep_term(editLine, 1)
                    rs_el_refresh(editLine)
                }
                continue
            }
            guard ready & 1 != 0 else { continue }

            var byte: CChar = 0
            let count = read(inputDescriptor, &byte, 1)
            if count < 0 {
                // EAGAIN: the terminal discarded its input after the wait
                // said there was some (Ctrl-C does that); wait again: the
                // SIGINT's byte is in the pipe.
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                return -1
            }
            if count == 0 { return 0 }
            bytes.append(byte)

            decoding: while true {
                var state = mbstate_t()
                switch mbrtowc(character, bytes, bytes.count, &state) {
                case -2:
                    // Incomplete: read the next byte.
                    if bytes.count >= Self.maximumCharacterLength {
                        character.pointee = 0
                        errno = EILSEQ
                        return -1
                    }
                    break decoding
                case -1:
                    // Invalid: drop the bytes before the last one, then try
                    // that one on its own (it may start a character).
                    if bytes.count > 1 {
                        bytes = [bytes[bytes.count - 1]]
                        continue decoding
                    }
                    bytes.removeAll()
                    break decoding
                default:
                    return 1
                }
            }
        }
    }

    private static func configureLocale() {
        // libedit decodes input with the C library's multibyte functions.
        // Use the user's locale; if that is plain C/POSIX (ASCII only), prefer
        // UTF-8 so that non-ASCII input is not discarded.
        let locale = setlocale(LC_CTYPE, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if locale == nil || codeset == "ANSI_X3.4-1968" || codeset == "US-ASCII" {
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}

// MARK: - C callbacks

/// Why `lineEditorSignalHandler` woke `readCharacter`: one byte in the
/// self-pipe per signal.
private struct WakeReasons: OptionSet {
    let rawValue: UInt8
    // Computed, not stored: the signal handler uses them, and a static
    // stored property is initialised lazily on first use.
    static var interrupt: WakeReasons { WakeReasons(rawValue: 1) }  // SIGINT
    static var resized: WakeReasons { WakeReasons(rawValue: 2) }  // SIGWINCH
    static var resumed: WakeReasons { WakeReasons(rawValue: 4) }  // SIGCONT
}

/// Set by the SIGINT handler; read by `readLine` after el_gets fails.
nonisolated(unsafe) private var lineEditorInterruptReceived: sig_atomic_t = 0
/// The self-pipe's write end (-1 when there is no line editor).
nonisolated(unsafe) private var lineEditorWakeDescriptor: Int32 = -1

/// SIGINT/SIGWINCH/SIGCONT. Async-signal-safe: a flag, a write(2) to the
/// non-blocking self-pipe (if it is full, a wake-up is pending anyway).
private func lineEditorSignalHandler(_ signal: Int32) {
    let savedErrno = errno
    var reason: UInt8
    switch signal {
    case SIGINT:
        lineEditorInterruptReceived = 1
        // A command running between lines stops at its next check.
        Interruption.request()
        reason = WakeReasons.interrupt.rawValue
    case SIGWINCH:
        reason = WakeReasons.resized.rawValue
    default:
        reason = WakeReasons.resumed.rawValue
    }
    _ = write(lineEditorWakeDescriptor, &reason, 1)
    errno = savedErrno
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

private func lineEditor(for editLine: OpaquePointer?) -> LineEditor? {
    guard let editLine, let data = rs_el_get_clientdata(editLine) else { return nil }
    return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
}

private func lineEditorPrompt(_ editLine: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    lineEditor(for: editLine)?.currentPrompt
}

private func lineEditorReadCharacter(_ editLine: OpaquePointer?, _ character: UnsafeMutablePointer<wchar_t>?) -> Int32 {
    guard let character else { return -1 }
    guard let editor = lineEditor(for: editLine) else {
        character.pointee = 0
        return -1
    }
    return editor.readCharacter(into: character)
}

private func lineEditorComplete(_ editLine: OpaquePointer?, _ key: Int32) -> UInt8 {
    lineEditor(for: editLine)?.complete() ?? UInt8(CC_ERROR)
}
