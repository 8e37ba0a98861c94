import Testing
@testable import ReuseEngine

/// A second, deliberately simple implementation of the `theodolite` pass
/// (REFERENCE.md section 1), written from the reference and not from the
/// engine: plain dictionaries and arrays, strings for paths and keys, no
/// strategies, no lists. Random sessions run on both, and every pass's
/// create, reuse, unhide, hide, apply, unapply and skip steps must be the
/// same, in the same order, on the same view ids and paths.
struct ReferenceTheodolite {
    struct Component {
        var viewClass: String
        var attributes: [(name: String, value: String)]
        var children: [String]
    }

    struct View {
        var parent: Int
        var key: String
        var owner: String
        var hidden = false
        var attached: [(name: String, value: String)]?
        var viewClass: String
        /// Subviews in order; pools by key, each in creation order.
        var subviews: [Int] = []
        var pools: [String: [Int]] = [:]
    }

    var components: [String: Component] = [:]
    /// Which attributes have an unapplicator (the rest are simply set over).
    var unapplies: Set<String> = ["tap"]
    var roots: [String] = []
    var hidden: Set<String> = []
    var values: [String: [(name: String, value: String)]] = [:]
    /// View 1 is the root.
    var views: [Int: View] = [1: View(parent: 0, key: "", owner: "", attached: nil, viewClass: "UIView")]
    var events: [String] = []

    /// One pass over the mounted tree: vend positionally from each parent's
    /// pool, configure (skip an equal configuration, else unapply the old
    /// attributes that have an unapplicator and apply the new), then hide
    /// every view of a visited parent that nobody took, and put the taken
    /// views first among its subviews.
    mutating func pass() {
        events = []
        var visited: [Int] = [1]
        var cursors: [String: Int] = [:]
        var taken: [Int: [Int]] = [:]
        var takenSet: Set<Int> = []

        func configuration(_ name: String, _ path: String) -> (String, [(name: String, value: String)]) {
            let component = components[name]!
            var attributes = component.attributes
            for (attribute, value) in values[path] ?? [] {
                if let index = attributes.firstIndex(where: { $0.name == attribute }) {
                    attributes[index].value = value
                } else {
                    attributes.append((attribute, value))
                }
            }
            return (component.viewClass, attributes)
        }

        func mount(_ names: [String], under parentPath: String, into parent: Int) {
            var seen: [String: Int] = [:]
            for name in names {
                let index = seen[name, default: 0]
                seen[name] = index + 1
                let path = (parentPath.isEmpty ? "" : parentPath + "/") + name + (index > 0 ? "[\(index)]" : "")
                if hidden.contains(path) { continue }
                let (viewClass, attributes) = configuration(name, path)
                let key = "\(name)|\(viewClass)|" + attributes.map(\.name).sorted().joined(separator: ",")
                let cursor = cursors["\(parent)#\(key)", default: 0]
                let pool = views[parent]!.pools[key] ?? []
                let view: Int
                if cursor < pool.count {
                    view = pool[cursor]
                    cursors["\(parent)#\(key)"] = cursor + 1
                    if views[view]!.hidden || views[view]!.owner != path { events.append("reuse v\(view) \(path)") }
                    views[view]!.owner = path
                    if views[view]!.hidden {
                        views[view]!.hidden = false
                        events.append("unhide v\(view) \(path)")
                    }
                } else {
                    view = views.count + 1
                    views[view] = View(parent: parent, key: key, owner: path, attached: nil, viewClass: viewClass)
                    views[parent]!.subviews.append(view)
                    views[parent]!.pools[key, default: []].append(view)
                    cursors["\(parent)#\(key)"] = views[parent]!.pools[key]!.count
                    events.append("create v\(view) \(path)")
                }
                taken[parent, default: []].append(view)
                takenSet.insert(view)
                if let old = views[view]!.attached,
                   old.count == attributes.count,
                   old.allSatisfy({ attribute in attributes.contains { $0.name == attribute.name && $0.value == attribute.value } }) {
                    events.append("skip v\(view) \(path)")
                } else {
                    for attribute in views[view]!.attached ?? [] where unapplies.contains(attribute.name) {
                        events.append("unapply v\(view) \(path) \(attribute.name)")
                    }
                    for attribute in attributes { events.append("apply v\(view) \(path) \(attribute.name)") }
                    views[view]!.attached = attributes
                }
                if !visited.contains(view) { visited.append(view) }
                mount(components[name]!.children, under: path, into: view)
            }
        }

        mount(roots, under: "", into: 1)
        for parent in visited {
            for view in views[parent]!.subviews where !views[view]!.hidden && !takenSet.contains(view) {
                views[view]!.hidden = true
                events.append("hide v\(view) \(views[view]!.owner)")
            }
            let first = taken[parent] ?? []
            views[parent]!.subviews = first + views[parent]!.subviews.filter { !first.contains($0) }
        }
    }
}

@Suite struct ReferenceModelTests {
    static let names = ["A", "B", "C", "D"]
    static let settable: [(String, [String])] = [("backgroundColor", ["red", "blue"]), ("alpha", ["0.5", "1"]), ("tap", ["open", "close"])]

