/// How an Android hierarchy reads as a screen
/// (../shared/dumps/FORMATS.md section 2, "Mapping to reuse-shell"):
///
/// - **The framework's plumbing is folded:** the window's `DecorView` and
///   the views the framework and AppCompat put around an app's layout
///   (``frameworkIDs``: `android:id/content`, the status and navigation bar
///   backgrounds, `action_bar_root`); a hidden `ViewStub` is left out.
/// - **Lists.** A `RecyclerView` (any package, and subclasses named
///   `…RecyclerView`), `ListView` or `GridView` is a `list`, nested ones
///   too. Its rows are its visible children, in bounds order (top, then
///   left); a row cut by the screen's edge counts. A first or last row of a
///   type that occurs once among three or more is the header or footer,
///   unless the list's edge cuts it (a row at the edge that another row of
///   its class and resource id outgrows: its off-screen views are not dumped).
///   The dump has no row count: 100 rows are assumed (edit the list line),
///   or, when a footer shows, the rows shown.
/// - **Types** are class, resource id and subtree shape; a type is named
///   after its resource id's name (`cvPublisherArticleCard`), else its class.
/// - **Values:** `text` on text views (`title` on buttons),
///   `content-desc` as `accessibilityLabel`, and `checked`, `selected`
///   and `clickable` when a view says true (declared as attributes). A
///   gone or invisible view (dumpsys) is mounted, then hidden.
struct AndroidRules: ScreenRules {
    /// Resource ids of the framework's and AppCompat's own containers.
    static let frameworkIDs: Set<String> = [
        "android:id/content", "android:id/statusBarBackground", "android:id/navigationBarBackground",
        "android:id/action_mode_bar_stub",
    ]
    static let frameworkIDNames: Set<String> = ["action_bar_root", "decor_content_parent", "action_mode_bar_stub"]
    static let listClasses: Set<String> = ["RecyclerView", "ListView", "GridView"]
    /// Rows a list is taken to have (the dump does not say).
    static let assumedRows = 100
    /// The on/off states read, each declared as an attribute when a view says true.
    static let switches = ["checked", "selected", "clickable"]

    func isPlumbing(_ view: DumpedView) -> Bool {
        let simple = Self.simpleName(view.className)
        if simple == "DecorView" { return true }
        if simple == "ViewStub", view.children.isEmpty { return true }
        guard let id = view.field("resource-id"), !id.isEmpty else { return false }
        return Self.frameworkIDs.contains(id) || Self.frameworkIDNames.contains(Self.idName(id))
    }

    func isList(_ view: DumpedView) -> Bool {
        let simple = Self.simpleName(view.className)
        return Self.listClasses.contains(simple) || simple.hasSuffix("RecyclerView") && simple != "RecyclerViewFastScroller"
    }

    func layout(of list: DumpedView) -> ImportedScreen.ListLayout {
        var rows = list.children.filter { !$0.isHidden }
        let hidden = list.children.count - rows.count
        rows.sort { ($0.frame?.y ?? 0, $0.frame?.x ?? 0, $0.line) < ($1.frame?.y ?? 0, $1.frame?.x ?? 0, $1.line) }
        var header: DumpedView?
        var footer: DumpedView?
        // A row cut by the list's edge shows only part of its views (the
        // dump leaves out what is off screen), so its shape is no sign of
        // a header or footer. Bounds are clipped, so a cut row is one at an
        // edge that a row of its class and resource id outgrows.
        func isCut(_ row: DumpedView) -> Bool {
            guard let frame = row.frame, let bounds = list.frame else { return false }
            guard frame.y <= bounds.y || frame.y + frame.height >= bounds.y + bounds.height else { return false }
            return rows.contains { other in
                other.className == row.className && other.field("resource-id") == row.field("resource-id")
                    && (other.frame?.height ?? 0) > frame.height
            }
        }
        if rows.count >= 3 {
            let shapes = rows.map(Self.shape)
            if !isCut(rows[0]), shapes.filter({ $0 == shapes[0] }).count == 1 { header = rows.removeFirst() }
            if let lastRow = rows.last, !isCut(lastRow), let last = shapes.last, shapes.filter({ $0 == last }).count == 1, rows.count > 1 {
                footer = rows.removeLast()
            }
        }
        // A footer shown means the list's end is on screen: the rows shown
        // are all there are. (Rows ending above the list's bottom say less:
        // the rest may be covered, or not yet loaded, as in YouTube's dump.)
        return ImportedScreen.ListLayout(cells: rows, header: header, footer: footer,
                                         rows: footer != nil ? rows.count : max(Self.assumedRows, rows.count),
                                         firstRow: 0, queued: 0, leftOut: hidden,
                                         rowsNote: footer != nil ? "a footer shows: every row is on screen" : "assumed: the dump has no row count")
    }

    func values(of view: DumpedView) -> [(String, String)] {
        var values: [(String, String)] = []
        if let text = view.field("text"), !text.isEmpty {
            switch base(of: view) {
            case "UILabel": values.append(("text", text))
            case "UIButton": values.append(("title", text))
            default: break
            }
        }
        if let description = view.field("content-desc"), !description.isEmpty { values.append(("accessibilityLabel", description)) }
        for name in Self.switches where view.field(name) == "true" { values.append((name, "true")) }
        return values
    }

    func base(of view: DumpedView) -> String {
        let simple = Self.simpleName(view.className)
        if simple.hasSuffix("ImageButton") { return "UIImageView" }
        if simple.hasSuffix("Button") || simple.hasSuffix("CheckBox") || simple.hasSuffix("Switch") { return "UIButton" }
        if simple.hasSuffix("EditText") || simple.hasSuffix("TextView") { return "UILabel" }
        if simple.hasSuffix("ImageView") { return "UIImageView" }
        if simple.hasSuffix("ScrollView") { return "UIScrollView" }
        return "UIView"
    }

    func name(of view: DumpedView) -> String {
        if let id = view.field("resource-id"), !id.isEmpty { return Self.idName(id) }
        return Self.simpleName(view.className)
    }

    func viewClass(of view: DumpedView) -> String { Self.simpleName(view.className) }

    /// `android.widget.TextView` is `TextView`.
    static func simpleName(_ className: String) -> String {
        String(className.split(separator: ".").last ?? Substring(className))
    }

    /// `com.tencent.wework:id/czy` is `czy`.
    static func idName(_ id: String) -> String {
        id.range(of: ":id/").map { String(id[$0.upperBound...]) } ?? id
    }

    /// Class, resource id and the shapes below: rows of one type share it.
    static func shape(_ view: DumpedView) -> String {
        simpleName(view.className) + "#" + (view.field("resource-id") ?? "") + "(" + view.children.map(shape).joined(separator: ",") + ")"
    }

    var notRows: String { "hidden children" }
    var plumbing: String { "of the framework's containers" }
}
