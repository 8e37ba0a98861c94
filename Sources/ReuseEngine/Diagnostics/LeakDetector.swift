/// A property a visible view shows that a fresh view with the same
/// configuration would not: stale state left by an earlier owner.
public struct Leak: Sendable, Equatable, CustomStringConvertible {
    /// The view that shows the stale value.
    public var view: ViewID
    /// The instance holding the view now.
    public var path: ComponentPath
    /// The property.
    public var property: String
    /// What the view shows.
    public var shows: PropertyValue?
    /// What a fresh view with the same configuration would show.
    public var fresh: PropertyValue?
    /// Who set the stale value (for an additive property: the entries a
    /// fresh view would not have), oldest first.
    public var sources: [PropertySource]

    /// A leak of `property` on `view`.
    public init(view: ViewID, path: ComponentPath, property: String, shows: PropertyValue?, fresh: PropertyValue?,
                sources: [PropertySource] = []) {
        self.view = view
        self.path = path
        self.property = property
        self.shows = shows
        self.fresh = fresh
        self.sources = sources
    }

    /// `set by Feed/1 in pass 2`, `added by ...` for stale entries, or "" when nobody set it.
    public var origin: String {
        PropertySource.origin(sources, adds: shows?.isEntries == true) ?? ""
    }

    public var description: String {
        let source = sources.isEmpty ? "" : " (\(origin))"
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
            if catalog.effect(of: attribute.name) == .adds {
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
            return instances.compactMap(\.view).filter { session.store.visibility(of: $0) == .visible }.flatMap { leaks(of: $0) }
        }
        guard let view = session.store.lookUp(id), let configuration = view.attached, let owner = view.owner else { return [] }
        // A fresh view of the view's own class (a wrong class is a finding of its own).
        let fresh = freshProperties(for: configuration, on: view.viewClass)
        var result: [Leak] = []
        for (name, shown) in view.properties where fresh[name] != shown {
            let sources = view.sources(of: name) ?? []
            // The instance's own late result is what it should show.
            if case .value = shown, let source = sources.last ?? nil, source.load != nil, source.path == owner { continue }
            // A list's offset its own instance scrolled to (or restored) is
            // what it should show; another item's is the leak.
            if name == ViewStore.contentOffset, let source = sources.last ?? nil, source.path == owner { continue }
            result.append(Leak(view: id, path: owner, property: name, shows: shown, fresh: fresh[name],
                               sources: Engine.staleSources(shown, fresh: fresh[name], sources: sources)))
        }
        for name in fresh.keys.sorted() where view.property(name) == nil {
            result.append(Leak(view: id, path: owner, property: name, shows: nil, fresh: fresh[name]))
        }
        return result
    }

    /// Who set what a view shows beyond what a fresh view would: the value's
    /// source, or for entries, the sources of the entries left once each
    /// fresh entry is matched with the latest shown entry of that value.
    static func staleSources(_ shown: PropertyValue, fresh: PropertyValue?, sources: [PropertySource?]) -> [PropertySource] {
        guard case .entries(let entries) = shown else { return sources.compactMap { $0 } }
        var wanted: [AttributeValue] = []
        if case .entries(let freshEntries)? = fresh { wanted = freshEntries }
        let offset = entries.count - sources.count
        var stale: [PropertySource] = []
        for position in entries.indices.reversed() {
            if let match = wanted.lastIndex(of: entries[position]) {
                wanted.remove(at: match)
            } else if position - offset >= 0, let source = sources[position - offset] {
                stale.append(source)
            }
        }
        return stale.reversed()
    }
}
