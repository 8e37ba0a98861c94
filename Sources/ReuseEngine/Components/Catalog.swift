import OrderedCollections

/// Everything a session has declared: view classes, attributes, component types.
///
/// Each map keeps declaration order, so listings and `save` are stable.
public struct Catalog: Sendable {
    /// The view classes, built-in first, by name.
    public internal(set) var viewClasses: OrderedDictionary<String, ViewClass> = [:]
    /// The attributes, built-in first, by name.
    public internal(set) var attributes: OrderedDictionary<String, AttributeDefinition> = [:]
    /// The component and list types, by name, in the order first defined.
    public internal(set) var components: OrderedDictionary<String, ComponentDefinition> = [:]
    /// Each definition as the mount walk reads it (one reference to copy per lookup).
    private(set) var mountable: [String: MountableDefinition] = [:] {
        didSet { definitions = Version() }
    }
    /// Changes whenever `mountable` does: a node keeps the definition it
    /// found under it (``Engine/definition(for:)``), so a pass looks a name
    /// up only after a definition changed.
    private(set) var definitions = Version()

    /// A mark of one state of a catalogue's definitions, told apart by identity.
    final class Version: Sendable {}
    /// Cell types registered with lists (UIKit), in registration order.
    public internal(set) var registrations: OrderedDictionary<CellRegistration.Key, CellRegistration> = [:]
    /// For each identifier, the cell type registered under it last.
    var registeredClasses: [CellRegistration.Identifier: String] = [:]
    /// What each component type's reuse hook does (`prepare`), in declaration order.
    public internal(set) var preparations: OrderedDictionary<String, Preparation> = [:]
    /// How many definitions refer to each name: a name nobody refers to
    /// cannot close a cycle, so defining it needs no walk.
    private var referrers: [String: Int] = [:]
    /// Every property name the catalogue knows (each attribute's, and
    /// each class default's), in the order first declared: a name's
    /// position is its ``PropertyID``. Names are only added, so an id
    /// keeps its name for the session (a rewind takes the views back with
    /// the catalogue that numbered their properties).
    private(set) var propertyNames: OrderedSet<String> = []
    /// Per property id, what writing it does (``PropertyFacts``).
    private var propertyFacts: [PropertyFacts] = []
    /// Per property id, the kind of value its attribute takes (`nil`: no
    /// attribute declares it), so a row's value is read without looking
    /// the name up (``takesText(_:)``).
    private var propertyKinds: [ValueKind?] = []

    /// How deeply components may nest when mounted (the root's children are
    /// level 1). Deeper trees are refused by `mount` and every pass, so no
    /// walk over a mounted tree can exhaust the stack.
    public static let maximumDepth = 1_000
    /// How many component instances one mounted tree may hold (a list counts
    /// the rows on screen). Shared subtrees multiply: `A children B B`, `B
    /// children C C`, ... doubles at each level.
    public static let maximumInstances = 1_000_000
    /// How many component types a session may define.
    public static let maximumComponents = 100_000
    /// How many children (or cell types) one definition may name.
    public static let maximumChildren = 10_000

    /// The catalogue every session starts with: the built-in attributes and view classes.
    public init() {
        for attribute in AttributeDefinition.builtIns { store(attribute) }
        for viewClass in ViewClass.builtIns { store(viewClass) }
    }

    /// The class of this name, or a plain `UIView`-derived class when it is unknown.
    func viewClass(named name: String) -> ViewClass {
        // An undeclared class has `UIView`'s defaults alone, numbered from the start.
        viewClasses[name] ?? withTable(.derived(name, [:]))
    }

    // MARK: Property ids

    /// The id of property `name`, numbered when the catalogue first met it;
    /// nil for a name no attribute or class default has.
    func propertyID(_ name: String) -> PropertyID? {
        propertyNames.position(ofName: name).map { PropertyID(index: Int32(truncatingIfNeeded: $0)) }
    }

    /// The id of property `name`, numbered now when it is new.
    mutating func numberProperty(_ name: String) -> PropertyID {
        if let id = propertyID(name) { return id }
        propertyNames.append(name)
        propertyFacts.append(PropertyFacts())
        propertyKinds.append(nil)
        return PropertyID(index: Int32(truncatingIfNeeded: propertyNames.count - 1))
    }

