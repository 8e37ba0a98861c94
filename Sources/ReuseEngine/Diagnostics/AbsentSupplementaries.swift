/// A list's header or footer that should show and shows nothing: the
/// system gave it no view (UIKit's `dequeueReusableHeaderFooterView`
/// returns nil for an identifier nobody registered, and the table shows an
/// empty header). Not a broken invariant: `check` lists it so that the
/// outcome is never silent.
public struct AbsentSupplementary: Sendable, Equatable, CustomStringConvertible {
    /// The list's instance.
    public var list: ComponentPath
    /// The list's type, which `register` names.
    public var listType: String
    /// The header's or footer's component type.
    public var component: String
    public var isHeader: Bool
    /// No registration names it: registering it is the fix.
    public var isUnregistered: Bool
    /// The strategy that gave it no view.
    public var strategy: String

    /// `Feed's header Banner shows nothing: under uikit its identifier is not registered …; fix: 'register Feed Banner'`
    public var description: String {
        let what = "\(list.display)'s \(isHeader ? "header" : "footer") \(component) shows nothing"
        guard isUnregistered else { return what + ": \(strategy) gave it no view" }
        return what + ": under \(strategy) its identifier is not registered, so dequeueReusableHeaderFooterView "
            + "returns nil and the list leaves the space empty; fix: 'register \(listType) \(component)'"
    }
}

extension Engine {
    /// Headers shown while a list's window starts at row 0, and footers while
    /// it reaches the last row, that have no view. In instance order.
    public func absentSupplementaries() -> [AbsentSupplementary] {
        guard !session.definitionsPending else { return [] }
        var absent: [AbsentSupplementary] = []
        for node in instances where !node.isHidden {
            guard let host = node.view, let declared = catalog.mountable[node.name]?.list,
                  let content = session.store[host].list else { continue }
            let spec = withItems(declared, at: node.path)
            let shown = content.rows
            // Only what the system refuses a view (its key is nil), not what the user hid.
            func refused(_ component: String) -> Bool {
                guard let configuration = configurationFromScratch(of: component, at: node.path, row: nil) else { return false }
                return session.strategy.cells.key(component, configuration, list: node.name, catalog: catalog) == nil
            }
            if let header = spec.header, shown.lowerBound == 0, content.header == nil, refused(header) {
                absent.append(AbsentSupplementary(list: node.path, listType: node.name, component: header, isHeader: true,
                                                  isUnregistered: catalog.registration(list: node.name, cell: header) == nil,
                                                  strategy: session.strategy.name))
            }
            if let footer = spec.footer, shown.upperBound >= spec.rows, content.footer == nil, refused(footer) {
                absent.append(AbsentSupplementary(list: node.path, listType: node.name, component: footer, isHeader: false,
                                                  isUnregistered: catalog.registration(list: node.name, cell: footer) == nil,
                                                  strategy: session.strategy.name))
            }
        }
        return absent
    }
}
