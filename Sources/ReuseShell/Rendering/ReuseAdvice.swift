import ReuseEngine

/// The fix for a property a reused view still shows from another item, as
/// each platform's own guidance has it (`why`'s closing `fix:` line).
///
/// Content is set on every bind: Apple's `prepareForReuse` documentation
/// says `tableView(_:cellForRowAt:)` "should always reset all content when
/// reusing a cell", and keeps the hook for what is not content (alpha,
/// editing, selection); Android's `onBindViewHolder` updates the item view
/// to reflect the item, and `onViewRecycled` releases what the holder holds.
/// In the shell's language, "set on every bind" is a configuration that
/// always sets the property: the component gives it a value for every row,
/// and `set` changes only the rows that differ. Additive properties (a tap
/// handler) pile up whatever the bind does: their old entries must go where
/// the view is handed on. Systems without a hook have their users make the
/// configuration say everything the view shows.
struct ReuseAdvice {
    /// Properties that are not content: the view's state around it.
    static let notContent: Set<String> = [
        "alpha", "hidden", "isHidden", "selected", "isSelected", "highlighted", "isHighlighted", "editing", "isEditing",
        "transform",
    ]

    let strategy: Strategy
    let property: String
    /// The property's attribute, when one is declared (or built in).
    let definition: AttributeDefinition?
    /// The component whose configuration should set it: the view's holder.
    let component: String?
    /// The component whose `prepare` the strategy's hook runs on this view.
    let hookComponent: String?
    /// The value a fresh view shows, as a configuration writes it.
    let freshValue: String

    /// The bind that sets a cell's content, by hook.
    private var bind: String? {
        switch strategy.reuseHook {
        case .prepareForReuse: strategy.name == "iglistkit" ? "the section controller's cellForItem(at:)" : "cellForRowAt"
        case .onViewRecycled: "onBindViewHolder"
        default: nil
        }
    }

    /// `'liked: false' in component Cell's configuration`.
    private var always: String {
        "'\(property): \(freshValue)' in \(component.map { "component \($0)'s" } ?? "the holder's") configuration"
    }

    /// The declaration that gives the attribute an unapplicator.
    private var withUnapplicator: String {
        var declared = definition ?? AttributeDefinition(name: property)
        declared.hasUnapplicator = true
        return declared.declaration
    }

    var fix: String {
        let hook = strategy.reuseHook
        let prepare = hookComponent.map { "'prepare \($0) resets \(property)'" }
        if definition?.effect == .adds {
            // Entries pile up: the bind adds one each time.
            if let hook, let prepare {
                return "remove the old entries where the view is handed on: \(prepare) (\(hook.rawValue) runs \(property)'s "
                    + "unapplicator), or have the bind replace the entry instead of adding one"
            }
            return "\(strategy.name) has no reuse hook that reaches this view: give \(property) an unapplicator "
                + "('\(withUnapplicator)'), so the entry an old configuration added is removed"
        }
        if Self.notContent.contains(property), let hook, let prepare {
            return "reset it in \(hook.rawValue) (\(prepare)): the reuse hook is the place for what is not content "
                + "(alpha, editing, selection)"
        }
        switch hook {
        case .prepareForReuse?:
            return "set \(property) on every bind, as Apple advises for content (\(bind ?? "")): \(always), so every row sets "
                + "it and 'set' changes only the rows that differ. prepareForReuse is for what is not content (alpha, editing, "
                + "selection)" + (prepare.map { "; \($0) would clear it there, but the bind should set it" } ?? "")
        case .onViewRecycled?:
            return "set \(property) on every bind: onBindViewHolder updates the view to show its item, so give it \(always) "
                + "and 'set' changes only the rows that differ. onViewRecycled is for releasing what the holder holds "
                + "(an image request, a listener)"
        case .onUnmount?:
            // @OnUnmount runs as a component unmounts into its pool; a list
            // row's root stays mounted in its LithoView shell, so for a row
            // the configuration is the fix.
            return "make every configuration set it (\(always)): Litho sets a component's props on every mount. "
                + "@OnUnmount (" + (prepare ?? "'prepare COMPONENT resets \(property)'") + ") undoes what @OnMount set only when "
                + "the component unmounts into its pool, which a list row's root in its LithoView shell does not"
        case .didEnterReusePool?:
            return "make every configuration set it (\(always)), or give \(property) an unapplicator ('\(withUnapplicator)'): "
                + "ComponentKit then unapplies it when a configuration drops it; didEnterReusePool"
                + (prepare.map { " (\($0))" } ?? "") + " runs only as the view enters its pool"
        default:
            return "\(strategy.name) has no reuse hook here; its users make the configuration say everything the view shows: "
                + "\(always), or give \(property) an unapplicator ('\(withUnapplicator)') so a configuration without it "
                + "puts it back"
        }
    }
}