    /// What writing property `id` does: an attribute's effect and
    /// unapplicator (a property no attribute declares sets, with none).
    func facts(of id: PropertyID) -> PropertyFacts {
        let index = Int(id.index)
        return index >= 0 && index < propertyFacts.count ? propertyFacts[index] : PropertyFacts()
    }

    /// Whether the attribute writing property `id` takes text: its value
    /// is a written text as it stands (``ValueKind/parse(_:quoted:)``
    /// reads nothing), found by id. False for an unnumbered property.
    func takesText(_ id: PropertyID) -> Bool {
        let index = Int(id.index)
        return index >= 0 && index < propertyKinds.count && propertyKinds[index] == .text
    }

    /// Stores an attribute's definition, its property numbered and its facts noted.
    private mutating func store(_ attribute: AttributeDefinition) {
        attributes[attribute.name] = attribute
        let id = numberProperty(attribute.name)
        propertyFacts[Int(id.index)] = PropertyFacts(adds: attribute.effect == .adds, hasUnapplicator: attribute.hasUnapplicator)
        propertyKinds[Int(id.index)] = attribute.kind
    }

    /// Stores a view class, its defaults numbered (``ViewClass/table``).
    private mutating func store(_ viewClass: ViewClass) {
        for name in viewClass.defaults.keys { _ = numberProperty(name) }
        viewClasses[viewClass.name] = withTable(viewClass)
    }

    /// `viewClass` with its defaults as a property table, by this
    /// catalogue's numbers (every name numbered already).
    private func withTable(_ viewClass: ViewClass) -> ViewClass {
        var viewClass = viewClass
        viewClass.table = PropertyTable(viewClass.defaults.map { (propertyID($0.key) ?? .unknown, $0.key, $0.value) })
        return viewClass
    }

    // MARK: Declaring

    /// Declares (or redeclares) a user attribute.
    mutating func declare(_ attribute: AttributeDefinition) throws(EngineError) {
        if let existing = attributes[attribute.name], existing.isBuiltIn {
            throw .builtInRedefinition(.attribute, name: attribute.name)
        }
        store(attribute)
    }

    /// Declares (or redeclares) a user view class with its property defaults.
    mutating func declareViewClass(_ name: String, defaults: [(String, String, Bool)]) throws(EngineError) {
        if let existing = viewClasses[name], existing.isBuiltIn {
            throw .builtInRedefinition(.viewClass, name: name)
        }
        var extra: OrderedDictionary<String, PropertyValue> = [:]
        for (property, raw, wasQuoted) in defaults {
            if extra[property] != nil { throw .duplicateAttribute(property) }
            if let attribute = attributes[property] {
                switch attribute.kind.parse(raw, quoted: wasQuoted) {
                case .success(let value):
                    extra[property] = attribute.effect == .adds ? .entries([value]) : .value(value)
                case .failure(let error): throw .invalidValue(attribute: property, error)
                }
            } else {
                extra[property] = .value(.text(raw))
            }
        }
        store(.derived(name, extra))
    }

    /// Defines (or redefines) a component type, checking every name it uses
    /// and that it does not contain itself.
    mutating func define(_ definition: ComponentDefinition) throws(EngineError) {
        if let template = definition.view, !definition.isList {
            try validate(template)
        }
        let definition = numbered(definition)
        if case .list(let spec) = definition.body {
            guard spec.rows >= 0, spec.rows <= ListSpec.maximumRows else {
                throw .invalidListSize(.rows(spec.rows))
            }
            guard spec.viewport >= 1, spec.viewport <= ListSpec.maximumViewport else {
                throw .invalidListSize(.viewport(spec.viewport))
            }
            guard !spec.cells.isEmpty else { throw .invalidListSize(.noCells) }
        }
        if definition.references.count > Catalog.maximumChildren {
            throw .tooMany(.children(of: definition.name), count: definition.references.count, limit: Catalog.maximumChildren)
        }
        if components[definition.name] == nil, components.count >= Catalog.maximumComponents {
            throw .tooMany(.components, count: components.count + 1, limit: Catalog.maximumComponents)
        }
        if let cycle = cycle(through: definition) {
            throw .recursiveDefinition(cycle)
        }
        put(definition, named: definition.name)
    }

