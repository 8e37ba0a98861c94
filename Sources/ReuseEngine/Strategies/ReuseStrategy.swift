/// A reuse system the engine can run: how pools are keyed and how a view is
/// brought from its attached configuration to a new one.
///
/// The mount walk (``Engine/remount(trigger:)``) is the same for every
/// strategy; it asks the strategy for a key when it needs a view and hands it
/// the view to configure. Strategies are selected by name with
/// ``Engine/setStrategy(named:)``; add one to ``StrategyRegistry/all``.
public protocol ReuseStrategy: Sendable {
    /// The name users type (`theodolite`).
    var name: String { get }
    /// One line for `strategy` listings.
    var summary: String { get }
    /// The pool key for a component type's configuration.
    func key(component: String, configuration: ViewConfiguration) -> ViewKey
    /// Brings `view` from its attached configuration to `configuration`,
    /// recording each step.
    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance, in engine: inout Engine)
}

/// The component instance a step is done for.
public struct Instance: Sendable {
    public var component: String
    public var path: ComponentPath
}

extension ReuseStrategy {
    /// Theodolite's application: skip an equal configuration; otherwise unapply
    /// every old attribute that has an unapplicator, apply every new one, attach.
    public func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance, in engine: inout Engine) {
        if let old = engine.view(view).attached {
            if old == configuration {
                engine.record(.skip, view: view, instance: instance)
                return
            }
            for attribute in old.attributes where engine.catalog.attributes[attribute.name]?.hasUnapplicator == true {
                engine.unapply(attribute, on: view, instance: instance)
            }
        }
        for attribute in configuration.attributes {
            engine.apply(attribute, on: view, instance: instance)
        }
        engine.attach(configuration, to: view)
    }
}

/// The strategies users can pick, in the order listings show them.
public enum StrategyRegistry {
    public static let all: [any ReuseStrategy] = [TheodoliteStrategy(), NaiveStrategy()]

    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> (any ReuseStrategy)? {
        all.first { $0.name == name }
    }
}
