// Interactive mode, through a real pseudo-terminal: line editing, Tab
// completion, history across runs, and Ctrl-C.

import Foundation
import Testing
import TestSupport

@Suite("Interactive terminal")
struct TerminalTests {
    static let prompt = "reuse> "

    /// A private directory (history file, HOME) for one test.
    struct Sandbox {
        let directory: URL
        var historyFile: URL { directory.appendingPathComponent("history") }

        /// Runs `body` with a new sandbox, whose directory is removed when
        /// `body` returns or throws (not when a value goes out of use: a
        /// shell started in it may still be writing there).
        static func with<Result>(_ body: (Sandbox) throws -> Result) throws -> Result {
            try withTemporaryDirectory(prefix: "reuse-shell-terminal") { try body(Sandbox(directory: $0)) }
        }

        var environment: [String: String] {
            [
                "TERM": "xterm",
                "NO_COLOR": "1",
                "LANG": "C.UTF-8",
                "HOME": directory.path,
                "PATH": "/usr/bin:/bin",
                "REUSE_SHELL_HISTORY": historyFile.path,
            ]
        }

        /// Starts `reuse-shell` with no arguments (interactive) and waits for
        /// its first prompt.
        func startShell(arguments: [String] = [], waitForPrompt: Bool = true) throws -> PseudoTerminal {
            let terminal = try PseudoTerminal(
                executable: try reuseShellBinary(), arguments: arguments, environment: environment, columns: 80, rows: 24)
            if waitForPrompt { try terminal.expectPrompt() }
            return terminal
        }
    }

