/// How a DivKit card reads as a screen (../shared/dumps/FORMATS.md
/// section 3, "Mapping to reuse-shell"):
///
/// - Every div is a component: `text` (and `input`, `select`) a UILabel,
///   `image` and `gif` a UIImageView, any other a UIView, as the `divkit`
///   strategy tells div types by view class. A type is named after the
///   div's template, else its id, else its type.
/// - A `gallery`, `pager` or `tabs` is a list; its rows are its items (or
///   its builder's rows) in order, all of them (`rows` = their count). DivKit
///   has no headers or footers.
/// - **Viewport:** the gallery's fixed length (else the screen's, taken
///   as 375 × 667 pt) over its first item's fixed length plus
///   `item_spacing` (8 by default), in the gallery's orientation
///   (horizontal by default); without a fixed item length, up to 5 rows.
/// - Values: `text`, `alpha`; `visibility` gone or invisible is hidden.
struct DivKitRules: ScreenRules {
    static let screen = (width: 375.0, height: 667.0)
    static let defaultSpacing = 8.0
    static let rowsWithoutSizes = 5

    func isPlumbing(_ view: DumpedView) -> Bool { false }

    func isList(_ view: DumpedView) -> Bool { DivKitCard.lists.contains(view.className) }

    func layout(of list: DumpedView) -> ImportedScreen.ListLayout {
        let rows = list.children.filter { !$0.isHidden }
        let vertical = list.field("orientation") == "vertical"
        let axis = vertical ? "height" : "width"
        let length = list.field(axis).flatMap(Double.init) ?? (vertical ? Self.screen.height : Self.screen.width)
        let spacing = list.field("item_spacing").flatMap(Double.init) ?? Self.defaultSpacing
        var viewport = min(rows.count, Self.rowsWithoutSizes)
        var note = "every item; no fixed item \(axis): up to \(Self.rowsWithoutSizes) shown"
        if let item = rows.first?.field(axis).flatMap(Double.init), item > 0 {
            viewport = min(rows.count, max(1, Int((length / (item + spacing)).rounded(.up))))
            note = "every item; \(ScreenScript.number(length)) over \(ScreenScript.number(item)) + \(ScreenScript.number(spacing)) shown"
        }
        return ImportedScreen.ListLayout(cells: rows, header: nil, footer: nil, rows: rows.count, firstRow: 0, queued: 0,
                                         leftOut: list.children.count - rows.count, rowsNote: note, viewport: viewport)
    }

    func values(of view: DumpedView) -> [(String, String)] { textAndAlpha(of: view) }

    func base(of view: DumpedView) -> String {
        switch view.className {
        case "text", "input", "select": "UILabel"
        case "image", "gif": "UIImageView"
        default: "UIView"
        }
    }

    /// An item_builder row's prototype is its view type, whatever its template.
    func kind(of view: DumpedView) -> String {
        name(of: view) + "|" + viewClass(of: view) + (view.field("prototype").map { "|prototype " + $0 } ?? "")
    }

    func name(of view: DumpedView) -> String { view.field("template") ?? view.field("id") ?? view.className }

    func viewClass(of view: DumpedView) -> String { base(of: view) }

    var notRows: String { "hidden items" }
    var plumbing: String { "containers" }
}
