import OrderedCollections
import Testing
@testable import ReuseEngine

/// A view's property table holds only what was written on the view; the
/// class's defaults are shared, and every read answers as a full copy of
/// them, written over, would.
@Suite struct PropertyTableTests {
    private static let feed = ComponentPath([.named("Feed", index: 0)])
    private static let alpha = PropertyID(index: 0)
    private static let text = PropertyID(index: 1)
    private static let font = PropertyID(index: 2)
    private static let title = PropertyID(index: 3)

    /// A label-like class: `alpha`, `text`, `font`.
    private static func label() -> ViewClass {
        var viewClass = ViewClass(name: "Label", defaults: [
            "alpha": .value(.number(1)), "text": .value(.text("")), "font": .value(.text("body")),
        ])
        viewClass.table = PropertyTable([
            (alpha, "alpha", .value(.number(1))), (text, "text", .value(.text(""))), (font, "font", .value(.text("body"))),
        ])
        return viewClass
    }

    private static func write(_ value: String, _ id: PropertyID, _ name: String, on view: inout SimulatedView, seq: Int) {
        view.setValue(.value(.text(value)), of: id, name: { name }, setBy: "Row", path: feed.appending(.row(seq)),
                      pass: 1, seq: seq, means: .apply)
    }

    private static func source(_ row: Int) -> PropertySource {
        PropertySource(component: "Row", path: feed.appending(.row(row)), pass: 1, seq: row, means: .apply)
    }

    /// A view nobody wrote holds no entry and shows its class's defaults.
    @Test func aViewNeverWrittenHoldsNoEntries() {
        let view = SimulatedView(id: ViewID(2), viewClass: Self.label(), superview: nil)
        #expect(view.table.written.isEmpty)
        #expect(Array(view.properties.keys) == ["alpha", "text", "font"])
        #expect(view.property("font") == .value(.text("body")))
        #expect(view.sources.isEmpty)
        #expect(view.sources(of: "text") == nil)
    }

    /// One property written costs one entry; the others are still read
    /// from the class, in the class's order, and the written one in its place.
    @Test func oneWrittenPropertyCostsOneEntry() {
        var view = SimulatedView(id: ViewID(2), viewClass: Self.label(), superview: nil)
        Self.write("row 1", Self.text, "text", on: &view, seq: 1)
        #expect(view.table.written.count == 1)
        // Written again, it is written over in place.
        Self.write("row 2", Self.text, "text", on: &view, seq: 2)
        #expect(view.table.written.count == 1)
        let expected: OrderedDictionary<String, PropertyValue> = [
            "alpha": .value(.number(1)), "text": .value(.text("row 2")), "font": .value(.text("body")),
        ]
        #expect(view.properties == expected)
        #expect(view.sources == ["text": [Self.source(2)]])
        #expect(view.property("text") == .value(.text("row 2")))
        #expect(view.sources(of: "text") == [Self.source(2)])
        #expect(view.sources(of: "alpha") == nil)
        // A property the class lacks comes after the defaults, whatever was written first.
        Self.write("Hi", Self.title, "title", on: &view, seq: 3)
        Self.write("caption", Self.font, "font", on: &view, seq: 4)
        #expect(Array(view.properties.keys) == ["alpha", "text", "font", "title"])
        #expect(Array(view.sources.keys) == ["text", "font", "title"])
        #expect(view.table.written.count == 3)
    }

    /// Set back to its default by nobody (an unapply), a property is no
    /// longer held; taken out, a default is not shown, and set again it
    /// comes last, as it did when each view held a copy of the defaults.
    @Test func unapplyAndRemovalAnswerAsBefore() {
        var view = SimulatedView(id: ViewID(2), viewClass: Self.label(), superview: nil)
        Self.write("row 1", Self.text, "text", on: &view, seq: 1)
        view.table.set(Self.text, name: "text", to: .value(.text("")), sources: nil)
        #expect(view.table.written.isEmpty)
        #expect(view.property("text") == .value(.text("")))
        #expect(view.sources(of: "text") == nil)
        view.table.remove(Self.alpha, name: "alpha")
        #expect(view.property("alpha") == nil)
        #expect(Array(view.properties.keys) == ["text", "font"])
        #expect(view.table.entry(of: Self.alpha, name: "alpha") == nil)
        view.table.set(Self.alpha, name: "alpha", to: .value(.number(0.5)), sources: nil)
        #expect(Array(view.properties.keys) == ["text", "font", "alpha"])
        #expect(view.property("alpha") == .value(.number(0.5)))
        // A property the class lacks, taken out, is gone.
        Self.write("Hi", Self.title, "title", on: &view, seq: 2)
        view.table.remove(Self.title, name: "title")
        #expect(Array(view.properties.keys) == ["text", "font", "alpha"])
        // Reset, the view holds nothing again.
        view.table = Self.label().table
        #expect(view.table.written.isEmpty)
        #expect(Array(view.properties.keys) == ["alpha", "text", "font"])
    }

    /// Set back by nobody to a value equal to its default but spelled with
    /// other bytes (a class declared again: `"cafe\u{301}"` over `"café"`),
    /// a property keeps its stand-in and shows the new bytes: a view shows
    /// what was written, as when it held its own copy of the defaults.
    @Test func aDefaultSpelledOtherwiseIsKept() {
        let composed = "caf\u{E9}", combining = "cafe\u{301}"
        var viewClass = Self.label()
        viewClass.table = PropertyTable([(Self.text, "text", .value(.text(composed)))])
        var view = SimulatedView(id: ViewID(2), viewClass: viewClass, superview: nil)
        Self.write("row 1", Self.text, "text", on: &view, seq: 1)
        view.table.set(Self.text, name: "text", to: .value(.text(combining)), sources: nil)
        #expect(view.table.written.count == 1)
        guard case .value(.text(let shown))? = view.property("text") else {
            Issue.record("no text: \(String(describing: view.property("text")))")
            return
        }
        #expect(Array(shown.utf8) == Array(combining.utf8))
        // The same bytes as the default: dropped, the default shown.
        view.table.set(Self.text, name: "text", to: .value(.text(composed)), sources: nil)
        #expect(view.table.written.isEmpty)
    }
}
