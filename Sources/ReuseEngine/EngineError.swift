/// Why the engine refused an operation, with typed subjects. A refused
/// operation changes nothing. The words users read are ReuseShell's.
public enum EngineError: Error, Equatable, Sendable {
    case unknownComponent(String, suggestion: String?)
    case unknownViewClass(String, suggestion: String?)
    case unknownAttribute(String, suggestion: String?)
    case invalidValue(attribute: String, ValueError)
    case duplicateAttribute(String)
    case recursiveDefinition([String])
    /// A tree nesting deeper than ``Catalog/maximumDepth``: its deepest chain of types.
    case tooDeep([String], limit: Int)
    /// A tree with more instances than ``Catalog/maximumInstances`` (`count`
    /// saturates at `Int.max`).
    case tooManyInstances(String, count: Int, limit: Int)
    /// More definitions, or children in one definition, than the catalogue takes.
    case tooMany(CatalogLimit, count: Int, limit: Int)
    /// The client's interruption check stopped the operation; nothing changed.
    case interrupted
    case builtInRedefinition(Declaration, name: String)
    case listCellWithoutView(list: String, cell: String)
    case invalidListSize(ListSizeProblem)
    case noSuchPath(ComponentPath, suggestion: String?)
    case rowNotVisible(list: ComponentPath, row: Int, visible: Range<Int>)
    case notAList(ComponentPath)
    case alreadyHidden(ComponentPath)
    case notHidden(ComponentPath, hidden: [ComponentPath])
    case noView(ComponentPath)
    case unknownView(ViewID)
    case viewNotHeld(ViewID)
    case unknownStrategy(String, suggestion: String?)
    case nothingMounted
    case outOfRange(attribute: String, value: String, range: ClosedRange<Double>)
    case emptyIdentifier
    case rootIsNotAComponent
    case listTakesNoAttributes(ComponentPath)
    case undefinedChild(parent: String, child: String, suggestion: String?)
    case unknownOption(strategy: String, option: String, known: [String])
    case unregisteredCell(list: String, identifier: String)
    case notACell(list: String, cell: String, cells: [String])
    case notInAListRow(ComponentPath)
    case invalidLoadDelay(Int)
    case noSuchProperty(ViewID, property: String, suggestion: String?)
    /// A built-in attribute on a view class without that property (`text` on a UIView).
    case notAPropertyOfClass(attribute: String, viewClass: String, classesWithIt: [String])

    /// What a redeclaration tried to replace.
    public enum Declaration: String, Sendable {
        case attribute
        case viewClass = "view class"
    }

    /// A limit on what a catalogue holds.
    public enum CatalogLimit: Equatable, Sendable {
        case components
        case children(of: String)
    }

    /// What is wrong with a list's size.
    public enum ListSizeProblem: Equatable, Sendable {
        case rows(Int)
        case viewport(Int)
        case noCells
    }
}
