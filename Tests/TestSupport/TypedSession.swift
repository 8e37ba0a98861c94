import ReuseEngine

/// One session through ReuseEngine's typed API, for the tests that hold it
/// equal to the shell-facing API (`ClientAPITests`) and to the shell itself
/// (`LibraryAgreementTests`): every kind of value, a view class with
/// defaults, a viewless component, a list with a header, loads, and every
/// operation that runs a pass.
public enum TypedSession {
    public static func engine() throws -> Engine {
        var engine = Engine()
        try engine.declare(AttributeDefinition(name: "score", kind: .number))
        try engine.declareViewClass("Badge", defaults: ["text": "new", "textColor": .color("red")])
        try engine.defineComponent("Dot", view: "UIView", attributes: ["backgroundColor": .color("red"), "alpha": 0.5])
        try engine.defineComponent("Title", view: "UILabel",
                                   attributes: ["text": "Row {i}", "isUserInteractionEnabled": false, "score": .rowNumber])
        try engine.defineComponent("Photo", view: "UIImageView", attributes: ["image": "placeholder"],
                                   loads: [LoadRequest("image", "photo{i}", after: 2, checked: true)])
        try engine.defineComponent("Cell", view: "UIView", attributes: ["cornerRadius": 4], children: ["Title", "Dot", "Photo"])
        try engine.defineComponent("Header", view: "Badge")
        try engine.defineComponent("Group", children: ["Dot", "Dot"])
        try engine.defineList("Feed", rows: 100, viewport: 4, cells: ["Cell"], header: "Header")
        try engine.mount("Feed", "Group")
        try engine.scroll("Feed", by: 2)
        try engine.scroll("Feed", to: 10)
        try engine.set("Feed/11/Title", "text", to: "hello there")
        try engine.set("Feed/11", "backgroundColor", to: .color("#00FF00"))
        try engine.set("Feed/12/Dot", "alpha", to: 0.25)
        try engine.hide("Group/Dot[1]")
        engine.wait()
        try engine.show("Group/Dot[1]")
        try engine.reload("Feed/12", .payload)
        try engine.setStrategy(named: "recyclerview", options: ["cache": 1])
        try engine.reloadList("Feed")
        try engine.setStrategy(named: "theodolite-2019", options: ["bug27": 1])
        try engine.remount()
        return engine
    }
}
