import DequeModule
import OrderedCollections

/// The reuse engine: a catalog of definitions, a simulated view tree, the
/// mounted component tree and the log of every step.
///
/// A value type: copying an engine snapshots the whole session cheaply, which
/// is how callers undo a command that fails half way. Every operation either
/// throws before changing anything or completes.
public struct Engine: Sendable {
    public internal(set) var catalog = Catalog()
    /// Index `n - 1` holds view `vn`.
    public internal(set) var views: [SimulatedView] = []
    /// The component types mounted at the root, in order.
    public internal(set) var rootComponents: [String] = []
    /// The mounted tree under the root, rebuilt by each full pass.
    public internal(set) var mounted: [MountedNode] = []
    /// Instances taken out of the tree with `hide`, in the order they were hidden.
    public internal(set) var hiddenPaths: OrderedSet<ComponentPath> = []
    /// Per-instance attribute values set with `set`, in the order they were set.
    public internal(set) var instanceValues: OrderedDictionary<ComponentPath, OrderedDictionary<String, AttributeTemplate>> = [:]
    /// Scroll offsets by list instance.
    public internal(set) var listOffsets: [ComponentPath: Int] = [:]
    public internal(set) var log = EventLog()
    public internal(set) var strategy: any ReuseStrategy = TheodoliteStrategy()
    /// The most views alive at once.
    public internal(set) var peakViews = 1
    /// Views removed for good (their ids stay taken).
    public internal(set) var removedViews = 0
    /// A component or list was (re)defined since the last full pass; the
    /// mounted tree and views still follow the old definitions until the next
    /// full pass (a scroll then runs one).
    public internal(set) var definitionsPending = false
    /// Cell registrations (UIKit), by list and cell, in registration order.
    var registrations: OrderedDictionary<String, CellRegistration> = [:]

    public init() {
        views = [SimulatedView(id: .root, viewClass: catalog.viewClasses["UIView"] ?? .derived("UIView", [:]), superview: nil)]
    }

    // MARK: Reading the view tree

    /// The view with this id; ids come from the engine, so it exists.
    public func view(_ id: ViewID) -> SimulatedView { views[id.number - 1] }

    /// The view with this id, if it exists (for ids a user typed).
    public func lookUp(_ id: ViewID) -> SimulatedView? {
        views.indices.contains(id.number - 1) ? views[id.number - 1] : nil
    }

    /// Visible: neither the view nor any ancestor is hidden.
    public func isVisible(_ id: ViewID) -> Bool {
        var current: ViewID? = id
        while let next = current {
            let view = self.view(next)
            if view.isHidden { return false }
            current = view.superview
        }
        return true
    }

    // MARK: Declaring

    /// Declares a user attribute (`attribute swipe adds unapply`).
    public mutating func declare(_ attribute: AttributeDefinition) throws(EngineError) {
        try catalog.declare(attribute)
    }

    /// Declares a view class with property defaults (name, written value, quoted).
    public mutating func declareViewClass(_ name: String, defaults: [(String, String, Bool)]) throws(EngineError) {
        try catalog.declareViewClass(name, defaults: defaults)
    }

    /// Defines or redefines a component type. Attribute values are written
    /// text (`red`, `0.5`, `"Row {i}"`), checked now. Takes effect at the next pass.
    public mutating func defineComponent(_ name: String, viewClass: String?, attributes: [(name: String, raw: String, quoted: Bool)], children: [String]) throws(EngineError) {
        var template: ViewTemplate?
        if let viewClass {
            var templates: [AttributeTemplate] = []
            for attribute in attributes {
                templates.append(try catalog.template(attribute.name, raw: attribute.raw, quoted: attribute.quoted))
            }
            template = ViewTemplate(viewClass: viewClass, attributes: templates)
        }
        try catalog.define(ComponentDefinition(name: name, body: .component(view: template, children: children)))
        definitionsPending = true
    }

    /// Defines or redefines a scrolling list.
    public mutating func defineList(_ name: String, rows: Int, viewport: Int, cells: [String],
                                    header: String? = nil, footer: String? = nil) throws(EngineError) {
        try catalog.define(ComponentDefinition(name: name, body: .list(ListSpec(rows: rows, viewport: viewport, cells: cells,
                                                                                header: header, footer: footer))))
        definitionsPending = true
    }

    // MARK: Recording

    public mutating func record(_ kind: ReuseEvent.Kind, view: ViewID, instance: Instance? = nil,
                         _ fill: (inout ReuseEvent) -> Void = { _ in }) {
        var event = ReuseEvent(kind: kind, view: view)
        event.component = instance?.component
        event.path = instance?.path
        event.displayPath = instance?.display
        fill(&event)
        log.record(event)
    }

    /// Stops keeping events (counts go on); for benchmarks.
    public mutating func setKeepsEvents(_ keeps: Bool) { log.keepsEvents = keeps }

    // MARK: Primitive steps on views

