/// One attribute of a configuration: an identifier and its value.
public struct Attribute: Hashable, Sendable, CustomStringConvertible {
    /// The attribute's identifier (its name).
    public var name: String
    /// Its value.
    public var value: AttributeValue
    /// In a configuration attached to a view: where the view's property
    /// table held this attribute's property when it was last written
    /// there (``ViewStore/applyRowChanged(_:to:for:)``), checked before
    /// it is trusted; ``PropertyTable/noSlot`` elsewhere. Declared here
    /// to sit in the padding after the value, so the attribute does not
    /// grow. Not part of what it is: equality and hashing ignore it.
    var slot = PropertyTable.noSlot
    /// The property it writes, numbered by the catalogue, when it came from
    /// a template (``AttributeTemplate/property``): a view finds the
    /// property by it. Not part of what it is: equality and hashing ignore it.
    var property: PropertyID

    /// The attribute `name` with value `value`.
    public init(_ name: String, _ value: AttributeValue) {
        self.init(name, value, property: .unknown)
    }

    init(_ name: String, _ value: AttributeValue, property: PropertyID) {
        self.name = name
        self.value = value
        self.property = property
    }

    /// Takes `value`, written to its property at `slot` of a view's table.
    @inline(__always)
    mutating func take(_ value: AttributeValue, slot: UInt16) {
        self.value = value
        self.slot = slot
    }

    public static func == (lhs: Attribute, rhs: Attribute) -> Bool {
        lhs.name == rhs.name && lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(value)
    }

    public var description: String { "\(name): \(value)" }
}

/// A view class plus the attributes to apply: what a component asks its view to be.
///
/// Equality is by view class and by the attributes' identifiers and values,
/// whatever their order. A configuration equal to the one attached to a view
/// is skipped: nothing is applied.
public struct ViewConfiguration: Hashable, Sendable, CustomStringConvertible {
    /// The class of view it asks for.
    public var viewClass: String
    /// In the order the definition wrote them (identifiers are unique).
    public var attributes: [Attribute]
    /// Made for one list row, in an array the engine fills again for the
    /// next row (``Engine/rowConfiguration(of:at:row:)``): attached to a
    /// view over another such configuration of the same names, its values
    /// are written into the attached one's array in place
    /// (``SimulatedView/attach(_:inPlace:)``). Not part of what it is: equality
    /// and hashing ignore it.
    var isMadeForRow = false

    /// A configuration of a `viewClass` view with these attributes.
    public init(viewClass: String, attributes: [Attribute]) {
        self.viewClass = viewClass
        self.attributes = attributes
    }

    /// The identifiers alone, values ignored.
    public var shape: AttributeShape { AttributeShape(attributes.map(\.name)) }

    /// The same view class and the same attribute names in the same order,
    /// spelled with the same bytes (values ignored): everything a key made
    /// from names can depend on, down to how it shows them. Inlined: each
    /// row's attach asks it.
    @inline(__always)
    func hasSameNames(as other: ViewConfiguration) -> Bool {
        guard viewClass.isStored(as: other.viewClass), attributes.count == other.attributes.count else { return false }
        // The same storage (a definition's fixed configuration): the same names.
        if sharesAttributes(with: other) { return true }
        for index in attributes.indices where !attributes[index].name.isStored(as: other.attributes[index].name) { return false }
        return true
    }

    /// Whether both hold one attributes array (copies of one configuration).
    private func sharesAttributes(with other: ViewConfiguration) -> Bool {
        attributes.withUnsafeBufferPointer { $0.baseAddress } == other.attributes.withUnsafeBufferPointer { $0.baseAddress }
    }

    /// The value it gives attribute `name`, if it sets it.
    public func value(of name: String) -> AttributeValue? {
        attributes.first { $0.name == name }?.value
    }

    /// One configuration held twice (a definition's fixed one, attached
    /// to the view it was applied to last): the same attributes array and
    /// the same class name, so equal, with nothing read. Inlined: a
    /// configure asks it before anything else.
    @inline(__always)
    func isHeld(as other: ViewConfiguration) -> Bool {
        sharesAttributes(with: other) && viewClass.hasSameRepresentation(as: other.viewClass)
    }

    public static func == (lhs: ViewConfiguration, rhs: ViewConfiguration) -> Bool {
        if lhs.isHeld(as: rhs) { return true }
        guard lhs.viewClass == rhs.viewClass, lhs.attributes.count == rhs.attributes.count else { return false }
        // Usually the same names in the same order (one definition's): then
        // the first value that differs decides, and no name is looked up.
        var position = 0
        let count = lhs.attributes.count
        while position < count {
            guard lhs.attributes[position].name == rhs.attributes[position].name else { break }
            guard lhs.attributes[position].value == rhs.attributes[position].value else { return false }
            position += 1
        }
        if position == count { return true }
        return lhs.attributes.allSatisfy { rhs.value(of: $0.name) == $0.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(viewClass)
        hasher.combine(shape)
    }

    /// `UIView { backgroundColor: red }`
    public var description: String {
        attributes.isEmpty ? viewClass
            : "\(viewClass) { " + attributes.map(\.description).joined(separator: ", ") + " }"
    }
}

/// The identifiers of a configuration's attributes, sorted; values ignored.
///
/// Two configurations that set the same attributes to other values share a
/// shape; `backgroundColor` and `alpha` do not.
public struct AttributeShape: Hashable, Sendable, CustomStringConvertible {
    /// The attribute identifiers, sorted.
    public let identifiers: [String]

