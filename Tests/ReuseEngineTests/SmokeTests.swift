import Testing
@testable import ReuseEngine

@Test func smoke() throws {
    var engine = Engine()
    try engine.defineComponent("Foo", viewClass: "UIView", attributes: [("backgroundColor", "red", false)], children: [])
    try engine.defineComponent("Bar", viewClass: "UIView", attributes: [("alpha", "0.5", false)], children: [])
    try engine.defineComponent("Cell", viewClass: "UILabel", attributes: [("text", "Row {i}", true)], children: ["Foo"])
    try engine.defineList("Feed", rows: 1_000_000_000, viewport: 5, cells: ["Cell"])
    let s1 = try engine.mount(["Foo", "Bar", "Feed"], trigger: "mount")
    print(s1.counts.line)
    #expect(engine.checkInvariants() == [])
    let s2 = try engine.scroll(ComponentPath.parse("Feed").get(), by: 2, trigger: "scroll")
    print(s2.counts.line)
    #expect(engine.checkInvariants() == [])
    let s3 = try engine.scroll(ComponentPath.parse("Feed").get(), to: 999_999_999, trigger: "scroll")
    print(s3.counts.line, engine.views.count)
    #expect(engine.checkInvariants() == [])
    try engine.mount(["Bar", "Foo"], trigger: "mount")
    #expect(engine.checkInvariants() == [])
    for e in engine.log.query(pass: 4) { print(e.kind, e.view, e.component ?? "") }
    try engine.setStrategy(named: "naive", trigger: "strategy")
    try engine.mount(["Foo"], trigger: "m")
    try engine.mount(["Bar"], trigger: "m")
    print(engine.leaks())
    #expect(engine.checkInvariants() == [])
}
