// A trailing `\` continues a command: in script files, in `-c` (the lines
// of <input>), in piped stdin, and at the prompt with a continuation prompt.

import Foundation
import Testing
import TestSupport

@Suite("Continued lines")
struct ContinuedLineTests {
    @Test("A script's continued command runs once; an error names its own line and column")
    func scriptFile() throws {
        try withTemporaryDirectory(prefix: "continued") { directory in
            try Data("""
                component Card view UIView \\
                    { backgroundColor: red }
                mount Card \\
                      Crad
                mount Card \\

                """.utf8).write(to: directory.appendingPathComponent("s.reuse"))
            let run = try runShell(["s.reuse"], directory: directory)
            #expect(run.status == 1)
            #expect(run.output == """
                defined Card (UIView { backgroundColor: red })
                s.reuse:4:7: error: unknown component 'Crad'; did you mean 'Card'?
                        Crad
                        ^~~~
                s.reuse:5:12: error: this '\\' continues the command on the next line, but no line follows
                  mount Card \\
                             ^

                """)
        }
    }

    @Test("-c commands are the lines of <input>: one ending in \\ goes on in the next")
    func commandOptions() throws {
        let run = try runShell(["-c", "component Card view UIView \\", "-c", "  { alpha: 0.5 }", "-c", "components", "-c", "mount Card"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasPrefix("defined Card (UIView { alpha: 0.5 })\nnothing is mounted\npass 1 (mount Card)"))
        let bad = try runShell(["-c", "component Card view UIView", "-c", "mount \\", "-c", "  Crad"])
        #expect(bad.status == 1)
        #expect(bad.output.hasPrefix("defined Card (UIView)\n<input>:3:3: error: unknown component 'Crad'"), "\(bad.output)")
        let dangling = try runShell(["-c", "say last \\"])
        #expect(dangling.status == 1)
        #expect(dangling.output.hasPrefix("<input>:1:10: error: this '\\' continues the command"), "\(dangling.output)")
    }

    @Test("Piped stdin joins continued lines as a file does")
    func pipedInput() throws {
        let run = try runShell([], input: "say one \\\n  two\nsay three\\\n")
        #expect(run.status == 1)
        #expect(run.output == """
            one two
            <stdin>:3:10: error: this '\\' continues the command on the next line, but no line follows
              say three\\
                       ^

            """)
    }

    @Test("At the prompt: a continuation prompt, the joined command in history, Ctrl-C drops it all")
    func interactive() throws {
        try TerminalTests.Sandbox.with { sandbox in
            let shell = try sandbox.startShell()
            defer { shell.terminate() }
            try shell.send("component Card view UIView \\\r")
            try shell.expectAfterLastEnter("     > ")
            try shell.expectBeforeCursor("     > ")
            try shell.send("  { alpha: 0.5 }\r")
            try shell.expectLine("defined Card (UIView { alpha: 0.5 })")
            try shell.expectPrompt()
            // Ctrl-C at the continuation prompt drops the whole command.
            try shell.send("mount \\\r")
            try shell.expectBeforeCursor("     > ")
            try shell.send("\u{03}")
            try shell.expectPrompt()
            try shell.send("components\r")
            try shell.expectLine("nothing is mounted")
            try shell.expectPrompt()
            try shell.send("quit\r")
            #expect(try shell.waitForExit() == 0)
            // History keeps the joined command, once; not its pieces.
            let history = try String(contentsOf: sandbox.historyFile, encoding: .utf8)
            let entries = history.split(separator: "\n").map { $0.replacingOccurrences(of: "\\040", with: " ") }
            #expect(entries.contains("component Card view UIView { alpha: 0.5 }"), "\(entries)")
            #expect(!entries.contains { $0.hasSuffix("\\") || $0.hasPrefix("  {") || $0.hasPrefix("mount") }, "\(entries)")
        }
    }
}
