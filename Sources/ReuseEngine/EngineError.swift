/// Why the engine refused an operation, with typed subjects.
///
/// A refused operation changes nothing: the engine is exactly as it was
/// before the call. Each case carries what the error is about (a name, a
/// path, a view, a limit) so a client can react to it; its
/// ``description`` is the sentence the `reuse-shell` prints for it, word for
/// word, with a "did you mean" hint where one of the case's suggestions
/// applies:
///
/// ```swift
/// do {
///     try engine.mount("Crad")  // a typo for Card
/// } catch {
///     print(error)  // unknown component 'Crad'; did you mean 'Card'?
/// }
/// ```
public enum EngineError: Error, Equatable, Sendable {
    /// No component type of that name is defined; `suggestion` is the nearest defined name.
    case unknownComponent(String, suggestion: String?)
    /// No view class of that name is declared; `suggestion` is the nearest declared one.
    case unknownViewClass(String, suggestion: String?)
    /// No attribute of that name is declared; `suggestion` is the nearest declared one.
    case unknownAttribute(String, suggestion: String?)
    /// A value the attribute's kind cannot read (`alpha: high`).
    case invalidValue(attribute: String, ValueError)
    /// One attribute given twice in one configuration or class declaration.
    case duplicateAttribute(String)
    /// A definition that would contain itself: the cycle, from the type back to it.
    case recursiveDefinition([String])
    /// A tree nesting deeper than ``Catalog/maximumDepth``: its deepest chain of types.
    case tooDeep([String], limit: Int)
    /// A tree with more instances than ``Catalog/maximumInstances``: the
    /// roots mounted together, and what they count (`count` saturates at
    /// `Int.max`).
    case tooManyInstances([String], count: Int, limit: Int)
    /// A definition refused because the mounted tree would pass a limit
    /// with it (`tooDeep` or `tooManyInstances`): the type defined, and why.
    indirect case definitionPastLimit(String, EngineError)
    /// More definitions, or children in one definition, than the catalogue takes.
    case tooMany(CatalogLimit, count: Int, limit: Int)
    /// The client's interruption check stopped the operation; nothing changed.
    case interrupted
    /// A declaration that would replace a built-in attribute or view class.
    case builtInRedefinition(Declaration, name: String)
    /// A list whose cell type has no view to dequeue.
    case listCellWithoutView(list: String, cell: String)
    /// A list with rows or a viewport out of bounds, or no cell types.
    case invalidListSize(ListSizeProblem)
    /// No mounted instance at the path; `suggestion` is the nearest mounted name at the failing level.
    case noSuchPath(ComponentPath, suggestion: String?)
    /// A row of a list that is not in its window now (`visible` is the window).
    case rowNotVisible(list: ComponentPath, row: Int, visible: Range<Int>)
    /// A scroll or list reload aimed at an instance that is not a list.
    case notAList(ComponentPath)
    /// A `hide` of an instance already hidden.
    case alreadyHidden(ComponentPath)
    /// A `show` of an instance that is not hidden; `hidden` lists those that are.
    case notHidden(ComponentPath, hidden: [ComponentPath])
    /// A `set` on an instance without a view, so without attributes.
    case noView(ComponentPath)
    /// No view has that id.
    case unknownView(ViewID)
    /// The view is held by no mounted instance (hidden, or in a hidden parent).
    case viewNotHeld(ViewID)
    /// No strategy of that name; `suggestion` is the nearest name, `known`
    /// the names there are (the registry's, or a shell's own list).
    case unknownStrategy(String, suggestion: String?, known: [String] = StrategyRegistry.names)
    /// An operation that needs a mounted tree before any `mount`.
    case nothingMounted
    /// A number outside the attribute's range (`alpha` is 0 to 1).
    case outOfRange(attribute: String, value: String, range: ClosedRange<Double>)
    /// A cell registration under an empty reuse identifier.
    case emptyIdentifier
    /// The root host view named where a component is expected.
    case rootIsNotAComponent
    /// A `set` on a list: its scroll view takes no attributes.
    case listTakesNoAttributes(ComponentPath)
    /// A mounted definition refers to a type that is not defined.
    case undefinedChild(parent: String, child: String, suggestion: String?)
    /// A strategy option the strategy does not take; `known` lists the ones it does.
    case unknownOption(strategy: String, option: String, known: [String])
    /// UIKit: a list dequeues a cell under an identifier nothing was registered for.
    case unregisteredCell(list: String, identifier: String)
    /// UIKit diffable, iOS 15 on: a cell of a list dequeued with a
    /// registration made inside the cell provider (none was made up front).
    case registrationInCellProvider(list: String, cell: String)
    /// A registration of a type that is not among the list's cells, header or footer.
    case notACell(list: String, cell: String, cells: [String])
    /// A row reload of an instance that is not inside a list row.
    case notInAListRow(ComponentPath)
    /// An `insert` or `delete` outside the list's rows (`rows`: how many it has).
    case itemsOutOfRange(ComponentPath, change: ItemChange, rows: Int)
    /// `state` on an instance that shows no view where the strategy keeps
    /// state on views.
    case noViewForState(ComponentPath, strategy: String)
    /// A load delay outside ``LoadTemplate/delays``.
    case invalidLoadDelay(Int)
    /// A view without that property; `suggestion` is the nearest property it has.
    case noSuchProperty(ViewID, property: String, suggestion: String?)
    /// A built-in attribute on a view class without that property (`text` on a UIView).
    case notAPropertyOfClass(attribute: String, viewClass: String, classesWithIt: [String])

