import Foundation
import Testing
import ReuseEngine

/// The code of the DocC article "Getting started"
/// (`Sources/ReuseEngine/ReuseEngine.docc/GettingStarted.md`) and of the
/// landing page (`ReuseEngine.md`), compiled and run here, and compared
/// with the pages text by text, so they cannot show code that does not
/// build or output it does not print.
///
/// Each region between `// article: NAME` and `// end article` below is
/// the Swift block a page marks `<!-- tested: NAME -->`; what the
/// region prints (through the local `print`) is the block the article
/// marks `<!-- output: NAME -->`, or the landing code's last comment.
@Suite struct GettingStartedTests {
    @Test func theArticleCodeRunsAndPrintsWhatTheArticleShows() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        // article: mount-and-scroll
        var engine = Engine()

        // A card: a white view holding a label that shows its row.
        try engine.defineComponent("Title", view: "UILabel",
                                   attributes: ["text": "Row {i}"])
        try engine.defineComponent("Card", view: "UIView",
                                   attributes: ["backgroundColor": .color("white")],
                                   children: ["Title"])
        // A feed of 1,000 cards, 3 on screen.
        try engine.defineList("Feed", rows: 1_000, viewport: 3, cells: ["Card"])

        let mounted = try engine.mount("Feed")
        print(mounted.trigger, "->", mounted.counts.line)

        let step = try engine.scroll("Feed", by: 1)
        print(step.pass.trigger, "->", step.pass.counts.line)
        // end article

        // article: read-the-log
        for event in engine.log.events(of: step.pass) {
            let path = event.path?.display ?? ""
            print("#\(event.seq)", event.view, event.kind, path)
        }
        // end article

        // article: errors
        do {
            try engine.scroll("Fed", by: 1)
        } catch {
            print(error)
        }
        // end article

        let article = try Self.page("GettingStarted.md")
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let regions = Self.regions(in: source)
        #expect(regions.keys.sorted() == ["errors", "landing", "mount-and-scroll", "read-the-log"])
        for (name, code) in regions where name != "landing" {
            #expect(Self.block(marked: "tested: \(name)", in: article) == code, "the article's '\(name)' code differs from the test's")
        }
        let expectedOutput = ["mount-and-scroll", "read-the-log", "errors"]
            .compactMap { Self.block(marked: "output: \($0)", in: article) }.joined(separator: "\n")
        #expect(printed.joined(separator: "\n") == expectedOutput)
    }

    @Test func theLandingPageCodeRunsAndPrintsWhatItsCommentSays() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        // article: landing
        var engine = Engine()
        try engine.defineComponent("Card", view: "UIView",
                                   attributes: ["backgroundColor": .color("white")])
        try engine.defineList("Feed", rows: 1_000, viewport: 3, cells: ["Card"])
        try engine.mount("Feed")
        let step = try engine.scroll("Feed", by: 1)
        print(step.pass.counts.line)
        // created 0, reused 1, hidden 1, applied 0, unapplied 0, skipped 1
        // end article

        let page = try Self.page("ReuseEngine.md")
        let code = try #require(Self.regions(in: try String(contentsOfFile: #filePath, encoding: .utf8))["landing"])
        #expect(Self.block(marked: "tested: landing", in: page) == code)
        let comment = try #require(code.split(separator: "\n").last?.split(separator: "// ", maxSplits: 1).last)
        #expect(printed == [String(comment)])
    }

    // MARK: Reading the pages and this file

    /// A page of the DocC catalogue.
    static func page(_ name: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appendingPathComponent("Sources/ReuseEngine/ReuseEngine.docc").appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The regions of `source` between `// article: NAME` and `// end
    /// article`, by name, each dedented by its first line's indentation.
    static func regions(in source: String) -> [String: String] {
        var regions: [String: String] = [:]
        var name: String?
        var lines: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("// article: ") {
                name = String(trimmed.dropFirst("// article: ".count))
                lines = []
            } else if trimmed == "// end article", let current = name {
                let indent = lines.first.map { $0.prefix { $0 == " " }.count } ?? 0
                regions[current] = lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
                name = nil
            } else if name != nil {
                lines.append(line)
            }
        }
        return regions
    }

    /// The fenced block after the comment `<!-- MARK -->` in `article`, without its fences.
    static func block(marked mark: String, in article: String) -> String? {
        guard let comment = article.range(of: "<!-- \(mark) -->"),
              let open = article.range(of: "```", range: comment.upperBound..<article.endIndex),
              let bodyStart = article[open.upperBound...].firstIndex(of: "\n"),
              let close = article.range(of: "\n```", range: bodyStart..<article.endIndex) else { return nil }
        return String(article[article.index(after: bodyStart)..<close.lowerBound])
    }
}