    /// Puts back what `define` replaced: `previous` (nil: the name was new),
    /// so a definition refused after it was stored leaves no trace. Property
    /// names it numbered stay numbered (names are only ever added).
    mutating func restore(_ previous: ComponentDefinition?, named name: String) {
        put(previous, named: name)
    }

    /// Stores `definition` under `name` (nil: none), its references counted.
    /// In place: copying the whole catalogue per definition would make
    /// defining n components quadratic.
    private mutating func put(_ definition: ComponentDefinition?, named name: String) {
        if let current = components[name] { count(current.references, by: -1) }
        components[name] = definition
        mountable[name] = definition.map(MountableDefinition.init)
        if let definition { count(definition.references, by: 1) }
    }

    /// Whether some definition names `name` as a child or cell.
    func isReferenced(_ name: String) -> Bool { referrers[name, default: 0] > 0 }

    /// `definition` with each template's property numbered by this
    /// catalogue, whichever made it (all are declared attributes: validated).
    private func numbered(_ definition: ComponentDefinition) -> ComponentDefinition {
        guard case .component(var view?, let children) = definition.body else { return definition }
        for index in view.attributes.indices {
            view.attributes[index].property = propertyID(view.attributes[index].name) ?? .unknown
        }
        for index in view.loads.indices {
            view.loads[index].attribute.property = propertyID(view.loads[index].attribute.name) ?? .unknown
        }
        var numbered = definition
        numbered.body = .component(view: view, children: children)
        return numbered
    }

    /// Adds `delta` to how many definitions refer to each of `names`.
    private mutating func count(_ names: [String], by delta: Int) {
        for name in names {
            let count = referrers[name, default: 0] + delta
            referrers[name] = count > 0 ? count : nil
        }
    }

    /// Checks a view template's class, attribute names and values.
    func validate(_ template: ViewTemplate) throws(EngineError) {
        guard viewClasses[template.viewClass] != nil else {
            throw .unknownViewClass(template.viewClass, suggestion: closestName(to: template.viewClass, in: viewClasses.keys))
        }
        var seen: Set<String> = []
        for attribute in template.attributes {
            guard seen.insert(attribute.name).inserted else { throw .duplicateAttribute(attribute.name) }
            _ = try parse(attribute.name, raw: attribute.raw, quoted: attribute.wasQuoted, row: 0)
            try checkProperty(attribute.name, on: template.viewClass)
        }
        for load in template.loads {
            _ = try parse(load.attribute.name, raw: load.attribute.raw, quoted: load.attribute.wasQuoted, row: 0)
            try checkProperty(load.attribute.name, on: template.viewClass)
            for delay in load.delaysByRow where !LoadTemplate.delays.contains(delay) { throw .invalidLoadDelay(delay) }
        }
    }

    /// Refuses a built-in attribute on a class without that property (UIKit's
    /// `text` is a UILabel's, not a UIView's). Attributes a session declares
    /// apply to any class.
    public func checkProperty(_ attribute: String, on viewClass: String) throws(EngineError) {
        guard attributes[attribute]?.isBuiltIn == true, let target = viewClasses[viewClass],
              target.defaults[attribute] == nil else { return }
        let owners = viewClasses.values.filter { $0.defaults[attribute] != nil }.map(\.name).sorted()
        throw .notAPropertyOfClass(attribute: attribute, viewClass: viewClass, classesWithIt: owners)
    }

    /// Declares (or replaces) what a component type's reuse hook does.
    /// A preparation that does nothing removes the declaration.
    mutating func prepare(_ preparation: Preparation) throws(EngineError) {
        for name in preparation.resets where attributes[name] == nil {
            throw .unknownAttribute(name, suggestion: closestName(to: name, in: attributes.keys))
        }
        preparations[preparation.component] = preparation.doesNothing ? nil : preparation
    }

    /// Where attribute `name` is declared, found as a view's property names
    /// are (`OrderedSet.position(ofName:)`): a pass asks it for every
    /// attribute it makes, applies or unapplies, with the names of the
    /// same few templates.
    func attributeIndex(_ name: String) -> Int? {
        attributes.keys.position(ofName: name)
    }

    /// Parses a written value for an attribute, with `{i}` replaced by `row`.
    /// With `clamping`, a number outside the attribute's range becomes the
    /// nearest bound (a row's `{i}` value; UIKit clamps `alpha` the same way)
    /// instead of an error.
    func parse(_ name: String, raw: String, quoted: Bool, row: Int, clamping: Bool = false) throws(EngineError) -> AttributeValue {
        try parse(name, filled: AttributeTemplate.filling(raw, row: row), quoted: quoted, clamping: clamping)
    }