    /// The engine's steps of its last pass, in the model's words.
    static func steps(of engine: Engine) -> [String] {
        guard let pass = engine.log.passes.last else { return [] }
        return engine.log.events[pass.events].compactMap { event -> String? in
            let path = event.path?.description ?? ""
            switch event.step {
            case .create: return "create \(event.view) \(path)"
            case .reuse: return "reuse \(event.view) \(path)"
            case .unhide: return "unhide \(event.view) \(path)"
            case .hide: return "hide \(event.view) \(path)"
            case .skip: return "skip \(event.view) \(path)"
            case .apply(let attribute): return "apply \(event.view) \(path) \(attribute.name)"
            case .unapply(let attribute): return "unapply \(event.view) \(path) \(attribute.name)"
            default: return nil
            }
        }
    }

    @Test(arguments: 0..<40)
    func theEngineTakesTheReferenceModelsSteps(seed: Int) throws {
        var random = SplitMix(state: UInt64(seed) &* 0x9E37_79B9 &+ 7)
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        var engine = Engine()
        var model = ReferenceTheodolite()
        var script: [String] = []
        var passesCompared = 0
        for step in 0..<80 {
            // The first steps define every name, leaves first, so most mounts succeed.
            let roll = step < Self.names.count ? 0 : Int.random(in: 0..<100, using: &random)
            var ranPass = false
            do {
                switch roll {
                case 0..<30:
                    // (Re)define a component; children only from later names, so no cycles.
                    let name = step < Self.names.count ? Self.names[Self.names.count - 1 - step] : pick(Self.names)
                    let viewClass = pick(["UIView", "UIView", "UILabel"])
                    var attributes: [(name: String, value: String)] = []
                    for (attribute, choices) in Self.settable where Bool.random(using: &random) {
                        attributes.append((attribute, pick(choices)))
                    }
                    let later = Self.names.drop { $0 != name }.dropFirst()
                    let children = later.isEmpty ? [] : (0..<Int.random(in: 0...3, using: &random)).map { _ in pick(Array(later)) }
                    script.append("component \(name) view \(viewClass) \(attributes) children \(children)")
                    try engine.defineComponent(name, viewClass: viewClass, attributes: attributes.map { ($0.name, $0.value, false) },
                                               children: children)
                    model.components[name] = .init(viewClass: viewClass, attributes: attributes, children: children)
                case 30..<45:
                    let roots = (0..<Int.random(in: 1...3, using: &random)).map { _ in pick(Self.names) }
                    script.append("mount \(roots)")
                    try engine.mount(roots, trigger: "mount")
                    model.roots = roots
                    ranPass = true
                case 45..<55:
                    script.append("remount")
                    try engine.remount(trigger: "remount")
                    ranPass = true
                case 55..<70:
                    let live = engine.instances.filter { !$0.isHidden }
                    guard !live.isEmpty else { continue }
                    let path = pick(live).path
                    script.append("hide \(path)")
                    try engine.hide(path, trigger: "hide")
                    model.hidden.insert(path.description)
                    ranPass = true
                case 70..<80:
                    let hidden = Array(engine.session.hiddenPaths)
                    guard !hidden.isEmpty else { continue }
                    let path = pick(hidden)
                    script.append("show \(path)")
                    try engine.show(path, trigger: "show")
                    model.hidden.remove(path.description)
                    ranPass = true
                default:
                    let live = engine.instances.filter { !$0.isHidden && $0.view != nil }
                    guard !live.isEmpty else { continue }
                    let path = pick(live).path
                    let (attribute, choices) = pick(Self.settable)
                    let value = pick(choices)
                    script.append("set \(path) \(attribute) \(value)")
                    try engine.set(path, attribute: attribute, raw: value, quoted: false, trigger: "set")
                    var values = model.values[path.description] ?? []
                    if let index = values.firstIndex(where: { $0.name == attribute }) {
                        values[index].value = value
                    } else {
                        values.append((attribute, value))
                    }
                    model.values[path.description] = values
                    ranPass = true
                }
            } catch {
                // Refused (an undefined child, ...): neither side changes.
                script.append("  (refused: \(error))")
                continue
            }
            guard ranPass else { continue }
            model.pass()
            passesCompared += 1
            let engineSteps = Self.steps(of: engine)
            guard engineSteps == model.events else {
                let first = (0..<min(engineSteps.count, model.events.count)).first { engineSteps[$0] != model.events[$0] } ?? min(engineSteps.count, model.events.count)
                Issue.record("""
                    seed \(seed): the engine and the reference model part at step \(first) of the last pass
                    engine: \(engineSteps.dropFirst(first).prefix(4))
                    model:  \(model.events.dropFirst(first).prefix(4))
                    session:
                    \(script.joined(separator: "\n"))
                    """)
                return
            }
        }
        #expect(passesCompared >= 10, "seed \(seed) compared only \(passesCompared) passes")
    }
}
