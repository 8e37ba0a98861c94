import Foundation
import ReuseEngine

/// `expect`: states a fact about the live state and fails when it does not
/// hold, so lessons can end with exercises that check themselves.
enum ExpectCommand {
    static let statNames = Stat.expectable.map(\.name)

    /// Whether a shown property reads as `written`: `red`, `"Hello"` or
    /// `Hello`, `[a, b]` for entries.
    static func property(_ shown: PropertyValue, matches written: String) -> Bool {
        switch shown {
        case .value(let value):
            if case .number(let number) = value, let expected = Double(written) { return number == expected }
            return value.plain == written || value.description == written
        case .entries(let entries):
            var text = Substring(written)
            guard text.first == "[", text.last == "]" else { return false }
            text = text.dropFirst().dropLast()
            let items = text.split(separator: ",").map { item -> String in
                var trimmed = item.trimmingCharacters(in: .whitespaces)
                if trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"" { trimmed = String(trimmed.dropFirst().dropLast()) }
                return trimmed
            }
            return items == entries.map(\.plain)
        }
    }

    /// Whether a pool key is the one `name` names: its component, its view
    /// class (a key of class alone, naive's), or the identifier its cells
    /// were registered under (UIKit's `(identifier Ad)`, DivKit's reuse_id).
    static func key(_ key: ViewKey, isNamed name: String) -> Bool {
        if key.component == name || (key.component == nil && key.viewClass == name) { return true }
        switch key.qualifier {
        case .cellIdentifier(let identifier)?, .headerFooterIdentifier(let identifier)?, .reuseID(let identifier)?: return identifier == name
        default: return false
        }
    }

