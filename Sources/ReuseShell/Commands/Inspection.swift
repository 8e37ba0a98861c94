import ReuseEngine

extension Interpreter {
    /// Reads a VIEW argument: `v7`, `root`, or a PATH naming the view its
    /// component holds, in `state` (now, unless a past state is inspected).
    func viewID(from token: Token, in state: Engine? = nil) throws(ShellError) -> ViewID {
        let engine = state ?? self.engine
        let text = token.text
        if let id = ViewID(parsing: text) {
            guard engine.views.lookUp(id) != nil else {
                throw ShellError("no view '\(text)' (views are v1-v\(engine.views.count))", at: token)
            }
            return id
        }
        if text.first == "v", text.count > 1, text.dropFirst().allSatisfy(\.isNumber) {
            throw ShellError("no view '\(text)' (views are v1-v\(engine.views.count))", at: token)
        }
        // A PATH works too: the view its component holds now.
        guard case .success(let path) = ComponentPath.parse(text) else {
            throw ShellError("'\(text)' is not a view id (like v2 or root) or a component path", at: token)
        }
        try checkUnambiguous(path, written: token, in: engine)
        let node: MountedNode
        do throws(EngineError) {
            node = try engine.resolve(path)
        } catch {
            throw ShellError(error.message, at: token)
        }
        guard let view = node.view else {
            throw ShellError("'\(text)' has no view (it is hidden or has no view configuration)", at: token)
        }
        return view
    }

    /// Reads a `--pass N` value: the summary of a pass that ran.
    func passSummary(from token: Token, for command: String) throws(ShellError) -> PassSummary {
        guard let number = Int(token.text), number >= 1 else {
            throw ShellError("\(command): --pass needs a pass number, not '\(token.text)'", at: token)
        }
        guard let summary = engine.log.summary(ofPass: number) else {
            throw ShellError("\(command): no pass \(number) (passes run: \(engine.log.passes.count))", at: token)
        }
        return summary
    }

    /// The state a command inspects: now, or right after pass N for `--pass N`.
    func state(at token: Token?, for command: String) throws(ShellError) -> Engine {
        guard let token else { return engine }
        guard let number = Int(token.text), number >= 1 else {
            throw ShellError("\(command): --pass needs a pass number, not '\(token.text)'", at: token)
        }
        guard let state = engine.state(afterPass: number) else {
            throw ShellError("\(command): no pass \(number) (passes run: \(engine.log.currentPass))", at: token)
        }
        return state
    }

    /// What an inspection command was asked: the view, the flags and values,
    /// and the state it looks at.
    struct Inspection {
        var view: ViewID?
        var flags: Set<String>
        var values: [String: Token]
        var state: Engine
        /// The state right after the pass before `state`'s, when the
        /// command asked for it (`inspection(_:options:past:before:)`) and
        /// it was rebuilt in the same replay; nil otherwise.
        var before: Engine? = nil

        /// `--json` and `--dot` are two answers to one question: one at a time.
        func checkOneFormat(_ arguments: Arguments) throws(ShellError) {
            guard flags.contains("json"), flags.contains("dot") else { return }
            throw ShellError("\(arguments.command.text): --json and --dot are two formats; choose one", at: arguments.command)
        }
    }

    /// Parses `[VIEW]` and the command's `options` (``CommandSpec/options``:
    /// `--json`, `--all`, ...). With `past`, the `--pass N` option selects
    /// the state right after pass N, and VIEW is read in that state.
    ///
    /// With `before` (a flag such as `--changes`) given as well as
    /// `--pass N`, the state right after pass N - 1 is rebuilt too, in the
    /// same replay where it can be (``Engine/states(afterPass:andPass:)``):
    /// ``Inspection/before``.
    func inspection(_ arguments: inout Arguments, options: [CommandOption], past: Bool = false, before flag: String? = nil)
        throws(ShellError) -> Inspection {
        let parsed = try arguments.options(options)
        if parsed.rest.count > 1 {
            throw ShellError("\(arguments.command.text): unexpected '\(parsed.rest[1].text)'", at: parsed.rest[1])
        }
        var state = engine
        var before: Engine?
        if past {
            // `--pass N` with `before`'s flag, N >= 2: passes N - 1 and N in one
            // replay (the later one the state `state(at:)` rebuilds: a replay,
            // for the last pass too). Anything else, or a pass that did not
            // run, is read as `state(at:)` reads it (with its error).
            if let flag, parsed.flags.contains(flag), let number = parsed.values["pass"].flatMap({ Int($0.text) }),
               number >= 2, let pair = engine.states(afterPass: number - 1, andPass: number) {
                (before, state) = pair
            } else {
                state = try self.state(at: parsed.values["pass"], for: arguments.command.text)
            }
        }
        let view = try parsed.rest.first.map { (token: Token) throws(ShellError) in try viewID(from: token, in: state) }
        return Inspection(view: view, flags: parsed.flags, values: parsed.values, state: state, before: before)
    }
}
