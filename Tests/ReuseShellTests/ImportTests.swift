import Foundation
import Testing
import TestSupport
@testable import ReuseShell

/// Real dumps written outside the project (../shared/dumps, beside the
/// checkout here and in CI; provenance in its SOURCES.md).
private let dumps = URL(fileURLWithPath: packageRootForTests).deletingLastPathComponent()
    .appendingPathComponent("shared/dumps").path

private func dump(_ name: String) -> String { "\(dumps)/\(name)" }

/// Output with its line wrapping undone: every run of spaces and line breaks one space.
private func flat(_ output: String) -> String {
    output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
}

/// The UIKit dumps: every `.txt` under uikit/, by name.
private let uikitDumps: [String] = {
    ((try? FileManager.default.contentsOfDirectory(atPath: "\(dumps)/uikit")) ?? []).filter { $0.hasSuffix(".txt") }.sorted()
}()

/// Imports `file`: it mounts with no error and every invariant kept, and
/// its script is the same twice. Returns the script.
@discardableResult
private func expectImportsCleanly(_ file: String) -> String {
    let session = Session()
    let (ok, output) = session.line("import \(file)")
    #expect(ok, "\(output)")
    #expect(!output.contains("error:"), "\(output)")
    #expect(session.line("check").ok)
    let first = Session().line("import \(file) --script").output
    #expect(first == Session().line("import \(file) --script").output && !first.isEmpty)
    return first
}

