// The conventions of a good shell: a start-up file, history where XDG puts
// it, colour on request, asking before listing many completions.

import Foundation
import Testing

@Suite("Shell conventions")
struct ConventionTests {
    /// A sandbox whose history goes where XDG says (no REUSE_SHELL_HISTORY).
    static func xdgEnvironment(_ sandbox: TerminalTests.Sandbox) -> [String: String] {
        var environment = sandbox.environment
        environment["REUSE_SHELL_HISTORY"] = nil
        return environment
    }

    @Test("The start-up file runs before the first prompt; --no-init skips it")
    func startupFile() throws {
        try TerminalTests.Sandbox.with { sandbox in
            let config = sandbox.directory.appendingPathComponent(".config/reuse-shell")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try Data("component Card view UIView\nsay ready from init\n".utf8).write(to: config.appendingPathComponent("init"))

            let shell = try PseudoTerminal(executable: try reuseShellBinary(), environment: sandbox.environment)
            defer { shell.terminate() }
            try shell.expectLine("ready from init")
            try shell.expectPrompt()
            try shell.send("mount Card\r")
            try shell.expectLine(where: { $0.hasPrefix("pass 1 (mount Card)") }, describing: "the component the init file defined")
            try shell.send("quit\r")
            #expect(try shell.waitForExit() == 0)

            let plain = try PseudoTerminal(executable: try reuseShellBinary(), arguments: ["--no-init"], environment: sandbox.environment)
            defer { plain.terminate() }
            try plain.expectPrompt()
            #expect(!plain.output.contains("ready from init"))
            try plain.send("quit\r")
            #expect(try plain.waitForExit() == 0)

            // Scripts are not interactive: no start-up file.
            let run = try runShell(["-c", "components"], environment: ["HOME": sandbox.directory.path])
            #expect(run.output == "nothing is mounted\n")
        }
    }

    @Test("History goes to $XDG_STATE_HOME/reuse-shell/history, or the old file when it exists")
    func historyLocation() throws {
        try TerminalTests.Sandbox.with { sandbox in
            var environment = Self.xdgEnvironment(sandbox)
            let state = sandbox.directory.appendingPathComponent("state")
            environment["XDG_STATE_HOME"] = state.path
            let shell = try PseudoTerminal(executable: try reuseShellBinary(), environment: environment)
            defer { shell.terminate() }
            try shell.expectPrompt()
            try shell.send("say remembered\r")
            try shell.expectPrompt()
            try shell.send("\u{04}")
            #expect(try shell.waitForExit() == 0)
            let history = try String(contentsOf: state.appendingPathComponent("reuse-shell/history"), encoding: .utf8)
            #expect(history.contains("remembered"))  // libedit writes a space as \040

            // An existing ~/.reuse_shell_history keeps being used.
            let legacy = sandbox.directory.appendingPathComponent(".reuse_shell_history")
            try Data().write(to: legacy)
            let again = try PseudoTerminal(executable: try reuseShellBinary(), environment: environment)
            defer { again.terminate() }
            try again.expectPrompt()
            try again.send("say old place\r")
            try again.expectPrompt()
            try again.send("\u{04}")
            #expect(try again.waitForExit() == 0)
            #expect(try String(contentsOf: legacy, encoding: .utf8).contains("place"))
        }
    }

    @Test("--color always colours even a pipe; --color never and --no-color never colour")
    func colourOnRequest() throws {
        let always = try runShell(["--color", "always", "-c", "help inspect"])
        #expect(always.output.hasPrefix("\u{1B}[1mInspect"))
        for flags in [["--color", "never"], ["--no-color"], []] {
            let run = try runShell(flags + ["-c", "help inspect"])
            #expect(run.output.hasPrefix("Inspect\n"), "\(flags)")
        }
        let bad = try runShell(["--color", "sometimes", "-c", "help"])
        #expect(bad.status != 0)
        #expect(bad.output.contains("sometimes"))
    }

    @Test("History is written as lines are entered: SIGTERM and SIGHUP lose none", arguments: [SIGTERM, SIGHUP])
    func historySurvivesSignals(_ signal: Int32) throws {
        try TerminalTests.Sandbox.with { sandbox in
            let shell = try sandbox.startShell()
            defer { shell.terminate() }
            try shell.send("say kept through a signal\r")
            try shell.expectLine("kept through a signal")
            try shell.expectPrompt()
            kill(shell.pid, signal)
            #expect(try shell.waitForExit() != 0)
            let history = try String(contentsOf: sandbox.historyFile, encoding: .utf8)
            #expect(history.contains("through"), "\(history)")
        }
    }

    @Test("Output follows the window's width when it is resized")
    func widthFollowsResize() throws {
        try TerminalTests.Sandbox.with { sandbox in
            let shell = try sandbox.startShell()
            defer { shell.terminate() }
            let text = "one two three four five six seven eight nine ten eleven twelve"
            try shell.send("say \(text)\r")
            try shell.expectLine(text)
            try shell.expectPrompt()
            try shell.resize(columns: 30)
            try shell.send("say \(text)\r")
            try shell.expectLine("one two three four five six")
            try shell.expectLine("seven eight nine ten eleven")
            try shell.expectPrompt()
            try shell.send("quit\r")
            #expect(try shell.waitForExit() == 0)
        }
    }

    @Test("Tab over more than 100 candidates asks before listing them")
    func manyCompletionsAsk() throws {
        try TerminalTests.Sandbox.with { sandbox in
            let shell = try sandbox.startShell()
            defer { shell.terminate() }
            try shell.send("component Card view UIView\r")
            try shell.expectPrompt()
            try shell.send("list Feed rows 500 viewport 120 cells Card\r")
            try shell.expectPrompt()
            try shell.send("mount Feed\r")
            try shell.expectPrompt()
            try shell.send("config Feed/\t")
            try shell.expect("show all 120 possibilities? (y/n) ")
            try shell.send("n")
            try shell.expectBeforeCursor("reuse> config Feed/")
            #expect(!shell.output.contains("Feed/119"), "listed without asking:\n\(shell.screenText)")
            try shell.send("\t")
            try shell.expect("show all 120 possibilities? (y/n) ")
            try shell.send("y")
            try shell.expectLine(where: { $0.contains("Feed/119") }, describing: "the listing")
            try shell.expectBeforeCursor("reuse> config Feed/")
            try shell.send("\u{15}quit\r")  // Ctrl-U clears the line
            #expect(try shell.waitForExit() == 0)
        }
    }
}
