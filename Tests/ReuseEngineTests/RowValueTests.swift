import Testing
@testable import ReuseEngine

/// A list row's values, filled at every scroll step into the array the
/// last row gave back: each attribute reads `{i}` by its kind as it is
/// declared when the row mounts, text as it stands.
@Suite struct RowValueTests {
    /// The value a row's cell shows for `property`.
    func shown(_ h: Harness, row: Int, _ property: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PropertyValue? {
        let node = try #require(try h.node("Feed").rows.first { $0.row == row }, sourceLocation: sourceLocation)
        let cell = try #require(node.view, sourceLocation: sourceLocation)
        return h.engine.views[cell].properties[property]
    }

    @Test func eachKindReadsTheRowNumber() throws {
        var h = Harness()
        try h.component("Cell", view: "UILabel", [("text", "{i}: Row {i}"), ("alpha", "{i}"), ("accessibilityLabel", "#{i}")])
        try h.list("Feed", rows: 100, viewport: 3, cells: ["Cell"])
        try h.mount("Feed")
        try h.scroll("Feed", by: 20)
        for row in 20..<23 {
            #expect(try shown(h, row: row, "text") == .value(.text("\(row): Row \(row)")))
            // Clamped to alpha's range, never text.
            #expect(try shown(h, row: row, "alpha") == .value(.number(1)))
            #expect(try shown(h, row: row, "accessibilityLabel") == .value(.text("#\(row)")))
        }
    }

    @Test func aKindDeclaredAgainIsReadByTheNextRow() throws {
        var h = Harness()
        try h.declare(AttributeDefinition(name: "badge", kind: .number))
        try h.component("Cell", view: "UILabel", [("text", "Row {i}"), ("badge", "{i}")])
        try h.list("Feed", rows: 100, viewport: 2, cells: ["Cell"])
        try h.mount("Feed")
        #expect(try shown(h, row: 1, "badge") == .value(.number(1)))
        try h.declare(AttributeDefinition(name: "badge", kind: .text))
        try h.scroll("Feed", by: 1)
        #expect(try shown(h, row: 2, "badge") == .value(.text("2")))
        try h.declare(AttributeDefinition(name: "badge", kind: .color))
        try h.scroll("Feed", by: 1)
        // Not a colour: the text itself.
        #expect(try shown(h, row: 3, "badge") == .value(.text("3")))
        #expect(try shown(h, row: 3, "text") == .value(.text("Row 3")))
    }

    /// Cells of other shapes alternate: the array one row gives back holds
    /// other names (or another count) for the next.
    @Test func cellsOfOtherShapesAlternate() throws {
        var h = Harness()
        try h.component("A", view: "UILabel", [("text", "A{i}")])
        try h.component("B", view: "UILabel", [("textColor", "red"), ("text", "B{i}")])
        try h.component("C", view: "UILabel", [("accessibilityLabel", "C{i}")])
        try h.list("Feed", rows: 1_000, viewport: 4, cells: ["A", "B", "C"])
        try h.mount("Feed")
        for _ in 0..<7 {
            try h.scroll("Feed", by: 1)
            let first = h.engine.offset(of: Harness.path("Feed"))
            for row in first..<first + 4 {
                switch row % 3 {
                case 0: #expect(try shown(h, row: row, "text") == .value(.text("A\(row)")))
                case 1:
                    #expect(try shown(h, row: row, "text") == .value(.text("B\(row)")))
                    #expect(try shown(h, row: row, "textColor") == .value(.color("red")))
                default: #expect(try shown(h, row: row, "accessibilityLabel") == .value(.text("C\(row)")))
                }
            }
        }
    }
}
