import ReuseEngine

extension Interpreter {
    /// Reads a PATH argument: a component path, or a view id naming the
    /// component that holds that view now.
    func path(from token: Token) throws(ShellError) -> ComponentPath {
        if let view = ViewID(parsing: token.text) {
            do throws(EngineError) {
                return try engine.holder(of: view).path
            } catch {
                throw ShellError(error.message, at: token)
            }
        }
        switch parsedPath(token.text) {
        case .success(let path):
            try checkUnambiguous(path, written: token)
            return path
        case .failure(let error):
            throw ShellError(error.description, column: token.column + error.offset, length: max(1, error.segment.count))
        }
    }

    /// Refuses a bare name (`Card`) where mounted namesakes exist (`Card[0]`,
    /// `Card[1]`): it would silently mean the first.
    func checkUnambiguous(_ path: ComponentPath, written token: Token) throws(ShellError) {
        // Asked of the engine in place (a copy of it would cost more than the check).
        try refuseAmbiguity(Engine.namesakes(of: path, in: engine.mounted, catalog: engine.catalog), written: token)
    }

    /// ``checkUnambiguous(_:written:)`` in another state (a past pass's).
    func checkUnambiguous(_ path: ComponentPath, written token: Token, in state: Engine) throws(ShellError) {
        try refuseAmbiguity(Engine.namesakes(of: path, in: state.mounted, catalog: state.catalog), written: token)
    }

    private func refuseAmbiguity(_ found: (position: Int, namesakes: [MountedNode])?, written token: Token) throws(ShellError) {
        guard let (position, namesakes) = found else { return }
        let candidates = namesakes.prefix(6).map(\.path.display)
        let more = namesakes.count > 6 ? ", ..." : ""
        let written = token.text.split(separator: "/", omittingEmptySubsequences: false)
        let offset = written.prefix(position).reduce(0) { $0 + $1.count + 1 }
        let segment = position < written.count ? written[position] : ""
        throw ShellError("'\(written.prefix(position + 1).joined(separator: "/"))' is ambiguous: \(candidates.joined(separator: ", "))\(more) are mounted; write which one",
                         column: token.column + offset, length: max(1, segment.count))
    }

    /// Reads a PATH argument that must name a mounted instance.
    func mountedPath(from token: Token) throws(ShellError) -> ComponentPath {
        let path = try path(from: token)
        do throws(EngineError) {
            return try engine.resolve(path).path
        } catch {
            throw ShellError(error.message, at: token)
        }
    }

    /// Runs an engine operation that ends in a pass, then reports the pass.
    func pass(_ arguments: Arguments, _ body: (inout Engine) throws(EngineError) -> PassSummary?) throws(ShellError) {
        do throws(EngineError) {
            if let summary = try body(&engine) { report(summary) }
        } catch {
            throw located(error, in: arguments)
        }
    }
}

enum MountCommand {
    static let spec = CommandSpec(
        name: "mount", group: .mount,
        usage: "mount NAME [NAME ...]",
        summary: "make these the root's children and run a pass",
        details: "Components mounted before and not named again leave the tree: their views are hidden, not removed.",
        example: "mount Header Feed",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        let names = try arguments.names("component name")
        guard !names.isEmpty else { throw arguments.missing("at least one component name") }
        let trigger = shell.trigger
        try shell.pass(arguments) { (engine: inout Engine) throws(EngineError) in
            try engine.mount(names.map(\.text), trigger: trigger)
        }
    }
}

enum RemountCommand {
    static let spec = CommandSpec(
        name: "remount", group: .mount,
        usage: "remount",
        summary: "run a pass over the mounted tree",
        example: "remount",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        try arguments.end()
        let trigger = shell.trigger
        try shell.pass(arguments) { (engine: inout Engine) throws(EngineError) in try engine.remount(trigger: trigger) }
    }
}

enum HideCommand {
    static let spec = CommandSpec(
        name: "hide", group: .mount,
        usage: "hide PATH",
        summary: "take a mounted component out of the tree; run a pass",
        details: "Its view is hidden at the end of the pass and waits in its parent's pool. 'show PATH' puts it back.",
        example: "hide Card[1]",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        let token = try arguments.word("a PATH (e.g. Card[1] or v3)")
        arguments.markPath(token)
        try arguments.end()
        let path = try shell.path(from: token)
        let trigger = shell.trigger
        try shell.pass(arguments) { (engine: inout Engine) throws(EngineError) in try engine.hide(path, trigger: trigger) }
    }
}

