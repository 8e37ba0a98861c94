import OrderedCollections

/// Everything a session has declared: view classes, attributes, component types.
///
/// Each map keeps declaration order, so listings and `save` are stable.
public struct Catalog: Sendable {
    public internal(set) var viewClasses: OrderedDictionary<String, ViewClass> = [:]
    public internal(set) var attributes: OrderedDictionary<String, AttributeDefinition> = [:]
    public internal(set) var components: OrderedDictionary<String, ComponentDefinition> = [:]
    /// Cell types registered with lists (UIKit), in registration order.
    public internal(set) var registrations: OrderedDictionary<CellRegistration.Key, CellRegistration> = [:]
    /// For each identifier, the cell type registered under it last.
    var registeredClasses: [CellRegistration.Identifier: String] = [:]
    /// What each component type's reuse hook does (`prepare`), in declaration order.
    public internal(set) var preparations: OrderedDictionary<String, Preparation> = [:]

    public init() {
        for viewClass in ViewClass.builtIns { viewClasses[viewClass.name] = viewClass }
        for attribute in AttributeDefinition.builtIns { attributes[attribute.name] = attribute }
    }

    /// The class of this name, or a plain `UIView`-derived class when it is unknown.
    func viewClass(named name: String) -> ViewClass {
        viewClasses[name] ?? .derived(name, [:])
    }

    // MARK: Declaring

    /// Declares (or redeclares) a user attribute.
    mutating func declare(_ attribute: AttributeDefinition) throws(EngineError) {
        if let existing = attributes[attribute.name], existing.isBuiltIn {
            throw .builtInRedefinition(.attribute, name: attribute.name)
        }
        attributes[attribute.name] = attribute
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
        viewClasses[name] = .derived(name, extra)
    }

    /// Defines (or redefines) a component type, checking every name it uses
    /// and that it does not contain itself.
    mutating func define(_ definition: ComponentDefinition) throws(EngineError) {
        if let template = definition.view, !definition.isList {
            try validate(template)
        }
        if case .list(let spec) = definition.body {
            guard spec.rows >= 0, spec.rows <= ListSpec.maximumRows else {
                throw .invalidListSize(.rows(spec.rows))
            }
            guard spec.viewport >= 1, spec.viewport <= ListSpec.maximumViewport else {
                throw .invalidListSize(.viewport(spec.viewport))
            }
            guard !spec.cells.isEmpty else { throw .invalidListSize(.noCells) }
        }
        var trial = components
        trial[definition.name] = definition
        if let cycle = Catalog.cycle(from: definition.name, in: trial) {
            throw .recursiveDefinition(cycle)
        }
        components = trial
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
            guard LoadTemplate.delays.contains(load.after) else { throw .invalidLoadDelay(load.after) }
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

    /// Parses a written value for an attribute, with `{i}` replaced by `row`.
    func parse(_ name: String, raw: String, quoted: Bool, row: Int) throws(EngineError) -> AttributeValue {
        guard let definition = attributes[name] else {
            throw .unknownAttribute(name, suggestion: closestName(to: name, in: attributes.keys))
        }
        let text = raw.contains(AttributeTemplate.rowPlaceholder)
            ? raw.replacing(AttributeTemplate.rowPlaceholder, with: String(row)) : raw
        switch definition.kind.parse(text, quoted: quoted) {
        case .success(let value):
            if case .number(let number) = value, let range = definition.range, !range.contains(number) {
                throw .outOfRange(attribute: name, value: text, range: range)
            }
            return value
        case .failure(let error): throw .invalidValue(attribute: name, error)
        }
    }

    /// A template attribute, parsed now when it has no `{i}`.
    func template(_ name: String, raw: String, quoted: Bool) throws(EngineError) -> AttributeTemplate {
        let value = try parse(name, raw: raw, quoted: quoted, row: 0)
        let resolved = raw.contains(AttributeTemplate.rowPlaceholder) ? nil : value
        return AttributeTemplate(name: name, raw: raw, wasQuoted: quoted, resolved: resolved)
    }

    /// The first cycle reachable from `start`, as names ending where they began.
    static func cycle(from start: String, in components: OrderedDictionary<String, ComponentDefinition>) -> [String]? {
        var stack: [String] = [start]
        var onStack: Set<String> = [start]
        var done: Set<String> = []
        func visit(_ name: String) -> [String]? {
            guard let definition = components[name] else { return nil }
            for child in definition.references {
                if onStack.contains(child) {
                    guard let first = stack.firstIndex(of: child) else { return nil }
                    return Array(stack[first...]) + [child]
                }
                if done.contains(child) { continue }
                stack.append(child)
                onStack.insert(child)
                if let cycle = visit(child) { return cycle }
                stack.removeLast()
                onStack.remove(child)
                done.insert(child)
            }
            return nil
        }
        return visit(start)
    }

    /// Checks that `name` and every type it refers to are defined, and that
    /// list cells have views.
    func checkMountable(_ name: String) throws(EngineError) {
        var seen: Set<String> = []
        var pending: [(name: String, parent: String?)] = [(name, nil)]
        while let (next, parent) = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            guard let definition = components[next] else {
                let suggestion = closestName(to: next, in: components.keys)
                if let parent { throw .undefinedChild(parent: parent, child: next, suggestion: suggestion) }
                throw .unknownComponent(next, suggestion: suggestion)
            }
            if case .list(let spec) = definition.body {
                for cell in spec.cells + spec.supplementaries.map(\.component) {
                    guard let cellDefinition = components[cell] else {
                        throw .undefinedChild(parent: next, child: cell, suggestion: closestName(to: cell, in: components.keys))
                    }
                    if cellDefinition.view == nil { throw .listCellWithoutView(list: next, cell: cell) }
                }
            }
            pending.append(contentsOf: definition.references.reversed().map { ($0, next) })
        }
    }

    /// The names a definition refers to that are not defined (yet).
    public func undefinedReferences(of name: String) -> [String] {
        guard let definition = components[name] else { return [] }
        var seen: Set<String> = []
        return definition.references.filter { components[$0] == nil && seen.insert($0).inserted }
    }
}
