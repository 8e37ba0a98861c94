import ReuseEngine

extension EngineError {
    /// The sentence users read: the engine's own wording
    /// (``EngineError/description``), so a library client and the shell
    /// print the same text for the same error.
    var message: String { description }

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
        case .definitionPastLimit(let name, _): return .name(name)
        case .tooManyInstances(let roots, _, _): return roots.first.map(ErrorSubject.containing)
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
        case .unknownStrategy(let name, _, _): return .name(name)
        case .nothingMounted: return .mountedPath
        case .emptyIdentifier: return .value("")
        case .undefinedChild(let parent, _, _): return .containing(parent)
        case .unknownOption(_, let option, _): return .name(option)
        case .unregisteredCell(let list, _): return .containing(list)
        case .registrationInCellProvider(let list, _): return .containing(list)
        case .notACell(_, let cell, _): return .name(cell)
        case .notInAListRow(let path): return .path(path)
        case .itemsOutOfRange(let path, _, _): return .path(path)
        case .noViewForState(let path, _): return .path(path)
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
