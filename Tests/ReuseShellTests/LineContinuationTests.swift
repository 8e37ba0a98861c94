import Foundation
import ReuseShell
import Testing
import TestSupport

/// A line ending in `\` goes on in the next: joined with one space, errors
/// on the line the bad text is on, `save` writing the joined command.
@Suite struct LineContinuationTests {
    @Test func aLongComponentLineSplits() {
        let session = Session()
        let output = session.run("""
            component Card view UIView \\
                { backgroundColor: red, \\
                  alpha: 0.5 }
            """)
        #expect(output == "defined Card (UIView { backgroundColor: red, alpha: 0.5 })\n")
        #expect(session.interpreter.failures == 0)
    }

    @Test func theJoinedCommandIsOneSpaceApart() {
        let commands = Interpreter.commands(of: "mount Foo\\\nBar\nsay a   \\\n\t  b \\\n c\nsay d\n", file: "f")
        #expect(commands.map(\.text) == ["mount Foo Bar", "say a b c", "say d"])
        #expect(commands.map(\.location.line) == [1, 3, 6])
        #expect(commands[2].location.pieces.isEmpty)
        #expect(commands[1].location.pieces.map(\.line) == [3, 4, 5])
    }

    @Test func anErrorNamesThePhysicalLineAndColumnOfTheBadWord() {
        let session = Session(seed)
        session.run("""
            say first
            mount Foo \\
                  Crad \\
              Bar
            """)
        #expect(session.output.hasPrefix("""
            first
            <test>:3:7: error: unknown component 'Crad'; did you mean 'Card'?
                    Crad \\
                    ^~~~
            """), "\(session.output)")
    }

    @Test func anErrorOnTheFirstLineOfAContinuedCommandNamesIt() {
        let session = Session(seed)
        session.run("mount Fooo \\\n  Bar\n")
        #expect(session.output.hasPrefix("<test>:1:7: error: unknown component 'Fooo'"), "\(session.output)")
    }

    @Test func aLexerErrorIsPlacedOnItsLineToo() {
        let session = Session()
        session.run("component T view UILabel \\\n  { text: \"a\\u{zz}\" }\n")
        #expect(session.output.hasPrefix("<test>:2:13: error: bad escape"), "\(session.output)")
    }

    @Test func aMissingWordIsLookedForAfterTheLastLine() {
        let session = Session()
        session.run("component Card \\\n  view\n")
        #expect(session.output == """
            <test>:2:7: error: component: expected view class
                view
                    ^

            """, "\(session.output)")
    }

    @Test func saveWritesTheJoinedCommand() throws {
        try withTemporaryDirectory(prefix: "continuation") { directory in
            let session = Session()
            session.interpreter.workingDirectory = directory.path
            session.run("""
                component Card view UIView \\
                  { alpha: 0.5 }
                mount \\
                  Card
                save out.reuse
                """)
            let saved = try String(contentsOf: directory.appendingPathComponent("out.reuse"), encoding: .utf8)
            #expect(saved.hasSuffix("\ncomponent Card view UIView { alpha: 0.5 }\nmount Card\n"), "\(saved)")
        }
    }

    @Test func aBackslashOnTheLastLineIsAnError() {
        let session = Session(seed)
        let ok = session.interpreter.run(script: "mount Foo\nmount Bar \\\n", file: "end.reuse")
        #expect(!ok)
        #expect(session.output.hasSuffix("""
            end.reuse:2:11: error: this '\\' continues the command on the next line, but no line follows
              mount Bar \\
                        ^

            """), "\(session.output)")
        // The command did not run: Bar is not mounted.
        #expect(session.line("tree").output.contains("Bar") == false)
    }

    /// Issue 39: `\` lines joined past the line limit grew memory without
    /// bound before the joined command was refused. The joiner now drops
    /// the text once past the limit and counts on, so the refusal gives the
    /// joined length and the lines after the command run.
    @Test func aCommandContinuedPastTheLineLimitIsRefusedWithItsLength() {
        let session = Session(seed)
        let piece = String(repeating: "a", count: 600_000)
        let script = "say start \\\n" + String(repeating: "  \(piece) \\\n", count: 3) + "  end\nsay after\n"
        let ok = session.interpreter.run(script: script, file: "long.reuse")
        #expect(!ok)
        let joined = "say start" + String(repeating: " " + piece, count: 3) + " end"
        #expect(session.output.contains("long.reuse:1:1: error: this line is \(joined.utf8.count) bytes long; a line may hold at most 1048576 bytes"),
                "\(session.output.prefix(300))")
        #expect(session.output.hasSuffix("after\n"), "\(session.output.suffix(200))")
    }

    @Test func aBlankLineEndsAContinuedCommand() {
        let session = Session(seed)
        let ok = session.interpreter.run(script: "mount Foo \\\n\nmount Bar\n", file: "f")
        #expect(ok)
        #expect(session.interpreter.engine.log.passes.count == 2)
    }

    @Test("A comment does not continue; a comment may end a continued command")
    func comments() {
        let commands = Interpreter.commands(of: """
            # a comment \\
            mount Foo # then a note \\
            mount Bar \\
              # the end
            component C view UIView { backgroundColor: #ff0000 } \\
            #00ff00
            """, file: "f")
        #expect(commands.map(\.text) == [
            "# a comment \\", "mount Foo # then a note \\", "mount Bar # the end",
            "component C view UIView { backgroundColor: #ff0000 } #00ff00",
        ])
        let session = Session(seed)
        #expect(session.interpreter.run(script: "mount Foo \\\n  # the end\n", file: "f"))
    }

    @Test func aQuotedValueGoesOnInTheNextLineWithOneSpace() {
        let session = Session()
        let output = session.run("say \"a long \\\n   sentence\"\n")
        #expect(output == "a long sentence\n")
    }

    @Test func aBackslashInsideALineIsNotAContinuation() {
        let session = Session()
        #expect(session.run("say a \\ b\n") == "a \\ b\n")
        // Spaces after the `\`: the line ends in a space, so it does not continue.
        #expect(Interpreter.commands(of: "mount Foo \\ \nBar\n", file: "f").count == 2)
    }

    @Test func presenterStepsJoinContinuedCommands() {
        let steps = ScriptStep.steps(of: "# title\nmount Foo \\\n  Bar\nsay done \\\n  now\n", file: "l.reuse")
        #expect(steps.map(\.line) == ["mount Foo Bar", "say done now"])
        #expect(steps.map(\.location.line) == [2, 4])
        #expect(steps[1].isNarration)
    }

    @Test func manyContinuedLinesJoinInLinearTime() {
        // 20,000 lines of one command: quadratic joining would take minutes.
        let text = "say" + String(repeating: " word \\\n", count: 20_000) + "end\n"
        let start = ContinuousClock.now
        let commands = Interpreter.commands(of: text, file: "f")
        #expect(commands.count == 1)
        #expect(commands[0].location.pieces.count == 20_001)
        #expect(ContinuousClock.now - start < .seconds(5))
    }
}
