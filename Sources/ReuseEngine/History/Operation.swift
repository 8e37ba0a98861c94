/// One operation a client ran on the engine, with everything it needs to run
/// again: what the history journals and replays.
///
/// Each case runs the same internal step as the public operation of that
/// name, so a replay takes exactly the path the session took (same view ids,
/// same events, same sequence numbers).
enum Operation: Sendable {
    case declare(AttributeDefinition)
    case declareViewClass(String, defaults: [(String, String, Bool)])
    case define(ComponentDefinition)
    case register(list: String, cell: String, identifier: String?)
    case prepare(Preparation)
    case mount([String], trigger: String)
    case remount(trigger: String)
    case hide(ComponentPath, trigger: String)
    case show(ComponentPath, trigger: String)
    case set(ComponentPath, attribute: String, raw: String, quoted: Bool, trigger: String)
    case reload(ComponentPath, payload: Bool, trigger: String)
    case scroll(ComponentPath, ScrollMotion, trigger: String)
    case wait(trigger: String)
    case setStrategy(Strategy, trigger: String)

    /// Runs the operation again on `engine`, which stands where it stood the
    /// first time.
    func replay(on engine: inout Engine) throws(EngineError) {
        switch self {
        case .declare(let attribute): try engine.store.catalog.declare(attribute)
        case .declareViewClass(let name, let defaults): try engine.store.catalog.declareViewClass(name, defaults: defaults)
        case .define(let definition): _ = try engine.putInCatalog(definition)
        case .register(let list, let cell, let identifier):
            _ = try engine.store.catalog.register(list: list, cell: cell, identifier: identifier)
        case .prepare(let preparation): try engine.store.catalog.prepare(preparation)
        case .mount(let names, let trigger): _ = try engine.mountRoots(names, trigger: trigger)
        case .remount(let trigger): _ = try engine.remountTree(trigger: trigger)
        case .hide(let path, let trigger): _ = try engine.hideInstance(path, trigger: trigger)
        case .show(let path, let trigger): _ = try engine.showInstance(path, trigger: trigger)
        case .set(let path, let attribute, let raw, let quoted, let trigger):
            _ = try engine.setValue(path, attribute: attribute, raw: raw, quoted: quoted, trigger: trigger)
        case .reload(let path, let payload, let trigger): _ = try engine.reloadInstance(path, payload: payload, trigger: trigger)
        case .scroll(let path, let motion, let trigger): _ = try engine.scrollList(path, motion, trigger: trigger)
        case .wait(let trigger): _ = engine.letPassGoBy(trigger: trigger)
        case .setStrategy(let strategy, let trigger): _ = try engine.switchStrategy(strategy, trigger: trigger)
        }
    }
}