    /// ``parse(_:raw:quoted:row:clamping:)`` of a text whose `{i}` are filled already.
    func parse(_ name: String, filled text: String, quoted: Bool, clamping: Bool) throws(EngineError) -> AttributeValue {
        guard let index = attributeIndex(name) else {
            throw .unknownAttribute(name, suggestion: closestName(to: name, in: attributes.keys))
        }
        return try parse(index, name, filled: text, quoted: quoted, clamping: clamping)
    }

    private func parse(_ index: Int, _ name: String, filled text: String, quoted: Bool,
                       clamping: Bool) throws(EngineError) -> AttributeValue {
        switch attributes.values[index].kind.parse(text, quoted: quoted) {
        case .success(let value):
            if case .number(let number) = value, let range = attributes.values[index].range, !range.contains(number) {
                if clamping { return .number(min(max(number, range.lowerBound), range.upperBound)) }
                throw .outOfRange(attribute: name, value: text, range: range)
            }
            return value
        case .failure(let error): throw .invalidValue(attribute: name, error)
        }
    }

    /// What applying attribute `name` does to its property (`nil`: not
    /// declared), read in place, the definition not copied out.
    func effect(of name: String) -> AttributeDefinition.Effect? {
        attributeIndex(name).map { attributes.values[$0].effect }
    }

    /// Whether attribute `name` has an unapplicator, read in place.
    func hasUnapplicator(_ name: String) -> Bool {
        attributeIndex(name).map { attributes.values[$0].hasUnapplicator } ?? false
    }

    /// Whether `attribute` has an unapplicator, by its property id when it
    /// carries one (the name is not looked up). Inlined: asked for each
    /// attached attribute when a view is reconfigured, a call would copy
    /// the catalogue to pass it.
    @inline(__always)
    func hasUnapplicator(_ attribute: Attribute) -> Bool {
        attribute.property != .unknown ? facts(of: attribute.property).hasUnapplicator : hasUnapplicator(attribute.name)
    }

    /// An attribute template's value in a row (`{i}` filled in). A number
    /// outside the attribute's range is clamped to it (`alpha: {i}` is 1 from
    /// row 1 on), never turned into text; text is the fallback only for a
    /// value the attribute's kind cannot read at all.
    func value(of template: AttributeTemplate, row: Int?) -> AttributeValue {
        if let resolved = template.resolved { return resolved }
        // Split once, at definition (a template without `{i}` is resolved).
        let text = template.rowFill?.filled(row: row ?? 0) ?? template.raw
        // A text attribute's value is the text itself: nothing to parse.
        if takesText(template.property) { return .text(text) }
        return (try? parse(template.name, filled: text, quoted: template.wasQuoted, clamping: true)) ?? .text(text)
    }

    /// A template attribute, parsed now when it has no `{i}`.
    /// (Checked with `{i}` as row 0; the text is split once, by the template.)
    func template(_ name: String, raw: String, quoted: Bool) throws(EngineError) -> AttributeTemplate {
        var template = AttributeTemplate(name: name, raw: raw, wasQuoted: quoted, resolved: nil)
        template.property = propertyID(name) ?? .unknown
        let value = try parse(name, filled: template.rowFill?.filled(row: 0) ?? raw, quoted: quoted, clamping: false)
        if template.rowFill == nil { template.resolved = value }
        return template
    }

    /// The cycle `definition` would close, as names from it back to it, or
    /// `nil`. The catalogue is acyclic before, so every new cycle runs
    /// through `definition`; it is looked for only when some definition
    /// already refers to it (or it refers to itself), by an iterative
    /// depth-first walk in child order that visits each name once.
    func cycle(through definition: ComponentDefinition) -> [String]? {
        let name = definition.name
        let references = definition.references
        guard referrers[name] != nil || references.contains(name) else { return nil }
        var path: [(name: String, references: [String], next: Int)] = [(name, references, 0)]
        var visited: Set<String> = [name]
        while let top = path.last {
            guard top.next < top.references.count else {
                path.removeLast()
                continue
            }
            let child = top.references[top.next]
            path[path.count - 1].next += 1
            if child == name { return path.map(\.name) + [name] }
            guard visited.insert(child).inserted, let childDefinition = components[child] else { continue }
            path.append((child, childDefinition.references, 0))
        }
        return nil
    }

