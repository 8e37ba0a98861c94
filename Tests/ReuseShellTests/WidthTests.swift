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
        #expect(wrap(items: ["created 1", "reused 0", "hidden 0"], after: "pass 1 (mount A):", width: 30)
                == ["pass 1 (mount A): created 1,", "  reused 0, hidden 0"])
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