    /// What a redeclaration tried to replace.
    public enum Declaration: String, Sendable {
        /// An attribute.
        case attribute
        /// A view class.
        case viewClass = "view class"
    }

    /// A limit on what a catalogue holds.
    public enum CatalogLimit: Equatable, Sendable {
        /// The number of component types (``Catalog/maximumComponents``).
        case components
        /// The number of children or cell types one definition names (``Catalog/maximumChildren``).
        case children(of: String)
    }

    /// What is wrong with a list's size.
    public enum ListSizeProblem: Equatable, Sendable {
        /// Rows below 0 or above ``ListSpec/maximumRows``.
        case rows(Int)
        /// A viewport below 1 or above ``ListSpec/maximumViewport``.
        case viewport(Int)
        /// No cell types.
        case noCells
    }
}

extension EngineError: CustomStringConvertible {
    /// The sentence users read, with a suggestion or the way out where one
    /// helps: what `reuse-shell` prints after `error:`, word for word.
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
        case .definitionPastLimit(let name, let reason):
            return "the definition of '\(name)' is refused: with it, \(reason.description); the tree is as it was"
        case .tooManyInstances(let roots, let count, let limit):
            let many = count == .max ? "more than \(Int.max)" : "\(count)"
            let who = roots.count == 1 ? "'\(roots[0])' would mount" : "mounting '\(roots.joined(separator: " "))' would make"
            return "\(who) \(many) component instances (shared children multiply); a mounted tree may hold at most \(limit)"
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
        case .unknownStrategy(let name, let suggestion, let known):
            return "unknown strategy '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" }
                ?? " (strategies: " + known.joined(separator: ", ") + ")")
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
        case .registrationInCellProvider(let list, let cell):
            return "NSInternalInconsistencyException: Attempted to dequeue a cell using a registration that was created inside -collectionView:cellForItemAtIndexPath: or inside a UICollectionViewDiffableDataSource cell provider (list '\(list)', cell \(cell); make the registration once, up front: write 'register \(list) \(cell)', or 'os 14' for the silent pile-up)"
        case .notACell(let list, let cell, let cells):
            return "'\(cell)' is not a cell of list '\(list)' (its cells: " + cells.joined(separator: ", ") + ")"
        case .notInAListRow(let path):
            return "'\(path.display)' is not in a list row: reload reconfigures one row of a list, or a whole list named by its PATH ('remount' runs a full pass)"
        case .itemsOutOfRange(let path, let change, let rows):
            switch change {
            case .insert(let row, let count):
                if count < 1 { return "insert adds at least one item, not \(count)" }
                return "'\(path.display)' has \(rows) rows: insert at 0 to \(rows), not \(row)"
                    + (rows > ListSpec.maximumRows - count ? " (a list holds at most \(ListSpec.maximumRows) rows)" : "")
            case .delete(let row, let count):
                if count < 1 { return "delete removes at least one item, not \(count)" }
                return rows == 0 ? "'\(path.display)' has no rows to delete"
                    : "'\(path.display)' has \(rows) rows (0 to \(rows - 1)): delete at \(row) count \(count) reaches row \(row + count - 1)"
            }
        case .noViewForState(let path, let strategy):
            return "'\(path.display)' shows no view: under \(strategy) its state lives on its view"
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
}
