import OrderedCollections

/// A simulated view class: a name and the property values a fresh view shows.
///
/// Every class inherits `UIView`'s properties; its own defaults come after.
public struct ViewClass: Hashable, Sendable {
    /// The class's name (`UILabel`).
    public var name: String
    /// Property defaults of a fresh view, `UIView`'s first, in declaration order.
    public var defaults: OrderedDictionary<String, PropertyValue>
    /// One of the classes every session starts with.
    public var isBuiltIn: Bool
    /// The defaults as a fresh view's property table, numbered by the
    /// catalogue that holds the class (``Catalog/viewClass(named:)``): a
    /// new view starts with it, nothing looked up, sharing its defaults
    /// (``PropertyTable/defaults``) and holding no entry of its own.
    var table = PropertyTable([])

    /// A class named `name` whose fresh views show `defaults`.
    public init(name: String, defaults: OrderedDictionary<String, PropertyValue>, isBuiltIn: Bool = false) {
        self.name = name
        self.defaults = defaults
        self.isBuiltIn = isBuiltIn
    }

    /// The same name, defaults and origin (the table follows the defaults).
    public static func == (lhs: ViewClass, rhs: ViewClass) -> Bool {
        lhs.name == rhs.name && lhs.defaults == rhs.defaults && lhs.isBuiltIn == rhs.isBuiltIn
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(defaults)
        hasher.combine(isBuiltIn)
    }

    static let baseDefaults: OrderedDictionary<String, PropertyValue> = [
        "backgroundColor": .value(.color("clear")),
        "alpha": .value(.number(1)),
        "cornerRadius": .value(.number(0)),
        "tintColor": .value(.color("blue")),
        "isUserInteractionEnabled": .value(.bool(true)),
        "accessibilityLabel": .value(.text("")),
        "tap": .entries([]),
        "gesture": .entries([]),
    ]

    /// A class that inherits `UIView`'s defaults and adds `extra`.
    public static func derived(_ name: String, _ extra: OrderedDictionary<String, PropertyValue>, isBuiltIn: Bool = false) -> ViewClass {
        var defaults = baseDefaults
        for (key, value) in extra { defaults[key] = value }
        return ViewClass(name: name, defaults: defaults, isBuiltIn: isBuiltIn)
    }

    /// The classes every session starts with.
    public static let builtIns: [ViewClass] = [
        .derived("UIView", [:], isBuiltIn: true),
        .derived("UILabel", ["text": .value(.text("")), "textColor": .value(.color("black")), "font": .value(.text("body"))], isBuiltIn: true),
        .derived("UIImageView", ["image": .value(.none)], isBuiltIn: true),
        .derived("UIButton", ["title": .value(.text("")), "textColor": .value(.color("blue"))], isBuiltIn: true),
        .derived("UIScrollView", ["contentOffset": .value(.number(0))], isBuiltIn: true),
    ]
}

/// What a view shows for one property: a single value, or the entries that
/// additive attributes added (handlers, recognizers).
public enum PropertyValue: Hashable, Sendable, CustomStringConvertible {
    /// The value a setting attribute (or the class default) gave it.
    case value(AttributeValue)
    /// The entries additive attributes added, oldest first.
    case entries([AttributeValue])

    public var description: String {
        switch self {
        case .value(let value): return value.description
        case .entries(let entries): return "[" + entries.map(\.description).joined(separator: ", ") + "]"
        }
    }
    /// `self == .value(value)`, without making the right side.
    func isValue(_ value: AttributeValue) -> Bool {
        if case .value(let shown) = self { shown == value } else { false }
    }
    /// Equal, with every text spelled with the same bytes (``AttributeValue``'s
    /// `isStored(as:)`).
    func isStored(as other: PropertyValue) -> Bool {
        switch (self, other) {
        case (.value(let value), .value(let otherValue)): value.isStored(as: otherValue)
        case (.entries(let entries), .entries(let otherEntries)):
            entries.count == otherEntries.count && zip(entries, otherEntries).allSatisfy { $0.isStored(as: $1) }
        default: false
        }
    }
}