enum ShowCommand {
    static let spec = CommandSpec(
        name: "show", group: .mount,
        usage: "show PATH",
        summary: "put back a component taken out with 'hide'; run a pass",
        example: "show Card[1]",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        let token = try arguments.word("the PATH given to 'hide'")
        arguments.markPath(token)
        try arguments.end()
        let path = try shell.path(from: token)
        let trigger = shell.trigger
        try shell.pass(arguments) { (engine: inout Engine) throws(EngineError) in try engine.show(path, trigger: trigger) }
    }
}

enum SetCommand {
    static let spec = CommandSpec(
        name: "set", group: .mount,
        usage: "set PATH ATTRIBUTE VALUE",
        summary: "give one instance its own attribute value; run a pass",
        details: "A new attribute changes the configuration's shape, so the instance moves to another pool. "
            + "The value belongs to the instance, its type and path: another type shown at that path later (a redefined list's row) does not get it.",
        example: "set Card[1] backgroundColor blue",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        let token = try arguments.word("a PATH (e.g. Card[1] or v3)")
        arguments.markPath(token)
        let attribute = try arguments.name("attribute name")
        let value = try arguments.value("a value for \(attribute.text)")
        try arguments.end()
        let path = try shell.path(from: token)
        let trigger = shell.trigger
        try shell.pass(arguments) { (engine: inout Engine) throws(EngineError) in
            try engine.set(path, attribute: attribute.text, raw: value.text, quoted: value.isQuoted, trigger: trigger)
        }
    }
}

enum ScrollCommand {
    static let spec = CommandSpec(
        name: "scroll", group: .mount,
        usage: "scroll LIST by N | scroll LIST to N",
        summary: "move a list's window by N rows or to row N",
        details: """
        Only rows that enter or leave the window are mounted or hidden; the pass
        costs the rows that move, not the list's length. LIST may be a list inside
        a row (a carousel in a feed: 'scroll Feed/0 by 2'); it scrolls alone.
        """,
        example: "scroll Feed by 3",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        let token = try arguments.word("a list PATH")
        arguments.markPath(token)
        let mode = try arguments.word("'by' or 'to'")
        guard mode.text == "by" || mode.text == "to" else {
            throw ShellError("scroll: expected 'by' or 'to', found '\(mode.text)'", at: mode)
        }
        let range = mode.text == "by" ? -ListSpec.maximumRows...ListSpec.maximumRows : 0...ListSpec.maximumRows
        let (amount, _) = try arguments.integer(mode.text == "by" ? "the number of rows" : "the row", in: range)
        try arguments.end()
        let motion: ScrollMotion = mode.text == "by" ? .by(amount) : .to(amount)
        let path = try shell.path(from: token)
        let trigger = shell.trigger
        let outcome: ScrollOutcome
        do throws(EngineError) {
            outcome = try shell.engine.scroll(path, motion, trigger: trigger)
        } catch {
            // A bare name for a list mounted deeper: the only one of that name.
            let lists = shell.engine.instances.filter { $0.path.lastName == path.lastName && !$0.isHidden }
            guard case .noSuchPath = error, path.segments.count == 1, lists.count == 1, let only = lists.first else {
                throw shell.located(error, in: arguments)
            }
            do throws(EngineError) {
                outcome = try shell.engine.scroll(only.path, motion, trigger: trigger)
            } catch {
                throw shell.located(error, in: arguments)
            }
        }
        shell.report(outcome.pass)
        if outcome.wasClamped {
            shell.emit(shell.style.dim("(\(outcome.list) stops at row \(outcome.offset): "
                + (outcome.offset == 0 ? "the top" : "the last full window") + ")"))
        }
    }
}

