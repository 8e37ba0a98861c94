// Trees as deep as a session may mount, through every command that walks
// them, in the real binary; one level more is refused with the limit.

import Foundation
import Testing
import TestSupport

@Suite struct DepthTests {
    /// `C1 children C2`, ..., `C<count>`, each with a view.
    static func chain(_ count: Int) -> String {
        (1...count).map { "component C\($0) view UIView" + ($0 < count ? " children C\($0 + 1)" : "") }
            .joined(separator: "\n")
    }

    @Test func everyCommandWalksATreeAtTheDepthLimit() throws {
        let deepest = (1...1_000).map { "C\($0)" }.joined(separator: "/")
        let commands = [
            "mount C1", "tree", "tree --json", "pools", "check", "diff",
            "config \(deepest)", "set \(deepest) alpha 0.5", "why \(deepest) alpha", "log --last 3",
            "hide \(deepest)", "show \(deepest)", "tree --pass 1 --json", "diff 1 4", "compare", "save deep.reuse",
            "export deep.dot", "remount", "stats",
        ]
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            // `--width 0`: no wrapping. Output grows with the square of the depth
            // (a path per line), and wrapping 10^6-character lines is slow in
            // the debug build; the walks are what this test is about.
            let run = try runShell(["--width", "0", "-"], input: DepthTests.chain(1_000) + "\n" + commands.joined(separator: "\n") + "\n",
                                   directory: directory)
            #expect(run.status == 0, "\(run.output.suffix(2_000))")
            #expect(run.output.contains("alpha: 0.5"), "\(run.output.suffix(2_000))")
            let replay = try runShell(["--width", "0", "deep.reuse", "-c", "check"], directory: directory)
            #expect(replay.status == 0, "\(replay.output.suffix(2_000))")
        }
    }

    @Test func oneLevelMoreIsRefusedNamingTheLimit() throws {
        let run = try runShell(["-"], input: DepthTests.chain(1_001) + "\nmount C1\ntree\n")
        #expect(run.status == 1)
        #expect(run.output.contains(
            "error: 'C1' nests 1001 levels deep (C1 -> C2 -> C3 -> C4 -> C5 -> ... 991 more ... -> C997 -> C998 -> C999 -> C1000 -> C1001); a mounted tree may nest at most 1000 levels"),
            "\(run.output.suffix(1_000))")
        #expect(run.output.hasSuffix("v1 UIView root\n"), "the tree stays empty:\n\(run.output.suffix(300))")
    }

    /// Issue 39, items 4 and 9: the limits are the whole mounted tree's, and
    /// a definition that would pass one is refused on its own line, so
    /// `hide` and every other pass go on working.
    @Test func limitsAreTheWholeTreesAndARefusedDefinitionLeavesTheTreeWorking() throws {
        let doubling = stride(from: 19, through: 1, by: -1)
            .map { "component D\($0) view UIView" + ($0 < 19 ? " children D\($0 + 1) D\($0 + 1)" : "") }
        let script = doubling + ["mount D1 D1"] + [DepthTests.chain(999), "mount C1", "component C999 view UIView children C1000",
                                                  "component C1000 view UIView children C1001", "component C1000 view UIView",
                                                  "hide C1/C2", "stats"]
        let run = try runShell(["--width", "0", "-"], input: script.joined(separator: "\n") + "\n")
        #expect(run.output.contains("""
            <stdin>:20:7: error: mounting 'D1 D1' would make 1048574 component instances (shared children multiply); a mounted tree may hold at most 1000000
              mount D1 D1
                    ^~
            """), "\(run.output.prefix(2_000))")
        #expect(run.output.contains("""
            error: the definition of 'C1000' is refused: with it, 'C1' nests 1001 levels deep (C1 -> C2 -> C3 -> C4 -> C5 -> ... 991 more ... -> C997 -> C998 -> C999 -> C1000 -> C1001); a mounted tree may nest at most 1000 levels; the tree is as it was
              component C1000 view UIView children C1001
                        ^~~~~
            """), "\(run.output.suffix(3_000))")
        #expect(run.output.contains("pass 2 (hide C1/C2): created 0, reused 0, hidden 1,"), "\(run.output.suffix(3_000))")
    }
}