    /// Creates a view of `key.viewClass`, adds it to `parent`'s subviews and to
    /// the pool of `key`.
    public mutating func createView(key: ViewKey, in parent: ViewID, instance: Instance) -> ViewID {
        let id = ViewID(views.count + 1)
        let viewClass = catalog.viewClasses[key.viewClass] ?? .derived(key.viewClass, [:])
        var view = SimulatedView(id: id, viewClass: viewClass, superview: parent)
        view.poolKey = key
        view.owner = instance.path
        view.ownerDisplay = instance.display
        view.ownerComponent = instance.component
        views.append(view)
        views[parent.number - 1].subviews.append(id)
        views[parent.number - 1].pools[key, default: ReusePool()].views.append(id)
        peakViews = max(peakViews, views.count - removedViews)
        record(.create, view: id, instance: instance) { event in
            event.parent = parent
            event.key = key
        }
        return id
    }

    /// Marks `view` as taken by `instance`: unhides it, and records a reuse
    /// when it held another instance or waited hidden.
    public mutating func take(_ view: ViewID, key: ViewKey, in parent: ViewID, for instance: Instance) {
        let index = view.number - 1
        let previous = views[index].owner
        let wasHidden = views[index].isHidden
        if wasHidden || previous != instance.path {
            record(.reuse, view: view, instance: instance) { event in
                event.parent = parent
                event.key = key
                event.previousOwner = previous
            }
        }
        if wasHidden {
            views[index].isHidden = false
            record(.unhide, view: view, instance: instance) { $0.parent = parent }
        }
        views[index].previousOwner = previous
        views[index].owner = instance.path
        views[index].ownerDisplay = instance.display
        views[index].ownerComponent = instance.component
    }

    /// Hides a view nobody took; it stays in its pool.
    public mutating func hide(_ view: ViewID, in parent: ViewID) {
        let index = view.number - 1
        guard !views[index].isHidden else { return }
        views[index].isHidden = true
        recordLeaving(.hide, view: view, parent: parent)
    }

    /// Records a view leaving use (hidden or removed), with the pool and the
    /// instance that held it last.
    mutating func recordLeaving(_ kind: ReuseEvent.Kind, view: ViewID, parent: ViewID, note: String? = nil) {
        let leaving = views[view.number - 1]
        record(kind, view: view) { event in
            event.parent = parent
            event.key = leaving.poolKey
            event.component = leaving.ownerComponent
            event.path = leaving.owner
            event.displayPath = leaving.ownerDisplay
            event.note = note
        }
    }

    /// Runs an attribute's applicator on a view.
    public mutating func apply(_ attribute: Attribute, on view: ViewID, instance: Instance) {
        let index = view.number - 1
        let definition = catalog.attributes[attribute.name]
        if definition?.effect == .adds {
            var entries: [AttributeValue] = []
            if case .entries(let existing)? = views[index].properties[attribute.name] { entries = existing }
            entries.append(attribute.value)
            views[index].properties[attribute.name] = .entries(entries)
        } else {
            views[index].properties[attribute.name] = .value(attribute.value)
        }
        views[index].setBy[attribute.name] = instance.component
        record(.apply, view: view, instance: instance) { event in
            event.attribute = attribute.name
            event.value = attribute.value
        }
    }

    /// Runs an attribute's unapplicator: removes the entry it added, or resets
    /// the property to the class default.
    public mutating func unapply(_ attribute: Attribute, on view: ViewID, instance: Instance) {
        let index = view.number - 1
        let definition = catalog.attributes[attribute.name]
        if definition?.effect == .adds {
            if case .entries(var entries)? = views[index].properties[attribute.name],
               let position = entries.firstIndex(of: attribute.value) {
                entries.remove(at: position)
                views[index].properties[attribute.name] = .entries(entries)
            }
        } else {
            let fresh = catalog.viewClasses[views[index].viewClass]?.defaults[attribute.name]
            views[index].properties[attribute.name] = fresh
            views[index].setBy[attribute.name] = nil
        }
        record(.unapply, view: view, instance: instance) { event in
            event.attribute = attribute.name
            event.value = attribute.value
        }
    }

    /// Runs an attribute's updater: replaces the old value with the new one.
    public mutating func update(_ attribute: Attribute, from old: AttributeValue, on view: ViewID, instance: Instance) {
        let index = view.number - 1
        if catalog.attributes[attribute.name]?.effect == .adds,
           case .entries(var entries)? = views[index].properties[attribute.name],
           let position = entries.firstIndex(of: old) {
            entries[position] = attribute.value
            views[index].properties[attribute.name] = .entries(entries)
        } else {
            views[index].properties[attribute.name] = .value(attribute.value)
        }
        views[index].setBy[attribute.name] = instance.component
        record(.update, view: view, instance: instance) { event in
            event.attribute = attribute.name
            event.value = attribute.value
            event.oldValue = old
        }
    }

    /// Attaches the configuration just applied.
    public mutating func attach(_ configuration: ViewConfiguration, to view: ViewID) {
        views[view.number - 1].attached = configuration
    }
}