enum ReloadCommand {
    static let spec = CommandSpec(
        name: "reload", group: .mount,
        usage: "reload PATH [payload | replace]",
        summary: "reload one list row, or a whole list, after a data change",
        details: """
        The row holding PATH is mounted again and no other row sees an event
        (UIKit reconfigureRows, RecyclerView notifyItemChanged, one component's
        state update). Under recyclerview a reload binds a second holder for the
        change animation (the flicker); 'payload' binds the row's holder in place.
        'replace' is UIKit's reloadRows: the row gets another cell from the queue
        (prepareForReuse) or a new one, and the old cell joins the queue after
        (iglistkit has no reconfigure: every row reload is a replace; compose
        and flashlist have no reloadRows: the row recomposes or re-renders in
        place; texture makes the row a new node and view either way).
        'set' on a list row reloads that row the same way as plain 'reload'.
        When PATH names a list, the whole list reloads (UIKit reloadData, and so
        uikit-diffable and iglistkit: every visible cell goes back to the queue
        and each row dequeues again; RecyclerView notifyDataSetChanged: every
        holder is invalid and goes to the pool, cache included, and so litho's
        row shells; divkit, componentkit and valdi host their cells in a native
        list and reload it so too; texture replaces every node; theodolite,
        naive, theodolite-2019, compose and flashlist render every visible row
        again on the views it holds). 'help strategy NAME' says more. A list
        inside a row (a carousel in a feed) takes 'payload' and 'replace' as
        that row's reload.
        """,
        example: "reload Feed/3",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        let token = try arguments.word("a PATH inside a list row (e.g. Feed/3), or a list's PATH")
        arguments.markPath(token)
        let style: RowReload = if arguments.accept("payload") { .payload } else if arguments.accept("replace") { .replace } else { .reconfigure }
        try arguments.end()
        let path = try shell.path(from: token)
        let trigger = shell.trigger
        let target = try? shell.engine.resolve(path)
        let namesList = target.map { shell.engine.catalog.components[$0.name]?.isList == true } ?? false
        // 'payload' and 'replace' reload a row: a list's own row when the list is inside one (a carousel's row of a feed).
        if namesList, style != .reconfigure, target?.row == nil {
            throw ShellError("reload: '\(style == .payload ? "payload" : "replace")' reloads one row; \(token.text) is a list in no row (write 'reload \(token.text)' to reload it whole)", at: token)
        }
        try shell.pass(arguments) { (engine: inout Engine) throws(EngineError) in
            if namesList, style == .reconfigure {
                try engine.reloadList(path, trigger: trigger)
            } else {
                try engine.reload(path, style: style, trigger: trigger)
            }
        }
    }
}

enum ItemsCommand {
    static let insertSpec = CommandSpec(
        name: "insert", group: .mount,
        usage: "insert LIST at N [count K]",
        summary: "insert K new items (1 by default) before row N of a list",
        details: """
        The list gains K rows; the new items take new ids, which '{i}' shows.
        Each item's data ('set' values, hidden instances, the offsets of lists
        in its row) moves with it. Whether the other rows' cells and state
        follow their items is the system's: under uikit, recyclerview,
        componentkit (the app says which rows changed: insertRows,
        notifyItemRangeInserted, a changeset) they do, each cell moving with its
        item, unconfigured; under the others it is the list's 'key': with
        'key id' they follow, with 'key index' (the default) every row keeps
        its cell and state by position and shows the item now there.
        """,
        example: "insert Feed at 0 count 2",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        try run(&arguments, shell, insert: true)
    }

    static let deleteSpec = CommandSpec(
        name: "delete", group: .mount,
        usage: "delete LIST at N [count K]",
        summary: "delete the items of rows N to N+K-1 (K is 1 by default)",
        details: """
        The list loses K rows; their data goes with them, and the items after
        them move up, as 'insert' says: their cells and state follow them, or
        stay by position, as the system and the list's 'key' decide.
        """,
        example: "delete Feed at 3",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        try run(&arguments, shell, insert: false)
    }

    private static func run(_ arguments: inout Arguments, _ shell: Interpreter, insert: Bool) throws(ShellError) {
        let token = try arguments.word("a list's PATH")
        arguments.markPath(token)
        try arguments.keyword("at")
        let (row, _) = try arguments.integer("a row", in: 0...ListSpec.maximumRows)
        var count = 1
        if arguments.accept("count") {
            (count, _) = try arguments.integer("how many items", in: 1...ListSpec.maximumRows)
        }
        try arguments.end()
        let path = try shell.path(from: token)
        let trigger = shell.trigger
        try shell.pass(arguments) { (engine: inout Engine) throws(EngineError) in
            if insert {
                try engine.insert(into: path, at: row, count: count, trigger: trigger)
            } else {
                try engine.delete(from: path, at: row, count: count, trigger: trigger)
            }
        }
    }
}

