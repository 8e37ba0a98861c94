/// A property a visible view shows that a fresh view with the same
/// configuration would not: stale state left by an earlier owner.
public struct Leak: Sendable, Equatable, CustomStringConvertible {
    public var view: ViewID
    /// The instance holding the view now.
    public var path: ComponentPath
    public var property: String
    /// What the view shows.
    public var shows: PropertyValue?
    /// What a fresh view with the same configuration would show.
    public var fresh: PropertyValue?
    /// The component whose configuration set the stale value.
    public var setBy: String?

    public var description: String {
        let source = setBy.map { " (set by \($0))" } ?? ""
        return "\(view) \(path.display): \(property) shows \(shows?.description ?? "nothing"), a fresh view would show \(fresh?.description ?? "nothing")\(source)"
    }
}

extension Engine {
    /// What a fresh view of `viewClass` would show once the
    /// configuration is applied.
    func freshProperties(for configuration: ViewConfiguration, on viewClass: String) -> [String: PropertyValue] {
        var properties: [String: PropertyValue] = [:]
        if let viewClass = catalog.viewClasses[viewClass] {
            for (name, value) in viewClass.defaults { properties[name] = value }
        }
        for attribute in configuration.attributes {
            if catalog.attributes[attribute.name]?.effect == .adds {
                var entries: [AttributeValue] = []
                if case .entries(let existing)? = properties[attribute.name] { entries = existing }
                properties[attribute.name] = .entries(entries + [attribute.value])
            } else {
                properties[attribute.name] = .value(attribute.value)
            }
        }
        return properties
    }

    /// The leaks of one view (empty when it has no configuration attached),
    /// or, without a view, of every visible view held by a mounted instance,
    /// in tree order.
    public func leaks(of id: ViewID? = nil) -> [Leak] {
        guard let id else {
            return instances.compactMap(\.view).filter { store.visibility(of: $0) == .visible }.flatMap { leaks(of: $0) }
        }
        guard let view = store.lookUp(id), let configuration = view.attached, let owner = view.owner else { return [] }
        // A fresh view of the view's own class (a wrong class is a finding of its own).
        let fresh = freshProperties(for: configuration, on: view.viewClass)
        var result: [Leak] = []
        for (name, shown) in view.properties where fresh[name] != shown {
            result.append(Leak(view: id, path: owner, property: name, shows: shown, fresh: fresh[name], setBy: view.setBy[name]))
        }
        for name in fresh.keys.sorted() where view.properties[name] == nil {
            result.append(Leak(view: id, path: owner, property: name, shows: nil, fresh: fresh[name], setBy: nil))
        }
        return result
    }
}
