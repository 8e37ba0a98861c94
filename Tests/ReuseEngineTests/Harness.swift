import Testing
@testable import ReuseEngine

/// Drives an engine the way the shell does and checks every invariant after
/// every operation, failed ones included. A failed operation must also leave
/// the engine exactly as it was.
struct Harness {
    var engine = Engine()
    /// Compares the whole engine (every stored field, through `dump`) after a
    /// refused operation; when false, only a summary of it (cheaper, for fuzzing).
    var thorough = true

    // MARK: Checking

    /// Every invariant holds.
    func check(_ sourceLocation: SourceLocation) {
        let violations = engine.checkInvariants()
        #expect(violations == [], "invariants broken: \(violations.map(\.description))", sourceLocation: sourceLocation)
    }

    /// Runs one operation, then checks the invariants; when the operation
    /// throws, also checks that the engine did not change.
    @discardableResult
    mutating func run<T>(_ sourceLocation: SourceLocation, _ body: (inout Engine) throws(EngineError) -> T) throws(EngineError) -> T {
        let before = engine  // a snapshot: the engine is a value
        do {
            let result = try body(&engine)
            check(sourceLocation)
            return result
        } catch {
            #expect(summary(engine) == summary(before), "a failed operation changed the engine: \(error)", sourceLocation: sourceLocation)
            if thorough {
                #expect(fingerprint(engine) == fingerprint(before), "a failed operation changed the engine: \(error)", sourceLocation: sourceLocation)
            }
            check(sourceLocation)
            throw error
        }
    }

    // MARK: Declaring

