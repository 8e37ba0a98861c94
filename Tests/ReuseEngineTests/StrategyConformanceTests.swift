import Testing
import TestSupport
@testable import ReuseEngine

/// What each strategy's policies promise about themselves
/// (``StrategyTraits``), held to what they do, for every strategy and
/// every option it takes: the engine's shortcuts trust these promises.
@Suite struct StrategyConformanceTests {
    /// Every strategy, with its options at their defaults and at other values.
    static var strategies: [Strategy] {
        var all: [Strategy] = []
        for descriptor in StrategyRegistry.all {
            all.append(descriptor.standard)
            let changed = descriptor.defaults.map { (name: $0.name, value: $0.kind == .flag ? 1 - $0.value : $0.value + 2) }
            if let other = try? descriptor.with(options: changed) { all.append(other) }
        }
        return all
    }

    /// Catalogues that differ in what a keying could read: declared
    /// attributes, an unapplicator, view classes, registrations.
    static func catalogs() throws -> [Catalog] {
        var plain = Catalog()
        try plain.define(ComponentDefinition(name: "Cell", body: .component(view: nil, children: [])))
        var richer = plain
        try richer.declare(AttributeDefinition(name: "score", kind: .number, hasUnapplicator: true))
        try richer.declare(AttributeDefinition(name: "swipe", effect: .adds))
        try richer.declareViewClass("Badge", defaults: [("alpha", "1", false)])
        try richer.define(ComponentDefinition(name: "Feed", body: .list(ListSpec(rows: 3, viewport: 2, cells: ["Cell"]))))
        _ = try richer.register(list: "Feed", cell: "Cell", identifier: "X")
        return [plain, richer]
    }

    static let names = ["alpha", "text", "score", "swipe", "tap"]
    static let values: [AttributeValue] = [.number(0.5), .number(1), .text("a"), .text("b")]

    /// Random configurations in pairs of the same class and names with other values.
    static func pairs(count: Int) -> [(ViewConfiguration, ViewConfiguration)] {
        var random = SplitMix(state: 3)
        return (0..<count).map { _ in
            let names = Array(Self.names.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)))
            let viewClass = ["UIView", "UILabel", "Badge"][Int.random(in: 0..<3, using: &random)]
            func made() -> ViewConfiguration {
                ViewConfiguration(viewClass: viewClass, attributes: names.map {
                    Attribute($0, Self.values[Int.random(in: 0..<Self.values.count, using: &random)])
                })
            }
            return (made(), made())
        }
    }

    /// A pure keying reads neither the values nor the catalogue; one that
    /// says it reads no values gives configurations of the same names one key.
    @Test func keyingsKeepTheirPromises() throws {
        let catalogs = try Self.catalogs()
        for strategy in Self.strategies {
            for keying in [strategy.keying] + (strategy.traits.cellKeying.map { [$0] } ?? [])
                + (strategy.traits.subviewKeying.map { [$0] } ?? []) {
                #expect(!(keying.isPure && keying.readsValues), "\(strategy.name): a pure keying reads values")
                for (a, b) in Self.pairs(count: 200) {
                    for component in ["Cell", "Other"] {
                        let keys = catalogs.map { keying.key(component, a, catalog: $0) }
                        if keying.isPure {
                            #expect(Set(keys).count == 1, "\(strategy.name): pure keying \(type(of: keying)) reads the catalogue")
                        }
                        if !keying.readsValues {
                            for catalog in catalogs {
                                #expect(keying.key(component, a, catalog: catalog) == keying.key(component, b, catalog: catalog),
                                        "\(strategy.name): \(type(of: keying)) reads values: \(a) vs \(b)")
                            }
                        }
                    }
                }
            }
            #expect(strategy.traits.keyingIsPure == strategy.keying.isPure)
            #expect(strategy.traits.subviewKeyingType == strategy.traits.subviewKeying.map { ObjectIdentifier(type(of: $0)) })
            #expect(strategy.traits.keyingType == ObjectIdentifier(type(of: strategy.keying)))
        }
    }

    /// Cells that name a keying key every slot as that keying does, for
    /// every list type and catalogue: a row may then keep its key.
    @Test func cellsKeyAsTheirKeyingSays() throws {
        let catalogs = try Self.catalogs()
        var checked = 0
        for strategy in Self.strategies {
            guard let cellKeying = strategy.traits.cellKeying else { continue }
            #expect(strategy.traits.cellKeyingType == ObjectIdentifier(type(of: cellKeying)))
            for (configuration, _) in Self.pairs(count: 200) {
                for catalog in catalogs {
                    for list in ["Feed", "Other", ""] {
                        #expect(strategy.cells.key("Cell", configuration, list: list, catalog: catalog)
                                == cellKeying.key("Cell", configuration, catalog: catalog), "\(strategy.name)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 0)
    }

    /// A parent reuse that does not plan leaves the views alone when shown
    /// a plan; the traits say what the policies say.
    @Test func parentsThatDoNotPlanChangeNothing() throws {
        var h = Harness()
        try h.component("Dot", view: "UIView", [("alpha", "0.5")])
        try h.component("Box", view: "UIView", children: ["Dot", "Dot"])
        try h.mount("Box")
        let box = try #require(h.engine.mounted.first?.view)
        for strategy in Self.strategies {
            #expect(strategy.traits.plansChildren == strategy.parents.plansChildren)
            #expect(strategy.traits.cellConfigureBinds == strategy.cellApplication.configureBinds)
            guard !strategy.traits.plansChildren else { continue }
            var parents = strategy.parents
            var store = h.engine.views
            let before = fingerprint(h.engine)
            let blocks = h.engine.mounted[0].children.map {
                PlannedBlock(instance: Instance(component: $0.name, path: $0.path),
                             key: strategy.keying.key($0.name, h.engine.views[$0.view!].attached!, catalog: h.engine.catalog),
                             configuration: h.engine.views[$0.view!].attached!)
            }
            var marks = PassMarks()
            var keys = KeyMemo()
            var stamp = 1_000
            var pass = MountPass(isRelayout: true, stamp: &stamp, marks: &marks, keys: &keys)
            parents.plan(blocks, into: box, store: &store, pass: pass)
            pass.end(returning: &marks, keys: &keys)
            var engine = h.engine
            engine.session.store = store
            #expect(fingerprint(engine) == before, "\(strategy.name): plan changed the views")
        }
    }
}