    /// Checks that each root and every type it refers to are defined, that
    /// list cells have views, and that the tree these roots mount together
    /// stays within ``maximumDepth`` levels and ``maximumInstances``
    /// instances: the limit is the whole tree's, so `mount M M` counts both
    /// copies. With `undefinedAsLeaves`, a name not yet defined counts as one
    /// instance with no children and the cell checks are left to the pass
    /// (what a definition checks while its references may still wait).
    /// Iterative: one walk in child order that visits each type once, so
    /// checking is linear in the catalogue even for trees that share subtrees.
    func checkMountable(_ roots: [String], undefinedAsLeaves: Bool = false) throws(EngineError) {
        /// A type being walked: its children, the next to visit, and what
        /// its finished children add up to.
        struct Frame {
            var name: String
            var references: [String]
            /// Children before this index are cells (a list's), the rest are
            /// a list's header and footer, or a component's children.
            var cells: Int
            var rows: Int
            var next = 0
            var depth = 1
            var largestCell = 0
            var instances = 1
        }
        var measured: [String: (depth: Int, instances: Int)] = [:]
        var path: [Frame] = []
        func enter(_ next: String, parent: String?) throws(EngineError) {
            guard let definition = components[next] else {
                if undefinedAsLeaves {
                    path.append(Frame(name: next, references: [], cells: 0, rows: 0))
                    return
                }
                let suggestion = closestName(to: next, in: components.keys)
                if let parent { throw .undefinedChild(parent: parent, child: next, suggestion: suggestion) }
                throw .unknownComponent(next, suggestion: suggestion)
            }
            var cells = 0, rows = 0
            if case .list(let spec) = definition.body {
                for cell in spec.cells + spec.supplementaries.map(\.component) {
                    guard let cellDefinition = components[cell] else {
                        if undefinedAsLeaves { continue }
                        throw .undefinedChild(parent: next, child: cell, suggestion: closestName(to: cell, in: components.keys))
                    }
                    if cellDefinition.view == nil, !undefinedAsLeaves { throw .listCellWithoutView(list: next, cell: cell) }
                }
                cells = spec.cells.count
                rows = min(spec.rows, spec.viewport)
            }
            path.append(Frame(name: next, references: definition.references, cells: cells, rows: rows))
        }
        var total = 0
        for name in roots {
            if measured[name] == nil {
                try enter(name, parent: nil)
                while let top = path.last {
                    if top.next < top.references.count {
                        let child = top.references[top.next]
                        if let size = measured[child] {
                            let frame = path.count - 1
                            path[frame].depth = max(top.depth, size.depth + 1)
                            if top.next < top.cells {
                                path[frame].largestCell = max(top.largestCell, size.instances)
                            } else {
                                path[frame].instances = top.instances.addingSaturated(size.instances)
                            }
                            path[frame].next += 1
                        } else {
                            try enter(child, parent: top.name)
                        }
                        continue
                    }
                    measured[top.name] = (top.depth, top.instances.addingSaturated(top.rows.multipliedSaturated(top.largestCell)))
                    path.removeLast()
                }
            }
            let size = measured[name] ?? (1, 1)
            guard size.depth <= Catalog.maximumDepth else {
                // The deepest chain, following the deepest child at each level.
                var chain = [name]
                var current = name
                while let next = components[current]?.references.max(by: { measured[$0]?.depth ?? 0 < measured[$1]?.depth ?? 0 }),
                      measured[next] != nil, chain.count < size.depth {
                    chain.append(next)
                    current = next
                }
                throw .tooDeep(chain, limit: Catalog.maximumDepth)
            }
            total = total.addingSaturated(size.instances)
        }
        guard total <= Catalog.maximumInstances else {
            throw .tooManyInstances(roots, count: total, limit: Catalog.maximumInstances)
        }
    }

    /// The names a definition refers to that are not defined (yet).
    public func undefinedReferences(of name: String) -> [String] {
        guard let definition = components[name] else { return [] }
        var seen: Set<String> = []
        return definition.references.filter { components[$0] == nil && seen.insert($0).inserted }
    }
}
