import Foundation
import Testing

/// The README's examples run as printed: every fenced block whose first line
/// is a `reuse>` prompt is replayed from a fresh shell with `--echo`, and
/// must print exactly the block.
@Suite struct ReadmeExampleTests {
    /// The blocks of `reuse>` examples, in order.
    static func examples() throws -> [String] {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let block = current {
                    if block.first?.hasPrefix("reuse> ") == true { blocks.append(block.joined(separator: "\n") + "\n") }
                    current = nil
                } else {
                    current = []
                }
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func everyExampleRunsAsPrinted() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 2, "the README shows a first session and an error")
        for example in examples {
            let commands = example.split(separator: "\n").filter { $0.hasPrefix("reuse> ") }.map { $0.dropFirst("reuse> ".count) }
            let run = try runShell(["--echo"], input: commands.joined(separator: "\n") + "\n")
            #expect(run.output == example, "README example differs (- README, + actual):\n\(lineDiff(expected: example, actual: run.output))")
        }
    }
}
