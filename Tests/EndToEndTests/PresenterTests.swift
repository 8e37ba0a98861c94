// Presenter mode (`--step LESSON`) through a real pseudo-terminal: steps
// numbered by command, Enter runs the step shown, b goes back (state
// included), r restarts, g N jumps, commands of one's own run in a detour
// that is set aside before the lesson goes on, q stops, Ctrl-C re-prompts.

import Foundation
import Testing

@Suite("Presenter mode on a terminal")
struct PresenterTests {
    /// A lesson by absolute path (the pseudo-terminal cannot set the child's
    /// working directory).
    static func lesson(_ name: String) -> URL { packageRoot.appendingPathComponent("Sessions/" + name) }

    /// The lesson's steps as presenter mode and the page number them: each
    /// command with the `say` and `quiz` lines before it; closing narration alone.
    static func steps(of name: String) throws -> [(narration: [String], command: String?)] {
        let text = try String(contentsOf: lesson(name), encoding: .utf8)
        var steps: [(narration: [String], command: String?)] = []
        var narration: [String] = []
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty && !line.hasPrefix("#") {
            if line == "say" || line.hasPrefix("say ") || line.hasPrefix("quiz ") { narration.append(line); continue }
            steps.append((narration, line))
            narration = []
        }
        if !narration.isEmpty { steps.append((narration, nil)) }
        return steps
    }

    /// Starts `reuse-shell --step <lesson>` on an 80x24 terminal, in a sandbox.
    static func start(_ name: String, in sandbox: TerminalTests.Sandbox) throws -> PseudoTerminal {
        try PseudoTerminal(executable: try reuseShellBinary(), arguments: ["--step", lesson(name).path],
                           environment: sandbox.environment, columns: 80, rows: 24)
    }

    static let welcome = "00-welcome.reuse"
    static let firstMount = "01-first-mount.reuse"

