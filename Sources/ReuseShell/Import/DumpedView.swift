/// One view as a hierarchy dump states it, whatever the dump's format:
/// its class, the fields the dump printed, its frame, its subviews in dump
/// order, and the line it came from.
///
/// Nothing here is judged yet: which views are lists, cells or UIKit's own
/// plumbing is ``ScreenBuilder``'s business.
struct DumpedView: Equatable {
    /// The class the dump names (`PUPhotosGridCell`, `_UISystemBackgroundView`).
    var className: String
    /// The nearest public UIKit ancestor the dump names (`baseClass =
    /// UICollectionViewCell`), if it names one.
    var baseClass: String?
    /// The fields in dump order, values as printed but for quotes and
    /// escapes (`text` is `Maps`, `contentOffset` is `{0, -44}`).
    var fields: [Field]
    /// Where the view sits in its superview (or, for a cell, in its list's
    /// content): used for order and size only.
    var frame: Frame?
    /// The dump's line (1-based) that describes the view.
    var line: Int
    var children: [DumpedView] = []

    struct Field: Equatable {
        var name: String
        var value: String
    }

    /// The value of the first field named `name`.
    func field(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// `hidden = YES`.
    var isHidden: Bool { field("hidden") == "YES" }

    /// The class the dump names or the base class it gives, whichever of the
    /// two is one of `names`.
    func isKind(of names: Set<String>) -> Bool {
        names.contains(className) || baseClass.map(names.contains) == true
    }
}

/// A rectangle as a dump prints it: `(x y; width height)`.
struct Frame: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    /// `(0 9.5; 78.5 78.5)`, or nil when the text is not a frame.
    init?(dumped text: String) {
        let numbers = text.split { $0 == "(" || $0 == ")" || $0 == ";" || $0 == " " }.compactMap { Double($0) }
        guard numbers.count == 4 else { return nil }
        (x, y, width, height) = (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

/// A point or size as a scroll view's fields print it: `{0, -44}`.
struct DumpedPair: Equatable {
    var first: Double
    var second: Double

    init?(_ text: String?) {
        guard let text else { return nil }
        let numbers = text.split { $0 == "{" || $0 == "}" || $0 == "," || $0 == " " }.compactMap { Double($0) }
        guard numbers.count == 2 else { return nil }
        (first, second) = (numbers[0], numbers[1])
    }
}

/// Something a dump's reader skipped or guessed, with where.
struct DumpWarning: Equatable {
    var line: Int
    var column: Int
    var message: String
}

/// A dump read into views: the top-level views in order, and what could
/// not be read.
struct ParsedDump: Equatable {
    var roots: [DumpedView]
    var warnings: [DumpWarning]
}
