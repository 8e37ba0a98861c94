/// A view whose class is not the one its instance's configuration asks for:
/// UIKit's "wrong cell type" (an identifier registered to another class),
/// which an app that force-casts the dequeued cell crashes on.
public struct ClassMismatch: Sendable, Equatable {
    /// The view.
    public var view: ViewID
    /// The instance holding it.
    public var path: ComponentPath
    /// The instance's component type.
    public var component: String
    /// The class the configuration asks for.
    public var asked: String
    /// The class the view is.
    public var actual: String
    /// When the view is a registered list cell: the identifier its component
    /// dequeues with, and the cell type that identifier makes now.
    public var identifier: String?
    /// The cell type that identifier makes now.
    public var identifierMakes: String?
    /// The list type it is a cell of, if any.
    public var list: String?
}

extension Engine {
    /// Every visible view held by a mounted instance whose class differs from
    /// what its configuration asks for, in tree order.
    public func classMismatches() -> [ClassMismatch] {
        instances.compactMap { node in
            guard let id = node.view, session.store.visibility(of: id) == .visible, let attached = session.store[id].attached,
                  attached.viewClass != session.store[id].viewClass else { return nil }
            let list = session.store[id].superview.flatMap { session.store[$0].list != nil ? session.store[$0].ownerComponent : nil }
            let dequeued = list.flatMap { catalog.dequeued(cell: node.name, list: $0) }
            return ClassMismatch(view: id, path: node.path, component: node.name, asked: attached.viewClass, actual: session.store[id].viewClass,
                                 identifier: dequeued?.identifier, identifierMakes: dequeued?.makes, list: list)
        }
    }
}
