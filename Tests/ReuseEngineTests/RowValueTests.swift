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

/// A row's text filled from its template's pieces (``RowFill``), inline
/// where it fits (``InlineText``): the same string, down to how it is
/// held, as one made byte by byte.
@Suite struct RowFillTests {
    /// `raw` with each `{i}` (left to right, never overlapping) replaced by `row`.
    static func replaced(_ raw: String, row: Int) -> String {
        let bytes = Array(raw.utf8)
        let number = Array(String(row).utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index + 2 < bytes.count, bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "i"),
               bytes[index + 2] == UInt8(ascii: "}") {
                out += number
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let templates = [
        "{i}", "Row {i}", "{i} rows", "Row {i} of 9", "Ряд {i}", "é{i}é", "ab{i}cd{i}", "{i}{i}", "{i}}", "{{i}",
        "12345678901{i}", "123456789012{i}", "1234567890123{i}", "{i}1234567890123", "Row\u{1B}{i}", "🙂{i}",
    ]
    static let rows = [0, 1, 9, 10, 99, 100, 12_345, 9_999_999, 99_999_999, 100_000_000, 1_000_000_000_000,
                       -1, -123, Int.max, Int.min]

    @Test func fillsAsByteByByte() throws {
        for raw in Self.templates {
            let fill = try #require(RowFill(raw))
            for row in Self.rows {
                let filled = fill.filled(row: row)
                let expected = Self.replaced(raw, row: row)
                #expect(filled == expected, "\(raw) at \(row)")
                #expect(Array(filled.utf8) == Array(expected.utf8), "\(raw) at \(row)")
                #expect(filled.count == expected.count && filled.hashValue == expected.hashValue, "\(raw) at \(row)")
                // Held alike: inline, with the same flags, when it fits.
                if expected.utf8.count <= InlineText.capacity {
                    #expect(filled.hasSameRepresentation(as: expected), "\(raw) at \(row)")
                }
            }
        }
    }

    #if arch(x86_64) || arch(arm64)
    /// Where this builds, strings are laid out as ``InlineText`` expects.
    @Test func inlineLayoutHoldsHere() {
        #expect(InlineText.flags(isASCII: true) != nil && InlineText.flags(isASCII: false) != nil)
    }
    #endif

    @Test func movesInlineBytes() {
        let bytes = InlineText.Bytes(Array("abcdefghijklmnop".utf8))
        for count in 0...16 {
            var expected = [UInt8](repeating: 0, count: count) + Array("abcdefghijklmnop".utf8)
            expected = Array(expected.prefix(16))
            #expect(bytes.shifted(by: count) == InlineText.Bytes(expected), "by \(count)")
        }
    }
}

@Suite struct InlineDecimalTests {
    /// Every number below 10^5, and samples up to 10^8, as `String` writes them.
    @Test func writesNumbersAsStringDoes() throws {
        var samples = Array(0..<100_000)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<100_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            samples.append(Int(state >> 33) % 100_000_000)
        }
        samples += [9_999_999, 10_000_000, 99_999_999]
        for number in samples {
            let (bytes, count) = try #require(InlineText.decimal(number))
            let expected = Array(String(number).utf8)
            if count != expected.count || bytes != InlineText.Bytes(expected) {
                Issue.record("\(number): \(count) digits")
                return
            }
        }
        #expect(InlineText.decimal(-1) == nil && InlineText.decimal(100_000_000) == nil)
    }
}