    /// The shape of these identifiers, in any order.
    public init(_ identifiers: some Sequence<String>) {
        let identifiers = Array(identifiers)
        // Most shapes come sorted already (one attribute, or declared in order).
        self.identifiers = zip(identifiers, identifiers.dropFirst()).allSatisfy { $0 <= $1 } ? identifiers : identifiers.sorted()
    }

    /// The shape of a configuration without attributes.
    public static let empty = AttributeShape([])

    /// `[alpha, backgroundColor]`
    public var description: String { "[" + identifiers.joined(separator: ", ") + "]" }
}

/// The key of a reuse pool inside one parent view.
///
/// Theodolite's key is (component type, view class, attribute shape): Foo and
/// Bar never share views, nor do a UIView and a UILabel, nor two shapes.
/// Strategies that key more coarsely leave fields out (`naive` keeps only the
/// view class) or add a ``KeyQualifier`` (`theodolite-2019` keys by values).
public struct ViewKey: Hashable, Sendable, CustomStringConvertible {
    /// The fields, stored once and shared by every copy of the key: a key is
    /// copied into each view, pool, event and memo entry it names, and a copy
    /// is one reference, not every string and array in it.
    private final class Fields: Sendable {
        let component: String?
        let viewClass: String?
        let shape: AttributeShape?
        let qualifier: KeyQualifier?
        /// The fields' hash, computed once (the fields never change): a key
        /// is looked up in several tables per vend.
        let hash: Int

        init(component: String?, viewClass: String?, shape: AttributeShape?, qualifier: KeyQualifier?) {
            self.component = component
            self.viewClass = viewClass
            self.shape = shape
            self.qualifier = qualifier
            var hasher = Hasher()
            hasher.combine(component)
            hasher.combine(viewClass)
            hasher.combine(shape)
            hasher.combine(qualifier)
            hash = hasher.finalize()
        }
    }

    private let fields: Fields

    /// The component type, or `nil` when the strategy ignores it.
    public var component: String? { fields.component }
    /// The view class, or `nil` when the strategy queues views of any class
    /// together (UIKit's identifiers, DivKit's `reuse_id`).
    public var viewClass: String? { fields.viewClass }
    /// The attribute shape, or `nil` when the strategy ignores it.
    public var shape: AttributeShape? { fields.shape }
    /// A distinction some strategies add beyond component, class and shape.
    public var qualifier: KeyQualifier? { fields.qualifier }

    /// A key of these parts; a part a strategy does not key by is `nil`.
    public init(component: String?, viewClass: String?, shape: AttributeShape?, qualifier: KeyQualifier? = nil) {
        fields = Fields(component: component, viewClass: viewClass, shape: shape, qualifier: qualifier)
    }

    /// Keys made once and handed around (a pass's memo of keys) are one
    /// object: equal without reading a field.
    public static func == (lhs: ViewKey, rhs: ViewKey) -> Bool {
        if lhs.fields === rhs.fields { return true }
        let (l, r) = (lhs.fields, rhs.fields)
        return l.hash == r.hash && l.component == r.component && l.viewClass == r.viewClass
            && l.shape == r.shape && l.qualifier == r.qualifier
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(fields.hash) }

    /// The key's fields object: keys of one identity are one key, equal
    /// without reading a field (keys of two identities may be equal too).
    /// Read without copying the key.
    var identity: ObjectIdentifier { ObjectIdentifier(fields) }

    /// `(Foo, UIView, [backgroundColor])`, or `(UIView)` for class-only keys.
    public var description: String {
        var parts: [String] = []
        if let component { parts.append(component) }
        if let viewClass { parts.append(viewClass) }
        if let shape { parts.append(shape.description) }
        if let qualifier { parts.append(qualifier.description) }
        return "(" + parts.joined(separator: ", ") + ")"
    }
}

/// What a strategy adds to a key beyond component, class and shape.
public enum KeyQualifier: Hashable, Sendable, CustomStringConvertible {
    /// Theodolite 2019: the attribute values, sorted by identifier.
    case values([Attribute])
    /// DivKit galleries: the block's `reuse_id`.
    case reuseID(String)
    /// UIKit: the identifier a cell type was registered under.
    case cellIdentifier(String)
    /// UIKit: the identifier a header or footer was registered under (its own queue).
    case headerFooterIdentifier(String)
    /// RecyclerView: the view type (the cell component).
    case viewType
    /// UIKit, RecyclerView: a subview a cell made for itself (in its init,
    /// nib or onCreateViewHolder) and keeps for its whole life, whatever
    /// its configuration's shape.
    case cellSubview
    /// Compose: a lazy list's slot, compatible by content type.
    case contentType
    /// FlashList: a component instance, pooled by item type.
    case itemType
    /// Texture: a node's own view, kept by its node (one per item) for the
    /// item's life and never handed to another item.
    case node

    /// `{alpha=0.5}`, `reuse_id DefaultReuseId`, `identifier Post`, `view type`.
    public var description: String {
        switch self {
        case .values(let attributes): "{" + attributes.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") + "}"
        case .reuseID(let id): "reuse_id \(id)"
        case .cellIdentifier(let id): "identifier \(id)"
        case .headerFooterIdentifier(let id): "header-footer identifier \(id)"
        case .viewType: "view type"
        case .cellSubview: "cell's own"
        case .contentType: "slot"
        case .itemType: "item type"
        case .node: "node's own"
        }
    }
}
