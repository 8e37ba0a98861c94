/// Who gave a property its value (or one entry of an additive property):
/// the instance, the pass and the event, and by what means.
///
/// Views keep one source per value (one per entry for additive properties),
/// so `config` and `check` can name the row a stale value came from and
/// `why` can start its chain at the right event.
public struct PropertySource: Sendable, Equatable, CustomStringConvertible {
    /// How the value got there.
    public enum Means: Sendable, Equatable {
        /// An applicator ran (a configuration was applied).
        case apply
        /// An updater replaced the old value.
        case update
        /// A late asynchronous result landed: load `load`, started in pass `started`.
        case delivery(load: Int, started: Int)
    }

    /// The component type of the instance that set it (or that the load was for).
    public var component: String
    /// That instance; ``ComponentPath/display`` is how users see it.
    public var path: ComponentPath
    /// The pass the value was set in.
    public var pass: Int
    /// The event that set it (`#12` in the log).
    public var seq: Int
    /// How it was set.
    public var means: Means

    /// A source: set for instance `path` of type `component`, in event `seq` of pass `pass`.
    public init(component: String, path: ComponentPath, pass: Int, seq: Int, means: Means) {
        self.component = component
        self.path = path
        self.pass = pass
        self.seq = seq
        self.means = means
    }

    /// Becomes the instance `component` at `path`, in event `seq` of pass
    /// `pass`, by `means`, in place. The type is not written again when
    /// it is the very value held (the same representation: writing it
    /// changes nothing); an equal name spelled with other bytes is written.
    mutating func overwrite(component: String, path: ComponentPath, pass: Int, seq: Int, means: Means) {
        if !self.component.hasSameRepresentation(as: component) { self.component = component }
        self.path.become(path)
        self.pass = pass
        self.seq = seq
        self.means = means
    }

    /// The load this value is the result of, if it is one.
    public var load: Int? {
        if case .delivery(let load, _) = means { return load }
        return nil
    }

    /// `Feed/1 in pass 2`, or `the load for Feed/0 (started in pass 1), delivered in pass 3`.
    public var description: String {
        switch means {
        case .apply, .update: "\(path.display) in pass \(pass)"
        case .delivery(_, let started): "the load for \(path.display) (started in pass \(started)), delivered in pass \(pass)"
        }
    }
}

extension PropertySource {
    /// `set by Feed/1 in pass 2`, or for entries `added by Feed/1 in pass 1;
    /// Feed/4 in pass 3`; nil when nobody set it (a class default).
    public static func origin(_ sources: [PropertySource?], adds: Bool) -> String? {
        let known = sources.compactMap { $0 }
        guard !known.isEmpty else { return nil }
        return (adds ? "added by " : "set by ") + known.map(\.description).joined(separator: "; ")
    }
}
