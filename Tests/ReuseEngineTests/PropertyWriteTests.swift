import Testing
@testable import ReuseEngine

/// How a view's property table keeps who set each value: a value's one
/// source held inline and written over in place, every other form of
/// sources kept as given; and the in-place path write that a source uses.
@Suite struct PropertyWriteTests {
    private static let feed = ComponentPath([.named("Feed", index: 0)])

    private static func source(_ row: Int, seq: Int, component: String = "Cell") -> PropertySource {
        PropertySource(component: component, path: feed.appending(.row(row)), pass: 1, seq: seq, means: .apply)
    }

    /// Whatever sources an entry is given, it gives back: nobody, one,
    /// one that is nil, several, none at all.
    @Test func anEntryGivesBackTheSourcesItWasGiven() {
        let given: [[PropertySource?]?] = [
            nil, [Self.source(1, seq: 1)], [nil], [nil, Self.source(2, seq: 2)],
            [Self.source(1, seq: 1), Self.source(2, seq: 2)], [],
        ]
        for sources in given {
            var entry = PropertyTable.Entry(id: PropertyID(index: 0), name: "text", value: .value(.text("")), sources: sources)
            #expect(entry.sources == sources)
            // Set again over another form, it reads back the same.
            entry.sources = [Self.source(9, seq: 9)]
            entry.sources = sources
            #expect(entry.sources == sources)
        }
    }

    /// A value's one source is written over; any other form of sources is
    /// replaced by the one source.
    @Test func aSoleSourceIsWrittenOverInPlace() {
        let starts: [[PropertySource?]?] = [nil, [Self.source(1, seq: 1)], [nil], [nil, Self.source(2, seq: 2)], []]
        for start in starts {
            var entry = PropertyTable.Entry(id: PropertyID(index: 0), name: "text", value: .value(.text("")), sources: start)
            entry.setSoleSource(component: "Row", path: Self.feed.appending(.row(5)), pass: 3, seq: 7, means: .update)
            let expected = PropertySource(component: "Row", path: Self.feed.appending(.row(5)), pass: 3, seq: 7, means: .update)
            #expect(entry.sources == [expected])
            #expect(entry.sources?.first??.path.display == "Feed/5")
        }
    }

    /// A row's attribute remembers where its property was in the view's
    /// table (``Attribute/slot``); the place is checked before it is
    /// trusted, so a stale or missing one finds the property by scanning,
    /// and a property the table lacks is not found.
    @Test func aRememberedSlotIsCheckedBeforeItIsTrusted() {
        var table = PropertyTable([
            (PropertyID(index: 0), "alpha", .value(.text("1"))),
            (PropertyID(index: 1), "text", .value(.text(""))),
            (PropertyID(index: 2), "hidden", .value(.text("false"))),
        ])
        let text = PropertyID(index: 1)
        // Positions are places in what the view wrote: found, the default
        // is copied there first (the first of them), once.
        #expect(table.position(ofNumbered: text, trying: 1) == 0)
        #expect(table.position(ofNumbered: text, trying: 0) == 0)
        #expect(table.position(ofNumbered: text, trying: 2) == 0)
        #expect(table.position(ofNumbered: text, trying: 40) == 0)
        #expect(table.position(ofNumbered: text, trying: PropertyTable.noSlot) == 0)
        #expect(table.position(ofNumbered: PropertyID(index: 7), trying: 1) == nil)
        #expect(table.position(ofNumbered: PropertyID(index: 2), trying: 0) == 1)
        #expect(table.written.count == 2)
        // Attributes equal whatever their slot.
        var remembered = Attribute("text", .text("Row 1"))
        remembered.take(.text("Row 1"), slot: 1)
        #expect(remembered == Attribute("text", .text("Row 1")))
        #expect(remembered.hashValue == Attribute("text", .text("Row 1")).hashValue)
    }

    /// A type spelled with other bytes is written, so the source shows it
    /// as given (`Café` precomposed, then with a combining accent).
    @Test func anEqualTypeSpelledOtherwiseIsWritten() {
        var source = Self.source(1, seq: 1, component: "Caf\u{E9}")
        source.overwrite(component: "Cafe\u{301}", path: Self.feed.appending(.row(2)), pass: 2, seq: 2, means: .apply)
        #expect(source.component.unicodeScalars.count == 5)
    }

    /// A path becomes another in place: the same place in another row,
    /// a path elsewhere, and the root, each identical afterwards.
    @Test func aPathBecomesAnotherIdentically() {
        let row = Self.feed.appending(.row(3))
        let dot = row.appending(.named("Dot", index: 0))
        let targets = [
            row.inRow(8), dot.inRow(8), dot, ComponentPath.root, ComponentPath([.named("Card", index: 1)]),
            Self.feed.appending(.row(3)),
        ].compactMap { $0 }
        for start in [row, dot, ComponentPath.root] {
            for target in targets {
                var path = start
                path.become(target)
                #expect(path.isIdentical(to: target))
                #expect(path.display == target.display)
            }
        }
    }
}