    static let spec = CommandSpec(
        name: "expect", group: .inspect,
        usage: """
        expect VIEW hidden|visible|removed   expect VIEW PROPERTY VALUE   expect leaks N
        expect PATH holds VIEW       expect pool VIEW COMPONENT N   expect PATH state NAME VALUE
        expect stat NAME N [--pass P]
        """,
        summary: "check a fact about the live state (for exercises)",
        details: """
        expect v3 hidden               the view waits hidden (a PATH works for a view)
        expect v3 removed              the view was thrown away, not kept hidden
        expect v3 tap [like, open]     the view's handlers, in order
        expect v2 backgroundColor red  the view shows this property value
        expect Card[1] holds v3        the component holds that view
        expect pool v1 Foo 2           v1's pools for component Foo hold 2 views
        expect stat created 3          a running total (see below)
        expect stat applied 2 --pass 3  what pass 3 alone counted
        expect Feed/3 state liked true the component's UI state ('none': unset)
        expect leaks 0                 the number of leaks (state included)
        Stats: \(statNames.joined(separator: ", ")).
        With --bail, a failed expectation stops the script there.
        """,
        example: "expect stat created 2"
    ) { (arguments, shell) throws(ShellError) in
        let subject = try arguments.word("what to check (a view, a PATH, pool, stat or leaks)")
        let engine = shell.engine
        func fail(_ message: String, _ token: Token) -> ShellError {
            ShellError("expectation failed: \(message)", at: token)
        }
        func count(_ what: String) throws(ShellError) -> (Int, Token) {
            try arguments.integer(what, in: 0...Int.max)
        }
        switch subject.text {
        case "stat":
            let name = try arguments.word("a stat name")
            let (expected, token) = try count("the expected value")
            // `--pass N`: one pass's own count rather than the running total.
            var pass: PassSummary?
            if arguments.accept("--pass") {
                pass = try shell.passSummary(from: try arguments.word("a pass number"), for: "expect")
            }
            try arguments.end()
            guard let stat = Stat.expectable.first(where: { $0.name == name.text }) else {
                let hint = closestName(to: name.text, in: statNames).map { "; did you mean '\($0)'?" } ?? ""
                throw ShellError("expect: unknown stat '\(name.text)'\(hint)", at: name)
            }
            if pass != nil, !stat.isCounted {
                throw ShellError("expect: \(name.text) measures the state, it is not counted per pass (drop --pass)", at: name)
            }
            let actual = pass.map { $0.counts[stat] } ?? engine.statistics[stat]
            let scope = pass.map { " in pass \($0.pass)" } ?? ""
            guard actual == expected else { throw fail("\(name.text)\(scope) is \(actual), expected \(expected)", token) }
            shell.emit("ok: \(name.text)\(scope) is \(actual)")
        case "leaks":
            let (expected, token) = try count("the expected number of leaks")
            try arguments.end()
            let leaks = engine.leaks().map(\.description) + engine.stateLeaks().map(\.description)
            guard leaks.count == expected else {
                let first = leaks.first.map { " (first: \($0))" } ?? ""
                throw fail("\(leaks.count) leak\(leaks.count == 1 ? "" : "s"), expected \(expected)\(first)", token)
            }
            shell.emit("ok: \(leaks.count) leak\(leaks.count == 1 ? "" : "s")")
        case "pool":
            let parentToken = try arguments.word("a parent view")
            let parent = try shell.viewID(from: parentToken)
            let component = try arguments.name("a component or view class")
            let (expected, token) = try count("the expected number of views")
            try arguments.end()
            let pools = engine.views[parent].pools.filter { key, _ in ExpectCommand.key(key, isNamed: component.text) }
            guard !pools.isEmpty || expected == 0 else {
                let known = engine.views[parent].pools.keys.compactMap { $0.component ?? $0.viewClass }
                let hint = closestName(to: component.text, in: known).map { "; did you mean '\($0)'?" } ?? ""
                throw fail("\(parent) has no pool for '\(component.text)'\(hint)", component)
            }
            let actual = pools.values.reduce(0) { $0 + $1.views.count }
            guard actual == expected else {
                throw fail("\(parent)'s pools for \(component.text) hold \(actual) view\(actual == 1 ? "" : "s"), expected \(expected)", token)
            }
            shell.emit("ok: \(parent)'s pools for \(component.text) hold \(actual) view\(actual == 1 ? "" : "s")")
        default:
            if arguments.peekIsWord("state") {
                let path = try shell.mountedPath(from: subject)
                try arguments.keyword("state")
                let name = try arguments.name("state name")
                let value = try arguments.value("the expected value ('none': not set)")
                try arguments.end()
                let state: ComponentState
                do throws(EngineError) {
                    state = try engine.state(at: path)
                } catch {
                    throw shell.located(error, in: arguments)
                }
                let shown = state.values[name.text]
                let expected = value.text
                guard (shown?.value ?? "none") == expected else {
                    let actual = shown.map { "\($0.value) (set by \($0.origin))" } ?? "not set"
                    throw fail("\(path) state \(name.text) is \(actual), expected \(expected)", value)
                }
                shell.emit("ok: \(path) state \(name.text) is " + (shown.map { "\($0.value) (set by \($0.origin))" } ?? "not set"))
                return
            }
            if !arguments.peekIsWord("holds") {
                // A view id, or a PATH standing for the view its component holds.
                let id = try shell.viewID(from: subject)
                let view = engine.views[id]
                let what = try arguments.word("hidden, visible or a property name")
                switch what.text {
                case "hidden", "visible", "removed":
                    try arguments.end()
                    let state = engine.views.visibility(of: id)
                    // Hidden means waiting in a pool (or inside a hidden view): a
                    // removed view is not hidden, so a learner who believes views
                    // are removed fails `expect VIEW hidden`.
                    let holds = switch what.text {
                    case "visible": state.isVisible
                    case "removed": state == .removed
                    default: !state.isVisible && state != .removed
                    }
                    guard holds else {
                        throw fail("\(id) is \(state), expected \(what.text)", what)
                    }
                    shell.emit("ok: \(id) is \(state)")
                default:
                    var value = try arguments.value("the expected value of \(what.text)")
                    // Entries may be written bare: `[archive, delete]` (the
                    // commas are separate tokens).
                    if value.kind == .word, value.text.hasPrefix("["), !value.text.hasSuffix("]") {
                        while let next = arguments.next() {
                            value.text += next.text == "," ? "," : " " + next.text
                            value.length = next.column + next.length - value.column
                            if next.text.hasSuffix("]") { break }
                        }
                    }
                    try arguments.end()
                    guard let shown = view.properties[what.text] else {
                        let hint = closestName(to: what.text, in: view.properties.keys).map { "; did you mean '\($0)'?" } ?? ""
                        throw ShellError("expect: \(id) has no property '\(what.text)'\(hint)", at: what)
                    }
                    let matches = ExpectCommand.property(shown, matches: value.text)
                    let expected = value.isQuoted ? quoted(value.text) : value.text
                    guard matches else { throw fail("\(id) \(what.text) is \(shown), expected \(expected)", value) }
                    shell.emit("ok: \(id) \(what.text) is \(shown)")
                }
                return
            }
            let path = try shell.mountedPath(from: subject)
            try arguments.keyword("holds")
            let viewToken = try arguments.word("a view id")
            let id = try shell.viewID(from: viewToken)
            try arguments.end()
            let held = (try? engine.resolve(path))?.view
            guard held == id else {
                throw fail("\(path) holds \(held?.description ?? "no view"), expected \(id)", viewToken)
            }
            shell.emit("ok: \(path) holds \(id)")
        }
    }
}
