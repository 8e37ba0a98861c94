import OrderedCollections

/// A component instance that `set` gave values to: its type and path.
///
/// Both, as a framework's instance identity is (ComponentKit's scope: the
/// component class and its place): a value set on `Feed/0` while a `Row`
/// shows there does not pass to a `Label` that shows there after the list
/// is redefined, and comes back with the `Row`.
struct InstanceKey: Hashable, Sendable, CustomStringConvertible {
    var component: String
    var path: ComponentPath

    /// `Feed/0 (Row)`
    var description: String { "\(path) (\(component))" }
}

/// The values `set` gave one component instance, with the configuration
/// they make over its definition, made once per change.
///
/// A pass asks every instance for its configuration; an instance with
/// values of its own finds it here, ready, while its definition is the one
/// it was made from and no value reads the row (`{i}`).
struct InstanceValues: Sendable {
    /// Per attribute, the value set last, in the order first set.
    private(set) var templates: OrderedDictionary<String, AttributeTemplate> = [:]
    /// The definition the values were merged into (held, so no other
    /// definition can ever be this object: a redefinition makes a new one).
    private var madeFrom: MountableDefinition?
    /// The merged configuration, when nothing in it reads the row.
    private var merged: ViewConfiguration?

    /// Sets one value and merges again over `definition`'s view template.
    ///
    /// `inPlace` (``FastPaths/fixedConfigurations``, whose twin makes the
    /// configuration from the templates and never reads the merged one):
    /// a value for an attribute the merged configuration already holds,
    /// over the same definition, with no `{i}`, replaces that attribute
    /// where it is. Invariant: the full merge would put it at the same
    /// place (`applied(to:)` replaces a named attribute in place, and
    /// `templates` keeps a key's place when its value changes), under
    /// the value's own spelling of the name, and every other attribute
    /// is unchanged.
    mutating func set(_ attribute: String, to value: AttributeTemplate, over definition: MountableDefinition, inPlace: Bool) {
        templates[attribute] = value
        guard let template = definition.view else { return }
        if inPlace, madeFrom === definition, let resolved = value.resolved, var configuration = merged,
           let position = configuration.attributes.firstIndex(where: { $0.name == attribute }) {
            // Moved out first: the array is then shared only with the
            // views that show it, and is copied for them, not for `merged`.
            merged = nil
            configuration.attributes[position] = Attribute(value.name, resolved, property: value.property)
            merged = configuration
            return
        }
        madeFrom = definition
        merged = ViewTemplate.fixedConfiguration(template.viewClass, applied(to: template.attributes))
    }

    /// The merged configuration if it was made over `definition` (not
    /// redefined since) and reads no row.
    func configuration(over definition: MountableDefinition) -> ViewConfiguration? {
        guard let merged, madeFrom === definition else { return nil }
        return merged
    }

    /// The definition's attribute templates with these values put over
    /// them: a value replaces the attribute of its name in place, a new one
    /// comes after, in the order set.
    func applied(to attributes: [AttributeTemplate]) -> [AttributeTemplate] {
        var result = attributes
        for (name, value) in templates {
            if let position = result.firstIndex(where: { $0.name == name }) {
                result[position] = value
            } else {
                result.append(value)
            }
        }
        return result
    }
}
