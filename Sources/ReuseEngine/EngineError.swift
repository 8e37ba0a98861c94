/// Why the engine refused an operation. A refused operation changes nothing.
public enum EngineError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownComponent(String, suggestion: String?)
    case unknownViewClass(String, suggestion: String?)
    case unknownAttribute(String, suggestion: String?)
    case invalidValue(attribute: String, ValueError)
    case duplicateAttribute(String)
    case recursiveDefinition([String])
    case builtInRedefinition(kind: String, name: String)
    case nameTaken(String, by: String)
    case listCellWithoutView(list: String, cell: String)
    case invalidListSize(String)
    case noSuchPath(String, suggestion: String?)
    case rowNotVisible(list: String, row: Int, visible: Range<Int>)
    case notAList(String)
    case alreadyHidden(String)
    case notHidden(String, hidden: [String])
    case noView(String)
    case unknownView(String)
    case viewNotHeld(ViewID)
    case unknownStrategy(String, suggestion: String?)
    case nothingMounted
    case outOfRange(attribute: String, value: String, range: ClosedRange<Double>)
    case emptyIdentifier
    case rootIsNotAComponent
    case listTakesNoAttributes(String)
    case undefinedChild(parent: String, child: String, suggestion: String?)
    case unknownOption(strategy: String, option: String, known: [String])
    case unregisteredCell(list: String, identifier: String)
    case unregisteredHeaderFooter(list: String, identifier: String)
    case notACell(list: String, cell: String, cells: [String])

    /// The text in the user's input that the error is about (for the caret).
    public var subject: String? {
        switch self {
        case .unknownComponent(let name, _), .unknownViewClass(let name, _), .unknownAttribute(let name, _),
             .duplicateAttribute(let name), .builtInRedefinition(_, let name), .nameTaken(let name, _),
             .noSuchPath(let name, _), .notAList(let name), .alreadyHidden(let name), .notHidden(let name, _),
             .noView(let name), .unknownView(let name), .unknownStrategy(let name, _):
            return name
        case .invalidValue(_, let error): return error.raw
        case .recursiveDefinition(let cycle): return cycle.dropFirst().first
        case .listCellWithoutView(let list, _): return list
        case .invalidListSize(let text): return text
        case .rowNotVisible(let list, let row, _): return "\(list)/\(row)"
        case .viewNotHeld(let view): return view.description
        case .nothingMounted: return nil
        case .outOfRange(_, let value, _): return value
        case .emptyIdentifier: return ""
        case .rootIsNotAComponent: return "v1"
        case .listTakesNoAttributes(let path): return path
        case .undefinedChild(let parent, _, _): return parent
        case .unknownOption(_, let option, _): return option
        case .unregisteredCell(let list, _), .unregisteredHeaderFooter(let list, _): return list
        case .notACell(_, let cell, _): return cell
        }
    }

    public var description: String {
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
        case .recursiveDefinition(let cycle):
            return "recursive definition: " + cycle.joined(separator: " -> ")
        case .builtInRedefinition(let kind, let name):
            return "'\(name)' is a built-in \(kind) and cannot be redefined; choose another name"
        case .nameTaken(let name, let other):
            return "'\(name)' is already \(other)"
        case .listCellWithoutView(let list, let cell):
            return "list '\(list)' needs cells with a view, but '\(cell)' has none (give it 'view CLASS')"
        case .invalidListSize(let text):
            return text
        case .noSuchPath(let path, let suggestion):
            return "no mounted component at '\(path)'\(hint(suggestion))"
        case .rowNotVisible(let list, let row, let visible):
            let shown = visible.isEmpty ? "none are" : "rows \(visible.lowerBound)-\(visible.upperBound - 1) are"
            return "row \(row) of '\(list)' is not on screen (\(shown)); scroll to it first"
        case .notAList(let path):
            return "'\(path)' is not a list"
        case .alreadyHidden(let path):
            return "'\(path)' is already hidden"
        case .notHidden(let path, let hidden):
            return "'\(path)' is not hidden" + (hidden.isEmpty ? "" : " (hidden: " + hidden.joined(separator: ", ") + ")")
        case .noView(let path):
            return "'\(path)' has no view, so it has no attributes to set"
        case .unknownView(let text):
            return "no view '\(text)'"
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
            return "'\(path)' is a list: its UIScrollView takes no attributes (set them on its rows, e.g. '\(path)/0')"
        case .undefinedChild(let parent, let child, let suggestion):
            return "'\(parent)' refers to '\(child)', which is not defined\(hint(suggestion)) (define it, or redefine '\(parent)')"
        case .unknownOption(let strategy, let option, let known):
            return known.isEmpty ? "strategy \(strategy) takes no options, not '\(option)'"
                : "strategy \(strategy) has no option '\(option)' (options: " + known.joined(separator: ", ") + ")"
        case .unregisteredHeaderFooter(let list, let identifier):
            return "unable to dequeue a header/footer view with identifier \(identifier) - must register a nib or a class for the identifier (list '\(list)'; write 'register \(list) \(identifier)')"
        case .unregisteredCell(let list, let identifier):
            return "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier (list '\(list)'; write 'register \(list) \(identifier)')"
        case .notACell(let list, let cell, let cells):
            return "'\(cell)' is not a cell of list '\(list)' (its cells: " + cells.joined(separator: ", ") + ")"
        }
    }
}
