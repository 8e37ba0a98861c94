// Interactive line input for reuse-shell, on top of libedit (BSD editline).
//
// Only used when stdin is a terminal. Provides emacs-style editing, a
// persistent history file, Tab completion through a Swift closure, and
// Ctrl-C handling that abandons the current line instead of killing the shell.

import CLibEdit
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
    private var previousInterruptAction = sigaction()
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

        rs_history_setsize(history, Self.historySize)
        rs_history_setunique(history, 1)
        if let historyPath {
            // A missing or unreadable file simply means an empty history.
            _ = rs_history_load(history, historyPath)
        }

        rs_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        rs_el_set_editor(editLine, "emacs")
        rs_el_set_prompt_esc(editLine, lineEditorPrompt, CChar(Self.promptIgnore))
        rs_el_set_hist(editLine, history)
        rs_el_addfn(editLine, "rs-complete", "Complete the word before the cursor", lineEditorComplete)
        rs_el_bind(editLine, "^I", "rs-complete")
        // libedit handles SIGWINCH (resize) and restores the terminal on
        // SIGINT/SIGTSTP/... while el_gets runs, then re-raises the signal to
        // the handler installed below.
        rs_el_set_signal(editLine, 1)

        installInterruptHandler()
    }

    deinit {
        close()
    }

    /// Shows `prompt` and reads one line.
    func readLine(prompt: String) -> LineInput {
        setPrompt(prompt)
        lineEditorInterruptReceived = 0
        errno = 0
        var count: Int32 = 0
        let result = el_gets(editLine, &count)
        let savedErrno = errno

        if let result, count > 0 {
            var line = String(cString: result)
            while let last = line.utf8.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
                line.removeLast()
            }
            return .line(line)
        }
        if count < 0 && (savedErrno == EINTR || lineEditorInterruptReceived != 0) {
            // Ctrl-C: drop whatever was typed; the next readLine starts clean.
            el_reset(editLine)
            writeToTerminal("\n")
            return .interrupted
        }
        // count == 0: Ctrl-D on an empty line (libedit has echoed "^D").
        // count == -1 without EINTR: the input is gone (EOF/EIO).
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
    /// (and its directory) if needed. Idempotent; errors are ignored.
    func saveHistory() {
        guard !isClosed, let historyPath else { return }
        let directory = (historyPath as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        _ = rs_history_save(history, historyPath)
    }

    private func close() {
        guard !isClosed else { return }
        saveHistory()
        isClosed = true
        el_end(editLine)
        rs_history_end(history)
        free(promptBuffer)
        _ = sigaction(SIGINT, &previousInterruptAction, nil)
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
        let cellWidth = (items.map { $0.count }.max() ?? 0) + 2
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
                    line += String(repeating: " ", count: cellWidth - item.count)
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

    /// SIGINT gets a handler WITHOUT SA_RESTART: the read() inside el_gets
    /// then fails with EINTR and el_gets returns NULL with count -1.
    private func installInterruptHandler() {
        lineEditorInterruptReceived = 0  // initialise the global outside the handler
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = lineEditorInterruptHandler
        #else
        action.__sigaction_handler.sa_handler = lineEditorInterruptHandler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        _ = sigaction(SIGINT, &action, &previousInterruptAction)
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

/// Set by the SIGINT handler; read by `readLine` after el_gets fails.
nonisolated(unsafe) private var lineEditorInterruptReceived: sig_atomic_t = 0

private func lineEditorInterruptHandler(_ signal: Int32) {
    lineEditorInterruptReceived = 1
}

private func lineEditor(for editLine: OpaquePointer?) -> LineEditor? {
    guard let editLine, let data = rs_el_get_clientdata(editLine) else { return nil }
    return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
}

private func lineEditorPrompt(_ editLine: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    lineEditor(for: editLine)?.currentPrompt
}

private func lineEditorComplete(_ editLine: OpaquePointer?, _ key: Int32) -> UInt8 {
    lineEditor(for: editLine)?.complete() ?? UInt8(CC_ERROR)
}
