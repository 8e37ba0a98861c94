import Testing
@testable import ReuseShell

/// One display-width measure, and wrapping by it.
@Suite struct WidthTests {
    @Test func displayWidthFollowsWcwidth() {
        #expect("abc".displayWidth == 3)
        #expect("🚀".displayWidth == 2)          // U+1F680, transport and map symbols
        #expect("日本".displayWidth == 4)
        #expect("e\u{301}".displayWidth == 1)    // e + combining acute: one character, one cell
        #expect("\u{1B}[1mbold\u{1B}[0m".displayWidth == 4)
        #expect("Feed".padding(6) == "Feed  ")
        #expect("日本".padding(6) == "日本  ")
    }

    @Test func wrapKeepsIndentationAndTreeBranches() {
        #expect(wrap("one two three four", width: 9) == ["one two", "  three", "  four"])
        // An arrow goes with the word after it: no line ends on `->`.
        #expect(wrap("owner Feed/1 -> Feed/3", width: 15) == ["owner Feed/1", "  -> Feed/3"])
        #expect(wrap("v2 ← owner Feed/1", width: 9) == ["v2", "  ← owner", "  Feed/1"])
        #expect(wrap("  key   value value", width: 13) == ["  key   value", "    value"])
        #expect(wrap("  key   value value", width: 12) == ["  key", "    value", "    value"])
        #expect(wrap("│  ├─ v3 UIView Feed/0 (Card)", width: 20) == ["│  ├─ v3 UIView", "│  │    Feed/0", "│  │    (Card)"])
        #expect(wrap("└─ v3 UIView Feed/0", width: 12) == ["└─ v3 UIView", "     Feed/0"])
        #expect(wrap("short", width: 80) == ["short"])
        #expect(wrap("a-very-long-word x", width: 5) == ["a-very-long-word", "  x"])
        #expect(wrap("no limit at all here", width: 0) == ["no limit at all here"])
    }

    @Test func passLinesWrapBetweenCounts() {
        let session = Session("component A view UIView { alpha: 0.5 }\n")
        session.interpreter.options.width = 30
        #expect(session.run("mount A\n") == """
            pass 1 (mount A): created 1,
              reused 0, hidden 0,
              applied 1, unapplied 0,
              skipped 0

            """)
        // Colour codes take no columns: the same breaks.
        session.interpreter.options.style = Style(color: true)
        let coloured = session.run("remount\n")
        #expect(coloured.contains("\u{1B}[36mpass 2\u{1B}[0m"))
        #expect(coloured.split(separator: "\n").map(\.displayWidth) == [28, 21, 25, 11])
        session.interpreter.options.width = 0
        session.interpreter.options.style = .plain
        #expect(session.run("remount\n") == "pass 3 (remount): created 0, reused 0, hidden 0, applied 0, unapplied 0, skipped 1\n")
    }

    @Test func decimalsAreWrittenByHand() {
        for value in [0, 7, 10, 99, 100, 12_345, -1, -10, Int.max, Int.min] {
            var bytes: [UInt8] = []
            let width = PassLine.appendDecimal(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
            #expect(width == String(value).count && PassLine.decimalWidth(value) == width)
        }
    }

    @Test func compareCondensesToTheWidth() {
        let session = Session("component A view UIView\nmount A\n")
        session.interpreter.options.width = 80
        let table = session.run("compare theodolite naive\n")
        #expect(table.split(separator: "\n").allSatisfy { $0.displayWidth <= 80 })
        #expect(table.components(separatedBy: "strategy ").count == 3, "two narrower tables:\n\(table)")
        session.interpreter.options.width = 0
        #expect(session.run("compare theodolite naive\n").split(separator: "\n").count == 3)
    }
}

/// The interpreter keeps the counts part of the last pass line; every line
/// it prints is still the one made from scratch, as pass numbers grow a
/// digit (the counts start further right) and the counts change, at every
/// width where wrapping could tell.
@Suite struct PassLineCacheTests {
    @Test(arguments: [false, true])
    func cachedLinesEqualLinesMadeAfresh(color: Bool) {
        var script = """
            component Title view UILabel { text: "row {i}" }
            component Row view UIView { backgroundColor: white } children Title
            list Feed rows 1000 viewport 3 cells Row
            mount Feed

            """
        for step in 0..<110 { script += step % 17 == 5 ? "scroll Feed by 2\n" : step % 23 == 7 ? "remount\n" : "scroll Feed by 1\n" }
        let style = Style(color: color)
        for width in [0] + Array(24...90) {
            var output = ""
            let interpreter = Interpreter(options: .init(style: style, width: width)) { output += $0 }
            #expect(interpreter.run(script: script, file: "<test>"))
            // Each pass line, with its continuation lines, appears in order.
            var remaining = Substring(output)
            for summary in interpreter.engine.log.passes {
                var fresh = PassLine.Cache()  // an empty cache makes the line from scratch
                let line = fresh.text(for: summary, style: style, width: width) + "\n"
                guard let range = remaining.range(of: line) else {
                    Issue.record("width \(width): pass \(summary.pass) printed otherwise than \(line)")
                    return
                }
                remaining = remaining[range.upperBound...]
            }
        }
    }
}
