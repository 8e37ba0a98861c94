import Testing
@testable import ReuseEngine

/// What the mount path keeps from pass to pass (issue 13) must never show:
/// configurations made once per definition and per `set`, the tree walked
/// again in place, and the per-view pass marks.
@Suite struct MountPathCacheTests {
    /// A `set` value merged once stays right when its definition changes:
    /// the merge is redone over the new definition, never reused.
    @Test func setValuesFollowARedefinition() throws {
        var h = Harness()
        try h.component("Card", view: "UIView", [("backgroundColor", "white")])
        try h.component("Screen", view: "UIView", children: ["Card", "Card"])
        try h.mount("Screen")
        try h.set("Screen/Card[1]", "backgroundColor", "red")
        #expect(try h.viewOf("Screen/Card[1]").attached?.value(of: "alpha") == nil)
        try h.component("Card", view: "UIView", [("backgroundColor", "white"), ("alpha", "0.5")])
        try h.remount()
        let card = try h.viewOf("Screen/Card[1]")
        #expect(card.attached?.value(of: "backgroundColor") == .color("red"))
        #expect(card.attached?.value(of: "alpha") == .number(0.5))
        #expect(try h.viewOf("Screen/Card[0]").attached?.value(of: "backgroundColor") == .color("white"))
        // The same after a second value on the new definition.
        try h.set("Screen/Card[0]", "alpha", "0.25")
        #expect(try h.viewOf("Screen/Card[0]").attached?.value(of: "alpha") == .number(0.25))
        #expect(try h.viewOf("Screen/Card[1]").attached?.value(of: "alpha") == .number(0.5))
    }

    /// A value belongs to the instance, its type and path: a row redefined
    /// to another cell type does not get it, and the first type gets it back.
    @Test func setValuesBelongToTheInstanceType() throws {
        var h = Harness()
        try h.component("Row", view: "UIView", [("backgroundColor", "white")])
        try h.component("Other", view: "UIView", [("backgroundColor", "white")])
        try h.list("Feed", rows: 10, viewport: 2, cells: ["Row"])
        try h.mount("Feed")
        try h.set("Feed/0", "backgroundColor", "red")
        #expect(try h.viewOf("Feed/0").attached?.value(of: "backgroundColor") == .color("red"))
        try h.list("Feed", rows: 10, viewport: 2, cells: ["Other"])
        try h.remount()
        #expect(try h.viewOf("Feed/0").attached?.value(of: "backgroundColor") == .color("white"))
        // Another instance of Other with a value of its own changes nothing at Feed/0.
        try h.set("Feed/1", "backgroundColor", "blue")
        #expect(try h.viewOf("Feed/0").attached?.value(of: "backgroundColor") == .color("white"))
        try h.list("Feed", rows: 10, viewport: 2, cells: ["Row"])
        try h.remount()
        #expect(try h.viewOf("Feed/0").attached?.value(of: "backgroundColor") == .color("red"))
        #expect(try h.viewOf("Feed/1").attached?.value(of: "backgroundColor") == .color("white"))
    }

    /// A parent whose children change keeps no node of the old ones: the
    /// tree after the remount is the one a fresh engine mounts.
    @Test func aTreeWalkedAgainMatchesAFreshMount() throws {
        var h = Harness()
        try h.component("A", view: "UIView", [("alpha", "0.5")])
        try h.component("B", view: "UILabel", [("text", "b")])
        try h.component("Box", children: ["B"])
        try h.component("Screen", view: "UIView", children: ["A", "Box", "A"])
        try h.mount("Screen")
        try h.component("Screen", view: "UIView", children: ["Box", "A", "B", "A"])
        try h.component("Box", children: ["B", "B"])
        try h.remount()

        var fresh = Harness()
        try fresh.component("A", view: "UIView", [("alpha", "0.5")])
        try fresh.component("B", view: "UILabel", [("text", "b")])
        try fresh.component("Box", children: ["B", "B"])
        try fresh.component("Screen", view: "UIView", children: ["Box", "A", "B", "A"])
        try fresh.mount("Screen")

        func shape(_ nodes: [MountedNode]) -> [String] {
            var lines: [String] = []
            func walk(_ node: MountedNode, _ depth: Int) {
                lines.append(String(repeating: " ", count: depth) + node.path.display + (node.view == nil ? "" : " view"))
                for child in node.children { walk(child, depth + 1) }
            }
            for node in nodes { walk(node, 0) }
            return lines
        }
        #expect(shape(h.engine.session.mounted) == shape(fresh.engine.session.mounted))
        for path in ["Screen/Box/B[0]", "Screen/Box/B[1]", "Screen/B", "Screen/A[0]", "Screen/A[1]"] {
            #expect(try h.viewOf(path).owner?.display == path)
        }
    }

