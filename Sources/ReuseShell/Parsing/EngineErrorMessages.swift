import ReuseEngine

extension EngineError {
    /// The sentence users read, with a suggestion or the way out where one helps.
    var message: String {
        func hint(_ suggestion: String?) -> String { suggestion.map { "; did you mean '\($0)'?" } ?? "" }
        switch self {
        case .unknownComponent(let name, let suggestion):
            return "unknown component '\(name)'\(hint(suggestion))"
        case .unknownViewClass(let name, let suggestion):
            return "unknown view class '\(name)'\(hint(suggestion))" + (suggestion == nil ? " (declare it with 'view \(name)')" : "")
        case .unknownAttribute(let name, let suggestion):
            return "unknown attribute '\(name)'\(hint(suggestion))" + (suggestion == nil ? " (declare it with 'attribute \(name)')" : "")
        case .invalidValue(let attribute, let error):
            let what: String
            switch error.kind {
            case .number: what = "a number"
            case .bool: what = "true or false"
            case .color: what = "a colour name or #rrggbb"
            case .text: what = "text"
            }
            return "'\(error.raw)' is not a valid value for \(attribute): expected \(what)\(hint(error.suggestion))"
        case .duplicateAttribute(let name):
            return "attribute '\(name)' is given twice"
        case .notAPropertyOfClass(let attribute, let viewClass, let owners):
            let has = owners.isEmpty ? "" : ": " + owners.joined(separator: " and ") + (owners.count == 1 ? " has it" : " have it")
            return "'\(attribute)' is not a property of \(viewClass)\(has) (or declare a class with it: view NAME { \(attribute): ... })"
        case .recursiveDefinition(let cycle):
            return "recursive definition: " + EngineError.chain(cycle)
        case .tooDeep(let chain, let limit):
            return "'\(chain.first ?? "")' nests \(chain.count) levels deep (\(EngineError.chain(chain))); "
                + "a mounted tree may nest at most \(limit) levels"
        case .interrupted:
            return "interrupted: the command was taken back, nothing changed"
        case .tooMany(.components, _, let limit):
            return "a session may define at most \(limit) component types"
        case .tooMany(.children(let name), let count, let limit):
            return "'\(name)' names \(count) children; a component may have at most \(limit)"
        case .tooManyInstances(let name, let count, let limit):
            let many = count == .max ? "more than \(Int.max)" : "\(count)"
            return "'\(name)' would mount \(many) component instances (shared children multiply); a mounted tree may hold at most \(limit)"
        case .builtInRedefinition(let kind, let name):
            return "'\(name)' is a built-in \(kind.rawValue) and cannot be redefined; choose another name"
        case .listCellWithoutView(let list, let cell):
            return "list '\(list)' needs cells with a view, but '\(cell)' has none (give it 'view CLASS')"
        case .invalidListSize(.rows(let rows)):
            return "rows must be between 0 and \(ListSpec.maximumRows), not \(rows)"
        case .invalidListSize(.viewport(let viewport)):
            return "viewport must be between 1 and \(ListSpec.maximumViewport), not \(viewport)"
        case .invalidListSize(.noCells):
            return "a list needs at least one cell component"
        case .noSuchPath(let path, let suggestion):
            return "no mounted component at '\(path.display)'\(hint(suggestion))"
        case .rowNotVisible(let list, let row, let visible):
            let shown = visible.isEmpty ? "none are" : "rows \(visible.lowerBound)-\(visible.upperBound - 1) are"
            return "row \(row) of '\(list.display)' is not on screen (\(shown)); scroll to it first"
        case .notAList(let path):
            return "'\(path.display)' is not a list"
        case .alreadyHidden(let path):
            return "'\(path.display)' is already hidden"
        case .notHidden(let path, let hidden):
            return "'\(path.display)' is not hidden" + (hidden.isEmpty ? "" : " (hidden: " + hidden.map(\.display).joined(separator: ", ") + ")")
        case .noView(let path):
            return "'\(path.display)' has no view, so it has no attributes to set"
        case .unknownView(let view):
            return "no view '\(view)'"
        case .viewNotHeld(let view):
            return "\(view) is not held by any component (it is hidden or in a hidden parent)"
        case .unknownStrategy(let name, let suggestion):
            return "unknown strategy '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" }
                ?? " (strategies: " + StrategyRegistry.names.joined(separator: ", ") + ")")
        case .nothingMounted:
            return "nothing is mounted; use 'mount NAME' first"
        case .outOfRange(let attribute, let value, let range):
            let upper = range.upperBound == .greatestFiniteMagnitude ? "" : " and \(AttributeValue.format(range.upperBound))"
            return upper.isEmpty ? "\(attribute) must be at least \(AttributeValue.format(range.lowerBound)), not \(value)"
                : "\(attribute) must be between \(AttributeValue.format(range.lowerBound))\(upper), not \(value)"
        case .emptyIdentifier:
            return "a reuse identifier cannot be empty"
        case .rootIsNotAComponent:
            return "v1 is the root host view, not a component; name a mounted component (see 'components')"
        case .listTakesNoAttributes(let path):
            return "'\(path.display)' is a list: its UIScrollView takes no attributes (set them on its rows, e.g. '\(path.display)/0')"
        case .undefinedChild(let parent, let child, let suggestion):
            return "'\(parent)' refers to '\(child)', which is not defined\(hint(suggestion)) (define it, or redefine '\(parent)')"
        case .unknownOption(let strategy, let option, let known):
            return known.isEmpty ? "strategy \(strategy) takes no options, not '\(option)'"
                : "strategy \(strategy) has no option '\(option)' (options: " + known.joined(separator: ", ") + ")"
        case .unregisteredCell(let list, let identifier):
            return "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier (list '\(list)'; write 'register \(list) \(identifier)')"
        case .notACell(let list, let cell, let cells):
            return "'\(cell)' is not a cell of list '\(list)' (its cells: " + cells.joined(separator: ", ") + ")"
        case .notInAListRow(let path):
            return "'\(path.display)' is not in a list row: reload reconfigures one row of a list, or a whole list named by its PATH ('remount' runs a full pass)"
        case .invalidLoadDelay(let after):
            return "a load arrives between \(LoadTemplate.delays.lowerBound) and \(LoadTemplate.delays.upperBound) passes after it starts, not \(after)"
        case .noSuchProperty(let view, let property, let suggestion):
            return "\(view) has no property '\(property)'\(hint(suggestion))"
        }
    }

    /// Names joined by arrows; a long chain shows its first and last five.
    static func chain(_ names: [String]) -> String {
        guard names.count > 12 else { return names.joined(separator: " -> ") }
        return (names.prefix(5) + ["... \(names.count - 10) more ..."] + names.suffix(5)).joined(separator: " -> ")
    }

    /// What the error is about, by the role it plays in a command, so the
    /// caret goes under the argument that plays that role.
    var subject: ErrorSubject? {
        switch self {
        case .unknownComponent(let name, _): return .name(name)
        case .unknownViewClass(let name, _): return .name(name)
        case .unknownAttribute(let name, _), .duplicateAttribute(let name): return .name(name)
        case .builtInRedefinition(_, let name): return .name(name)
        case .invalidValue(_, let error): return .value(error.raw)
        case .outOfRange(_, let value, _): return .value(value)
        case .recursiveDefinition(let cycle): return cycle.dropFirst().first.map(ErrorSubject.reference)
        case .tooDeep(let chain, _): return chain.first.map(ErrorSubject.containing)
        case .tooManyInstances(let name, _, _): return .containing(name)
        case .tooMany(.components, _, _), .interrupted: return nil
        case .tooMany(.children(let name), _, _): return .name(name)
        case .listCellWithoutView(let list, _): return .name(list)
        case .invalidListSize: return nil
        case .noSuchPath(let path, _), .notAList(let path), .alreadyHidden(let path), .notHidden(let path, _),
             .noView(let path), .listTakesNoAttributes(let path):
            return .path(path)
        case .rowNotVisible(let list, let row, _): return .path(list.appending(.row(row)))
        case .unknownView(let view), .viewNotHeld(let view): return .view(view)
        case .rootIsNotAComponent: return .view(.root)
        case .unknownStrategy(let name, _): return .name(name)
        case .nothingMounted: return .mountedPath
        case .emptyIdentifier: return .value("")
        case .undefinedChild(let parent, _, _): return .containing(parent)
        case .unknownOption(_, let option, _): return .name(option)
        case .unregisteredCell(let list, _): return .containing(list)
        case .notACell(_, let cell, _): return .name(cell)
        case .notInAListRow(let path): return .path(path)
        case .invalidLoadDelay(let after): return .value(String(after))
        case .noSuchProperty(_, let property, _): return .name(property)
        case .notAPropertyOfClass(let attribute, _, _): return .name(attribute)
        }
    }
}

/// What an engine error is about, matched against a command's arguments.
enum ErrorSubject: Equatable {
    /// A name typed as an argument (component, attribute, class, strategy, option).
    case name(String)
    /// A value typed as an argument.
    case value(String)
    /// A name a definition refers to (the last argument that names it).
    case reference(String)
    /// A path to a mounted component.
    case path(ComponentPath)
    /// A view.
    case view(ViewID)
    /// A name that may be the argument or appear inside one (a list inside a mounted tree).
    case containing(String)
    /// The command's PATH argument, if it has one (nothing is mounted to resolve it in).
    case mountedPath
}
