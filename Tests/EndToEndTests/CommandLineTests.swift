import Foundation
import ReuseShell
import Testing
import TestSupport

/// The built `reuse-shell` binary driven the ways a user drives it:
/// script files, `-c`, piped stdin, flags and exit statuses.
@Suite struct CommandLineTests {
    @Test func pipedStdinHasNoPromptNoColourAndReportsStdinLocations() throws {
        let run = try runShell([], input: "component Foo view UIView { backgroundColor: red }\nmount Fo\nmount Foo\n")
        #expect(run.output == """
        defined Foo (UIView { backgroundColor: red })
        <stdin>:2:7: error: unknown component 'Fo'; did you mean 'Foo'?
          mount Fo
                ^~
        pass 1 (mount Foo): created 1, reused 0, hidden 0, applied 1, unapplied 0,
          skipped 0

        """)
        #expect(run.status == 1, "a failed command makes the exit status 1")
        #expect(!run.output.contains("\u{1B}["))
        #expect(!run.output.contains("reuse> "))
    }

    @Test func pipedStdinSucceedsWithStatusZero() throws {
        let run = try runShell([], input: "say hi\n")
        #expect(run.output == "hi\n")
        #expect(run.status == 0)
    }

    @Test func dashCRunsOneCommandAtInputLocation() throws {
        let ok = try runShell(["-c", "say one", "-c", "say two"])
        #expect(ok.output == "one\ntwo\n")
        #expect(ok.status == 0)
        let bad = try runShell(["-c", "tree v9"])
        #expect(bad.output.hasPrefix("<input>:1:6: error: no view 'v9' (views are v1-v1)"))
        #expect(bad.status == 1)
    }

    @Test func bailStopsAtTheFirstError() throws {
        try withTemporaryDirectory(prefix: "reuse-cli") { directory in
            let script = directory.appendingPathComponent("x.reuse")
            try "say before\nmount Nope\nsay after\n".write(to: script, atomically: true, encoding: .utf8)
            let carryOn = try runShell([script.path])
            #expect(carryOn.output.contains("after"))
            #expect(carryOn.status == 1)
            let bail = try runShell(["--bail", script.path])
            #expect(bail.output.contains("before"))
            #expect(bail.output.contains("x.reuse:2:7: error: unknown component 'Nope'"))
            #expect(!bail.output.contains("after"))
            #expect(bail.status == 1)
        }
    }

    @Test func echoPrintsEachCommandBeforeItsOutput() throws {
        let run = try runShell(["--echo", "-c", "say hi"])
        #expect(run.output == "reuse> say hi\nhi\n")
    }

    @Test func filesReplayInOrderThenInteractiveReadsStdin() throws {
        let run = try runShell(["-i", "Sessions/00-welcome.reuse"], input: "stats --json\n")
        #expect(run.output.contains("Welcome to reuse-shell"))
        #expect(run.output.contains("\n{\"strategy\":\"theodolite\",\"pass\":null,\"counts\":{"))
        #expect(run.status == 0)
    }

    @Test func missingFileIsAnError() throws {
        let run = try runShell(["no-such-lesson.reuse"])
        #expect(run.output == "no-such-lesson.reuse: error: cannot read file: no such file\n")
        #expect(run.status == 1)
    }

    @Test func strategyFlagSelectsAStrategy() throws {
        let run = try runShell(["--strategy", "naive", "-c", "strategy"])
        #expect(run.output.hasPrefix("  theodolite"))
        #expect(run.output.contains("* naive"))
        let bad = try runShell(["--strategy", "naiv"])
        #expect(bad.output.contains("unknown strategy 'naiv'; did you mean 'naive'?"))
        #expect(bad.status != 0)
    }

    @Test func helpAndVersion() throws {
        let help = try runShell(["--help"])
        #expect(help.output.contains("USAGE: reuse-shell"))
        #expect(help.output.contains("--step"))
        #expect(help.status == 0)
        let version = try runShell(["--version"])
        #expect(version.output == ReuseShellVersion.current + "\n")
    }

    @Test func quitEndsStdinEarly() throws {
        let run = try runShell([], input: "say a\nquit\nsay b\n")
        #expect(run.output == "a\n")
        #expect(run.status == 0)
    }

    /// Text wraps to 80 columns when not on a terminal, to --width N when
    /// asked, never with --width 0; JSON never wraps.
    @Test func outputWrapsToTheWidth() throws {
        let script = "component Foo view UIView { backgroundColor: red }\nmount Foo\n"
        let pass = "pass 1 (mount Foo): created 1, reused 0, hidden 0, applied 1, unapplied 0, skipped 0"
        #expect(try runShell([], input: script).output.contains("unapplied 0,\n  skipped 0\n"))
        #expect(try runShell(["--width", "0"], input: script).output.contains(pass + "\n"))
        #expect(try runShell(["--width", "40"], input: script).output.hasSuffix("""
            pass 1 (mount Foo): created 1, reused 0,
              hidden 0, applied 1, unapplied 0,
              skipped 0

            """))
        let narration = try runShell(["--width", "30"], input: "say one two three four five six seven eight nine ten\n").output
        #expect(narration == "one two three four five six\nseven eight nine ten\n")
        let json = try runShell(["--width", "20"], input: script + "tree --json\n").output
        #expect(json.split(separator: "\n").last?.hasPrefix(#"{"pass":1,"tree":{"view":"v1""#) == true)
        #expect(json.split(separator: "\n").last?.hasSuffix("]}") == true)
        #expect(try runShell(["--width", "-1", "-c", "help"]).status != 0)
    }

    /// The completion scripts README tells users to install are generated.
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsAreGenerated(_ shell: String) throws {
        let run = try runShell(["--generate-completion-script", shell])
        #expect(run.status == 0)
        #expect(run.output.contains("reuse-shell"))
        #expect(run.output.contains("no-init") && run.output.contains("color"))
    }

    @Test func stepWithoutATerminalReadsAnswersFromStdin() throws {
        // Step 1 is the welcome narration with its command; Enter runs it.
        let run = try runShell(["--step", "Sessions/00-welcome.reuse"], input: "\nsay exploring\n\nq\n")
        #expect(run.output.contains("00-welcome.reuse 1/6 › \n"), "\(run.output)")
        #expect(run.output.contains("Welcome to reuse-shell. A Header"))
        #expect(run.output.contains("'help glossary' defines the words the lessons use"))
        #expect(run.output.contains("exploring\n"))
        #expect(run.output.contains("(your commands are set aside"))
        #expect(run.output.contains("defined Title") && run.output.contains("defined Header"))
        #expect(!run.output.contains("defined Card"), "q stopped the lesson")
        #expect(run.status == 0)
    }
}