    /// A take skips rewriting a view's owner only when it is the very value
    /// the view holds: the same name typed with other bytes (`Café`
    /// precomposed, then with a combining accent) is one component, and its
    /// view shows the spelling typed last, as before the skip existed.
    @Test func aViewShowsTheSpellingItsOwnerWasTypedWithLast() throws {
        let precomposed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        #expect(precomposed == decomposed && Array(precomposed.utf8) != Array(decomposed.utf8))
        var h = Harness()
        try h.component(precomposed, view: "UIView")
        try h.component("Other", view: "UIView")
        try h.mount(precomposed)
        let view = try #require(h.engine.session.mounted.first?.view)
        try h.mount(decomposed, "Other")
        #expect(h.engine.session.mounted.first?.view == view)
        #expect(h.engine.views[view].ownerComponent.map { Array($0.utf8) } == Array(decomposed.utf8))
        #expect(h.engine.views[view].owner.map { Array($0.display.utf8) } == Array(decomposed.utf8))
    }

    /// A list's header and footer are not children walked again when the
    /// list becomes a plain component with a child of their type: a footer
    /// twin was `L/Head[1]`; the child is `L/Head`.
    @Test func aListsFooterIsNotTakenForAChild() throws {
        var h = Harness()
        try h.component("Head", view: "UILabel", [("text", "h")])
        try h.component("Row", view: "UIView")
        try h.run(#_sourceLocation) { (engine: inout Engine) throws(EngineError) in
            _ = try engine.defineList("L", rows: 5, viewport: 2, cells: ["Row"], header: "Head", footer: "Head")
        }
        try h.mount("L")
        try h.scroll("L", to: 3)
        #expect(try h.node("L/Head[1]").view != nil)
        try h.component("L", view: "UIView", children: ["Head"])
        try h.remount()
        #expect(h.engine.session.mounted.first?.children.map(\.path.display) == ["L/Head"])
        try h.set("L/Head", "text", "x")
        #expect(try h.viewOf("L/Head").attached?.value(of: "text") == .text("x"))
    }

    /// A list redefined as a plain component keeps its rows until the next
    /// full pass, and they name nothing: `set` on one is refused.
    @Test func rowsOfAListRedefinedAwayNameNothing() throws {
        var h = Harness()
        try h.component("Row", view: "UILabel", [("text", "r{i}")])
        try h.list("Feed", rows: 10, viewport: 3, cells: ["Row"])
        try h.mount("Feed")
        try h.component("Feed", view: "UIView")
        #expect(throws: EngineError.self) { try h.set("Feed/1", "text", "x") }
        #expect(h.engine.session.instanceValues.isEmpty)
    }

    /// Pass marks are stamps: a view taken in one pass is not taken in the
    /// next unless that pass takes it, across a checkpoint and a rewind.
    @Test func passMarksDoNotOutliveTheirPass() throws {
        var h = Harness()
        h.engine.history.spacing = 1...1
        h.engine.history.workPerUnitCopied = 0
        try h.component("Card", view: "UIView", [("backgroundColor", "white")])
        try h.component("Screen", view: "UIView", children: ["Card", "Card", "Card"])
        try h.mount("Screen")
        try h.component("Screen", view: "UIView", children: ["Card"])
        let shrunk = try h.remount()
        #expect(shrunk.counts[.hidden] == 2)
        let operations = h.engine.operationCount
        try h.component("Screen", view: "UIView", children: ["Card", "Card", "Card"])
        let grown = try h.remount()
        #expect(grown.counts[.unhidden] == 2 && grown.counts[.created] == 0)
        h.engine.rewind(toOperations: operations)
        try h.component("Screen", view: "UIView", children: ["Card", "Card"])
        let again = try h.remount()
        #expect(again.counts[.unhidden] == 1 && again.counts[.hidden] == 0 && again.counts[.created] == 0)
        #expect(h.engine.checkInvariants() == [])
    }
}

/// Pool keys are made once per kind of instance: within a pass for any
/// keying that reads no values, from pass to pass only for a pure one
/// (one that reads nothing but the component, class and names).
@Suite struct KeyMemoTests {
    final class Calls: @unchecked Sendable { var count = 0 }

    struct CountingKeying: Keying {
        let calls: Calls
        let pure: Bool
        var isPure: Bool { pure }
        var readsValues: Bool { false }
        func key(_ component: String, _ configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
            calls.count += 1
            return ViewKey(component: component, viewClass: configuration.viewClass, shape: configuration.shape)
        }
    }

