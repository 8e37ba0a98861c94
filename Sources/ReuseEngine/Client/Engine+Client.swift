// The typed API: what a Swift program calls. Each method translates its
// typed arguments into the shell-facing operation's (written values through
// `AttributeInput.written`, a trigger that is the equivalent command line)
// and calls that operation, so both are one engine path: the same checks,
// the same errors, the same state and log.

extension Engine {
    // MARK: Defining

    /// Defines or redefines a component type with a view of class
    /// `viewClass` configured by `attributes`, and child components.
    ///
    /// ```swift
    /// try engine.defineComponent("Card", view: "UIView",
    ///                            attributes: ["backgroundColor": .color("white")],
    ///                            children: ["Title"])
    /// ```
    ///
    /// The same as the shell's `component NAME view CLASS { ... } children ...`.
    /// Values are checked now (a `{i}` template as row 0); children may be
    /// defined later, but must be by the time an instance mounts. Takes
    /// effect at the next pass: a mounted instance shows the change after a
    /// ``remount()`` (or the next full pass).
    ///
    /// - Parameters:
    ///   - name: The type's name: a letter or `_`, then letters, digits,
    ///     `_`, `-` or `.`.
    ///   - viewClass: A built-in class (`UIView`, `UILabel`, `UIImageView`,
    ///     ...) or one declared with ``declareViewClass(_:defaults:)-(_,AttributeList)``.
    ///   - attributes: The view's configuration, in order.
    ///   - children: Component types mounted inside the view, in order.
    ///   - loads: Late results the component starts each time its view is
    ///     bound to an item (``LoadRequest``).
    /// - Returns: What the definition did (new or redefined, names not yet
    ///   defined, whether instances are mounted).
    /// - Throws: ``EngineError`` for an unknown class or attribute, a value
    ///   the attribute cannot take, an attribute given twice, a cycle, or a
    ///   limit; the engine is then unchanged.
    @discardableResult
    public mutating func defineComponent(_ name: String, view viewClass: String, attributes: AttributeList = [:],
                                         children: [String] = [], loads: [LoadRequest] = []) throws(EngineError) -> Definition {
        try defineComponent(name, viewClass: viewClass, attributes: attributes.written, children: children, loads: loads)
    }

    /// Defines or redefines a component type without a view of its own:
    /// its children mount into the nearest ancestor view.
    ///
    /// The same as the shell's `component NAME children ...`.
    @discardableResult
    public mutating func defineComponent(_ name: String, children: [String]) throws(EngineError) -> Definition {
        try defineComponent(name, viewClass: nil, attributes: [], children: children)
    }

    /// Declares a view class with default values for its properties.
    ///
    /// ```swift
    /// try engine.declareViewClass("Badge", defaults: ["text": "new", "textColor": .color("red")])
    /// ```
    ///
    /// The same as the shell's `view CLASS { prop: default, ... }`. A
    /// property no attribute declares takes its value as text.
    public mutating func declareViewClass(_ name: String, defaults: AttributeList) throws(EngineError) {
        try declareViewClass(name, defaults: defaults.written.map { ($0.name, $0.raw, $0.quoted) })
    }

    // MARK: Operations that run a pass

    /// Mounts these component types as the root's children (replacing the
    /// previous ones) and runs a pass.
    ///
    /// The same as the shell's `mount NAME ...`; the pass's trigger is that
    /// command line.
    @discardableResult
    public mutating func mount(_ names: String...) throws(EngineError) -> PassSummary {
        try mount(names, trigger: (["mount"] + names).joined(separator: " "))
    }

    /// Runs a full pass over the mounted tree: definitions changed since the
    /// last one take effect. The same as the shell's `remount`.
    @discardableResult
    public mutating func remount() throws(EngineError) -> PassSummary {
        try remount(trigger: "remount")
    }

    /// Takes the mounted instance at `path` out of the tree, then runs a
    /// pass: its view is hidden and waits in its parent's pool. The same as
    /// the shell's `hide PATH`.
    @discardableResult
    public mutating func hide(_ path: ComponentPath) throws(EngineError) -> PassSummary {
        try hide(path, trigger: "hide \(path.display)")
    }

    /// Puts an instance taken out with ``hide(_:)`` back, then runs a pass.
    /// The same as the shell's `show PATH`.
    @discardableResult
    public mutating func show(_ path: ComponentPath) throws(EngineError) -> PassSummary {
        try show(path, trigger: "show \(path.display)")
    }