enum StateCommand {
    static let spec = CommandSpec(
        name: "state", group: .mount,
        usage: "state PATH NAME VALUE [saveable]",
        summary: "set UI state a component owns (liked, expanded, a counter)",
        details: """
        Neither item data ('set') nor a view property: where it lives is the
        system's. On the view under uikit, recyclerview, uikit-diffable,
        iglistkit, flashlist and valdi-rebind (a cell's stored property, a
        component's useState): it goes with the view to the next item unless
        'prepare NAME resets-state ...' resets it. With the item under
        theodolite, componentkit, divkit, naive, theodolite-2019, valdi-attach
        and litho: it stays with the item the system believes it is, by the
        list's 'key' where the system keys by it; under texture with the
        item's node, which a reload makes anew. On the slot under compose:
        forgotten when the slot leaves the screen; 'saveable' (Compose's
        rememberSaveable) is saved by the slot's key and comes back. A value shown on another item than the one that set
        it is a leak: 'check', 'config' and 'expect leaks' name its origin.
        """,
        example: "state Feed/3 liked true",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        let token = try arguments.word("a PATH")
        arguments.markPath(token)
        let name = try arguments.name("state name")
        let value = try arguments.value("a value")
        let saveable = arguments.accept("saveable")
        try arguments.end()
        let path = try shell.path(from: token)
        let trigger = shell.trigger
        try shell.pass(arguments) { (engine: inout Engine) throws(EngineError) in
            try engine.setState(path, name: name.text, value: value.text, saveable: saveable, trigger: trigger)
        }
    }
}

enum WaitCommand {
    static let spec = CommandSpec(
        name: "wait", group: .mount,
        usage: "wait [N]",
        summary: "let N passes go by (1 by default): late loads land",
        details: """
        Each pass changes nothing but what is due: the loads started N passes
        earlier ('component ... loads ATTR VALUE after N') set their result on
        the view they captured, whatever it shows now. Every other pass
        delivers what is due too, before its own work.
        """,
        example: "wait 2",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        var count = 1
        if !arguments.isAtEnd { count = try arguments.integer("passes", in: 1...10_000).0 }
        try arguments.end()
        let trigger = shell.trigger
        for _ in 0..<count {
            try shell.pass(arguments) { (engine: inout Engine) throws(EngineError) in
                engine.wait(trigger: trigger)
            }
        }
    }
}

enum StrategyCommand {
    static let spec = CommandSpec(
        name: "strategy", group: .mount,
        usage: "strategy [NAME [OPTION VALUE ...]]",
        summary: "list the reuse strategies, or switch to one",
        details: """
        Definitions, mounted components, instance values and registrations are kept;
        views are made again under the new strategy. An option's value is a number,
        on or off, or one of the words it lists. recyclerview takes 'cache N',
        'pool N', 'pool TYPE N' (one view type), 'prefetch N' and 'shared on'
        (defaults 2, 5, 1, off); theodolite-2019 takes 'bug27 on' to restore the
        code before the fix of its issue #27; uikit-diffable takes 'identity id|value',
        'prefetch N' and 'os 14|15' (defaults id, 1, 15); iglistkit takes 'binding on'.
        'help strategy NAME' states the rules and options of one strategy.
        """,
        example: "strategy recyclerview pool 3",
        recordsForSave: true,
        replays: false
    ) { (arguments, shell) throws(ShellError) in
        guard let name = arguments.next() else {
            for descriptor in shell.strategies {
                let current = descriptor.name == shell.engine.strategy.name
                let summary = current ? shell.engine.strategy.summary : descriptor.standard.summary
                shell.emit("\(current ? "*" : " ") \(descriptor.name.padding(16)) \(summary)")
            }
            return
        }
        let descriptor = shell.strategy(named: name.text)
        let perSubject = descriptor?.perSubject
        var options: [(name: String, value: Int)] = []
        var subjects: [(subject: String, value: Int)] = []
        var named: [(option: String, subject: String)] = []
        while let option = arguments.next() {
            // `preallocate Image`: an option given as a subject (a component type) alone.
            if descriptor?.subjectOptions.contains(option.text) == true {
                let subjectToken = try arguments.name("component type")
                named.append((option.text, subjectToken.text))
                continue
            }
            // A choice takes one of its words (`identity value`, `os 14`): its index.
            let choices = descriptor?.defaults.first(where: { $0.name == option.text })?.choices ?? []
            if !choices.isEmpty {
                guard let word = arguments.next() else {
                    throw arguments.missing(Self.oneOf(choices) + " after \(option.text)")
                }
                guard let index = choices.firstIndex(of: word.text) else {
                    throw ShellError("strategy: \(option.text) takes \(Self.oneOf(choices)), not '\(word.text)'", at: word)
                }
                options.append((option.text, index))
                continue
            }
            // A switch takes on or off; a number, a whole number.
            if let word = arguments.peek, ["on", "off"].contains(word.text) {
                _ = arguments.next()
                options.append((option.text, word.text == "on" ? 1 : 0))
                continue
            }
            if descriptor?.defaults.first(where: { $0.name == option.text })?.kind == .flag {
                guard let word = arguments.next() else { throw arguments.missing("on or off after \(option.text)") }
                throw ShellError("strategy: \(option.text) takes on or off, not '\(word.text)'", at: word)
            }
            // `pool Post 3`: the option a strategy takes per subject (a view type).
            if option.text == perSubject, let subject = arguments.peek, subject.kind == .word, Int(subject.text) == nil {
                let subjectToken = try arguments.name("view type")
                let (value, _) = try arguments.integer("the value of \(option.text) \(subjectToken.text)", in: 0...1_000_000)
                subjects.append((subjectToken.text, value))
                continue
            }
            let (value, _) = try arguments.integer("the value of \(option.text)", in: 0...1_000_000)
            options.append((option.text, value))
        }
        let trigger = shell.trigger
        try shell.pass(arguments) { (engine: inout Engine) throws(EngineError) in
            guard let descriptor = shell.strategy(named: name.text) else {
                throw .unknownStrategy(name.text, suggestion: closestName(to: name.text, in: shell.strategyNames), known: shell.strategyNames)
            }
            return try engine.setStrategy(try descriptor.with(options: options, subjects: subjects, named: named), trigger: trigger)
        }
        shell.emit("strategy \(shell.engine.strategy.name): \(shell.engine.strategy.summary)")
    }

