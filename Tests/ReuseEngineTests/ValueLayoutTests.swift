import Testing
@testable import ReuseEngine

/// The layouts issue 13 gave the mount path's values (a key's fields in
/// one shared object, a path in one array, a view's pass marks in one
/// entry, a node's definition kept per catalogue version) behave as the
/// plain values they replace.
@Suite struct ValueLayoutTests {
    // MARK: ViewKey

    /// Keys made apart with the same fields are equal and hash alike; any
    /// field that differs makes them differ.
    @Test func keysMadeApartCompareByTheirFields() {
        let shape = AttributeShape(["text", "alpha"])
        let a = ViewKey(component: "Row", viewClass: "UILabel", shape: shape)
        let b = ViewKey(component: "Row", viewClass: "UILabel", shape: AttributeShape(["alpha", "text"]))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a.shape?.identifiers == ["alpha", "text"])
        #expect(a != ViewKey(component: "Row", viewClass: "UIView", shape: shape))
        #expect(a != ViewKey(component: "Cell", viewClass: "UILabel", shape: shape))
        #expect(a != ViewKey(component: "Row", viewClass: "UILabel", shape: shape, qualifier: .viewType))
        #expect(a != ViewKey(component: nil, viewClass: "UILabel", shape: shape))
        #expect(Set([a, b, ViewKey(component: nil, viewClass: "UILabel", shape: nil)]).count == 2)
        #expect(a.description == "(Row, UILabel, [alpha, text])")
    }

    // MARK: ComponentPath

    /// Namesakes flags change how a path is shown, never which path it is.
    @Test func pathsCompareBySegmentsAlone() throws {
        let shown = ComponentPath.root.appending(.named("Card", index: 0), namesakes: true).appending(.row(3))
        let typed = try ComponentPath.parse("Card/3").get()
        #expect(shown == typed)
        #expect(shown.hashValue == typed.hashValue)
        #expect(shown.display == "Card[0]/3")
        #expect(typed.display == "Card/3")
        #expect(!shown.isIdentical(to: typed))
        #expect(shown != typed.prefix(1))
        #expect(shown != ComponentPath.root.appending(.named("Card", index: 1)).appending(.row(3)))
        #expect(Array(shown.segments) == [.named("Card", index: 0), .row(3)])
        #expect(shown.segments.last == .row(3))
    }

    /// Appending makes a new path; the one appended to is unchanged, and so
    /// is a prefix taken from it.
    @Test func appendingLeavesThePathAppendedTo() {
        let list = ComponentPath([.named("Feed", index: 0)])
        let row = list.appending(.row(7))
        let title = row.appending(.named("Title", index: 0))
        #expect(list.segments.count == 1)
        #expect(row.description == "Feed/7")
        #expect(title.description == "Feed/7/Title")
        #expect(title.prefix(2) == row)
        #expect(title.prefix(2).description == "Feed/7")
        #expect(title.segments.starts(with: row.segments))
        #expect(ComponentPath.root.segments.isEmpty)
        #expect(ComponentPath([]) == .root)
    }

    // MARK: PassMarks

    /// The views taken from each parent come back in the order they were
    /// taken, parents interleaved; a second take of a view counts once; a
    /// new pass starts with nothing marked.
    @Test func passMarksThreadEachParentsViewsInOrder() {
        var marks = PassMarks()
        marks.begin(stamp: 1)
        let (a, b) = (ViewID(2), ViewID(9))
        marks.visit(a)
        marks.visit(b)
        marks.visit(a)
        #expect(marks.parents == [a, b])
        for (view, parent) in [(5, a), (40, b), (3, a), (5, a), (41, b)] {
            let bound = marks.take(ViewID(view), from: parent, binds: false)
            #expect(!bound)
        }
        #expect(marks.parents == [a, b])
        #expect(Array(marks.taken(from: a)) == [ViewID(5), ViewID(3)])
        #expect(Array(marks.taken(from: b)) == [ViewID(40), ViewID(41)])
        #expect(Array(marks.taken(from: ViewID(100))) == [])
        #expect(marks.wasTaken(ViewID(40)) && !marks.wasTaken(ViewID(4)) && !marks.wasTaken(ViewID(1_000)))
        marks.markBound(ViewID(3))
        #expect(marks.isBound(ViewID(3)) && !marks.isBound(ViewID(5)))
        // Taken from a bound parent, or binding: bound.
        let insideBound = marks.take(ViewID(7), from: ViewID(3), binds: false)
        let binding = marks.take(ViewID(8), from: b, binds: true)
        #expect(insideBound && marks.isBound(ViewID(7)))
        #expect(binding && marks.isBound(ViewID(8)))
        #expect(marks.parents == [a, b, ViewID(3)])
        marks.begin(stamp: 2)
        #expect(marks.parents.isEmpty)
        #expect(Array(marks.taken(from: a)) == [])
        #expect(!marks.wasTaken(ViewID(5)) && !marks.isBound(ViewID(3)))
        _ = marks.take(ViewID(3), from: a, binds: false)
        #expect(Array(marks.taken(from: a)) == [ViewID(3)])
    }

    // MARK: Definitions kept in nodes

    /// Any definition resets what nodes kept: a node of an unchanged type
    /// finds the same definition again, a redefined one finds the new one.
    @Test func aKeptDefinitionLastsWhileTheCatalogueIsUnchanged() throws {
        var h = Harness()
        try h.component("Title", view: "UILabel", [("text", "a")])
        try h.component("Card", view: "UIView", [("alpha", "0.5")], children: ["Title"])
        try h.mount("Card")
        let version = h.engine.catalog.definitions
        try h.remount()
        #expect(h.engine.catalog.definitions === version)
        try h.component("Other", view: "UIView")
        #expect(h.engine.catalog.definitions !== version)
        try h.remount()
        #expect(try h.viewOf("Card/Title").attached?.value(of: "text") == .text("a"))
        try h.component("Title", view: "UILabel", [("text", "b")])
        try h.remount()
        #expect(try h.viewOf("Card/Title").attached?.value(of: "text") == .text("b"))
        #expect(try h.viewOf("Card").attached?.value(of: "alpha") == .number(0.5))
    }
}
