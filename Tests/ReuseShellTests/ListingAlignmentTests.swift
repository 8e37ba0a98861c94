import Foundation
import Testing
@testable import ReuseShell

/// Small things a room notices on a projector: columns that stay in line,
/// paths written as users write them, help found under a strategy's name.
@Suite struct ListingAlignmentTests {
    /// `log` widens its kind column to the longest kind listed
    /// (`prepareForReuse`), so every view id starts in the same column.
    @Test func logColumnsStayInLineWithLongKinds() {
        let session = Session("""
        strategy uikit
        component Cell view UILabel { text: "r{i}" }
        list Feed rows 50 viewport 2 cells Cell
        register Feed Cell
        mount Feed
        scroll Feed by 2
        """)
        let lines = session.line("log --pass 2").output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("#") }
        #expect(lines.contains { $0.contains(" prepareForReuse ") })
        let columns = Set(lines.map { line in line.range(of: " v")!.lowerBound.utf16Offset(in: line) })
        #expect(columns.count == 1, "\(lines)")
        // A listing without long kinds keeps its 9-wide column.
        #expect(session.line("log --pass 1 --last 1").output.hasPrefix("#5    pass 1   apply     v4 "))
    }

    /// `stats` widens its name column to the longest name printed.
    @Test func statsFitsReconfigured() {
        let session = Session("strategy divkit\ncomponent A view UIView { alpha: 0.5 }\nmount A\nset A alpha 0.5")
        let stats = session.line("stats").output
        #expect(stats.contains("\n  reconfigured 1\n"), "\(stats)")
        #expect(stats.contains("\n  created      1\n"), "\(stats)")
    }

    /// A reused view's previous holder is written as users write paths
    /// (`Root/Card[0]`), in `log` and in `explain`.
    @Test func aPreviousHolderKeepsItsIndex() {
        let session = Session("component Card view UIView { alpha: 0.5 }\ncomponent Root view UIView children Card Card\nmount Root\nexplain on")
        let explained = session.line("hide Root/Card[0]").output
        #expect(explained.contains("it last showed Root/Card[0]"), "\(explained)")
        #expect(session.line("log --kind reuse").output.replacingOccurrences(of: "\n  ", with: "  ").contains("was Root/Card[0]"))
    }

    @Test func helpUnderAStrategysName() {
        let session = Session()
        let named = session.line("help uikit")
        #expect(named.ok && named.output.hasPrefix("strategy uikit\n"))
        #expect(named.output == session.line("help strategy uikit").output)
        #expect(session.error("help uikti").contains("unknown command 'uikti'"))
    }
}

/// `help glossary`: every term the lessons lean on, defined once.
@Suite struct GlossaryTests {
    @Test func theLessonsTermsAreDefined() {
        let session = Session()
        let all = session.line("help glossary")
        #expect(all.ok)
        for term in ["pool", "ViewKey", "attribute shape", "configuration", "apply", "unapply", "hidden", "waiting", "list host",
                     "cell", "cache", "scrap", "state", "pass", "path", "instance", "dequeue", "prefetch", "hook", "leak", "slot"] {
            let one = session.line("help glossary \(term)")
            #expect(one.ok && one.output.count > 80, "\(term): \(one.output)")
        }
        // Every entry is in the full listing, in alphabetical order of its first name.
        let titles = Glossary.entries.map { $0.names[0].lowercased() }
        #expect(titles == titles.sorted(), "\(titles)")
        for entry in Glossary.entries { #expect(all.output.contains(entry.title)) }
        // Pool, the word that meant two things: in use and waiting, both.
        #expect(session.line("help glossary pool").output.contains("those in use and those waiting"))
        #expect(session.error("help glossary poool").contains("help glossary: no entry for 'poool'; did you mean 'pool'?"))
        // Plurals, and the words of the output and the advice.
        for term in ["pools", "caches", "cells", "leaks", "bind", "cellForRowAt", "onBindViewHolder", "ViewHolder", "render",
                     "token", "content type", "snapshot", "reuse identifier"] {
            #expect(session.line("help glossary \(term)").ok, "\(term)")
        }
        #expect(session.interpreter.completions(for: "help glo") == ["glossary"])
        #expect(session.interpreter.completions(for: "help glossary sc").contains("scrap"))
    }

    /// Every lesson page carries the glossary, folded under its header, so
    /// every lesson points to it (presenter mode names it at the start).
    @Test func everyPageCarriesIt() {
        let page = LessonPage(script: "component A view UIView\nmount A\n", file: "a.reuse")
        let html = PageTemplate.lesson(page, pictures: page.graphs.map { _ in "" })
        #expect(html.contains("<details class=\"glossary\"><summary>Glossary: the words these lessons use</summary>"))
        for entry in Glossary.entries { #expect(html.contains("<dt>\(PageTemplate.escape(entry.title))</dt>"), "\(entry.title)") }
    }

    @Test func lessonOnePointsToIt() throws {
        let lesson = try String(contentsOfFile: packageRootForTests + "/Sessions/01-first-mount.reuse", encoding: .utf8)
        #expect(lesson.contains("'help glossary'"))
    }
}

/// A number out of range is said to be out of range, whatever its size
/// (issue 39, item 9): Int.min and numbers beyond Int were "not a whole number".
@Suite struct NumberRangeTests {
    @Test func outOfRangeAtAnySize() {
        let session = Session("component C view UIView\nlist L rows 5 viewport 2 cells C\nmount L")
        let range = "scroll: the number of rows must be between -1000000000000 and 1000000000000, not"
        #expect(session.error("scroll L by -9223372036854775808").contains(range + " -9223372036854775808"))
        #expect(session.error("scroll L by 9223372036854775807").contains(range + " 9223372036854775807"))
        #expect(session.error("scroll L by 99999999999999999999").contains(range + " 99999999999999999999"))
        #expect(session.error("scroll L by 1x").contains("scroll: '1x' is not a whole number"))
        #expect(session.error("scroll L by -").contains("is not a whole number"))
        #expect(Arguments.wholeNumber("-9223372036854775808") == Int.min)
        #expect(Arguments.wholeNumber("-1_000") == -1000)
        #expect(Arguments.wholeNumber("9223372036854775808") == nil)
    }
}
