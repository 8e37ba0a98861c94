import Foundation
import Testing

/// The code of the article "Writing a strategy" is the code of
/// `Examples/MyStrategy`, which CI builds and runs (`.ci/run`): each of the
/// article's Swift blocks that declares something appears in one of the
/// example's sources, word for word once spaces and line breaks are set
/// aside, and its doc comments left out. So the article's code compiles.
@Suite struct StrategyArticleTests {
    static func root() throws -> URL {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            directory = directory.deletingLastPathComponent()
            try #require(directory.path != "/", "no Package.swift above the tests")
        }
        return directory
    }

    /// The text with `///` lines dropped and every run of white space one space.
    static func words(_ text: String) -> String {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
            .joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func theArticlesDeclarationsAreTheExamplesCode() throws {
        let root = try Self.root()
        let article = try String(contentsOf: root.appendingPathComponent("Sources/ReuseEngine/ReuseEngine.docc/WritingAStrategy.md"),
                                 encoding: .utf8)
        let sources = root.appendingPathComponent("Examples/MyStrategy/Sources/MyStrategy")
        let example = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
            .filter { $0.hasSuffix(".swift") }
            .map { Self.words(try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let declarations = blocks.filter { $0.contains("public struct") || $0.contains("extension StrategyDescriptor") }
        #expect(declarations.count == 2, "the article's two declarations: the vend and the descriptor")
        for block in declarations {
            let code = Self.words(block)
            #expect(example.contains { $0.contains(code) }, "not in Examples/MyStrategy: \(code.prefix(80))")
        }
    }
}
