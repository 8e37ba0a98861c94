/// A reuse system the engine can run: how pools are keyed, how a parent hands
/// out views, how a view is brought to a new configuration, and what happens
/// to the views nobody took.
///
/// The mount walk is the same for every strategy: depth first, in child
/// order. It asks the strategy at each step, so a new system is one type
/// here plus a line in ``StrategyRegistry/all``; callers of the engine do not
/// change. Every hook has a default: the Theodolite behaviour of the seed
/// document (see ``TheodoliteStrategy``).
public protocol ReuseStrategy: Sendable {
    /// The name users type (`theodolite`).
    var name: String { get }
    /// One line for `strategy` listings.
    var summary: String { get }
    /// A sentence for `pools`: how this strategy's pools work.
    var poolNote: String { get }

    /// The pool key for a component type's configuration.
    func key(component: String, configuration: ViewConfiguration, catalog: Catalog) -> ViewKey
    /// The pool key of a cell of the list type `list` (by default the same as
    /// ``key(component:configuration:catalog:)``).
    func cellKey(component: String, configuration: ViewConfiguration, list: String, in engine: Engine) -> ViewKey

    /// Takes a view for `instance` from `parent` (a plain parent, not a list).
    func vend(_ key: ViewKey, from parent: ViewID, for instance: Instance, in engine: inout Engine, pass: inout MountPass) -> ViewID

    /// Brings `view` from its attached configuration to `configuration`.
    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance, in engine: inout Engine)

    /// Ends a pass for one plain parent: what happens to views nobody took.
    func settle(_ parent: ViewID, in engine: inout Engine, pass: inout MountPass)

    /// Whether ``plan(_:into:in:pass:)`` wants to see a parent's blocks first.
    var plansChildren: Bool { get }
    /// Sees every block about to mount into `parent`, before the first one does.
    func plan(_ blocks: [PlannedBlock], into parent: ViewID, in engine: inout Engine, pass: inout MountPass)

    /// Takes a cell for a list row that has none of the right key.
    func dequeueCell(_ key: ViewKey, row: Int, host: ViewID, for instance: Instance, in engine: inout Engine) -> ViewID
    /// Gives back the cell of a row that left the window (`pass.isRelayout`
    /// tells a jump or full pass from rows scrolled out one by one).
    func releaseCell(_ cell: ViewID, row: Int, host: ViewID, in engine: inout Engine, pass: MountPass)
    /// Called once per pass for each list it mounts, with the rows it shows.
    func didMountList(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool, in engine: inout Engine)

    /// Refuses a state this system cannot mount (UIKit's unregistered cells).
    func validate(_ engine: Engine) throws(EngineError)
    /// Component instances alive: visible ones, unless the system keeps more.
    func liveComponents(in engine: Engine) -> Int
    /// A copy with options set (`strategy recyclerview pool 3`).
    func with(options: [(name: String, value: Int)]) throws(EngineError) -> any ReuseStrategy
    /// The options as `strategy` would take them back.
    var optionsDescription: String { get }
}

/// The component instance a step is done for.
public struct Instance: Sendable {
    public var component: String
    public var path: ComponentPath
    /// The row number when the instance is a list row's cell.
    public var cellRow: Int?
    /// The path as users see it (`Card[0]` among namesakes).
    public var display: String

    public init(component: String, path: ComponentPath, cellRow: Int? = nil, display: String? = nil) {
        self.component = component
        self.path = path
        self.cellRow = cellRow
        self.display = display ?? path.description
    }
}

/// A component about to mount into a parent, with what it will ask for.
public struct PlannedBlock: Sendable {
    public var instance: Instance
    public var key: ViewKey
    public var configuration: ViewConfiguration
}

extension ReuseStrategy {
    public var poolNote: String { "the k-th request for a key in a pass takes the k-th view of that pool; views nobody takes are hidden" }
    public var plansChildren: Bool { false }

    public func cellKey(component: String, configuration: ViewConfiguration, list: String, in engine: Engine) -> ViewKey {
        key(component: component, configuration: configuration, catalog: engine.catalog)
    }
    public var optionsDescription: String { "" }

    public func vend(_ key: ViewKey, from parent: ViewID, for instance: Instance, in engine: inout Engine, pass: inout MountPass) -> ViewID {
        engine.vendPositionally(key, from: parent, for: instance, pass: &pass)
    }

    /// Theodolite's key: (component type, view class, attribute shape).
    public func key(component: String, configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
        ViewKey(component: component, viewClass: configuration.viewClass, shape: configuration.shape)
    }

    /// Theodolite's application (``Engine/applyChanged(_:to:for:)``).
    public func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance, in engine: inout Engine) {
        engine.applyChanged(view, to: configuration, for: instance)
    }

    public func settle(_ parent: ViewID, in engine: inout Engine, pass: inout MountPass) {
        engine.hideUntaken(in: parent, pass: pass)
        engine.orderSubviewsAsTaken(in: parent, pass: pass)
    }

    public func plan(_ blocks: [PlannedBlock], into parent: ViewID, in engine: inout Engine, pass: inout MountPass) {}

    public func dequeueCell(_ key: ViewKey, row: Int, host: ViewID, for instance: Instance, in engine: inout Engine) -> ViewID {
        engine.dequeueRecycled(key, host: host, for: instance) ?? engine.createView(key: key, in: host, instance: instance)
    }

    public func releaseCell(_ cell: ViewID, row: Int, host: ViewID, in engine: inout Engine, pass: MountPass) {
        engine.recycle(cell, in: host)
    }

    public func didMountList(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool, in engine: inout Engine) {}

    public func validate(_ engine: Engine) throws(EngineError) {}

    public func liveComponents(in engine: Engine) -> Int {
        engine.allInstances.filter { !$0.isHidden }.count
    }

    public func with(options: [(name: String, value: Int)]) throws(EngineError) -> any ReuseStrategy {
        if let first = options.first { throw .unknownOption(strategy: name, option: first.name, known: []) }
        return self
    }
}

/// The strategies users can pick, in the order listings show them.
public enum StrategyRegistry {
    public static let all: [any ReuseStrategy] = [
        TheodoliteStrategy(), NaiveStrategy(), Theodolite2019Strategy(), ComponentKitStrategy(),
        DivKitStrategy(), UIKitStrategy(), RecyclerViewStrategy(), ValdiStrategy(mode: .rebind), ValdiStrategy(mode: .attach),
    ]

    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> (any ReuseStrategy)? {
        all.first { $0.name == name }
    }
}