    static let red = ViewConfiguration(viewClass: "UIView", attributes: [Attribute("backgroundColor", .color("red"))])
    static let blue = ViewConfiguration(viewClass: "UIView", attributes: [Attribute("backgroundColor", .color("blue"))])
    static let alpha = ViewConfiguration(viewClass: "UIView", attributes: [Attribute("alpha", .number(0.5))])

    @Test(arguments: [true, false])
    func aKeyIsMadeOncePerKindOfInstance(pure: Bool) {
        let calls = Calls()
        let keying = CountingKeying(calls: calls, pure: pure)
        let catalog = Catalog()
        var memo = KeyMemo()
        memo.beginPass()
        let first = memo.key("Card", Self.red, keying: keying, catalog: catalog)
        // Other values, the same names: the same key, not made again.
        #expect(memo.key("Card", Self.blue, keying: keying, catalog: catalog) == first && calls.count == 1)
        #expect(memo.key("Card", Self.alpha, keying: keying, catalog: catalog) != first && calls.count == 2)
        #expect(memo.key("Title", Self.red, keying: keying, catalog: catalog) != first && calls.count == 3)
        memo.beginPass()
        #expect(memo.key("Card", Self.red, keying: keying, catalog: catalog) == first)
        #expect(calls.count == (pure ? 3 : 4), "a pure key outlives its pass; another is made again")
    }

    /// Two keyings never answer for each other, whatever they were asked.
    @Test func keyingsDoNotShareKeys() {
        let catalog = Catalog()
        var memo = KeyMemo()
        memo.beginPass()
        let shape = memo.key("Card", Self.red, keying: ComponentShapeKeying(), catalog: catalog)
        let viewClass = memo.key("Card", Self.red, keying: ViewClassKeying(), catalog: catalog)
        #expect(shape == ComponentShapeKeying().key("Card", Self.red, catalog: catalog))
        #expect(viewClass == ViewClassKeying().key("Card", Self.red, catalog: catalog) && viewClass != shape)
    }

    /// A strategy switch between two pure keyings, mid-session: the next
    /// passes key by the new strategy (a kept key of the old one would put
    /// views in the wrong pools, which the invariant checker would see).
    @Test func aStrategySwitchKeysByTheNewStrategy() throws {
        var h = Harness()
        try h.component("Title", view: "UILabel", [("text", "row {i}")])
        try h.component("Row", view: "UIView", [("backgroundColor", "white")], children: ["Title"])
        try h.list("Feed", rows: 100, viewport: 3, cells: ["Row"])
        try h.mount("Feed")
        for _ in 0..<3 { _ = try h.scroll("Feed", by: 1) }
        _ = try h.strategy("naive")
        for _ in 0..<3 { _ = try h.scroll("Feed", by: 1) }
        let host = try #require(try h.node("Feed").view)
        #expect(h.engine.views[host].pools.keys.map(\.description) == ["(UIView)"])
    }
}

/// A scroll step hands the node of a row that leaves to a row that enters
/// (``MountedNode/moveToRow(_:forgetting:)``): nothing of the old row may show.
@Suite struct RecycledRowTests {
    /// The tree of the mounted nodes, one line per node: path and view.
    static func shape(_ engine: Engine) -> [String] {
        var lines: [String] = []
        func walk(_ node: MountedNode, _ depth: Int) {
            let row = node.row.map { " row \($0)" } ?? ""
            lines.append(String(repeating: " ", count: depth) + node.path.display + row + (node.view == nil ? "" : " view"))
            for child in node.children { walk(child, depth + 1) }
            for row in node.rows { walk(row, depth + 1) }
        }
        for node in engine.session.mounted { walk(node, 0) }
        return lines
    }

    /// A value set on an instance in one row stays with that row: the row
    /// that takes over its node asks for the definition's value, and the
    /// value comes back with its row.
    @Test func aRecycledRowLeavesTheValuesSetOnItsOldRowBehind() throws {
        var h = Harness()
        try h.component("Dot", view: "UIView", [("backgroundColor", "red")])
        try h.component("Cell", view: "UILabel", [("text", "Row {i}")], children: ["Dot"])
        try h.list("Feed", rows: 20, viewport: 2, cells: ["Cell"])
        try h.mount("Feed")
        try h.set("Feed/0/Dot", "backgroundColor", "blue")
        _ = try h.scroll("Feed", by: 2)
        #expect(try h.viewOf("Feed/2/Dot").attached?.value(of: "backgroundColor") == .color("red"))
        #expect(try h.viewOf("Feed/3/Dot").attached?.value(of: "backgroundColor") == .color("red"))
        _ = try h.scroll("Feed", by: -2)
        #expect(try h.viewOf("Feed/0/Dot").attached?.value(of: "backgroundColor") == .color("blue"))
        #expect(try h.viewOf("Feed/1/Dot").attached?.value(of: "backgroundColor") == .color("red"))
    }

