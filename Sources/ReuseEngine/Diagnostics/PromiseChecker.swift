/// The speed hints a strategy's policies give (``Keying/isPure``,
/// ``Keying/readsValues``, ``CellReuse/keying``), held to what the policies
/// do: the engine's shortcuts trust them, so a wrong one is a wrong answer
/// that no invariant would catch.
extension Strategy {
    /// What the policies promise and do not keep, one sentence each (empty
    /// when every promise holds), found by asking the keyings for the keys
    /// of `samples` random pairs of configurations (the same view class and
    /// attribute names, other values) in catalogues that differ in what a
    /// key could read.
    public func brokenPromises(samples: Int = 200, seed: UInt64 = 3) -> [String] {
        var broken: [String] = []
        let catalogs = PromiseSamples.catalogs()
        let pairs = PromiseSamples.pairs(count: samples, seed: seed)
        var keyings: [(role: String, keying: any Keying)] = [("keying", keying)]
        if let cellKeying = traits.cellKeying { keyings.append(("cells' keying", cellKeying)) }
        if let subviewKeying = traits.subviewKeying { keyings.append(("cell subviews' keying", subviewKeying)) }
        for (role, keying) in keyings {
            let named = "\(name): \(role) \(type(of: keying))"
            if keying.isPure && keying.readsValues { broken.append("\(named) says it is pure and that it reads values") }
            for (a, b) in pairs {
                for component in ["Cell", "Other"] {
                    let keys = catalogs.map { keying.key(component, a, catalog: $0) }
                    if keying.isPure, keys.contains(where: { $0 != keys[0] }) {
                        broken.append("\(named) says it is pure, but its key of \(component) \(a) reads the catalogue")
                        return broken
                    }
                    if keying is any KeyReadsOnlyItsConfiguration, keys.contains(where: { $0 != keys[0] }) {
                        broken.append("\(named) says its key reads only its configuration, but its key of \(component) \(a) reads the catalogue")
                        return broken
                    }
                    if !keying.readsValues,
                       catalogs.contains(where: { keying.key(component, a, catalog: $0) != keying.key(component, b, catalog: $0) }) {
                        broken.append("\(named) says it reads no values, but keys \(component) \(a) and \(b) apart")
                        return broken
                    }
                }
            }
        }
        if let cellKeying = traits.cellKeying {
            for (configuration, _) in pairs {
                for catalog in catalogs {
                    for list in ["Feed", "Other", ""]
                    where cells.key("Cell", configuration, list: list, catalog: catalog) != cellKeying.key("Cell", configuration, catalog: catalog) {
                        broken.append("\(name): cells name \(type(of: cellKeying)) as their keying, but key Cell "
                            + "\(configuration) in list '\(list)' otherwise")
                        return broken
                    }
                }
            }
        }
        return broken
    }
}

/// The samples ``Strategy/brokenPromises(samples:seed:)`` asks keys of.
enum PromiseSamples {
    /// The attributes the conformance kit's sessions set, and more.
    static let names = ["alpha", "text", "score", "swipe", "tap", "backgroundColor", "image", "title"]
    static let values: [AttributeValue] = [.number(0.5), .number(1), .text("a"), .text("b")]

    /// Catalogues that differ in what a keying could read: declared
    /// attributes, an unapplicator, view classes, a list and a registration.
    static func catalogs() -> [Catalog] {
        var plain = Catalog()
        try? plain.define(ComponentDefinition(name: "Cell", body: .component(view: nil, children: [])))
        var richer = plain
        try? richer.declare(AttributeDefinition(name: "score", kind: .number, hasUnapplicator: true))
        try? richer.declare(AttributeDefinition(name: "swipe", effect: .adds))
        try? richer.declareViewClass("Badge", defaults: [("alpha", "1", false)])
        try? richer.define(ComponentDefinition(name: "Feed", body: .list(ListSpec(rows: 3, viewport: 2, cells: ["Cell"]))))
        _ = try? richer.register(list: "Feed", cell: "Cell", identifier: "X")
        return [plain, richer]
    }

    /// Random configurations in pairs: the same class and attribute names, other values.
    static func pairs(count: Int, seed: UInt64) -> [(ViewConfiguration, ViewConfiguration)] {
        var random = SplitMix(state: seed)
        return (0..<count).map { _ in
            let chosen = Array(names.shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random)))
            let viewClass = ["UIView", "UILabel", "Badge"][Int.random(in: 0..<3, using: &random)]
            func made() -> ViewConfiguration {
                ViewConfiguration(viewClass: viewClass, attributes: chosen.map {
                    Attribute($0, values[Int.random(in: 0..<values.count, using: &random)])
                })
            }
            return (made(), made())
        }
    }
}