    /// `id or value`, `14 or 15`, `a, b or c`: the words a choice takes.
    static func oneOf(_ words: [String]) -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}

enum RegisterCommand {
    static let spec = CommandSpec(
        name: "register", group: .mount,
        usage: "register LIST CELL [as IDENTIFIER]",
        summary: "register a list's cell type under a reuse identifier (uikit)",
        details: """
        Under 'uikit' a list dequeues its cells by the token of each cell type;
        mounting a list with an unregistered cell type fails as UIKit would.
        The identifier defaults to the cell component's name.
        """,
        example: "register Feed Post",
        recordsForSave: true
    ) { (arguments, shell) throws(ShellError) in
        let list = try arguments.name("list name")
        let cell = try arguments.name("cell component name")
        var identifier: Token?
        if arguments.accept("as") { identifier = try arguments.value("a reuse identifier") }
        try arguments.end()
        do throws(EngineError) {
            let registration = try shell.engine.register(list: list.text, cell: cell.text, identifier: identifier?.text)
            let what = registration.isHeaderFooter ? "header/footer views" : "cells"
            shell.emit("token \(registration.token): \(registration.list) dequeues \(registration.cell) \(what) with identifier \(quoted(registration.identifier))")
            if let replaced = registration.replaced {
                shell.emit(shell.style.warn("note: \(quoted(registration.identifier)) was \(replaced)'s identifier: one identifier is one class, so \(replaced) rows now get \(registration.cell) cells"))
            }
        } catch {
            throw shell.located(error, in: arguments)
        }
    }
}

extension Engine {
    /// The first name in `path` written without an index (`Card`, not
    /// `Card[0]`) that has mounted namesakes at its level: its position and
    /// all the namesakes. Nil when the path is unambiguous.
    /// (`catalog` is read only when a segment after the first is bare.)
    static func namesakes(of path: ComponentPath, in mounted: [MountedNode],
                          catalog: @autoclosure () -> Catalog) -> (position: Int, namesakes: [MountedNode])? {
        // Taken once (each `segments` is a new view of the path).
        let segments = path.segments
        func isBare(_ position: Int) -> Bool {
            if case .named(_, 0) = segments[position], !path.showsIndex(at: position) { return true }
            return false
        }
        guard let lastBare = segments.indices.last(where: isBare) else { return nil }
        // One walk down the path: at each level, the siblings of the segment
        // (none when only the first segment is bare: its siblings are the
        // mounted roots; `set Screen/Card[7]` walks nothing).
        let nodes = lastBare > 0 ? Engine.nodes(along: path, in: mounted, catalog: catalog()) : []
        for position in segments.indices where isBare(position) {
            guard position <= nodes.count, case .named(let name, _) = segments[position] else { break }
            let siblings = position == 0 ? mounted : nodes[position - 1].children
            // One sibling (a single root, an only child) has no namesake.
            guard siblings.count > 1 else { continue }
            var count = 0
            // By index: each sibling's path read in place, no node copied.
            for index in siblings.indices {
                if case .named(name, _)? = siblings[index].path.segments.last { count += 1 }
                if count > 1 { break }
            }
            guard count > 1 else { continue }
            return (position, siblings.filter { if case .named(name, _)? = $0.path.segments.last { true } else { false } })
        }
        return nil
    }
}