    /// Rows that enter by a step show the tree a jump to the same offset
    /// shows: paths, rows and views, a list inside each cell included
    /// (its rows are made again for the new row, never moved, and never
    /// out of the outer list's spares, though its cell type, `Leaf`, is
    /// one of the outer list's too), and a hidden row, which shows no
    /// subtree, though the node it takes over had one.
    @Test(arguments: [1, 2, 3, -1, 4, -5])
    func stepsShowTheTreeAJumpShows(delta: Int) throws {
        func make() throws -> Harness {
            var h = Harness()
            try h.component("Leaf", view: "UILabel", [("text", "leaf {i}")])
            try h.list("Inner", rows: 5, viewport: 2, cells: ["Leaf"])
            try h.component("Dot", view: "UIView", [("backgroundColor", "red")])
            try h.component("Cell", view: "UILabel", [("text", "Row {i}")], children: ["Dot", "Inner", "Dot"])
            try h.component("Plain", view: "UIView", children: ["Dot"])
            try h.list("Feed", rows: 30, viewport: 3, cells: ["Cell", "Plain", "Leaf", "Plain"])
            try h.mount("Feed")
            // A list inside a row scrolled on its own: its offset belongs to that row's path.
            // Rows hidden while they show (a Cell's, whose node has children, among them).
            _ = try h.scroll("Feed", to: 8)
            _ = try h.hide("Feed/8")
            _ = try h.scroll("Feed", to: 14)
            _ = try h.hide("Feed/16")
            _ = try h.scroll("Feed", to: 10)
            _ = try h.hide("Feed/11")
            _ = try h.scroll("Feed/12/Inner", by: 1)
            return h
        }
        var stepped = try make()
        var offset = 10
        for _ in 0..<6 {
            _ = try stepped.scroll("Feed", by: delta)
            offset += delta
            var jumped = try make()
            _ = try jumped.scroll("Feed", to: offset)
            #expect(Self.shape(stepped.engine) == Self.shape(jumped.engine), "after a step to \(offset)")
        }
    }

    /// A recycled row keeps its cell's pool key only while the key's names
    /// are its definition's: a row given a value of an attribute the
    /// definition does not set gets a key of that shape, and keeps it when
    /// it comes back; the rows beside it, and a redefinition, get their own.
    @Test func aRowKeepsItsCellKeyOnlyWhileItsNamesAreTheDefinitions() throws {
        var h = Harness()
        try h.component("Cell", view: "UILabel", [("text", "Row {i}")])
        try h.list("Feed", rows: 40, viewport: 3, cells: ["Cell"])
        try h.mount("Feed")
        let plain = key("Cell", "UILabel", ["text"])
        _ = try h.scroll("Feed", by: 4)
        try h.set("Feed/5", "alpha", "0.5")
        let withAlpha = key("Cell", "UILabel", ["alpha", "text"])
        #expect(try h.viewOf("Feed/5").poolKey == withAlpha)
        for step in [1, 1, 1, 1, -1, -1, -1, -1] {
            _ = try h.scroll("Feed", by: step)
            let offset = h.engine.session.listOffsets[Harness.path("Feed"), default: 0]
            for row in offset..<(offset + 3) {
                #expect(try h.viewOf("Feed/\(row)").poolKey == (row == 5 ? withAlpha : plain), "row \(row) at offset \(offset)")
            }
        }
        try h.component("Cell", view: "UILabel", [("text", "Row {i}"), ("backgroundColor", "red")])
        _ = try h.scroll("Feed", by: 1)
        _ = try h.scroll("Feed", by: 1)
        #expect(try h.viewOf("Feed/7").poolKey == key("Cell", "UILabel", ["backgroundColor", "text"]))
    }

