/// A view whose class is not the one its instance's configuration asks for:
/// UIKit's "wrong cell type" (an identifier registered to another class),
/// which an app that force-casts the dequeued cell crashes on.
public struct ClassMismatch: Sendable, Equatable {
    public var view: ViewID
    /// The instance holding it.
    public var path: ComponentPath
    public var component: String
    /// The class the configuration asks for.
    public var asked: String
    /// The class the view is.
    public var actual: String
}

extension Engine {
    /// Every visible view held by a mounted instance whose class differs from
    /// what its configuration asks for, in tree order.
    public func classMismatches() -> [ClassMismatch] {
        instances.compactMap { node in
            guard let id = node.view, store.visibility(of: id) == .visible, let attached = store[id].attached,
                  attached.viewClass != store[id].viewClass else { return nil }
            return ClassMismatch(view: id, path: node.path, component: node.name, asked: attached.viewClass, actual: store[id].viewClass)
        }
    }
}