    /// Colour on a terminal, none on a dumb one (it would print the escape
    /// codes as text) or with NO_COLOR.
    @Test(arguments: [("xterm", nil, true), ("dumb", nil, false), ("xterm", "1", false)] as [(String, String?, Bool)])
    func colourFollowsTheTerminal(_ term: String, _ noColor: String?, _ coloured: Bool) throws {
        var environment = ["TERM": term, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        environment["NO_COLOR"] = noColor
        let terminal = try PseudoTerminal(executable: try reuseShellBinary(), arguments: ["-c", "help inspect"],
                                          environment: environment, columns: 80, rows: 24)
        defer { terminal.terminate() }
        #expect(try terminal.waitForExit() == 0)
        #expect(terminal.output.contains("\u{1B}[1mInspect") == coloured, "TERM=\(term) NO_COLOR=\(noColor ?? "-")")
        #expect(terminal.output.contains("Inspect"))
    }

    @Test("Tab completes a command name, then a component name")
    func tabCompletion() throws {
        try Sandbox.with { sandbox in
            let shell = try sandbox.startShell()
            defer { shell.terminate() }

            // "compo" fits both `component` and `components`: Tab inserts their
            // common prefix, a second Tab lists them.
            try shell.send("compo\t")
            try shell.expectBeforeCursor("reuse> component")
            try shell.send("\t")
            try shell.expectLine(
                where: { $0.hasPrefix("component ") && $0.hasSuffix(" components") },
                describing: "listing component and components")
            try shell.expectBeforeCursor("reuse> component")
            try shell.send(" Card view UIView\r")
            try shell.expectLine("reuse> component Card view UIView")
            try shell.expectPrompt()

            // One candidate: Tab completes it and adds a space.
            try shell.send("mount Ca\t")
            try shell.expectBeforeCursor("reuse> mount Card ")
            try shell.send("\r")
            try shell.expectPrompt()

            try shell.send("quit\r")
            #expect(try shell.waitForExit() == 0)
        }
    }

    @Test("Up recalls a line entered in an earlier run")
    func historyAcrossRuns() throws {
        try Sandbox.with { sandbox in
            let first = try sandbox.startShell()
            defer { first.terminate() }
            try first.send("say hello from run one\r")
            try first.expectLine("hello from run one")
            try first.expectPrompt()
            try first.send("\u{04}")  // Ctrl-D on an empty line
            #expect(try first.waitForExit() == 0)
            #expect(FileManager.default.fileExists(atPath: sandbox.historyFile.path))

            let second = try sandbox.startShell()
            defer { second.terminate() }
            try second.send("\u{1B}[A")  // Up
            try second.expectLine("reuse> say hello from run one")
            try second.send("\r")
            try second.expectLine("hello from run one")
            try second.expectPrompt()
            try second.send("quit\r")
            #expect(try second.waitForExit() == 0)
        }
    }

    /// Issue 39: the history is written through the safe writer like every
    /// file the shell writes. A link is followed and kept; a FIFO is neither
    /// read at the start (it would block) nor replaced at the end.
    @Test("the history file follows a link, and a FIFO in its place is left alone")
    func historyIsWrittenSafely() throws {
        try Sandbox.with { sandbox in
            let real = sandbox.directory.appendingPathComponent("real-history")
            try FileManager.default.createSymbolicLink(atPath: sandbox.historyFile.path, withDestinationPath: real.path)
            let first = try sandbox.startShell()
            defer { first.terminate() }
            try first.send("say through a link\r")
            try first.expectPrompt()
            try first.send("quit\r")
            #expect(try first.waitForExit() == 0)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.historyFile.path) == real.path)
            let saved = try String(contentsOf: real, encoding: .utf8)
            #expect(saved.contains("say\\040through\\040a\\040link"), "\(saved)")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path).filter { $0.contains("XXXX") || $0.hasPrefix(".reuse-shell-history") }
            #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")

            try FileManager.default.removeItem(at: sandbox.historyFile)
            #expect(mkfifo(sandbox.historyFile.path, 0o600) == 0)
            let second = try sandbox.startShell()
            defer { second.terminate() }
            try second.send("say beside a FIFO\r")
            try second.expectPrompt()
            try second.send("quit\r")
            #expect(try second.waitForExit() == 0)
            var status = stat()
            #expect(lstat(sandbox.historyFile.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
        }
    }

    @Test("Ctrl-C abandons the line and the shell keeps running")
    func interruptKeepsShellAlive() throws {
        try Sandbox.with { sandbox in
            let shell = try sandbox.startShell()
            defer { shell.terminate() }

            try shell.send("say partial")
            // Wait for the echo: the terminal discards unread input on Ctrl-C.
            try shell.expectLine("reuse> say partial")
            try shell.send("\u{03}")
            try shell.expectPrompt()

            try shell.send("say still alive\r")
            try shell.expectLine("still alive")
            #expect(!shell.screenLines.contains("partial"), "the abandoned line was executed:\n\(shell.screenText)")
            try shell.expectPrompt()

            try shell.send("quit\r")
            #expect(try shell.waitForExit() == 0)
        }
    }

    /// libedit draws the prompt and sets raw mode, and only then starts
    /// waiting for a key. A Ctrl-C landing in that gap used to be lost: no
    /// read was interrupted, so the shell kept waiting, in cooked mode, until
    /// the next Enter. Here each Ctrl-C goes out as soon as the prompt has
    /// been drawn (at a few small delays, to hit different points of the
    /// gap), without `expectPrompt`'s wait for raw mode.
    @Test("Ctrl-C straight after the prompt is drawn re-prompts, every time")
    func interruptStraightAfterPrompt() throws {
        try Sandbox.with { sandbox in
            let shell = try sandbox.startShell()
            defer { shell.terminate() }
            try shell.expect(Self.prompt)  // the first prompt; `expect` searches after it from now on

            let delays: [useconds_t] = [0, 0, 0, 0, 50, 100, 200, 500, 1_000, 2_000, 5_000, 0]
            for (round, delay) in delays.enumerated() {
                if delay > 0 { usleep(delay) }
                try shell.send("\u{03}")
                do {
                    try shell.expect(Self.prompt, timeout: .seconds(5))
                } catch {
                    Issue.record("Ctrl-C \(round + 1) of \(delays.count) (after \(delay) µs) was not answered with a new prompt: \(error)")
                    throw error
                }
            }

            // Back in edit mode, and the shell still works.
            try shell.expectPrompt()
            try shell.send("say still alive\r")
            try shell.expectLine("still alive")
            try shell.expectPrompt()
            try shell.send("quit\r")
            #expect(try shell.waitForExit() == 0)
        }
    }

    @Test("Non-ASCII input is read as whole characters")
    func multibyteInput() throws {
        try Sandbox.with { sandbox in
            let shell = try sandbox.startShell()
            defer { shell.terminate() }

            try shell.send("say wö")
            try shell.expectBeforeCursor("reuse> say wö")
            // Backspace removes the whole "ö" (two bytes in UTF-8), not a byte.
            try shell.send("\u{7F}")
            try shell.expectBeforeCursor("reuse> say w")
            try shell.send("ö €\r")
            try shell.expectLine("wö €")
            try shell.expectPrompt()

            try shell.send("quit\r")
            #expect(try shell.waitForExit() == 0)
        }
    }
}

extension PseudoTerminal {
    /// Waits for an empty `reuse> ` prompt drawn since Enter was last sent,
    /// with the cursor after it, and for the line editor to be reading keys,
    /// so that what is sent next is edited rather than echoed by the terminal
    /// driver. (Without the first condition the prompt the line was typed at
    /// could pass for the next one, before the shell had even read the line:
    /// a Ctrl-D sent then reached the terminal in cooked mode and was lost.)
    func expectPrompt() throws {
        try expectAfterLastEnter(TerminalTests.prompt)
        try expectBeforeCursor(TerminalTests.prompt)
        try waitForLineEditor()
    }
}
