import OrderedCollections

/// What an attribute does to a view: its applicator, and optionally an
/// unapplicator and an updater.
///
/// A *setting* attribute overwrites one property (`backgroundColor`). An
/// *additive* attribute adds an entry (`tap` adds a handler): applying it twice
/// without unapplying in between leaves two entries, which is why additive
/// attributes come with an unapplicator.
public struct AttributeDefinition: Hashable, Sendable {
    /// How the applicator changes the view.
    public enum Effect: String, Hashable, Sendable {
        /// Sets the property to the value (setters do not clean up).
        case sets
        /// Appends the value to the property's entries.
        case adds
    }

    /// The identifier; also the name of the property it changes.
    public var name: String
    /// The kind of value it takes.
    public var kind: ValueKind
    /// Whether it sets its property or adds an entry to it.
    public var effect: Effect
    /// Unapply: a setting attribute resets the property to the class default;
    /// an additive one removes the entry it added.
    public var hasUnapplicator: Bool
    /// Update(old, new): replaces the old value in place (used by strategies
    /// that diff per attribute).
    public var hasUpdater: Bool
    /// Built into the catalog rather than declared by the user.
    public var isBuiltIn: Bool
    /// The values a number attribute accepts (`alpha` is 0 to 1).
    public var range: ClosedRange<Double>?

    /// An attribute (`attribute swipe adds unapply` is
    /// `AttributeDefinition(name: "swipe", effect: .adds, hasUnapplicator: true)`).
    public init(name: String, kind: ValueKind = .text, effect: Effect = .sets,
                hasUnapplicator: Bool = false, hasUpdater: Bool = false, isBuiltIn: Bool = false,
                range: ClosedRange<Double>? = nil) {
        self.name = name
        self.kind = kind
        self.effect = effect
        self.hasUnapplicator = hasUnapplicator
        self.hasUpdater = hasUpdater
        self.isBuiltIn = isBuiltIn
        self.range = range
    }

    /// The catalog every session starts with.
    public static let builtIns: [AttributeDefinition] = [
        .init(name: "backgroundColor", kind: .color, isBuiltIn: true),
        .init(name: "alpha", kind: .number, isBuiltIn: true, range: 0...1),
        .init(name: "cornerRadius", kind: .number, isBuiltIn: true, range: 0...Double.greatestFiniteMagnitude),
        .init(name: "tintColor", kind: .color, isBuiltIn: true),
        .init(name: "isUserInteractionEnabled", kind: .bool, isBuiltIn: true),
        .init(name: "accessibilityLabel", kind: .text, isBuiltIn: true),
        .init(name: "text", kind: .text, hasUpdater: true, isBuiltIn: true),
        .init(name: "textColor", kind: .color, isBuiltIn: true),
        .init(name: "font", kind: .text, isBuiltIn: true),
        .init(name: "image", kind: .text, hasUpdater: true, isBuiltIn: true),
        .init(name: "title", kind: .text, isBuiltIn: true),
        .init(name: "tap", kind: .text, effect: .adds, hasUnapplicator: true, isBuiltIn: true),
        .init(name: "gesture", kind: .text, effect: .adds, hasUnapplicator: true, isBuiltIn: true),
    ]

    /// The declaration as a script line (`attribute swipe adds unapply`).
    public var declaration: String {
        var words = ["attribute", name]
        if kind != .text { words += ["kind", kind.rawValue] }
        if effect == .adds { words.append("adds") }
        if hasUnapplicator { words.append("unapply") }
        if hasUpdater { words.append("update") }
        return words.joined(separator: " ")
    }
}
