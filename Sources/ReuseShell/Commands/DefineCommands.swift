import ReuseEngine

extension Arguments {
    /// `{ name: value, ... }`: returns the entries with their tokens.
    mutating func attributeBlock() throws(ShellError) -> [(name: Token, value: Token)] {
        guard let open = next(), open.isPunctuation("{") else { throw missing("'{'") }
        var entries: [(Token, Token)] = []
        while true {
            guard let token = peek else {
                throw ShellError("\(command.text): unclosed '{'; add '}'", at: open)
            }
            if token.isPunctuation("}") { _ = next(); break }
            let name = try self.name("attribute name")
            guard let colon = next(), colon.isPunctuation(":") else {
                throw ShellError("\(command.text): expected ':' after '\(name.text)'", column: name.column + name.length, length: 1)
            }
            _ = colon
            let value = try self.value("a value for \(name.text)")
            entries.append((name, value))
            if let separator = peek, separator.isPunctuation(",") { _ = next(); continue }
            if let close = peek, close.isPunctuation("}") { continue }
            guard let stray = peek else { continue }
            throw ShellError("\(command.text): expected ',' or '}', found '\(stray.text)'", at: stray)
        }
        return entries
    }

    /// `loads ATTR VALUE after N[,M...] [checked]` clauses, as many as written here.
    mutating func loads(hasView: Bool) throws(ShellError) -> [LoadRequest] {
        var loads: [LoadRequest] = []
        while let keyword = peek, keyword.kind == .word, keyword.text == "loads" {
            _ = next()
            guard hasView else {
                throw ShellError("component: a load sets an attribute of the component's view; write 'view CLASS' first", at: keyword)
            }
            let attribute = try name("attribute name after 'loads'")
            let value = try self.value("a value for \(attribute.text)")
            try self.keyword("after")
            // `after 4,1`: row i waits the (i mod k)-th delay.
            var delays = [try integer("passes", in: LoadTemplate.delays).0]
            while let comma = peek, comma.isPunctuation(",") {
                _ = next()
                delays.append(try integer("passes", in: LoadTemplate.delays).0)
            }
            let checked = accept("checked")
            loads.append(LoadRequest(attribute: attribute.text, raw: value.text, quoted: value.isQuoted, delaysByRow: delays, checksItem: checked))
        }
        return loads
    }

    /// Names until the end of the line.
    mutating func names(_ what: String) throws(ShellError) -> [Token] {
        var result: [Token] = []
        while !isAtEnd { result.append(try name(what)) }
        return result
    }
}

extension Interpreter {
    /// "defined X" or "redefined X", with a hint when X is mounted.
    func definitionMessage(_ outcome: Definition, detail: String) -> String {
        let name = outcome.definition.name
        let verb = outcome.isRedefinition ? "redefined" : "defined"
        var line = "\(verb) \(name)" + (detail.isEmpty ? "" : " (\(detail))")
        if case .list(let spec)? = engine.catalog.components[name]?.body {
            var seen: Set<String> = []
            let viewless = spec.cells.filter { engine.catalog.components[$0].map { $0.view == nil } == true && seen.insert($0).inserted }
            if !viewless.isEmpty {
                line += "; note: list cells need a view, and " + viewless.map { "'\($0)'" }.joined(separator: ", ") + (viewless.count == 1 ? " has" : " have") + " none"
            }
        }
        let missing = outcome.undefinedReferences
        if !missing.isEmpty {
            line += "; note: " + missing.map { "'\($0)'" }.joined(separator: ", ") + (missing.count == 1 ? " is" : " are") + " not defined yet"
        }
        if outcome.isMounted {
            line += "; 'remount' to see the change"
        }
        return line
    }
}

