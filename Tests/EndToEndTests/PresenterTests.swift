// Presenter mode (`--step LESSON`) through a real pseudo-terminal: each
// lesson command is shown in a prompt, Enter runs it, `q` stops, anything
// else typed runs as a command of its own, and Ctrl-C only re-prompts.

import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Presenter mode on a terminal")
struct PresenterTests {
    /// One command of a lesson, as the presenter numbers it: its line number
    /// in the file (comments and blank lines count) and its trimmed text.
    struct Step: Equatable, CustomStringConvertible {
        let number: Int
        let command: String
        var description: String { "[\(number)] \(command)" }
    }

    /// The lesson, by absolute path (the pseudo-terminal cannot set the
    /// child's working directory).
    static let lesson = packageRoot.appendingPathComponent("Sessions/00-welcome.reuse")

    /// The lesson's lines, split as the presenter splits them.
    static func lessonLines() throws -> [String] {
        let text = try String(contentsOf: lesson, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    /// The lesson's commands (non-blank, non-comment lines), in order.
    static func lessonSteps() throws -> [Step] {
        try lessonLines().enumerated().compactMap { index, line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : Step(number: index + 1, command: trimmed)
        }
    }

    /// Starts `reuse-shell --step <lesson>` on an 80x24 terminal, in a
    /// sandbox (HOME and history file of its own).
    static func startPresenter(in sandbox: TerminalTests.Sandbox) throws -> PseudoTerminal {
        try PseudoTerminal(
            executable: try reuseShellBinary(),
            arguments: ["--step", lesson.path],
            environment: sandbox.environment,
            columns: 80, rows: 24)
    }

    static let welcome = Step(number: 3, command: "say Welcome to reuse-shell. A Header and two Cards are mounted; every view below was created once.")
    static let total = 9

    @Test("The lesson file has the numbering these tests assume")
    func lessonNumbering() throws {
        let steps = try Self.lessonSteps()
        #expect(try Self.lessonLines().count == Self.total)
        #expect(steps.count == 7)
        #expect(steps.first == Self.welcome)
        #expect(steps.last?.command.hasPrefix("say Next:") == true)
        #expect(steps.contains(Step(number: 8, command: "tree")))
    }

    @Test("The first prompt shows step 3 of 9; Enter runs it and prompts for the next step")
    func enterRunsTheStep() throws {
        let sandbox = try TerminalTests.Sandbox()
        let steps = try Self.lessonSteps()
        let presenter = try Self.startPresenter(in: sandbox)
        defer { presenter.terminate() }

        try presenter.expectStep(steps[0], of: Self.total)
        // The wrapped first row, exactly as a person sees it.
        #expect(presenter.screenLines.contains { $0.hasPrefix("[3/9] say Welcome to reuse-shell.") })
        #expect(!presenter.screenLines.contains { $0.hasPrefix("Welcome to") }, "ran before Enter:\n\(presenter.screenText)")

        try presenter.send("\r")
        try presenter.expectLine(
            where: { $0.hasPrefix("Welcome to reuse-shell. A Header and two Cards are mounted") },
            describing: "starting with the welcome message")
        try presenter.expectStep(steps[1], of: Self.total)
        #expect(steps[1].command == #"component Title view UILabel { text: "Hello", textColor: black }"#)
        #expect(!presenter.output.contains("defined Title"), "step 4 ran before Enter:\n\(presenter.screenText)")

        try presenter.send("q\r")
        #expect(try presenter.waitForExit() == 0)
    }

    @Test("A command typed at a step prompt runs, then the same step is prompted again")
    func typedCommandRunsThenStepRepeats() throws {
        let sandbox = try TerminalTests.Sandbox()
        let steps = try Self.lessonSteps()
        let presenter = try Self.startPresenter(in: sandbox)
        defer { presenter.terminate() }

        try presenter.expectStep(steps[0], of: Self.total)
        try presenter.send("say exploring\r")
        try presenter.expectLine("exploring")
        try presenter.expectStep(steps[0], of: Self.total)  // step 3 again, below the output
        #expect(!presenter.screenLines.contains { $0.hasPrefix("Welcome to") }, "the lesson step ran:\n\(presenter.screenText)")

        try presenter.send("\r")
        try presenter.expectLine(
            where: { $0.hasPrefix("Welcome to reuse-shell. A Header and two Cards are mounted") },
            describing: "starting with the welcome message")
        try presenter.expectStep(steps[1], of: Self.total)

        let lines = presenter.screenLines
        let exploring = try #require(lines.firstIndex(of: "exploring"))
        let welcome = try #require(lines.firstIndex { $0.hasPrefix("Welcome to") })
        #expect(exploring < welcome, "the typed command should run before the lesson step:\n\(presenter.screenText)")

        try presenter.send("q\r")
        #expect(try presenter.waitForExit() == 0)
    }

    @Test("q stops the lesson: exit status 0, later steps never run")
    func quitStopsTheLesson() throws {
        let sandbox = try TerminalTests.Sandbox()
        let steps = try Self.lessonSteps()
        let presenter = try Self.startPresenter(in: sandbox)
        defer { presenter.terminate() }

        try presenter.expectStep(steps[0], of: Self.total)
        try presenter.send("\r")
        try presenter.expectStep(steps[1], of: Self.total)
        try presenter.send("\r")
        try presenter.expectLine(where: { $0.hasPrefix("defined Title") }, describing: "starting with \"defined Title\"")
        try presenter.expectStep(steps[2], of: Self.total)  // component Header ...

        try presenter.send("q\r")
        #expect(try presenter.waitForExit() == 0)
        presenter.readToEnd()
        #expect(!presenter.output.contains("defined Header"), "a later step ran:\n\(presenter.screenText)")
        #expect(!presenter.output.contains("defined Card"), "a later step ran:\n\(presenter.screenText)")
        #expect(!presenter.output.contains("v1 UIView root"), "a later step ran:\n\(presenter.screenText)")
        #expect(!presenter.output.contains("error"), "\(presenter.screenText)")
    }

    @Test("Enter through every step shows the tree, then the presenter exits 0")
    func runsToTheEnd() throws {
        let sandbox = try TerminalTests.Sandbox()
        let steps = try Self.lessonSteps()
        let presenter = try Self.startPresenter(in: sandbox)
        defer { presenter.terminate() }

        for step in steps {
            try presenter.expectStep(step, of: Self.total)
            try presenter.send("\r")
        }
        #expect(try presenter.waitForExit() == 0)
        presenter.readToEnd()

        // The tree of step 8 (its exact rendering is the interpreter's
        // business), then the last step's message.
        let lines = presenter.screenLines
        let root = try #require(lines.firstIndex(of: "v1 UIView root"), "no tree:\n\(presenter.screenText)")
        let last = try #require(
            lines.firstIndex { $0.hasPrefix("Next: 'pools' shows the reuse pools") }, "no last step:\n\(presenter.screenText)")
        #expect(lines[root..<last].contains { $0.contains("v7 UILabel") }, "incomplete tree:\n\(presenter.screenText)")
        #expect(!presenter.output.contains("error"), "\(presenter.screenText)")
    }

    @Test("Ctrl-C at a step prompt drops the typed text and prompts the same step again")
    func interruptRepromptsTheStep() throws {
        let sandbox = try TerminalTests.Sandbox()
        let steps = try Self.lessonSteps()
        let presenter = try Self.startPresenter(in: sandbox)
        defer { presenter.terminate() }

        // Ctrl-C on an empty line.
        try presenter.expectStep(steps[0], of: Self.total)
        try presenter.sendInterrupt()
        try presenter.expectStep(steps[0], of: Self.total)

        // Ctrl-C with something typed: wait for the echo first, because the
        // terminal discards unread input on Ctrl-C.
        try presenter.send("say partial")
        try presenter.expectBeforeCursor(try Self.promptRows(steps[0]).last! + "say partial")
        try presenter.sendInterrupt()
        try presenter.expectStep(steps[0], of: Self.total)

        // Still the same step, still alive: Enter runs it.
        try presenter.send("\r")
        try presenter.expectLine(
            where: { $0.hasPrefix("Welcome to reuse-shell. A Header and two Cards are mounted") },
            describing: "starting with the welcome message")
        try presenter.expectStep(steps[1], of: Self.total)
        #expect(!presenter.screenLines.contains("partial"), "the abandoned line was executed:\n\(presenter.screenText)")

        try presenter.send("q\r")
        #expect(try presenter.waitForExit() == 0)
    }

    /// The prompt for `step` as an 80-column terminal shows it: split into
    /// rows at the width (the prompt is longer than one row for most steps).
    /// The last row keeps its trailing blank; the cursor follows it.
    static func promptRows(_ step: Step, total: Int = PresenterTests.total, columns: Int = 80) throws -> [String] {
        let prompt = "[\(step.number)/\(total)] \(step.command)  (Enter runs, q stops) "
        var rows: [String] = []
        var rest = Substring(prompt)
        while rest.count > columns {
            rows.append(String(rest.prefix(columns)))
            rest = rest.dropFirst(columns)
        }
        rows.append(String(rest))
        return rows
    }
}

private extension PseudoTerminal {
    /// Waits for a fresh prompt for `step` (one drawn after everything
    /// matched so far by `expect`), checks that it is drawn whole on the
    /// bottom rows, wrapped at the terminal width, with the cursor right
    /// after it, and waits for the line editor to be reading keys.
    func expectStep(_ step: PresenterTests.Step, of total: Int) throws {
        let rows = try PresenterTests.promptRows(step, total: total, columns: columns)
        try expect("[\(step.number)/\(total)] ")
        try expectBeforeCursor(rows.last!)
        var screen = screenLines
        while screen.last?.isEmpty == true { screen.removeLast() }
        let expected = rows.map { row in
            var row = Substring(row)
            while row.last == " " { row.removeLast() }
            return String(row)
        }
        guard Array(screen.suffix(expected.count)) == expected else {
            throw PseudoTerminalError(description: """
                prompt for step \(step) not drawn as expected; wanted the last rows to be
                \(expected.joined(separator: "\n"))
                --- screen ---
                \(screenText)
                """)
        }
        try waitForLineEditor()
    }

    /// Sends Ctrl-C right away, without waiting for the child to be blocked
    /// reading the terminal: the line editor must take a Ctrl-C that lands
    /// after the prompt is drawn but before its read starts (see
    /// `TerminalTests.interruptStraightAfterPrompt`).
    func sendInterrupt() throws {
        try send("\u{03}")
    }

    /// After the child has exited: reads what is left of its output, up to
    /// the end (the terminal closes when the child's descriptors do).
    func readToEnd() {
        _ = try? expect("\u{0}never printed\u{0}", timeout: .seconds(5))
    }
}
