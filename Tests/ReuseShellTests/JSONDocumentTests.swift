import Foundation
import ReuseEngine
import Testing
import TestSupport
@testable import ReuseShell

/// What the JSON documents say beyond their shape: where a list is cut
/// short, which pass a past state is, errors as JSON, and `quiet`.
@Suite struct JSONDocumentTests {
    typealias Shell = JSONSchemaTests.Shell

    static func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(text) }

    /// 50 cells with a view each: 102 events a mount, 100 more a scroll by 50.
    static let feed = """
    component Card view UIView { backgroundColor: red }
    list Feed rows 1000 viewport 50 cells Card
    mount Feed
    scroll Feed by 50
    scroll Feed by 1
    """

    @Test func logSaysWhenItIsCutShort() throws {
        let shell = Shell(Self.feed)
        let all = shell.interpreter.engine.log.events.count
        #expect(all > 250)
        // No filter: the last 200 of them, and the document says so.
        let capped = try Self.parse(shell.run("log --json").out)
        #expect(capped["total"]?.int == all)
        #expect(capped["shown"]?.int == 200)
        #expect(capped["events"]?.array?.count == 200)
        #expect(capped["events"]?[199]?["seq"]?.int == all, "the last ones")
        #expect(capped["dropped"]?.int == 0)
        // --last N: the last N of all.
        let last = try Self.parse(shell.run("log --last 3 --json").out)
        #expect(last["total"]?.int == all)
        #expect(last["shown"]?.int == 3)
        // A filter lists every match: nothing cut.
        let applies = try Self.parse(shell.run("log --kind apply --json").out)
        #expect(applies["total"]?.int == applies["shown"]?.int)
        #expect(applies["shown"]?.int == applies["events"]?.array?.count)
        // A filter and --last: the rest that match are counted.
        let pass = try Self.parse(shell.run("log --pass 1 --json").out)
        let lastOfPass = try Self.parse(shell.run("log --pass 1 --last 2 --json").out)
        #expect(lastOfPass["total"]?.int == pass["total"]?.int)
        #expect(lastOfPass["shown"]?.int == 2)
        let ofView = try Self.parse(shell.run("log v3 --json").out)
        let lastOfView = try Self.parse(shell.run("log v3 --kind create,apply,reuse,hide,unhide,skip --last 1 --json").out)
        #expect(lastOfView["total"]?.int == ofView["total"]?.int)
        #expect(lastOfView["shown"]?.int == 1)
        #expect(try Self.parse(shell.run("log --kind remove --json").out)["total"]?.int == 0)
        // `log keep N`: the events dropped are counted apart.
        #expect(shell.run("log keep 10").ok)
        let kept = try Self.parse(shell.run("log --json").out)
        #expect(kept["total"]?.int == 10)
        #expect(kept["shown"]?.int == 10)
        #expect(kept["dropped"]?.int == all - 10)
    }

    /// The text collapses long lists; a document never does.
    @Test func documentsNeverCollapseLists() throws {
        let shell = Shell(Self.feed)
        #expect(shell.run("components").out.contains("more rows (components --all)"))
        let components = try Self.parse(shell.run("components --json").out)
        #expect(components["components"]?.array?.count == 1 + 50)
        #expect(shell.run("tree").out.contains("more visible rows (tree --all)"))
        let tree = try Self.parse(shell.run("tree --json").out)
        #expect(tree["tree"]?["children"]?[0]?["children"]?.array?.count == 50)
        #expect(tree["tree"]?["children"]?[0]?["rows"]?["first"]?.int == 51)
        #expect(tree["tree"]?["children"]?[0]?["rows"]?["count"]?.int == 50)
    }

    /// `why` says when the log keeps too few events for the whole story.
    @Test func whySaysWhenTheStoryIsCutShort() throws {
        let shell = Shell(Self.feed + "\nset Feed/60 backgroundColor blue\n")
        let whole = try Self.parse(shell.run("why Feed/60 backgroundColor --json").out)
        #expect(whole["eventsKept"]?.bool == true)
        #expect(whole["keptFrom"]?.isNull == true)
        #expect(shell.run("log keep 1").ok)
        #expect(shell.run("scroll Feed by 1").ok)
        let cut = try Self.parse(shell.run("why Feed/60 backgroundColor --json").out)
        #expect(cut["keptFrom"]?.int != nil, "\(cut)")
    }

    /// At pass N, `passes` is N, and the measures of the state are those
    /// right after pass N, in the text as in the JSON (they were those of
    /// the last pass, so `stats --pass 2 --json` said `"passes":3`).
    @Test func statsAtAPassMeasureTheStateAfterIt() throws {
        let shell = Shell("""
            component Foo view UIView { backgroundColor: red }
            component Bar view UIView { alpha: 0.5 }
            strategy naive
            mount Foo
            mount Foo Bar Foo
            """)
        // Right after pass 2, before passes 3 and 4 change the views.
        let then = try Self.parse(shell.run("stats --json").out)
        let thenText = shell.run("stats").out
        #expect(shell.run("mount Bar").ok)
        #expect(shell.run("mount Bar").ok)
        let now = try Self.parse(shell.run("stats --json").out)
        #expect(now["counts"]?["passes"]?.int == 4)
        let past = try Self.parse(shell.run("stats --pass 2 --json").out)
        #expect(past["pass"]?.int == 2)
        #expect(then["pass"]?.isNull == true)
        for stat in Stat.statsJSON where !stat.isCounted {
            #expect(past["counts"]?[stat.jsonKey]?.int == then["counts"]?[stat.jsonKey]?.int, "\(stat)")
        }
        #expect(past["counts"]?["passes"]?.int == 2)
        #expect(past["counts"]?["leaks"]?.int != now["counts"]?["leaks"]?.int || past["counts"]?["views"]?.int != now["counts"]?["views"]?.int,
                "the scene changes the state after pass 2, so the test tells them apart")
        // A pass's own counts: pass 2 created Bar's view and the second Foo's.
        let summary = try #require(shell.interpreter.engine.log.summary(ofPass: 2))
        #expect(past["counts"]?["created"]?.int == 2)
        for stat in Stat.counted { #expect(past["counts"]?[stat.jsonKey]?.int == summary.counts[stat], "\(stat)") }
        // The text agrees: its leaks and views lines are those of right after pass 2.
        let pastText = shell.run("stats --pass 2").out
        #expect(pastText.hasPrefix("pass 2 (mount Foo Bar Foo) under naive\n"))
        let measures = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("  leaks") || $0.hasPrefix("  views") } }
        #expect(measures(pastText) == measures(thenText))
        #expect(measures(pastText).count == 2)
    }

    @Test func aFailedJSONCommandReportsAJSONError() throws {
        let shell = Shell("component Foo view UIView\nmount Foo\n")
        let schemas = JSONSchemaTests.schemas
        for (line, message, column, length) in [
            ("tree --bogus --json", "tree: unknown option '--bogus'", 6, 7),
            ("config v9 --json", "no view 'v9' (views are v1-v2)", 8, 2),
            ("trees --json", "unknown command 'trees'; did you mean 'tree'? (type 'help' for a list)", 1, 5),
            ("why v2 --json", "why: expected a PROPERTY of v2 (e.g. backgroundColor)", 14, 1),
            ("stats --pass 7 --json", "stats: no pass 7 (passes run: 1)", 14, 1),
        ] {
            let run = shell.run(line)
            #expect(!run.ok)
            #expect(run.out.isEmpty, "\(line)")
            let error = try Self.parse(run.err)
            #expect(try schemas.validate(error, against: "error.schema.json").isEmpty, "\(line): \(run.err)")
            #expect(error["error"]?["message"]?.string == message, "\(line): \(run.err)")
            #expect(error["error"]?["column"]?.int == column, "\(line): \(run.err)")
            #expect(error["error"]?["length"]?.int == length, "\(line): \(run.err)")
            #expect(error["error"]?["file"]?.string == "<test>")
            #expect(error["error"]?["line"]?.int == 1)
            #expect(error["error"]?["input"]?.string == line)
            #expect(run.err.hasSuffix("}\n") && run.err.filter { $0 == "\n" }.count == 1, "one line: \(run.err)")
            // Without --json, the text report as always.
            let text = shell.run(line.replacingOccurrences(of: " --json", with: ""))
            #expect(text.err.hasPrefix("<test>:1:"), "\(text.err)")
            #expect(text.err.contains(" error: "))
        }
        // A quoted "--json" is a value, not the flag: the report stays text.
        #expect(shell.run(#"set Foo backgroundColor "--json""#).err.hasPrefix("<test>:1:25: error: "))
        #expect(shell.run(#"mount Nope "--json""#).err.hasPrefix("<test>:1:12: error: "))
        // Not every text that looks like JSON: a lexer error has no command to ask for it.
        #expect(shell.run(#"tree "unclosed --json"#).err.hasPrefix("<test>:1:"))
    }

    /// A command continued over lines (`\`) reports its JSON error on the
    /// physical line of the bad text, as the text report does; a dangling
    /// `\` on a `--json` line is a JSON error too.
    @Test func aContinuedCommandsJSONErrorNamesItsPhysicalLine() throws {
        var err = ""
        let shell = Interpreter(options: .init(), write: { _ in }, writeError: { err += $0 })
        let script = "component Foo view UIView\nmount Foo\ntree Foo \\\n  --changes \\\n  --pass x --json\n"
        Interpreter.forEachCommand(of: script, file: "<t>") { command, location in
            shell.run(line: command, at: location)
            return true
        }
        let error = try Self.parse(err)
        #expect(try JSONSchemaTests.schemas.validate(error, against: "error.schema.json").isEmpty, "\(err)")
        #expect(error["error"]?["line"]?.int == 5, "\(err)")
        #expect(error["error"]?["input"]?.string == "  --pass x --json", "\(err)")
        #expect(error["error"]?["column"]?.int == 10, "\(err)")
        // The same without --json: the text report names the same place.
        err = ""
        Interpreter.forEachCommand(of: script.replacingOccurrences(of: " --json", with: ""), file: "<t>") { command, location in
            shell.run(line: command, at: location)
            return true
        }
        #expect(err.hasPrefix("<t>:5:10: error: "), "\(err)")
        // A `\` with no line after it, on a --json line.
        err = ""
        shell.run(line: "tree --json \\", at: SourceLocation(file: "<t>", line: 1))
        #expect(try Self.parse(err)["error"]?["message"]?.string?.contains("no line follows") == true, "\(err)")
    }

    /// `quiet` prints what answers a question, in a `source`d script too,
    /// and nothing a change of the session prints.
    @Test func quietKeepsOnlyAnswers() throws {
        try withTemporaryDirectory(prefix: "quiet") { directory in
            try "set Feed/1 backgroundColor blue\ncomponents\n".write(to: directory.appendingPathComponent("inner.reuse"), atomically: true, encoding: .utf8)
            var out = ""
            var err = ""
            let shell = Interpreter(options: .init(echo: true, quiet: true), write: { out += $0 }, writeError: { err += $0 })
            shell.workingDirectory = directory.path
            let ok = shell.run(script: """
                component Card view UIView { backgroundColor: red }
                list Feed rows 10 viewport 2 cells Card
                say narration
                explain on
                mount Feed
                expect stat passes 1
                log keep 100
                log keep
                source inner.reuse
                undo
                save saved.reuse
                stats --json
                help say
                mount Nope
                """, file: "<test>")
            #expect(!ok)
            #expect(out == """
                the log keeps the latest 100 events
                Feed      v2 UIScrollView  list, rows 0-1 of 10
                  Feed/0  v3 UIView
                  Feed/1  v4 UIView

                """ + shell.engine.statistics.jsonLine + "\n" + shell.helpText("say"))
            #expect(err.hasPrefix("<test>:14:7: error: unknown component 'Nope'"), "\(err)")
        }
    }
}

extension Statistics {
    /// `stats --json`'s line for these totals.
    var jsonLine: String {
        JSON.object([("strategy", .string("theodolite")), ("pass", .null), ("counts", countsJSON(counts, measured: self))]).rendered
    }
}

extension Interpreter {
    /// What `help COMMAND` prints in a shell of its own.
    func helpText(_ command: String) -> String {
        var out = ""
        Interpreter(options: .init(), write: { out += $0 }).run(line: "help \(command)", at: SourceLocation(file: "<help>", line: 1))
        return out
    }
}