    @Test("Steps are numbered as on the page: a command with its narration; the keys are shown once; Enter runs the step shown")
    func enterRunsTheStep() throws {
        let steps = try Self.steps(of: Self.welcome)
        #expect(steps.count == 6 && steps[0].narration.first?.hasPrefix("say Welcome") == true
                && steps[0].command?.hasPrefix("component Title") == true && steps[4].command == "tree" && steps[5].command == nil)
        try TerminalTests.Sandbox.with { sandbox in
            let presenter = try Self.start(Self.welcome, in: sandbox)
            defer { presenter.terminate() }

            try presenter.expectLine("Presenting 00-welcome.reuse: 6 steps.")
            // A step shows its narration, then its command, on arrival.
            try presenter.expectLine(where: { $0.hasPrefix("Welcome to reuse-shell.") }, describing: "the narration")
            try presenter.expectLine("reuse> " + (steps[0].command ?? ""))
            try presenter.expectPrompt(Self.welcome, 1, of: 6)
            #expect(!presenter.output.contains("defined Title"), "step 1 ran before Enter:\n\(presenter.screenText)")
            try presenter.send("\r")
            try presenter.expectLine(where: { $0.hasPrefix("defined Title") }, describing: "the step's output")
            try presenter.expectLine("reuse> " + (steps[1].command ?? ""))
            try presenter.expectPrompt(Self.welcome, 2, of: 6)
            #expect(presenter.output.components(separatedBy: "b back a step").count == 2, "keys shown more than once")
            #expect(presenter.output.components(separatedBy: "Welcome to reuse-shell.").count == 2, "narration printed twice")
            try presenter.send("q\r")
            #expect(try presenter.waitForExit() == 0)
        }
    }

    @Test("b goes back a step with its state: pass numbers and views are as before the step")
    func backRestoresTheState() throws {
        try TerminalTests.Sandbox.with { sandbox in
            let presenter = try Self.start(Self.welcome, in: sandbox)
            defer { presenter.terminate() }
            try presenter.expectPrompt(Self.welcome, 1, of: 6)
            for step in 1...4 {
                try presenter.send("\r")
                try presenter.expectPrompt(Self.welcome, step + 1, of: 6)
            }
            #expect(presenter.output.contains("pass 1 (mount Header Card Card)"))
            try presenter.send("b\r")
            try presenter.expectLine("at step 4 of 6")
            try presenter.expectLine("reuse> mount Header Card Card")
            try presenter.expectPrompt(Self.welcome, 4, of: 6)
            // Before the mount again: nothing is mounted (a command of one's own).
            try presenter.send("components\r")
            try presenter.expectLine("nothing is mounted")
            try presenter.expectPrompt(Self.welcome, 4, of: 6, exploring: true)
            try presenter.send("resume\r")
            try presenter.expectLine("(your commands are set aside: the lesson goes on from its own state)")
            try presenter.expectPrompt(Self.welcome, 4, of: 6)
            // The mount runs again as pass 1, not pass 2: the first run was taken back.
            try presenter.send("\r")
            try presenter.expectPrompt(Self.welcome, 5, of: 6)
            #expect(presenter.output.components(separatedBy: "pass 1 (mount Header Card Card)").count == 3)
            #expect(!presenter.output.contains("pass 2"), "\(presenter.screenText)")
            try presenter.send("q\r")
            #expect(try presenter.waitForExit() == 0)
        }
    }

    @Test("g N jumps forward (running the steps between quietly) and back; r restarts")
    func gotoAndRestart() throws {
        try TerminalTests.Sandbox.with { sandbox in
            let presenter = try Self.start(Self.welcome, in: sandbox)
            defer { presenter.terminate() }
            try presenter.expectPrompt(Self.welcome, 1, of: 6)
            try presenter.send("g 5\r")
            try presenter.expectLine("at step 5 of 6")
            try presenter.expectLine("reuse> tree")
            try presenter.expectPrompt(Self.welcome, 5, of: 6)
            #expect(!presenter.output.contains("defined Title"), "steps on the way printed output:\n\(presenter.screenText)")
            try presenter.send("\r")
            try presenter.expectLine("v1 UIView root")
            // The closing narration is a step of its own.
            try presenter.expectLine(where: { $0.hasPrefix("Next: 'pools' shows the reuse pools") }, describing: "the closing narration")
            try presenter.expectPrompt(Self.welcome, 6, of: 6)
            try presenter.send("g 2\r")
            try presenter.expectLine("at step 2 of 6")
            try presenter.expectPrompt(Self.welcome, 2, of: 6)
            try presenter.send("g 99\r")
            try presenter.expectLine("g N: N is a step from 1 to 6 (7 is the end)")
            // g alone says how to use it, rather than running 'g' as a command.
            try presenter.send("g\r")
            try presenter.expectLine("g N: go to step N, from 1 to 6 (7 is the end)")
            #expect(!presenter.output.contains("unknown command 'g'"))
            try presenter.send("r\r")
            try presenter.expectLine("at step 1 of 6")
            try presenter.expectPrompt(Self.welcome, 1, of: 6)
            try presenter.send("components\r")
            try presenter.expectLine("nothing is mounted")
            try presenter.send("q\r")
            #expect(try presenter.waitForExit() == 0)
        }
    }

    @Test("At a quiz, what is typed is the answer: the step runs and the answer is marked with the true value")
    func aQuizIsAnsweredAndMarked() throws {
        let lesson = "02-applied-only-when-changed.reuse"
        let steps = try Self.steps(of: lesson)
        let quiz = try #require(steps.firstIndex { $0.narration.contains { $0.hasPrefix("quiz ") } })
        #expect(steps[quiz].command == "remount")
        try TerminalTests.Sandbox.with { sandbox in
            let presenter = try Self.start(lesson, in: sandbox)
            defer { presenter.terminate() }
            try presenter.expectPrompt(lesson, 1, of: steps.count)
            try presenter.send("g \(quiz + 1)\r")
            try presenter.expectLine("quiz: How many attributes does the remount apply?")
            try presenter.expectLine("reuse> remount")
            try presenter.expect("\(lesson) \(quiz + 1)/\(steps.count) quiz › ")
            try presenter.waitForLineEditor()
            try presenter.send("3\r")
            try presenter.expectLine(where: { $0.contains("not quite: pass 2: applied 0 (you answered 3)") }, describing: "the marked answer")
            try presenter.expectPrompt(lesson, quiz + 2, of: steps.count)
            // Back to the quiz: asked again; a right answer this time.
            try presenter.send("b\r")
            try presenter.expect("\(lesson) \(quiz + 1)/\(steps.count) quiz › ")
            try presenter.waitForLineEditor()
            try presenter.send("0\r")
            try presenter.expectLine(where: { $0.contains("right: pass 2: applied 0") }, describing: "the right answer")
            try presenter.send("q\r")
            #expect(try presenter.waitForExit() == 0)
        }
    }

    @Test("A detour mid-lesson is set aside: the lesson's expect lines pass and it ends with status 0")
    func detourKeepsTheLessonsExpectations() throws {
        let steps = try Self.steps(of: Self.firstMount)
        let total = steps.count
        #expect(steps[3].command == "mount Foo" && steps[6].narration.count == 1 && steps.last?.command == "expect Foo/Title holds v3")
        try TerminalTests.Sandbox.with { sandbox in
            let presenter = try Self.start(Self.firstMount, in: sandbox)
            defer { presenter.terminate() }
            try presenter.expectPrompt(Self.firstMount, 1, of: total)
            try presenter.send("g 7\r")
            try presenter.expectPrompt(Self.firstMount, 7, of: total)
            // Explore: change the state the lesson's expectations are about.
            try presenter.send("set Foo backgroundColor blue\r")
            try presenter.expectLine(where: { $0.hasPrefix("pass 2 (set Foo backgroundColor blue)") }, describing: "the detour's pass")
            try presenter.expectPrompt(Self.firstMount, 7, of: total, exploring: true)
            try presenter.send("mount Foo Foo\r")
            try presenter.expectPrompt(Self.firstMount, 7, of: total, exploring: true)
            // Enter sets the detour aside, then runs the lesson's step.
            for step in 7...total {
                try presenter.send("\r")
                try presenter.expectPrompt(Self.firstMount, step + 1, of: total, end: step == total)
            }
            #expect(presenter.output.contains("(your commands are set aside: the lesson goes on from its own state)"))
            #expect(presenter.output.contains("ok: v2 backgroundColor is red"), "\(presenter.screenText)")
            #expect(!presenter.output.contains("error"), "\(presenter.screenText)")
            try presenter.send("\r")
            #expect(try presenter.waitForExit() == 0)
        }
    }

    @Test("q stops the lesson: exit status 0, later steps never run")
    func quitStopsTheLesson() throws {
        try TerminalTests.Sandbox.with { sandbox in
            let presenter = try Self.start(Self.welcome, in: sandbox)
            defer { presenter.terminate() }
            try presenter.expectPrompt(Self.welcome, 1, of: 6)
            try presenter.send("q\r")
            #expect(try presenter.waitForExit() == 0)
            presenter.readToEnd()
            #expect(!presenter.output.contains("defined Title"), "a later step ran:\n\(presenter.screenText)")
        }
    }

    @Test("Ctrl-C at a step prompt drops the typed text and prompts the same step again")
    func interruptRepromptsTheStep() throws {
        try TerminalTests.Sandbox.with { sandbox in
            let presenter = try Self.start(Self.welcome, in: sandbox)
            defer { presenter.terminate() }
            try presenter.expectPrompt(Self.welcome, 1, of: 6)
            try presenter.send("\u{03}")
            try presenter.expectPrompt(Self.welcome, 1, of: 6)
            // Wait for the echo first: the terminal discards unread input on Ctrl-C.
            try presenter.send("say partial")
            try presenter.expectBeforeCursor("00-welcome.reuse 1/6 › say partial")
            try presenter.send("\u{03}")
            try presenter.expectPrompt(Self.welcome, 1, of: 6)
            try presenter.send("\r")
            try presenter.expectPrompt(Self.welcome, 2, of: 6)
            #expect(!presenter.screenLines.contains("partial"), "the abandoned line ran:\n\(presenter.screenText)")
            try presenter.send("q\r")
            #expect(try presenter.waitForExit() == 0)
        }
    }

    @Test("Enter through every step, then at the end: exit status 0")
    func runsToTheEnd() throws {
        try TerminalTests.Sandbox.with { sandbox in
            let presenter = try Self.start(Self.welcome, in: sandbox)
            defer { presenter.terminate() }
            for step in 1...6 {
                try presenter.expectPrompt(Self.welcome, step, of: 6)
                try presenter.send("\r")
            }
            try presenter.expectPrompt(Self.welcome, 7, of: 6, end: true)
            try presenter.send("\r")
            #expect(try presenter.waitForExit() == 0)
            presenter.readToEnd()
            let lines = presenter.screenLines
            #expect(lines.contains("v1 UIView root"), "no tree:\n\(presenter.screenText)")
            #expect(!presenter.output.contains("error"), "\(presenter.screenText)")
        }
    }
}

private extension PseudoTerminal {
    /// Waits for the prompt of step `number` (a fresh one, after everything
    /// matched so far), drawn last with the cursor after it, and for the line
    /// editor to be reading keys.
    func expectPrompt(_ lesson: String, _ number: Int, of total: Int, exploring: Bool = false, end: Bool = false) throws {
        let prompt = (end ? "\(lesson) end" : "\(lesson) \(number)/\(total)") + (exploring ? " (exploring)" : "") + " › "
        try expect(prompt)
        try expectBeforeCursor(prompt)
        try waitForLineEditor()
    }

    /// After the child has exited: reads what is left of its output.
    func readToEnd() {
        _ = try? expect("\u{0}never printed\u{0}", timeout: .seconds(5))
    }
}
