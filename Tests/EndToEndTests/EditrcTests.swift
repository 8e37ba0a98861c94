// The line editor reads the user's editline settings: $EDITRC, else
// ~/.editrc (editrc(5)), as other libedit programs do.

import Foundation
import Testing

@Suite("editrc")
struct EditrcTests {
    @Test("A key bound in ~/.editrc types what it is bound to; reuse-shell: lines apply to it alone")
    func homeEditrc() throws {
        try TerminalTests.Sandbox.with { sandbox in
            try Data("""
                # Ctrl-X types a command; Ctrl-Y only in other programs.
                bind -s ^X 'say bound in editrc'
                other-program:bind -s ^Y 'say not for us'
                reuse-shell:bind -s ^T 'say only for reuse-shell'

                """.utf8).write(to: sandbox.directory.appendingPathComponent(".editrc"))
            let shell = try sandbox.startShell()
            defer { shell.terminate() }
            try shell.send("\u{18}\r")
            try shell.expectLine("bound in editrc")
            try shell.expectPrompt()
            try shell.send("\u{14}\r")
            try shell.expectLine("only for reuse-shell")
            try shell.expectPrompt()
            try shell.send("\u{19}say after\r")
            try shell.expectLine("after")
            try shell.expectPrompt()
            #expect(!shell.output.contains("not for us"))
            try shell.send("quit\r")
            #expect(try shell.waitForExit() == 0)
        }
    }

    @Test("$EDITRC names the file instead of ~/.editrc")
    func editrcVariable() throws {
        try TerminalTests.Sandbox.with { sandbox in
            try Data("bind -s ^X 'say from home'\n".utf8).write(to: sandbox.directory.appendingPathComponent(".editrc"))
            let other = sandbox.directory.appendingPathComponent("my-editrc")
            try Data("bind -s ^X 'say from EDITRC'\n".utf8).write(to: other)
            var environment = sandbox.environment
            environment["EDITRC"] = other.path
            let shell = try PseudoTerminal(executable: try reuseShellBinary(), environment: environment)
            defer { shell.terminate() }
            try shell.expectPrompt()
            try shell.send("\u{18}\r")
            try shell.expectLine("from EDITRC")
            try shell.expectPrompt()
            #expect(!shell.output.contains("from home"))
            try shell.send("quit\r")
            #expect(try shell.waitForExit() == 0)
        }
    }
}