enum ComponentCommand {
    static let spec = CommandSpec(
        name: "component", group: .define,
        usage: "component NAME [view CLASS] [{ attr: value, ... }] [loads ATTR VALUE after N[,M...] [checked]] [children NAME ...]",
        summary: "define (or redefine) a component type",
        details: """
        Without 'view' the component has no view of its own: its children mount
        into the nearest ancestor view. Values are words or "quoted text"; inside
        a list row, {i} is replaced by the row number (a number outside the
        attribute's range is clamped: 'alpha: {i}' is 1 from row 1 on).
        'loads ATTR VALUE after N' starts a load each time the view is bound to
        an item; N passes later ('wait' lets passes go by) the result sets ATTR on
        the view captured at bind time, whatever it shows by then. 'after 4,1':
        row i waits the (i mod k)-th delay, so results land out of order (row
        0's slow load after row 3's fast one on the same reused view). 'checked'
        models a completion that drops a result for another item.
        """,
        example: "component Card view UIView { backgroundColor: white } children Title",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        let name = try arguments.name("component name")
        var viewClass: Token?
        var attributes: [(name: Token, value: Token)] = []
        if arguments.accept("view") {
            viewClass = try arguments.name("view class")
        }
        if let brace = arguments.peek, brace.isPunctuation("{") {
            guard viewClass != nil else {
                throw ShellError("component: attributes need a view; write 'view CLASS' before '{'", at: brace)
            }
            attributes = try arguments.attributeBlock()
        }
        var loads = try arguments.loads(hasView: viewClass != nil)
        var children: [Token] = []
        if arguments.accept("children") {
            while !arguments.isAtEnd, !arguments.peekIsWord("loads") {
                children.append(try arguments.name("child component name"))
            }
            if children.isEmpty { throw arguments.missing("child component names after 'children'") }
        }
        loads += try arguments.loads(hasView: viewClass != nil)
        try arguments.end()
        let outcome: Definition
        do throws(EngineError) {
            outcome = try shell.engine.defineComponent(
                name.text, viewClass: viewClass?.text,
                attributes: attributes.map { ($0.name.text, $0.value.text, $0.value.isQuoted) },
                children: children.map(\.text), loads: loads)
        } catch {
            throw shell.located(error, in: arguments)
        }
        var detail: [String] = []
        if let view = outcome.definition.view {
            detail.append(view.written)
        } else {
            detail.append("no view")
        }
        if !children.isEmpty { detail.append("children " + children.map(\.text).joined(separator: " ")) }
        shell.emit(shell.definitionMessage(outcome, detail: detail.joined(separator: "; ")))
    }
}

enum ListCommand {
    static let spec = CommandSpec(
        name: "list", group: .define,
        usage: "list NAME rows N viewport K cells CELL [CELL ...] [header H] [footer F] [saves offset] [key index|id]",
        summary: "define a scrolling list: N rows, K visible, cells by row",
        details: """
        Row r is an instance of CELL number r mod (number of cells). Only the
        visible rows exist; cells need a view. Scroll with 'scroll NAME by N'.
        A header shows while the window starts at row 0, a footer while it
        reaches the last row; their PATHs end in their type's name (Feed/Banner;
        Feed/Banner[0] and Feed/Banner[1] when one type is both).
        A list can be a cell of another list (a feed of carousels): it scrolls
        on its own ('scroll Feed/0 by 2') and moves with its row. Under uikit
        and recyclerview its offset belongs to the reused view, so a reused
        carousel shows the offset of the row it showed before; 'saves offset'
        is the app's fix: each item's offset is saved as it scrolls and
        restored when its cell is bound.
        'key' says how the app names its rows to the list system: by position
        ('key index', the default: Compose's and FlashList's default key) or
        by a stable id that moves with its item ('key id'). It decides where
        state and cells go after 'insert' and 'delete' under the systems that
        key by item (compose, flashlist, uikit-diffable).
        """,
        example: "list Feed rows 1000000 viewport 5 cells Post Ad",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        let name = try arguments.name("list name")
        try arguments.keyword("rows")
        let (rows, _) = try arguments.integer("rows", in: 0...ListSpec.maximumRows)
        try arguments.keyword("viewport")
        let (viewport, _) = try arguments.integer("viewport", in: 1...ListSpec.maximumViewport)
        try arguments.keyword("cells")
        var cells: [Token] = []
        while !arguments.isAtEnd, !arguments.peekIsWord("header"), !arguments.peekIsWord("footer"), !arguments.peekIsWord("saves"),
              !arguments.peekIsWord("key") {
            cells.append(try arguments.name("cell component name"))
        }
        if cells.isEmpty { throw arguments.missing("cell component names after 'cells'") }
        var header: Token?
        var footer: Token?
        var savesOffset = false
        var keys: RowKeys?
        while let keyword = arguments.next() {
            switch keyword.text {
            case "header" where header == nil: header = try arguments.name("header component name")
            case "footer" where footer == nil: footer = try arguments.name("footer component name")
            case "saves" where !savesOffset:
                try arguments.keyword("offset")
                savesOffset = true
            case "key" where keys == nil:
                guard let word = arguments.next() else { throw arguments.missing("'index' or 'id' after 'key'") }
                guard let value = RowKeys(rawValue: word.text) else {
                    throw ShellError("list: key is 'index' or 'id', not '\(word.text)'", at: word)
                }
                keys = value
            default: throw ShellError("list: unexpected '\(keyword.text)'", at: keyword)
            }
        }
        let outcome: Definition
        do throws(EngineError) {
            outcome = try shell.engine.defineList(name.text, rows: rows, viewport: viewport, cells: cells.map(\.text),
                                        header: header?.text, footer: footer?.text, savesOffset: savesOffset,
                                                  keys: keys ?? .index)
        } catch {
            throw shell.located(error, in: arguments)
        }
        var detail = "list of \(rows) rows, \(viewport) visible, cells " + cells.map(\.text).joined(separator: " ")
        if let header { detail += ", header " + header.text }
        if let footer { detail += ", footer " + footer.text }
        if savesOffset { detail += ", saves offset" }
        if keys == .id { detail += ", keyed by id" }
        shell.emit(shell.definitionMessage(outcome, detail: detail))
    }
}

