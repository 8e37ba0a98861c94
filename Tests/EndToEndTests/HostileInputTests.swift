// Input meant to break the shell or the terminal: control characters,
// failures inside sourced scripts.

import Foundation
import Testing
import TestSupport

@Suite struct HostileInputTests {
    /// `mount ESC]0;title BEL ESC[2J` would retitle and clear the terminal
    /// if echoed raw; the error shows it as `^[`.
    @Test func controlCharactersInAnErrorAreShownNotSent() throws {
        let run = try runShell(["-"], input: "mount \u{1B}]0;title\u{07}\u{1B}[2J\n")
        #expect(run.status == 1)
        #expect(!run.output.contains("\u{1B}") && !run.output.contains("\u{07}"), "raw control characters in:\n\(run.output)")
        #expect(run.output.contains("  mount ^[]0;title^G^[[2J\n        ^~~~~~~~~~~~~~~~~"), "\(run.output)")
    }

    /// A value may hold any character (`\u{1B}`); it is printed and saved as
    /// that escape, and the saved session replays to the same state.
    @Test func controlCharactersInValuesAreEscapedAndSavedSessionsReplay() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let script = """
                component T view UILabel { text: "a\\u{1B}[2J\\u{2028}b\\u{85}" }
                mount T
                set T text "x\\u{D}y\\u{B}z\\u{C}"
                config v2
                save saved.reuse
                tree --json
                """
            let run = try runShell(["-"], input: script + "\n", directory: directory)
            #expect(run.status == 0, "\(run.output)")
            #expect(!run.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x2028 || $0.value == 0x85 || $0.value == 0x0D })
            #expect(run.output.contains(#"attached    text: "x\u{D}y\u{B}z\u{C}""#), "\(run.output)")
            let saved = try String(contentsOf: directory.appendingPathComponent("saved.reuse"), encoding: .utf8)
            #expect(saved.contains(#"component T view UILabel { text: "a\u{1B}[2J\u{2028}b\u{85}" }"#), "\(saved)")
            #expect(saved.split(separator: "\n").count == 4, "one line per command:\n\(saved)")
            let replay = try runShell(["saved.reuse", "-c", "tree --json"], directory: directory)
            let json = { (text: String) in text.components(separatedBy: "\n{").last ?? "" }
            #expect(replay.status == 0, "\(replay.output)")
            #expect(json(replay.output) == json(run.output))
        }
    }

    @Test func aBadEscapeIsAnError() throws {
        let run = try runShell(["-c", #"component T view UILabel { text: "a\u{110000}" }"#])
        #expect(run.status == 1)
        #expect(run.output.contains("bad escape; write a character by its hex code point like \\u{1B}"), "\(run.output)")
    }

    /// A failing line inside `source` fails the `source`: exit status 1, and
    /// `--bail` stops after it; the lines before it keep their effect.
    @Test func anErrorInsideSourceCountsForTheExitStatusAndBail() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            try Data("component A view UIView\nmount B\nsay after the error\n".utf8)
                .write(to: directory.appendingPathComponent("bad.reuse"))
            let plain = try runShell(["-c", "source bad.reuse", "-c", "say next"], directory: directory)
            #expect(plain.status == 1)
            #expect(plain.output.contains("after the error") && plain.output.contains("next"))
            #expect(plain.output.components(separatedBy: "error:").count == 2, "one error report:\n\(plain.output)")
            let bail = try runShell(["--bail", "-c", "source bad.reuse", "-c", "say next", "-c", "components"], directory: directory)
            #expect(bail.status == 1)
            #expect(!bail.output.contains("after the error") && !bail.output.contains("next"), "\(bail.output)")
            let piped = try runShell(["--bail", "-"], input: "source bad.reuse\nsay next\n", directory: directory)
            #expect(piped.status == 1)
            #expect(!piped.output.contains("next"), "\(piped.output)")
        }
    }

    /// A file and standard input split lines the same way: at `\n` (with
    /// `\r\n` alike); a lone CR, VT, FF, NEL or U+2028 stays in the line.
    /// A byte-order mark is dropped from either.
    @Test func filesAndStandardInputSplitLinesAlike() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let script = "\u{FEFF}component T view UILabel\r\nmount T\nset T text \"a\rb\u{B}c\u{C}d\u{85}e\u{2028}f\"\r\nconfig T\n"
            try Data(script.utf8).write(to: directory.appendingPathComponent("s.reuse"))
            let file = try runShell(["s.reuse"], directory: directory)
            let piped = try runShell(["-"], input: script, directory: directory)
            #expect(file.status == 0 && piped.status == 0, "\(file.output)\n\(piped.output)")
            #expect(file.output == piped.output)
            #expect(file.output.contains(#"text: "a\u{D}b\u{B}c\u{C}d\u{85}e\u{2028}f""#), "\(file.output)")
        }
    }

    /// Issue 15: a script whose tab-indented lines run `compare --script` on
    /// itself recursed until SIGSEGV, and its `save` wrote files during every
    /// replay. A replay passes over such commands by name, however indented.
    @Test func aReplayPassesOverCompareSaveAndSourceOfItself() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let script = "component A view UIView\nmount A\n\tcompare --script r.reuse\n\t save written.reuse\n\tsource r.reuse\n"
            try Data(script.utf8).write(to: directory.appendingPathComponent("r.reuse"))
            let run = try runShell(["-c", "compare --script r.reuse"], directory: directory)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("valdi-attach"), "\(run.output)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("written.reuse").path))
        }
    }

    @Test func anOverlongLineIsRefusedWithTheLimitAndTheShellGoesOn() throws {
        let long = "say " + String(repeating: "x", count: 1 << 20)
        let run = try runShell(["-"], input: long + "\nsay next\n")
        #expect(run.status == 1)
        #expect(run.output.contains("error: this line is 1048580 bytes long; a line may hold at most 1048576 bytes"), "\(run.output.prefix(500))")
        #expect(run.output.count < 1_000, "the line is not echoed whole")
        #expect(run.output.hasSuffix("next\n"))
    }

    /// A did-you-mean over a 40,000-character unknown name took 12 s.
    @Test func aHugeUnknownNameGetsItsErrorAtOnce() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let run = try runShell(["-c", "component Card view UIView", "-c", "mount " + String(repeating: "Card", count: 10_000)])
        #expect(run.status == 1)
        #expect(run.output.contains("unknown component 'CardCard"), "\(run.output.prefix(300))")
        #expect(clock.now - start < .seconds(5))
    }
}
