/// One operation a client ran on the engine, with everything it needs to run
/// again: what the history journals and replays.
///
/// Each case runs the same internal step as the public operation of that
/// name, so a replay takes exactly the path the session took (same view ids,
/// same events, same sequence numbers). Large payloads are boxed, so the
/// journal holds a few words per operation.
enum Operation: Sendable {
    indirect case declare(AttributeDefinition)
    indirect case declareViewClass(String, defaults: [(String, String, Bool)])
    indirect case define(ComponentDefinition)
    indirect case register(list: String, cell: String, identifier: String?)
    indirect case prepare(Preparation)
    case mount([String])
    case remount
    case hide(ComponentPath)
    case show(ComponentPath)
    indirect case set(ComponentPath, attribute: String, raw: String, quoted: Bool)
    case reload(ComponentPath, style: RowReload)
    case reloadList(ComponentPath)
    indirect case changeItems(ComponentPath, ItemChange)
    indirect case state(ComponentPath, name: String, value: String, saveable: Bool)
    case scroll(ComponentPath, ScrollMotion)
    case wait
    indirect case setStrategy(Strategy)

    /// Runs the operation again on `engine`, which stands where it stood the
    /// first time. Triggers are not kept: they only name passes in the log,
    /// and a replay's log is never shown (a past state's is detached, and a
    /// rewind keeps the live log's summaries).
    func replay(on engine: inout Engine) throws(EngineError) {
        let trigger = ""
        switch self {
        case .declare(let attribute): try engine.putDeclaration(attribute)
        case .declareViewClass(let name, let defaults): try engine.putViewClass(name, defaults: defaults)
        case .define(let definition): _ = try engine.putInCatalog(definition)
        case .register(let list, let cell, let identifier):
            _ = try engine.putRegistration(list: list, cell: cell, identifier: identifier)
        case .prepare(let preparation): try engine.session.store.catalog.prepare(preparation)
        case .mount(let names): _ = try engine.mountRoots(names, trigger: trigger)
        case .remount: _ = try engine.remountTree(trigger: trigger)
        case .hide(let path): _ = try engine.hideInstance(path, trigger: trigger)
        case .show(let path): _ = try engine.showInstance(path, trigger: trigger)
        case .set(let path, let attribute, let raw, let quoted):
            _ = try engine.setValue(path, attribute: attribute, raw: raw, quoted: quoted, trigger: trigger)
        case .reload(let path, let style): _ = try engine.reloadInstance(path, style: style, trigger: trigger)
        case .reloadList(let path): _ = try engine.reloadWholeList(path, trigger: trigger)
        case .changeItems(let path, let change): _ = try engine.changeItems(of: path, change, trigger: trigger)
        case .state(let path, let name, let value, let saveable):
            _ = try engine.putState(path, name: name, value: value, saveable: saveable, trigger: trigger)
        case .scroll(let path, let motion): _ = try engine.scrollList(path, motion, trigger: trigger)
        case .wait: _ = engine.letPassGoBy(trigger: trigger)
        case .setStrategy(let strategy): _ = try engine.switchStrategy(strategy, trigger: trigger)
        }
    }
}

extension Operation {
    /// The path this operation names, if any.
    private var path: ComponentPath? {
        switch self {
        case .hide(let path), .show(let path), .set(let path, _, _, _), .reload(let path, _), .reloadList(let path), .scroll(let path, _): path
        default: nil
        }
    }

    /// Whether this operation is `previous` again (the same command on the
    /// same path), so the journal can let one stored copy stand for both.
    /// Only the commands a session repeats by the thousand are compared;
    /// for the rest this says no, and each is stored.
    func repeats(_ previous: Operation) -> Bool {
        switch (self, previous) {
        case (.scroll(let path, let motion), .scroll(let other, let otherMotion)):
            motion == otherMotion && path.isIdentical(to: other)
        case (.set(let path, let attribute, let raw, let quoted), .set(let other, let otherAttribute, let otherRaw, let otherQuoted)):
            // The value byte for byte: a replay sets what was typed (`café`
            // typed two ways is two values, as in the log). A path only
            // finds its instance, as any spelling of it does.
            // (isStored(as:): the same storage answers at once, else the bytes
            // are compared in place, not through the generic UTF8View walk.)
            attribute.isStored(as: otherAttribute) && raw.isStored(as: otherRaw) && quoted == otherQuoted
                && path.isIdentical(to: other)
        case (.hide(let path), .hide(let other)), (.show(let path), .show(let other)):
            path.isIdentical(to: other)
        case (.reload(let path, let style), .reload(let other, let otherStyle)):
            style == otherStyle && path.isIdentical(to: other)
        case (.reloadList(let path), .reloadList(let other)):
            path.isIdentical(to: other)
        case (.wait, .wait), (.remount, .remount):
            true
        default:
            false
        }
    }

    /// A hash of what ``repeats(_:)`` compares, for the operations it
    /// compares (nil for the rest): equal for an operation and one it repeats.
    var repeatHash: Int? {
        // A `set` (a session of them stores one operation per distinct
        // line) is hashed without a Hasher: its path's fingerprint and the
        // bytes of its attribute and value folded (`foldingBytes`), then
        // mixed so the journal's table can take the low bits. Equal for
        // an operation and one it repeats: `repeats` asks for the same
        // bytes, the same quoting and an identical path.
        if case .set(let path, let attribute, let raw, let quoted) = self {
            let folded = raw.foldingBytes(into: attribute.foldingBytes(into: path.fingerprint ^ (quoted ? 0x2_51 : 0x2_50)))
            return Int(truncatingIfNeeded: Operation.mixed(folded))
        }
        var hasher = Hasher()
        switch self {
        case .scroll(let path, let motion): hasher.combine(1); hasher.combine(path); hasher.combine(motion)
        case .hide(let path): hasher.combine(3); hasher.combine(path)
        case .show(let path): hasher.combine(4); hasher.combine(path)
        case .reload(let path, let style): hasher.combine(5); hasher.combine(path); hasher.combine(style)
        case .reloadList(let path): hasher.combine(6); hasher.combine(path)
        case .wait: hasher.combine(7)
        case .remount: hasher.combine(8)
        default: return nil
        }
        return hasher.finalize()
    }

    /// A 64-bit finalizer (MurmurHash3's `fmix64`): every bit of `word`
    /// reaches the low bits a table's mask keeps.
    private static func mixed(_ word: UInt64) -> UInt64 {
        var word = word
        word ^= word >> 33
        word &*= 0xFF51_AFD7_ED55_8CCD
        word ^= word >> 33
        word &*= 0xC4CE_B9FE_1A85_EC53
        return word ^ (word >> 33)
    }

    /// Takes `other`'s path in place of an equal one of its own, so that
    /// different commands on one path in a row (`scroll Feed by 1`, then
    /// `by -1`, then `by 1`) keep one copy of it in the journal. (A run of
    /// the same command stores one operation: ``repeats(_:)``.)
    mutating func sharePath(with other: Operation) {
        guard let shared = other.path, let own = path, own.isIdentical(to: shared) else { return }
        switch self {
        case .hide: self = .hide(shared)
        case .show: self = .show(shared)
        case .set(_, let attribute, let raw, let quoted): self = .set(shared, attribute: attribute, raw: raw, quoted: quoted)
        case .reload(_, let style): self = .reload(shared, style: style)
        case .reloadList: self = .reloadList(shared)
        case .scroll(_, let motion): self = .scroll(shared, motion)
        default: break
        }
    }
}