enum AttributeCommand {
    static let spec = CommandSpec(
        name: "attribute", group: .define,
        usage: "attribute NAME [kind text|number|bool|color] [adds] [unapply] [update]",
        summary: "declare an attribute: sets or adds, unapply, update",
        details: """
        'adds' makes it additive: applying adds an entry (like a tap handler)
        instead of setting a value. 'unapply' gives it an unapplicator (an
        additive one removes its entry; a setting one resets to the default).
        An additive attribute without 'unapply' piles up entries on reuse.
        """,
        example: "attribute swipe adds",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        let name = try arguments.name("attribute name")
        var definition = AttributeDefinition(name: name.text)
        while let token = arguments.next() {
            switch token.kind == .word ? token.text : "" {
            case "kind":
                let kindToken = try arguments.word("a kind (text, number, bool, color)")
                guard let kind = ValueKind(rawValue: kindToken.text) else {
                    let hint = closestName(to: kindToken.text, in: ValueKind.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
                    throw ShellError("attribute: unknown kind '\(kindToken.text)'\(hint)", at: kindToken)
                }
                definition.kind = kind
            case "adds": definition.effect = .adds
            case "unapply": definition.hasUnapplicator = true
            case "update": definition.hasUpdater = true
            default:
                let hint = closestName(to: token.text, in: ["kind", "adds", "unapply", "update"]).map { "; did you mean '\($0)'?" } ?? ""
                throw ShellError("attribute: unexpected '\(token.text)'\(hint)", at: token)
            }
        }
        let existed = shell.engine.catalog.attributes[name.text] != nil
        do throws(EngineError) {
            try shell.engine.declare(definition)
        } catch {
            throw shell.located(error, in: arguments)
        }
        var traits = [definition.kind.rawValue, definition.effect == .adds ? "adds entries" : "sets a value"]
        traits.append(definition.hasUnapplicator ? "with unapplicator" : "no unapplicator")
        if definition.hasUpdater { traits.append("with updater") }
        shell.emit((existed ? "redeclared" : "declared") + " attribute \(name.text) (" + traits.joined(separator: ", ") + ")"
            + (existed && !shell.engine.mounted.isEmpty ? "; 'remount' to see the change" : ""))
    }
}

enum ViewClassCommand {
    static let spec = CommandSpec(
        name: "view", group: .define,
        usage: "view CLASS [{ property: default, ... }]",
        summary: "declare a view class with property defaults",
        details: """
        The class inherits UIView's properties; the defaults are what a fresh view
        shows. A component sets a property through an attribute of the same name:
        declare one for a new property ('attribute badge').
        """,
        example: "view BadgeView { badge: \"0\", backgroundColor: red }",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        let name = try arguments.name("view class name")
        var defaults: [(name: Token, value: Token)] = []
        if let brace = arguments.peek, brace.isPunctuation("{") {
            defaults = try arguments.attributeBlock()
        }
        try arguments.end()
        let existed = shell.engine.catalog.viewClasses[name.text] != nil
        do throws(EngineError) {
            try shell.engine.declareViewClass(name.text, defaults: defaults.map { ($0.name.text, $0.value.text, $0.value.isQuoted) })
        } catch {
            throw shell.located(error, in: arguments)
        }
        shell.emit((existed ? "redeclared" : "declared") + " view class \(name.text)"
                   + (defaults.isEmpty ? "" : " (" + defaults.map { "\($0.name.text): \($0.value.isQuoted ? quoted($0.value.text) : $0.value.text)" }.joined(separator: ", ") + ")")
                   + (existed && !shell.engine.mounted.isEmpty ? "; 'remount' to see the change" : ""))
    }
}

enum PrepareCommand {
    static let spec = CommandSpec(
        name: "prepare", group: .define,
        usage: "prepare NAME [resets ATTR ...] [resets-state NAME ... [on item]] [cancels loads] | prepare NAME nothing",
        summary: "say what a component's reuse hook resets and cancels",
        details: """
        Declares what NAME's views do when the system pools or hands them out
        again: UIKit's prepareForReuse (on a reused cell, its subviews
        included), RecyclerView's onViewRecycled (a holder entering the pool,
        subviews included) or ComponentKit's didEnterReusePool (each view
        entering its pool). A reset runs the attribute's unapplicator when it
        has one, else puts the property back to the class default; 'cancels
        loads' cancels the loads pending on those views. Other strategies have
        no such hook and never run it. 'resets-state' resets component state
        ('state PATH NAME VALUE') kept on the views: in the same hook (a cell's
        prepareForReuse setting a stored property back), or, with 'on item',
        whenever the view shows another item than the one that set it, under
        any strategy (FlashList's useRecyclingState with the item as its
        dependency). Declaring again replaces it; 'nothing' removes it.
        """,
        example: "prepare Cell resets liked tap cancels loads",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        let name = try arguments.name("component name")
        var resets: [Token] = []
        var resetsState: [Token] = []
        var onItem = false
        var cancels = false
        if arguments.accept("nothing") {
            try arguments.end()
        } else if arguments.isAtEnd {
            throw ShellError("prepare: say what \(name.text)'s reuse hook does: 'resets ATTR ...', 'resets-state NAME ...', 'cancels loads' ('nothing' removes it)", at: name)
        }
        while let keyword = arguments.next() {
            switch keyword.kind == .word ? keyword.text : "" {
            case "resets":
                if !resets.isEmpty { throw ShellError("prepare: 'resets' is given twice; list every attribute after one 'resets'", at: keyword) }
                while !arguments.isAtEnd, !arguments.peekIsWord("cancels"), !arguments.peekIsWord("resets-state") {
                    resets.append(try arguments.name("attribute name to reset"))
                }
                if resets.isEmpty { throw arguments.missing("attribute names after 'resets'") }
            case "resets-state":
                if !resetsState.isEmpty { throw ShellError("prepare: 'resets-state' is given twice; list every state name after one 'resets-state'", at: keyword) }
                while !arguments.isAtEnd, !arguments.peekIsWord("cancels"), !arguments.peekIsWord("resets"), !arguments.peekIsWord("on") {
                    resetsState.append(try arguments.name("state name to reset"))
                }
                if resetsState.isEmpty { throw arguments.missing("state names after 'resets-state'") }
                if arguments.accept("on") {
                    try arguments.keyword("item")
                    onItem = true
                }
            case "cancels":
                if cancels { throw ShellError("prepare: 'cancels loads' is given twice", at: keyword) }
                try arguments.keyword("loads")
                cancels = true
            default:
                let hint = closestName(to: keyword.text, in: ["resets", "resets-state", "cancels"]).map { "; did you mean '\($0)'?" } ?? ""
                throw ShellError("prepare: unexpected '\(keyword.text)'\(hint)", at: keyword)
            }
        }
        let preparation = Preparation(component: name.text, resets: resets.map(\.text), cancelsLoads: cancels,
                                      resetsState: resetsState.map(\.text), resetsStateOnItem: onItem)
        let existed = shell.engine.catalog.preparations[name.text] != nil
        do throws(EngineError) {
            try shell.engine.prepare(preparation)
        } catch {
            throw shell.located(error, in: arguments)
        }
        if preparation.doesNothing {
            shell.emit("\(name.text)'s reuse hook does nothing now" + (existed ? "" : " (it did nothing before either)"))
            return
        }
        var line = (existed ? "redeclared" : "declared") + " \(name.text)'s reuse hook: \(preparation.summary)"
        let strategy = shell.engine.strategy
        let onItemOnly = preparation.resetsStateOnItem && preparation.resets.isEmpty && !preparation.cancelsLoads
        if onItemOnly {
            line += " (the app's own code: it runs under every strategy, when a view shows another item)"
        } else if let hook = strategy.reuseHook {
            line += " (\(strategy.name) runs it in \(hook.rawValue))"
            if hook != .didEnterReusePool, hook != .onUnmount, shell.engine.catalog.components[name.text] != nil, !shell.engine.catalog.isListSlot(name.text) {
                line += "; note: \(hook.rawValue) runs on list cells, headers and footers, and no list shows \(name.text):"
                    + " declare it on the cell that contains it"
            }
        } else {
            line += " (\(strategy.name) has no reuse hook and never runs it; uikit, recyclerview and componentkit do)"
        }
        if shell.engine.catalog.components[name.text] == nil { line += "; note: '\(name.text)' is not defined yet" }
        shell.emit(line)
    }
}