    /// `component NAME [view CLASS { attributes }] [children ...]`. Values of
    /// text attributes are passed as quoted.
    mutating func component(_ name: String, view: String? = nil, _ attributes: [(String, String)] = [],
                            children: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws(EngineError) {
        let catalog = engine.catalog
        let written = attributes.map { (name: $0.0, raw: $0.1, quoted: catalog.attributes[$0.0]?.kind == .text) }
        try run(sourceLocation) { (engine: inout Engine) throws(EngineError) in
            try engine.defineComponent(name, viewClass: view, attributes: written, children: children)
        }
    }

    mutating func list(_ name: String, rows: Int, viewport: Int, cells: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) throws(EngineError) {
        try run(sourceLocation) { (engine: inout Engine) throws(EngineError) in
            try engine.defineList(name, rows: rows, viewport: viewport, cells: cells)
        }
    }

    mutating func declare(_ attribute: AttributeDefinition, sourceLocation: SourceLocation = #_sourceLocation) throws(EngineError) {
        try run(sourceLocation) { (engine: inout Engine) throws(EngineError) in try engine.declare(attribute) }
    }

    // MARK: Passes

    @discardableResult
    mutating func mount(_ names: String..., sourceLocation: SourceLocation = #_sourceLocation) throws(EngineError) -> PassSummary {
        try mount(names, sourceLocation: sourceLocation)
    }

    @discardableResult
    mutating func mount(_ names: [String], sourceLocation: SourceLocation = #_sourceLocation) throws(EngineError) -> PassSummary {
        try run(sourceLocation) { (engine: inout Engine) throws(EngineError) in
            try engine.mount(names, trigger: "mount " + names.joined(separator: " "))
        }
    }

    @discardableResult
    mutating func remount(sourceLocation: SourceLocation = #_sourceLocation) throws(EngineError) -> PassSummary {
        try run(sourceLocation) { (engine: inout Engine) throws(EngineError) in try engine.remount(trigger: "remount") }
    }

    @discardableResult
    mutating func scroll(_ path: String, by delta: Int? = nil, to target: Int? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) throws(EngineError) -> PassSummary {
        let parsed = Harness.path(path)
        let motion: ScrollMotion = target.map { .to($0) } ?? .by(delta ?? 0)
        return try run(sourceLocation) { (engine: inout Engine) throws(EngineError) in
            try engine.scroll(parsed, motion, trigger: "scroll \(path)").pass
        }
    }

    @discardableResult
    mutating func hide(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws(EngineError) -> PassSummary {
        let parsed = Harness.path(path)
        return try run(sourceLocation) { (engine: inout Engine) throws(EngineError) in try engine.hide(parsed, trigger: "hide \(path)") }
    }

    @discardableResult
    mutating func show(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws(EngineError) -> PassSummary {
        let parsed = Harness.path(path)
        return try run(sourceLocation) { (engine: inout Engine) throws(EngineError) in try engine.show(parsed, trigger: "show \(path)") }
    }

    /// `set PATH attribute value` (text values quoted).
    @discardableResult
    mutating func set(_ path: String, _ attribute: String, _ raw: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws(EngineError) -> PassSummary {
        let parsed = Harness.path(path)
        let quoted = engine.catalog.attributes[attribute]?.kind == .text
        return try run(sourceLocation) { (engine: inout Engine) throws(EngineError) in
            try engine.set(parsed, attribute: attribute, raw: raw, quoted: quoted, trigger: "set \(path)")
        }
    }

    /// A pass with nothing but the late results due in it.
    @discardableResult
    mutating func wait(sourceLocation: SourceLocation = #_sourceLocation) -> PassSummary {
        (try? run(sourceLocation) { (engine: inout Engine) throws(EngineError) in engine.wait(trigger: "wait") })
            ?? engine.log.passes[engine.log.passes.count - 1]
    }

    mutating func prepare(_ component: String, resets: [String], cancelsLoads: Bool,
                          sourceLocation: SourceLocation = #_sourceLocation) throws(EngineError) {
        try run(sourceLocation) { (engine: inout Engine) throws(EngineError) in
            try engine.prepare(Preparation(component: component, resets: resets, cancelsLoads: cancelsLoads))
        }
    }

    /// `strategy NAME [OPTION N ...]`; the name must be one of ``StrategyRegistry/names``
    /// (unknown names are the shell's to refuse).
    @discardableResult
    mutating func strategy(_ name: String, options: [(name: String, value: Int)] = [],
                           sourceLocation: SourceLocation = #_sourceLocation) throws(EngineError) -> PassSummary? {
        guard let descriptor = StrategyRegistry.named(name) else { fatalError("unknown strategy in test: \(name)") }
        let strategy = try descriptor.with(options: options)
        return try run(sourceLocation) { (engine: inout Engine) throws(EngineError) in
            try engine.setStrategy(strategy, trigger: "strategy \(name)")
        }
    }

    // MARK: Reading

    static func path(_ text: String) -> ComponentPath {
        switch ComponentPath.parse(text) {
        case .success(let path): return path
        case .failure(let error): fatalError("bad path in test: \(text) (\(error))")
        }
    }

    /// The events of one pass.
    func events(_ summary: PassSummary) -> [ReuseEvent] { Array(engine.log.events[summary.events]) }

    func kinds(_ summary: PassSummary) -> [ReuseEvent.Kind] { events(summary).map(\.kind) }

    func node(_ path: String) throws(EngineError) -> MountedNode { try engine.resolve(Harness.path(path)) }

    /// The view an instance holds.
    func viewOf(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SimulatedView {
        let view = try #require(try node(path).view, "\(path) holds no view", sourceLocation: sourceLocation)
        return engine.views[view]
    }
}

/// Everything the engine holds, as text: equal before and after means unchanged.
func fingerprint(_ engine: Engine) -> String {
    var text = ""
    dump(engine, to: &text)
    return text
}

/// The engine's state in brief: catalog, tree, views, log counts.
func summary(_ engine: Engine) -> String {
    var lines: [String] = []
    lines.append("strategy \(engine.strategy.name) \(engine.strategy.optionsDescription) pending \(engine.session.definitionsPending) "
        + "peak \(engine.views.peakViews) alive \(engine.views.aliveCount)")
    lines += engine.catalog.components.values.map(\.declaration)
    lines += engine.catalog.attributes.values.map(\.declaration)
    lines.append("roots \(engine.session.rootComponents) hidden \(engine.session.hiddenPaths.map(\.description))")
    lines.append("values \(engine.session.instanceValues.map { "\($0.key)=\($0.value.templates.values.map(\.written))" })")
    lines.append("offsets \(engine.session.listOffsets.map { "\($0.key)=\($0.value)" }.sorted())")
    lines += engine.instances.map { "\($0.path) \($0.name) \($0.view?.description ?? "-") \($0.isHidden)" }
    for view in engine.views.all {
        let pools = view.pools.map { "\($0.key)=\($0.value.views)/\($0.value.waiting)" }
        lines.append("\(view.id) \(view.superview?.description ?? "-") \(view.subviews) \(view.isHidden) \(view.isRemoved) \(view.attached?.description ?? "-") "
            + "\(view.properties.map { "\($0.key)=\($0.value)" }) \(pools) \(view.owner?.description ?? "-") "
            + "\(view.list.map { "\($0.rows) \(Array($0.cells))" } ?? "-")")
    }
    lines.append("log \(engine.log.events.count) \(engine.log.passes.count) \(engine.log.totals)")
    return lines.joined(separator: "\n")
}

/// Shorthands for expected values.
func v(_ number: Int) -> ViewID { ViewID(number) }

func key(_ component: String?, _ viewClass: String, _ attributes: [String]?) -> ViewKey {
    ViewKey(component: component, viewClass: viewClass, shape: attributes.map { AttributeShape($0) })
}

/// The instance a reused view went from (`nil` when the event is no reuse, or the view had no owner).
func previousOwner(_ event: ReuseEvent) -> ComponentPath? {
    guard case .reuse(_, _, let previous) = event.step else { return nil }
    return previous
}

/// Why a view was removed (`nil` when the event is no removal).
func removalReason(_ event: ReuseEvent) -> RemovalReason? {
    guard case .remove(_, _, let reason) = event.step else { return nil }
    return reason
}