/// A file named `name` in `directory` (a test's temporary directory),
/// holding `bytes`: its path.
private func file(named name: String, in directory: URL, _ bytes: [UInt8]) throws -> String {
    let path = directory.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

/// `import`: UIKit recursiveDescription dumps as screens (FORMATS.md section 1).
@Suite struct UIKitImportTests {
    @Test func theDumpsAreThere() {
        #expect(uikitDumps.count >= 9, "../shared/dumps/uikit is expected beside the checkout: \(dumps)")
    }

    /// Every UIKit dump imports, mounts with every invariant kept, and
    /// writes the same script twice.
    @Test(arguments: uikitDumps)
    func everyDumpImportsAndMountsCleanly(_ name: String) {
        let first = expectImportsCleanly(dump("uikit/" + name))
        let script = first.split(separator: "\n").filter { !$0.contains(": warning: ") }
        #expect(!script.contains { $0.contains("0x") }, "addresses never reach the script")
    }

    /// The Photos picker (iOS 9): a PUCollectionView of 16 PUPhotosGridCell
    /// rows on a 4-column grid, all shown. The last cell has an overlay view
    /// the others lack: one cell class is one type, so the other cells get
    /// it too, hidden.
    @Test func thePhotosPickerIsAListOfSixteenGridCells() throws {
        let session = Session()
        let output = session.line("import \(dump("uikit/zhangkn-photos-picker-pucollectionview.txt"))").output
        #expect(flat(output).contains("list PUCollectionView: 16 of ~16 rows (contentSize over the cell height) shown from row 0, cells PUPhotosGridCell "),
                "\(output)")
        let components = document(session, "components --json")["components"] as? [[String: Any]] ?? []
        let rows = components.filter { ($0["path"] as? String)?.range(of: #"PUCollectionView/\d+$"#, options: .regularExpression) != nil }
        #expect(rows.count == 16)
        #expect(rows.allSatisfy { $0["component"] as? String == "PUPhotosGridCell" })
        let script = Session().line("import \(dump("uikit/zhangkn-photos-picker-pucollectionview.txt")) --script").output
        #expect(script.contains("list PUCollectionView rows 16 viewport 16 cells PUPhotosGridCell\n"))
        // Row 15's overlay is hidden in the dump too: every row's is hidden.
        #expect((0..<16).allSatisfy { script.contains("hide UIWindow/PUCollectionView/\($0)/UIView\n") })
        // The iOS 9 window's containers are folded: the list is the window's child.
        #expect(script.contains("component UIWindow view UIWindow children PUCollectionView UINavigationBar"))
    }

    /// Rows come in frame order, not dump order: the WeChat contacts list
    /// prints the cell at y = 495 before the one at y = 440. Rows shown from
    /// 8 (440 / 55), of about 125 (contentSize / 55).
    @Test func rowsAreInFrameOrderAndTheOffsetIsTheFirstShown() throws {
        let session = Session()
        let output = session.line("import \(dump("uikit/wmf00032-wechat-contacts-newcontactsitemcell.txt"))").output
        #expect(flat(output).contains("2 of ~125 rows (contentSize over the cell height) shown from row 8"), "\(output)")
        let label = "iConsoleWindow/MMUIHookView/MMMainTableView/%d/UIView/ContactsItemView/MMCPLabel"
        #expect(session.line("expect \(String(format: label, 8)) text \"AA_欣欣\"").ok)
        // Cycript's UTF-16 escapes (\ud83d\udc8b) are read as the characters.
        #expect(session.line("expect \(String(format: label, 9)) text \"A-范儿💋💋💋\"").ok)
    }

    /// Headers: a UITableViewHeaderFooterView above the first cell is the
    /// list's header, and a header shown puts the list at its top.
    @Test func aHeaderAboveTheCellsIsTheListsHeader() {
        let script = Session().line("import \(dump("uikit/crifan-cycript-appleid-signin-tableview.txt")) --script").output
        #expect(script.contains("header UITableViewHeaderFooterView"), "\(script)")
        #expect(!script.contains("scroll "))
    }

    /// A dump cut in the middle of a line: imported as far as it goes, with
    /// a warning naming the line and column.
    @Test func aTruncatedDumpNamesTheLine() throws {
        let session = Session()
        let (ok, output) = session.line("import \(dump("uikit/lnpopupcontroller-issue168-excerpt-truncated.txt"))")
        #expect(ok)
        #expect(output.contains("lnpopupcontroller-issue168-excerpt-truncated.txt:7:144: warning: the line ends inside the field 'lay'"),
                "\(output)")
        // A hand elision is named too, and the views around it stay.
        let elided = Session().line("import \(dump("uikit/lzright123-wechat-cycript-elided.txt"))").output
        #expect(elided.contains("lzright123-wechat-cycript-elided.txt:11:1: warning: views left out by hand"), "\(elided)")
    }

    /// CRLF, a byte-order mark, tabs and bytes that are not UTF-8 read as
    /// the plain text would.
    @Test func lineEndingsBOMTabsAndBadBytesAreHandled() throws {
        let plain = """
        <UIWindow: 0x1; frame = (0 0; 320 568); layer = <CALayer: 0x2>>
           | <UITableView: 0x3; frame = (0 0; 320 568); layer = <CALayer: 0x4>; contentOffset: {0, 0}; contentSize: {320, 440}>
           |    | <Cell: 0x5; baseClass = UITableViewCell; frame = (0 44; 320 44); layer = <CALayer: 0x6>>
           |    |    | <UILabel: 0x7; frame = (0 0; 100 20); text = 'B'; layer = <CALayer: 0x8>>
           |    | <Cell: 0x9; baseClass = UITableViewCell; frame = (0 0; 320 44); layer = <CALayer: 0xa>>
           |    |    | <UILabel: 0xb; frame = (0 0; 100 20); text = 'A; it''s'; layer = <CALayer: 0xc>>

        """
        try withTemporaryDirectory(prefix: "import") { directory in
            let plainPath = try file(named: "plain.txt", in: directory, Array(plain.utf8))
            let windows = try file(named: "windows.txt", in: directory,
                                   [0xEF, 0xBB, 0xBF] + Array(plain.replacingOccurrences(of: "\n", with: "\r\n").utf8))
            let tabbed = try file(named: "tabbed.txt", in: directory,
                                  Array(plain.split(separator: "\n").map { "\t" + $0 }.joined(separator: "\n").utf8))
            let expected = Session().line("import \(plainPath) --script").output
            #expect(expected.contains("list UITableView rows 10 viewport 2 cells Cell"), "\(expected)")
            #expect(expected.contains("component UILabel view UILabel { text: \"A; it''s\" }"), "quoted text keeps ';' and quotes: \(expected)")
            #expect(expected.contains("set UIWindow/UITableView/1/UILabel text \"B\""), "rows in frame order: \(expected)")
            #expect(Session().line("import \(windows) --script").output == expected)
            #expect(Session().line("import \(tabbed) --script").output == expected)
            var bad = Array(plain.utf8)
            bad.insert(0xFF, at: bad.firstIndex(of: UInt8(ascii: "B"))!)
            let badPath = try file(named: "bad.txt", in: directory, bad)
            let session = Session()
            let (ok, output) = session.line("import \(badPath)")
            #expect(ok && output.contains("bytes that are not UTF-8 were read as U+FFFD"), "\(output)")
        }
    }

    /// Addresses and frames never cause differences: the same screen
    /// dumped again (new addresses, cells a little elsewhere, one row's
    /// cells printed in another order) writes the same script.
    @Test func addressesAndFramesCauseNoDifference() throws {
        let path = dump("uikit/wmf00032-wechat-contacts-newcontactsitemcell.txt")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let readdressed = text.replacingOccurrences(of: #"0x[0-9a-f]+"#, with: "0xdeadbeef", options: .regularExpression)
            .replacingOccurrences(of: "frame = (0 495; 320 55)", with: "frame = (0.5 495.5; 320 55)")
        try withTemporaryDirectory(prefix: "import") { directory in
            let other = try file(named: "readdressed.txt", in: directory, Array(readdressed.utf8))
            #expect(Session().line("import \(other) --script").output == Session().line("import \(path) --script").output)
        }
    }

    /// UIKit's private `_autolayoutTrace` (`*<Class:0xaddr>` with `|`
    /// indents, no fields) imports as classes and depths, its hand elision named.
    @Test func anAutolayoutTraceImportsItsClasses() {
        let session = Session()
        let (ok, output) = session.line("import \(dump("other/lzright123-wechat-autolayoutTrace-elided.txt"))")
        #expect(ok, "\(output)")
        #expect(output.contains("lzright123-wechat-autolayoutTrace-elided.txt:10:1: warning: views left out by hand"), "\(output)")
        let script = Session().line("import \(dump("other/lzright123-wechat-autolayoutTrace-elided.txt")) --script").output
        #expect(script.contains("component iConsoleWindow view iConsoleWindow children MMUILabel MMBadgeView MMBadgeView"), "\(script)")
    }

    /// `save` writes the definitions an import made; the saved script
    /// replays to the same tree.
    @Test func aSavedImportReplaysToTheSameTree() throws {
        let session = Session()
        #expect(session.line("import \(dump("uikit/wmf00032-wechat-chat-scrolled-multiselectcell.txt"))").ok)
        let tree = session.line("tree --json").output
        try withTemporaryDirectory(prefix: "import") { directory in
            let file = directory.appendingPathComponent("saved.reuse").path
            #expect(session.line("save \(file)").ok)
            let saved = try String(contentsOfFile: file, encoding: .utf8)
            #expect(!saved.contains("import "), "the import's own lines are saved, not the import")
            let replay = Session()
            #expect(replay.line("source \(file)").ok)
            #expect(replay.line("tree --json").output == tree)
        }
    }

    /// `compare` runs an imported screen under every strategy.
    @Test func compareRunsAnImportedScreen() {
        let session = Session()
        #expect(session.line("import \(dump("uikit/zhangkn-photos-picker-pucollectionview.txt"))").ok)
        let (ok, output) = session.line("compare")
        #expect(ok, "\(output)")
        for name in ["theodolite", "uikit", "recyclerview", "compose", "flashlist", "texture", "litho"] {
            #expect(output.contains(name), "\(name) in:\n\(output)")
        }
    }

    /// Bad arguments and files with no view say what they expected.
    @Test func otherFormatsAndEmptyFilesAreRefusedClearly() throws {
        #expect(Session().error("import x.txt as flutter").contains("unknown format 'flutter'; the formats are uikit, android and divkit"))
        #expect(Session().error("import x.txt card main").contains("import: cannot read"))
        #expect(Session().error("import \(dump("uikit/sma11case-single-cell-swipe-delete.txt")) card main")
            .contains("'card' names a DivKit card; this is a uikit dump"))
        try withTemporaryDirectory(prefix: "import") { directory in
            let empty = try file(named: "hello.txt", in: directory, Array("hello\n".utf8))
            #expect(Session().error("import \(empty)").contains("no view found"))
        }
        #expect(Session().error("import /nonexistent/dump.txt").contains("import: cannot read"))
    }
}

/// The Android dumps: every file under android/, by name.
private let androidDumps: [String] = {
    ((try? FileManager.default.contentsOfDirectory(atPath: "\(dumps)/android")) ?? []).filter { !$0.hasPrefix(".") }.sorted()
}()

/// The `list` lines of an import's script, by list name: the words after the name.
private func listLines(_ file: String) -> [String: [String]] {
    let script = Session().line("import \(file) --script").output
    var lists: [String: [String]] = [:]
    for line in script.split(separator: "\n") where line.hasPrefix("list ") {
        let words = line.split(separator: " ").map(String.init)
        lists[words[1]] = Array(words.dropFirst(2))
    }
    return lists
}

/// The cell types a `list` line's words name (after `cells`, up to `header` or `footer`).
private func cells(_ words: [String]) -> [String] {
    guard let start = words.firstIndex(of: "cells") else { return [] }
    return Array(words[(start + 1)...].prefix { $0 != "header" && $0 != "footer" })
}

/// `import`: Android's uiautomator and Appium XML and dumpsys (FORMATS.md section 2).
@Suite struct AndroidImportTests {
    @Test func theDumpsAreThere() {
        #expect(androidDumps.count >= 8, "../shared/dumps/android is expected beside the checkout: \(dumps)")
    }

    @Test(arguments: androidDumps)
    func everyDumpImportsAndMountsCleanly(_ name: String) {
        expectImportsCleanly(dump("android/" + name))
    }

    /// Futu's portfolio: one RecyclerView of 11 ViewGroup rows, the first
    /// and last cut by the screen (and not read as header or footer). Rows
    /// of one class and id are one type: a cut row's missing views are
    /// added, hidden.
    @Test func aRecyclerViewGivesItsRowsAndTypes() throws {
        let lists = listLines(dump("android/futu-trader-recyclerview_window_dump.xml"))
        let words = try #require(lists["quote_portfolio_position_history_rv"])
        #expect(words == ["rows", "100", "viewport", "11", "cells", "ViewGroup"])
    }

    /// WeCom's messages: 9 RelativeLayout rows and 1 LinearLayout row, the
    /// first and the only one of its kind: the header. The RelativeLayout
    /// rows are one type, their gone children added hidden where missing.
    @Test func rowTypesFollowClassAndResourceIDs() throws {
        let words = try #require(listLines(dump("android/wework-messages-recyclerview_window_dump.xml"))["czy"])
        #expect(words.prefix(4) == ["rows", "100", "viewport", "9"])
        #expect(cells(words).count == 1 && cells(words)[0].hasPrefix("RelativeLayout"), "\(words)")
        let header = try #require(words.firstIndex(of: "header"))
        #expect(words[header + 1].hasPrefix("LinearLayout"))
        let script = Session().line("import \(dump("android/wework-messages-recyclerview_window_dump.xml")) --script").output
        #expect(script.contains("\nhide "))
    }

    /// Spotlight: SOURCES.md calls it ViewPager → RecyclerView →
    /// RecyclerView, but the dump has the feed `rvPublisherFeed` beside the
    /// ViewPager (whose own RecyclerView shows one page), not inside it: two
    /// lists, as the dump says.
    @Test func spotlightHasAPagerListBesideTheFeed() throws {
        let lists = listLines(dump("android/spotlight-recyclerview-landscape_window_dump.xml"))
        #expect(lists.keys.sorted() == ["RecyclerView", "rvPublisherFeed"])
        #expect(cells(try #require(lists["rvPublisherFeed"])) == ["cvPublisherArticleCard"])
        #expect(cells(try #require(lists["RecyclerView"])).count == 1)
    }

    /// A RecyclerView inside another's row (a carousel in a feed) is a list
    /// inside the row, and scrolls on its own.
    @Test func nestedListsAreListsInRows() throws {
        func row(_ y: Int) -> String {
            """
            <node class="android.widget.LinearLayout" resource-id="app:id/row" bounds="[0,\(y)][1080,\(y + 300)]">\
            <node class="android.widget.TextView" resource-id="app:id/title" text="Row at \(y)" bounds="[0,\(y)][1080,\(y + 50)]"/>\
            <node class="androidx.recyclerview.widget.RecyclerView" resource-id="app:id/carousel" scrollable="true" bounds="[0,\(y + 50)][1080,\(y + 300)]">\
            <node class="android.widget.ImageView" resource-id="app:id/photo" bounds="[0,\(y + 50)][500,\(y + 300)]"/>\
            <node class="android.widget.ImageView" resource-id="app:id/photo" bounds="[520,\(y + 50)][1020,\(y + 300)]"/>\
            </node></node>
            """
        }
        let xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
            + "<node class=\"androidx.recyclerview.widget.RecyclerView\" resource-id=\"app:id/feed\" bounds=\"[0,0][1080,1920]\">"
            + [600, 0, 300].map(row).joined() + "</node></hierarchy>"
        try withTemporaryDirectory(prefix: "import") { directory in
            let path = try file(named: "nested.xml", in: directory, Array(xml.utf8))
            let lists = listLines(path)
            #expect(cells(try #require(lists["feed"])) == ["row"])
            #expect(cells(try #require(lists["carousel"])) == ["photo"])
            let session = Session()
            #expect(session.line("import \(path)").ok)
            // Rows in bounds order: the row at y = 0 is row 0.
            #expect(session.line("expect feed/0/title text \"Row at 0\"").ok)
            #expect(session.line("expect feed/2/title text \"Row at 600\"").ok)
            #expect(session.line("scroll feed/1/carousel by 3").ok)
            #expect(session.line("check").ok)
        }
    }

    /// Two ListViews share `id/ctt`: two lists, named apart.
    @Test func listsSharingAResourceIDAreNamedApart() {
        let lists = listLines(dump("android/wework-customer-list-listview_ui_customer_list_correct.xml"))
        #expect(lists.keys.sorted() == ["ctt", "ctt_2"])
    }

    /// Appium's page source names elements by class; a Python-repr copy is
    /// unescaped with a warning.
    @Test func appiumPageSourcesAndAReprCopyRead() {
        let facebook = Session().line("import \(dump("android/appium-facebook-login_page_source.xml"))").output
        #expect(facebook.contains("imported") && !facebook.contains("warning"), "\(facebook)")
        let instagram = Session().line("import \(dump("android/appium-instagram-escaped_pagesource.xml"))").output
        #expect(flat(instagram).contains("appium-instagram-escaped_pagesource.xml:1:1: warning: read as a Python string's repr"), "\(instagram)")
    }

    /// dumpsys: every activity's View Hierarchy, gone and invisible views
    /// mounted then hidden; a RecyclerView that shows nothing (gone, 0×0)
    /// is kept as a plain view.
    @Test func dumpsysSectionsAndHiddenViews() {
        let output = Session().line("import \(dump("android/rndemo-pixel-launcher-dumpsys-activity-top.txt"))").output
        #expect(flat(output).contains("2 lists with no cell shown kept as plain views"), "\(output)")
        let script = Session().line("import \(dump("android/rndemo-pixel-launcher-dumpsys-activity-top.txt")) --script").output
        #expect(script.contains("\nhide "))
        #expect(script.contains("component search_results_list_view view SearchRecyclerView"))
        // The stopped launcher's DecorView is invisible (I.E......): folded
        // away, it still hides what it held; the React Native app shows.
        #expect(script.contains("mount LinearLayout LinearLayout_2\n") && script.hasSuffix("\nhide LinearLayout\n"), "\(script.suffix(300))")
    }

    /// A cut XML file: what was read is kept, and the warning names where it ends.
    @Test func aTruncatedXMLDumpNamesWhereItEnds() throws {
        let text = try String(contentsOfFile: dump("android/youtube-prettyprinted_window_dump.xml"), encoding: .utf8)
        let cut = String(text.prefix(text.count / 2))
        try withTemporaryDirectory(prefix: "cut") { directory in
            let path = try file(named: "cut.xml", in: directory, Array(cut.utf8))
            let session = Session()
            let (ok, output) = session.line("import \(path)")
            #expect(ok, "\(output)")
            let lines = cut.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(output.contains("\(path):\(lines):"), "\(output)")
            #expect(flat(output).contains("open (expected '</"), "\(output)")
            #expect(session.line("check").ok)
        }
    }
}

/// The DivKit cards: every `.json` under divkit/, by name.
private let divkitCards: [String] = {
    ((try? FileManager.default.contentsOfDirectory(atPath: "\(dumps)/divkit")) ?? []).filter { $0.hasSuffix(".json") }.sorted()
}()

/// `import`: DivKit cards (FORMATS.md section 3).
@Suite struct DivKitImportTests {
    @Test(arguments: divkitCards)
    func everyCardImportsAndMountsCleanly(_ name: String) {
        expectImportsCleanly(dump("divkit/" + name))
    }

    /// The official gallery sample: 5 `text_block` items, 80 pt wide with
    /// 16 between, so 4 show on a 375 pt screen; the templates resolved.
    @Test func aStaticGalleryGivesItsItems() {
        let lists = listLines(dump("divkit/divkit-samples-gallery.json"))
        #expect(lists["gallery"] == ["rows", "5", "viewport", "4", "cells", "text_block"])
        let script = Session().line("import \(dump("divkit/divkit-samples-gallery.json")) --script").output
        #expect(script.contains("component title view UILabel"), "the title template bottoms out in text: \(script)")
    }

    /// item_builder: one row per data element, each the prototype its
    /// selector picks (`getStringFromDict(item, 'style') == 'with_image'`),
    /// its text read from the element.
    @Test func anItemBuilderGivesOneRowPerElementByPrototype() {
        let lists = listLines(dump("divkit/divkit-gallery-item-builder.json"))
        #expect(lists["gallery"] == ["rows", "4", "viewport", "4", "cells", "exampleCard", "exampleCard", "exampleCard", "exampleCard_2"])
        let session = Session()
        #expect(session.line("import \(dump("divkit/divkit-gallery-item-builder.json"))").ok)
        #expect(session.line("expect gallery/2/text text \"Third text card\"").ok)
        #expect(session.line("expect gallery/3/text text \"Card with image\"").ok)
    }

    /// Chained templates with `$param`: the weather app's 24 `hour_cell`s
    /// (its `$text: time` filled per instance), nested in the vertical
    /// `main_scroll`; a document of several cards takes the first and names the others.
    @Test func templatesChainAndScreensAreNamed() {
        let file = dump("divkit/weather-workshop-document_en.json")
        let lists = listLines(file)
        #expect(lists["hourly_gallery"]?.prefix(4) == ["rows", "24", "viewport", "5"])
        #expect(cells(lists["main_scroll"] ?? []).first == "hourly_gallery")
        let output = Session().line("import \(file)").output
        #expect(flat(output).contains("card main of main, settings, about"), "\(output)")
        let settings = Session()
        #expect(settings.line("import \(file) card settings").ok)
        #expect(Session().error("import \(file) card nowhere").contains("no card named 'nowhere'; the cards are main, settings, about"))
    }

    /// A builder whose data is empty has no row: the gallery is a plain view.
    @Test func anEmptyBuilderIsAPlainView() {
        let output = Session().line("import \(dump("divkit/wolfram158-item-builder-insert-remove.json"))").output
        #expect(flat(output).contains("1 list with no cell shown kept as plain views"), "\(output)")
    }

    /// Broken JSON is refused with the line and column of the problem.
    @Test func brokenJSONNamesLineAndColumn() throws {
        let text = try String(contentsOfFile: dump("divkit/divkit-samples-gallery.json"), encoding: .utf8)
        let cut = String(text.prefix(700))
        try withTemporaryDirectory(prefix: "cut") { directory in
            let path = try file(named: "cut.json", in: directory, Array(cut.utf8))
            let line = cut.split(separator: "\n", omittingEmptySubsequences: false).count
            let error = Session().error("import \(path)")
            #expect(error.contains("\(path):\(line):"), "\(error)")
            #expect(error.contains("the text ends"), "\(error)")
        }
    }
}

@Suite struct ImportCompletionTests {
    @Test func importCompletesFilesFormatsAndOptions() {
        let session = Session()
        session.interpreter.workingDirectory = packageRootForTests
        #expect(session.interpreter.completions(for: "import Sessions/00").contains("Sessions/00-welcome.reuse"))
        #expect(session.interpreter.completions(for: "import x.txt as ") == ["uikit", "android", "divkit"])
        #expect(session.interpreter.completions(for: "import x.txt ") == ["as", "card"])
        #expect(session.interpreter.completions(for: "import x.txt --") == ["--script"])
    }
}
