import Foundation
import Testing
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

/// A temporary file holding `bytes`, removed by the caller.
private func temporaryFile(_ bytes: [UInt8], suffix: String = ".txt") throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)\(suffix)").path
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
        let session = Session()
        let (ok, output) = session.line("import \(dump("uikit/" + name))")
        #expect(ok, "\(output)")
        #expect(!output.contains("error:"), "\(output)")
        #expect(session.line("check").ok)
        let first = Session().line("import \(dump("uikit/" + name)) --script").output
        let second = Session().line("import \(dump("uikit/" + name)) --script").output
        #expect(first == second && !first.isEmpty)
        let script = first.split(separator: "\n").filter { !$0.contains(": warning: ") }
        #expect(!script.contains { $0.contains("0x") }, "addresses never reach the script")
    }

    /// The Photos picker (iOS 9): a PUCollectionView of 16 PUPhotosGridCell
    /// rows on a 4-column grid, all shown; the last has an extra view.
    @Test func thePhotosPickerIsAListOfSixteenGridCells() throws {
        let session = Session()
        let output = session.line("import \(dump("uikit/zhangkn-photos-picker-pucollectionview.txt"))").output
        #expect(flat(output).contains("list PUCollectionView: 16 of ~16 rows (contentSize over the cell pitch) shown from row 0, cells PUPhotosGridCell, PUPhotosGridCell_2"),
                "\(output)")
        let components = document(session, "components --json")["components"] as? [[String: Any]] ?? []
        let rows = components.filter { ($0["path"] as? String)?.range(of: #"PUCollectionView/\d+$"#, options: .regularExpression) != nil }
        #expect(rows.count == 16)
        #expect(rows.filter { $0["component"] as? String == "PUPhotosGridCell" }.count == 15)
        let script = Session().line("import \(dump("uikit/zhangkn-photos-picker-pucollectionview.txt")) --script").output
        #expect(script.contains("list PUCollectionView rows 16 viewport 16 cells"))
        // The iOS 9 window's containers are folded: the list is the window's child.
        #expect(script.contains("component UIWindow view UIWindow children PUCollectionView UINavigationBar"))
    }

    /// Rows come in frame order, not dump order: the WeChat contacts list
    /// prints the cell at y = 495 before the one at y = 440. Rows shown from
    /// 8 (440 / 55), of about 125 (contentSize / 55).
    @Test func rowsAreInFrameOrderAndTheOffsetIsTheFirstShown() throws {
        let session = Session()
        let output = session.line("import \(dump("uikit/wmf00032-wechat-contacts-newcontactsitemcell.txt"))").output
        #expect(flat(output).contains("2 of ~125 rows (contentSize over the cell pitch) shown from row 8"), "\(output)")
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
        #expect(output.contains("lnpopupcontroller-issue168-excerpt-truncated.txt:7:128: warning: the line ends inside the field 'autoresize'"),
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
        let plainPath = try temporaryFile(Array(plain.utf8))
        let windows = try temporaryFile([0xEF, 0xBB, 0xBF] + Array(plain.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        let tabbed = try temporaryFile(Array(plain.split(separator: "\n").map { "\t" + $0 }.joined(separator: "\n").utf8))
        defer { for path in [plainPath, windows, tabbed] { try? FileManager.default.removeItem(atPath: path) } }
        let expected = Session().line("import \(plainPath) --script").output
        #expect(expected.contains("list UITableView rows 10 viewport 2 cells Cell"), "\(expected)")
        #expect(expected.contains("component UILabel view UILabel { text: \"A; it''s\" }"), "quoted text keeps ';' and quotes: \(expected)")
        #expect(expected.contains("set UIWindow/UITableView/1/UILabel text \"B\""), "rows in frame order: \(expected)")
        #expect(Session().line("import \(windows) --script").output == expected)
        #expect(Session().line("import \(tabbed) --script").output == expected)
        var bad = Array(plain.utf8)
        bad.insert(0xFF, at: bad.firstIndex(of: UInt8(ascii: "B"))!)
        let badPath = try temporaryFile(bad)
        defer { try? FileManager.default.removeItem(atPath: badPath) }
        let session = Session()
        let (ok, output) = session.line("import \(badPath)")
        #expect(ok && output.contains("bytes that are not UTF-8 were read as U+FFFD"), "\(output)")
    }

    /// `save` writes the definitions an import made; the saved script
    /// replays to the same tree.
    @Test func aSavedImportReplaysToTheSameTree() throws {
        let session = Session()
        #expect(session.line("import \(dump("uikit/wmf00032-wechat-chat-scrolled-multiselectcell.txt"))").ok)
        let tree = session.line("tree --json").output
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString).reuse").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(session.line("save \(file)").ok)
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!saved.contains("import "), "the import's own lines are saved, not the import")
        let replay = Session()
        #expect(replay.line("source \(file)").ok)
        #expect(replay.line("tree --json").output == tree)
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

    /// Formats not read yet are named; a file with no view says what it expected.
    @Test func otherFormatsAndEmptyFilesAreRefusedClearly() throws {
        #expect(Session().error("import \(dump("android/futu-trader-recyclerview_window_dump.xml"))")
            .contains("looks like an Android hierarchy (uiautomator or Appium XML), which is not read yet"))
        #expect(Session().error("import \(dump("divkit/divkit-samples-gallery.json"))").contains("looks like JSON (a DivKit card)"))
        #expect(Session().error("import x.txt as android").contains("android dumps are not read yet"))
        let empty = try temporaryFile(Array("hello\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(Session().error("import \(empty)").contains("no view found"))
        #expect(Session().error("import /nonexistent/dump.txt").contains("import: cannot read"))
    }
}