    /// A row's configuration is written into the one its cell had attached
    /// (both made for rows): a snapshot taken before, which shares those
    /// views, keeps the configurations they had then.
    @Test func aSnapshotKeepsTheConfigurationsItsViewsHad() throws {
        var h = Harness()
        try h.component("Cell", view: "UILabel", [("text", "Row {i}"), ("backgroundColor", "white")])
        try h.list("Feed", rows: 100, viewport: 4, cells: ["Cell"])
        try h.mount("Feed")
        _ = try h.scroll("Feed", by: 3)
        let snapshot = h.engine
        let attached = snapshot.views.all.map { $0.attached?.description ?? "-" }
        #expect(attached.contains("UILabel { text: \"Row 6\", backgroundColor: white }"))
        for _ in 0..<20 { _ = try h.scroll("Feed", by: 1) }
        #expect(snapshot.views.all.map { $0.attached?.description ?? "-" } == attached)
        #expect(try h.viewOf("Feed/23").attached?.description == "UILabel { text: \"Row 23\", backgroundColor: white }")
        // Each view's array is its own: two cells never show one row's values.
        let texts = h.engine.views.all.compactMap { $0.attached?.value(of: "text") }
        #expect(Set(texts.map(\.description)).count == texts.count)
    }

    /// A row's path is its list's path and a number; paths of one place in
    /// different rows share their storage, and stay apart.
    @Test func rowPathsShareStorageAndStayApart() throws {
        let row3 = Harness.path("Feed/3/Dot")
        let row9 = try #require(row3.inRow(9))
        #expect(row9 == Harness.path("Feed/9/Dot"))
        #expect(row9.display == "Feed/9/Dot")
        #expect(row9 != row3)
        #expect(row9.storageAddress == row3.storageAddress)
        #expect(!row9.sharesStorage(with: row3))
        #expect(Set([row3, row9, Harness.path("Feed/3/Dot")]).count == 2)
        // Only the last row moves: an outer row stays in the storage.
        let nested = Harness.path("Outer/2/Inner/5/Leaf")
        #expect(nested.inRow(7)?.display == "Outer/2/Inner/7/Leaf")
        #expect(nested.prefix(2).display == "Outer/2")
        #expect(nested.prefix(2) == Harness.path("Outer/2"))
        #expect(nested.prefix(2).inRow(4)?.display == "Outer/4")
        #expect(Harness.path("Outer/2").appending(.named("Inner", index: 0)).appending(.row(5))
                    .appending(.named("Leaf", index: 0)) == nested)
        #expect(Harness.path("Screen/Card").inRow(1) == nil)
        #expect(Array(nested.segments) == [.named("Outer", index: 0), .row(2), .named("Inner", index: 0), .row(5),
                                           .named("Leaf", index: 0)])
    }
}

/// Pool keys show a component type as the instance asking for it spells
/// it: the key memo matches names by their bytes.
@Suite struct KeySpellingTests {
    @Test func eachListsRowsShowTheirOwnSpellingInTheirKeys() throws {
        let precomposed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        var h = Harness()
        try h.component(decomposed, view: "UIView", [("backgroundColor", "white")])
        try h.list("A", rows: 10, viewport: 2, cells: [decomposed])
        try h.list("B", rows: 10, viewport: 2, cells: [precomposed])
        try h.component("Screen", view: "UIView", children: ["A", "B"])
        try h.mount("Screen")
        for _ in 0..<3 {
            _ = try h.scroll("Screen/A", by: 1)
            _ = try h.scroll("Screen/B", by: 1)
        }
        for (list, spelling) in [("A", decomposed), ("B", precomposed)] {
            let host = try #require(try h.node("Screen/" + list).view)
            let components = h.engine.views[host].pools.keys.compactMap(\.component)
            #expect(components.map { Array($0.utf8) } == [Array(spelling.utf8)], "the pools of \(list)")
        }
    }
}

/// A row's template text is filled in place of every `{i}`, left to right,
/// exactly as replacing the placeholder in the string would.
@Suite struct TemplateFillingTests {
    @Test func everyPlaceholderIsFilledAsStringReplacementWould() {
        let texts = ["row {i}", "{i}", "{i}{i}", "{{i}}", "{i", "i}", "{ i}", "no placeholder", "", "é {i} ü 🎉{i}",
                     "{i}x{i}y{i}", "{I}", "{{{i}}}", String(repeating: "ab{i}", count: 50)]
        for text in texts {
            for row in [0, 7, 12_345, -3, Int.max, Int.min] {
                #expect(AttributeTemplate.filling(text, row: row) == text.replacing("{i}", with: String(row)), "\(text) at \(row)")
            }
        }
        // Bytes, not just equal strings: the text around the number is kept as written.
        #expect(Array(AttributeTemplate.filling("cafe\u{301} {i}", row: 2).utf8) == Array("cafe\u{301} 2".utf8))
        // A text without a placeholder is split into nothing.
        #expect(RowFill("no placeholder") == nil && RowFill("{i") == nil && RowFill("{ i}") == nil)
    }
}