    /// Gives the instance at `path` its own value of `attribute`, then runs
    /// a pass (inside a list row, that row alone is configured again).
    ///
    /// ```swift
    /// try engine.set("Feed/3", "backgroundColor", to: .color("blue"))
    /// ```
    ///
    /// The same as the shell's `set PATH ATTRIBUTE VALUE`. The value belongs
    /// to the instance (its type and path): it outlives scrolling, and a new
    /// attribute changes the configuration's shape, so the instance's view
    /// comes from another pool.
    @discardableResult
    public mutating func set(_ path: ComponentPath, _ attribute: String, to value: AttributeInput) throws(EngineError) -> PassSummary {
        let (raw, isQuoted) = value.written
        return try set(path, attribute: attribute, raw: raw, quoted: isQuoted,
                       trigger: "set \(path.display) \(attribute) \(value.script)")
    }

    /// Moves a list's window by `rows` rows (negative: up) and mounts only
    /// the rows that enter and leave.
    ///
    /// ```swift
    /// let step = try engine.scroll("Feed", by: 2)
    /// print(step.offset, step.pass.counts.line)
    /// ```
    ///
    /// The same as the shell's `scroll LIST by N`. The offset is clamped to
    /// the list (``ScrollOutcome/wasClamped``).
    @discardableResult
    public mutating func scroll(_ list: ComponentPath, by rows: Int) throws(EngineError) -> ScrollOutcome {
        try scroll(list, .by(rows), trigger: "scroll \(list.display) by \(rows)")
    }

    /// Moves a list's window to start at row `row`: a relayout of the
    /// window. The same as the shell's `scroll LIST to N`.
    @discardableResult
    public mutating func scroll(_ list: ComponentPath, to row: Int) throws(EngineError) -> ScrollOutcome {
        try scroll(list, .to(row), trigger: "scroll \(list.display) to \(row)")
    }

    /// Configures one list row again after a data change: in place
    /// (``RowReload/reconfigure``, ``RowReload/payload``) or on another cell
    /// (``RowReload/replace``). The same as the shell's `reload PATH [payload|replace]`;
    /// ``RowReload/update`` is what `set` on a row runs, written as a plain reload.
    @discardableResult
    public mutating func reload(_ path: ComponentPath, _ style: RowReload = .reconfigure) throws(EngineError) -> PassSummary {
        let word = switch style {
        case .reconfigure, .update: ""
        case .payload: " payload"
        case .replace: " replace"
        }
        return try reload(path, style: style, trigger: "reload \(path.display)\(word)")
    }

    /// Reloads a whole list (UIKit's `reloadData`, RecyclerView's
    /// `notifyDataSetChanged`). The same as the shell's `reload LIST`.
    @discardableResult
    public mutating func reloadList(_ list: ComponentPath) throws(EngineError) -> PassSummary {
        try reloadList(list, trigger: "reload \(list.display)")
    }

    /// Lets a pass go by with nothing changed but the late results due in
    /// it. The same as the shell's `wait`.
    @discardableResult
    public mutating func wait() -> PassSummary {
        wait(trigger: "wait")
    }

    /// Switches to the strategy named `name` (one of
    /// ``StrategyRegistry/names``) with these options, the others at their
    /// defaults; a pass mounts everything afresh under it when something is
    /// mounted (``setStrategy(_:trigger:)``).
    ///
    /// ```swift
    /// try engine.setStrategy(named: "recyclerview", options: ["cache": 2])
    /// ```
    ///
    /// The same as the shell's `strategy NAME [OPTION VALUE ...]`; a switch
    /// option takes 0 or 1 (`off` or `on`), a choice the index of its word
    /// (`identity`: 0 for `id`, 1 for `value`).
    @discardableResult
    public mutating func setStrategy(named name: String, options: KeyValuePairs<String, Int> = [:]) throws(EngineError) -> PassSummary? {
        guard let descriptor = StrategyRegistry.named(name) else {
            throw .unknownStrategy(name, suggestion: closestName(to: name, in: StrategyRegistry.names))
        }
        let strategy = try descriptor.with(options: options.map { ($0.key, $0.value) })
        var trigger = "strategy \(name)"
        for (option, value) in options {
            let kind = descriptor.defaults.first { $0.name == option }?.kind ?? .count
            trigger += " \(option) " + kind.written(value)
        }
        return try setStrategy(strategy, trigger: trigger)
    }
}

extension LoadRequest {
    /// A load that sets `attribute` to `value` on the view it captured,
    /// `after` passes after the component's view is bound to an item.
    ///
    /// ```swift
    /// try engine.defineComponent("Photo", view: "UIImageView",
    ///                            attributes: ["image": "placeholder"],
    ///                            loads: [LoadRequest("image", "photo{i}", after: 2)])
    /// ```
    ///
    /// The same as the shell's `loads ATTR VALUE after N [checked]`.
    /// `checked` models the fix: the completion checks that the view still
    /// shows the item it loaded for and drops a result for another.
    public init(_ attribute: String, _ value: AttributeInput, after: Int, checked: Bool = false) {
        let (raw, isQuoted) = value.written
        self.init(attribute: attribute, raw: raw, quoted: isQuoted, after: after, checksItem: checked)
    }
}
