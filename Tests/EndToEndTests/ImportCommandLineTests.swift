// `reuse-shell --import DUMP`: a real screen from the command line, and an
// imported screen drawn as a picture and a page.

import Foundation
import Testing
import TestSupport

@Suite struct ImportCommandLineTests {
    /// ../shared/dumps, beside the checkout (here and in CI).
    static let dumps = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/dumps")

    @Test func importOnTheCommandLineMountsTheScreenFirst() throws {
        let dump = Self.dumps.appendingPathComponent("uikit/zhangkn-photos-picker-pucollectionview.txt").path
        let run = try runShell(["--import", dump, "-q", "-c", "components --json"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("\"UIWindow/PUCollectionView/15\""), "\(run.output)")
        let missing = try runShell(["--import", "/nonexistent.txt", "-c", "check"])
        #expect(missing.status == 1)
        #expect(missing.output.contains("<--import>:1:8: error: import: cannot read '/nonexistent.txt'"), "\(missing.output)")
    }

    /// An imported screen is a screen like any other: `export` draws it as
    /// SVG, and as a page stepping through the lines the import ran.
    @Test func anImportedScreenExportsToSVGAndAPage() throws {
        _ = try requireTool("dot", install: "graphviz")
        let dump = Self.dumps.appendingPathComponent("android/youtube-prettyprinted_window_dump.xml").path
        try withTemporaryDirectory(prefix: "import-export") { directory in
            let svg = directory.appendingPathComponent("screen.svg").path
            let page = directory.appendingPathComponent("screen.html").path
            let run = try runShell(["--import", dump, "-c", "export \(svg)", "-c", "export \(page)"])
            #expect(run.status == 0, "\(run.output)")
            let drawn = try String(contentsOfFile: svg, encoding: .utf8)
            #expect(drawn.contains("<svg") && drawn.contains("results"), "the list is drawn")
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(html.contains("list results rows 100 viewport 2"), "the page steps through the import's lines")
        }
    }
}
