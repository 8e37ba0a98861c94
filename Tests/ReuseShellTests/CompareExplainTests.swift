import Foundation
import ReuseEngine
import Testing
@testable import ReuseShell

/// `compare --explain`: where two systems first part, what each did there
/// and by which of its rules, then how their counts drift.
@Suite struct CompareExplainTests {
    /// A feed of Posts and Ads, scrolled a row at a time, then a jump.
    static let feed = """
    component Title view UILabel { text: "Post {i}" }
    component Post view UIView { backgroundColor: white, tap: open } children Title
    component Ad view UIView { backgroundColor: yellow } children Title
    list Feed rows 1000 viewport 6 cells Post Post Ad
    register Feed Post
    register Feed Ad
    mount Feed
    scroll Feed by 1
    scroll Feed by 1
    scroll Feed by 1
    scroll Feed by 1
    scroll Feed by 20
    """

    /// theodolite hides row 0's Post and gives it to row 6 in the same pass;
    /// RecyclerView lays out row 6 first (LinearLayoutManager.fill: a new
    /// holder), then recycles row 0's holder into its view cache
    /// (RecyclerView.java Recycler.recycleViewHolderInternal).
    @Test func theodoliteAndRecyclerViewPartOnTheFirstScroll() {
        let session = Session(Self.feed)
        let out = session.line("compare --explain theodolite recyclerview")
        #expect(out.ok)
        let text = out.output
        #expect(text.hasPrefix("theodolite and recyclerview take the same 29 steps, then part in pass 2, 'scroll Feed by 1' (<session>:8).\n"),
                "\(text)")
        let theodolite = Self.section(text, "theodolite:")
        #expect(theodolite.first?.hasPrefix("#30   pass 2   hide      v3    Feed/0  into v2") == true, "\(theodolite)")
        #expect(theodolite.contains("rule: Views nobody takes are hidden."), "\(theodolite)")
        let recycler = Self.section(text, "recyclerview:")
        #expect(recycler.first?.hasPrefix("#30   pass 2   create    v15   Feed/6  from v2 (Post, UIView, view type)") == true, "\(recycler)")
        #expect(recycler.joined(separator: " ").contains("rule: A scroll step lays out each entering row before it recycles the row that left (LinearLayoutManager.fill), so the entering row cannot take that row's view."),
                "\(recycler)")
        // The drift, line by line from the divergence, theodolite's count first.
        #expect(text.contains("From there, lines whose counts differ (theodolite/recyclerview):\n  pass 2  scroll Feed by 1: created 0/4, reused 2/0, applied 1/6, skipped 1/0\n"),
                "\(text)")
        #expect(text.contains("At the end (theodolite/recyclerview): created 13/"), "\(text)")
        // The rule quoted is a sentence of `help strategy`, word for word.
        let help = session.line("help strategy recyclerview").output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("A scroll step lays out each entering row before it recycles the row that left (LinearLayoutManager.fill), so the entering row cannot take that row's view."))
    }

    /// flashlist pools per item type and re-renders with React's diff: row
    /// by row it takes exactly theodolite's steps (they part on a jump, where
    /// flashlist takes the pooled cell created first).
    @Test func twoSystemsThatAgreeNeverDiffer() {
        let session = Session(Self.feed.split(separator: "\n").dropLast().joined(separator: "\n"))
        let text = session.line("compare --explain theodolite flashlist").output
        // The mount: 29 steps; each row-by-row scroll: hide, reuse, unhide, skip, reuse Title, apply text.
        #expect(text == "theodolite and flashlist take the same 53 steps over 5 passes: they never differ.\n", "\(text)")
        let json = document(session, "compare --explain theodolite flashlist --json")
        let pair = (json["explained"] as? [[String: Any]])?.first
        #expect(pair?["divergence"] is NSNull)
        #expect(pair?["alike"] as? Int == 53)
        #expect(pair?["pair"] as? [String] == ["theodolite", "flashlist"])
    }

    /// With one name, the current strategy against it; the JSON has the
    /// same facts as the text.
    @Test func oneNameComparesTheCurrentStrategy() {
        let session = Session("strategy uikit\n" + Self.feed)
        let text = session.line("compare --explain theodolite").output
        #expect(text.hasPrefix("uikit and theodolite take the same 32 steps, then part in pass 2"), "\(text)")
        #expect(Self.section(text, "uikit:").joined(separator: " ").contains("rule: prepareForReuse on a dequeued cell; cellForRowAt sets every attribute, nothing unapplied."),
                "\(text)")
        let json = document(session, "compare --explain theodolite --json")
        let divergence = ((json["explained"] as? [[String: Any]])?.first?["divergence"]) as? [String: Any]
        #expect(divergence?["pass"] as? Int == 2)
        #expect(divergence?["command"] as? String == "scroll Feed by 1")
        let sides = divergence?["sides"] as? [[String: Any]]
        #expect((sides?[0]["events"] as? [[String: Any]])?.first?["kind"] as? String == "prepareForReuse")
        #expect((sides?[1]["events"] as? [[String: Any]])?.first?["kind"] as? String == "skip")
    }

    /// With no names: the current strategy against every other: the pass
    /// and command, then its step vs theirs (one line when they never part).
    @Test func everyOtherStrategyInALineEach() throws {
        let session = Session(Self.feed)
        let lines = session.line("compare --explain").output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Where each strategy first parts from theodolite: the pass and command,")
        let recycler = try #require(lines.firstIndex { $0.hasPrefix("  recyclerview ") }, "no recyclerview entry: \(lines)")
        #expect(lines[recycler] == "  recyclerview     pass 2, scroll Feed by 1")
        #expect(lines.dropFirst(recycler + 1).first?.trimmingCharacters(in: .whitespaces) == "hide v3 Feed/0 vs create v15 Feed/6")
        let flash = lines.firstIndex { $0.hasPrefix("  flashlist ") }
        #expect(flash.map { lines[$0] } == "  flashlist        pass 6, scroll Feed by 20", "\(lines)")
        // Every other strategy has its entry, in the registry's order.
        let named = lines.dropFirst(2).filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map { String($0.dropFirst(2).prefix { $0 != " " }) }
        #expect(named == StrategyRegistry.names.filter { $0 != "theodolite" }, "\(lines)")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
    }

    /// Every strategy's first difference from theodolite on the feed is
    /// explained by a sentence of its own `help strategy` text.
    @Test func everyRuleQuotedIsASentenceOfItsHelp() throws {
        let session = Session(Self.feed)
        let json = document(session, "compare --explain --json")
        for pair in json["explained"] as? [[String: Any]] ?? [] {
            guard let divergence = pair["divergence"] as? [String: Any] else { continue }
            for side in divergence["sides"] as? [[String: Any]] ?? [] {
                let strategy = try #require(side["strategy"] as? String)
                let rule = side["rule"] as? String
                #expect(rule != nil, "\(strategy): no rule for \(String(describing: side["events"]))")
                let help = session.line("help strategy \(strategy)").output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if let rule { #expect(help.contains(rule), "\(strategy): '\(rule)' is not in its help") }
            }
        }
    }

    /// A line one system refuses is where they part: uikit raises on a
    /// cell type that was never registered.
    @Test func aRefusedLineIsADivergence() {
        let session = Session("component C view UIView { alpha: 0.5 }\nlist L rows 5 viewport 2 cells C\nmount L\nscroll L by 1\n")
        let text = session.line("compare --explain theodolite uikit").output
        #expect(text.hasPrefix("theodolite and uikit take the same 0 steps, then part in pass 1, 'mount L' (<session>:3).\n"), "\(text)")
        // What theodolite did there, and the rule by which uikit refused.
        #expect(text.contains("theodolite:\n  #1    pass 1   create    v2    L  from v1"), "\(text)")
        #expect(text.contains("uikit:\n  refuses the line: <session>:3:"), "\(text)")
        #expect(text.replacingOccurrences(of: "\n  ", with: " ").contains("rule: List cells dequeue by the identifier their type was registered under ('register'); an unregistered cell identifier raises."),
                "\(text)")
        #expect(text.contains("Stopped: uikit stopped at <session>:3:"), "\(text)")
        // theodolite runs on alone: the totals are compare's.
        let explained = document(session, "compare --explain theodolite uikit --json")
        let totals = ((explained["explained"] as? [[String: Any]])?.first?["totals"] as? [[String: Any]]) ?? []
        let compared = (document(session, "compare theodolite --json")["strategies"] as? [[String: Any]])?.first?["counts"] as? [String: Any]
        #expect(totals.first { $0["stat"] as? String == "applied" }?["first"] as? Int == compared?["applied"] as? Int)
    }

    /// The current strategy with options, against itself as it comes.
    @Test func theSameStrategyWithOtherOptions() {
        let session = Session("strategy recyclerview cache 0\n" + Self.feed)
        let text = session.line("compare --explain recyclerview").output
        #expect(text.hasPrefix("recyclerview (cache 0 pool 5 prefetch 1 shared off) and recyclerview take the same"), "\(text)")
        #expect(!text.contains("never differ"), "\(text)")
    }

    /// A line with more events than the replays' logs keep is compared by
    /// its counts, and said so.
    @Test func aLineBeyondTheEventWindowIsComparedByItsCounts() {
        let lines = Self.feed.split(separator: "\n").enumerated().map { index, line in
            (line: String(line), location: SourceLocation(file: "<session>", line: index + 1))
        }
        let strategies = StrategyRegistry.all
        let explanation = CompareExplanation.explain(lines, first: "theodolite", second: "recyclerview",
                                                     current: strategies[0].standard, strategies: strategies, directory: ".",
                                                     eventWindow: 3)
        #expect(explanation.divergence?.countsOnly == true)
        #expect(explanation.divergence?.command == "scroll Feed by 1")
        let text = ExplanationReport(explanation: explanation).text
        #expect(text.contains("That line took more steps than a replay keeps; its counts differ."), "\(text)")
        #expect(text.contains("pass 2  scroll Feed by 1: created 0/4"), "\(text)")
    }

    @Test func namesAreChecked() {
        let session = Session(Self.feed)
        #expect(session.error("compare --explain recyclervew").contains("compare: unknown strategy 'recyclervew'; did you mean 'recyclerview'?"))
        #expect(Session().error("compare --explain").contains("compare: nothing to replay yet"))
    }

    /// The lines of a side's section: those indented under `heading`.
    static func section(_ text: String, _ heading: String) -> [String] {
        let lines = text.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(of: heading) else { return [] }
        return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
    }
}
