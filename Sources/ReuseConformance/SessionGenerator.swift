import ReuseEngine

/// Writes random sessions in the shell's language, one line at a time,
/// looking at the live engine for paths and views most of the time (so most
/// lines succeed) and sometimes not (so refusals are exercised too).
///
/// The lines cover what a strategy must handle: definitions that change
/// shape (with late loads, some checked against their item), nested lists
/// with headers, footers and saved offsets, mounts, hides, `set`, scrolls
/// and jumps, row and whole-list reloads (in place and `payload`), loads,
/// strategy switches with options, registrations, `prepare` (resetting
/// attributes or state, cancelling loads), `undo`, `compare` (and
/// `--explain`), `output` and `once` into files of the working directory,
/// and inspections, of the present and of past passes.
/// The same seed writes the same session against the same engine.
public struct SessionGenerator {
    public var random: SplitMix
    /// The strategies `strategy NAME` lines switch to.
    public var strategies: [String]

    public init(seed: UInt64, strategies: [String] = StrategyRegistry.names) {
        random = SplitMix(state: seed)
        self.strategies = strategies
    }

    static let components = ["A", "B", "C", "D"]
    static let lists = ["L", "M"]
    static let classes = ["UIView", "UIView", "UILabel", "UIImageView", "UIButton"]
    static let values: [(attribute: String, values: [String], classes: [String]?)] = [
        ("backgroundColor", ["red", "blue", "white"], nil),
        ("alpha", ["0.5", "1"], nil),
        ("tap", ["open", "like"], nil),
        ("swipe", ["archive", "delete"], nil),
        ("score", ["1", "2", "{i}"], nil),
        ("text", ["\"Hi\"", "\"Row {i}\""], ["UILabel"]),
        ("image", ["photo", "\"p{i}\""], ["UIImageView"]),
        ("title", ["Go", "Stop"], ["UIButton"]),
    ]

    /// One of `items` (not empty), at random.
    public mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// The opening lines: the declared attributes, one definition of each
    /// name, registrations, and a first mount.
    public mutating func prelude() -> [String] {
        var lines = ["attribute swipe adds", "attribute score kind number unapply"]
        for name in Self.components.reversed() { lines.append(component(name)) }
        lines.append(list("L"))
        lines.append(list("M"))
        for list in Self.lists { for cell in ["C", "D"] { lines.append("register \(list) \(cell)") } }
        lines.append("register L M")
        lines.append("mount A")
        return lines
    }

    mutating func component(_ name: String) -> String {
        // Cells (C, D) always have a view; A and B are sometimes viewless.
        let viewClass = name < "C" && chance(20) ? nil : pick(Self.classes)
        var line = "component \(name)"
        if let viewClass {
            line += " view \(viewClass)"
            let attributes = Self.values.filter { $0.classes?.contains(viewClass) ?? true }.filter { _ in chance(35) }
            if !attributes.isEmpty {
                var written: [String] = []
                for attribute in attributes { written.append("\(attribute.attribute): \(pick(attribute.values))") }
                line += " { " + written.joined(separator: ", ") + " }"
            }
            // A late load now and then: an image or a title, one delay or
            // one per row, sometimes checked against the item it was for.
            if chance(15) {
                let loaded = pick(Self.values.filter { $0.classes?.contains(viewClass) ?? true })
                line += " loads \(loaded.attribute) \(pick(loaded.values)) after \(pick(["1", "2", "3,1", "1,2,4"]))"
                if chance(40) { line += " checked" }
            }
        }
        // Children only from later names (lists under A and B: their cells
        // are C and D), so most definitions are acyclic; a few are not
        // (a component among its own children), and are refused.
        let later = Array(Self.components.drop { $0 != name }.dropFirst()) + (name == "A" || name == "B" ? Self.lists : [])
        let count = later.isEmpty ? 0 : Int.random(in: 0...3, using: &random)
        let children = (0..<count).map { _ in pick(later) } + (chance(3) ? [name] : [])
        if !children.isEmpty { line += " children " + children.joined(separator: " ") }
        return line
    }

    mutating func list(_ name: String) -> String {
        // L may have M as a cell: a list inside a list (a feed of carousels).
        let cells = (0..<Int.random(in: 1...2, using: &random)).map { _ in pick(name == "L" ? ["C", "D", "D", "M"] : ["C", "D", "D"]) }
        var line = "list \(name) rows \(pick([0, 1, 3, 10, 1000])) viewport \(Int.random(in: 1...4, using: &random)) cells "
            + cells.joined(separator: " ")
        if chance(25) { line += " header \(pick(["C", "D"]))" }
        if chance(25) { line += " footer \(pick(["C", "D"]))" }
        if chance(20) { line += " saves offset" }
        if chance(30) { line += " key id" }
        return line
    }

    /// The next line, written for the state `engine` is in.
    public mutating func line(in engine: Engine) -> String {
        let live = engine.instances.filter { !$0.isHidden }
        let paths = live.map(\.path.display)
        let withViews = live.filter { $0.view != nil }
        let lists = live.filter { engine.catalog.components[$0.name]?.isList == true }.map(\.path.display)
        let views = engine.views.all.map(\.id.description)
        if engine.mounted.isEmpty, chance(80) { return "mount " + pick(["A", "B", "A L"]) }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<10: return component(pick(Self.components))
        case 10..<14: return list(pick(Self.lists))
        case 14..<24: return "mount " + (0..<Int.random(in: 1...3, using: &random)).map { _ in pick(["A", "A", "B", "C", "D", "L", "M"]) }.joined(separator: " ")
        case 24..<28: return "remount"
        case 28..<34: return paths.isEmpty ? "hide A" : "hide \(pick(paths))"
        case 34..<38:
            let hidden = engine.instances.filter(\.isHidden).map(\.path.display)
            return hidden.isEmpty ? "show A" : "show \(pick(hidden))"
        case 38..<50:
            guard !withViews.isEmpty else { return "set A alpha 0.5" }
            let node = pick(withViews)
            let viewClass = engine.catalog.components[node.name]?.view?.viewClass ?? "UIView"
            let attribute = pick(Self.values.filter { $0.classes?.contains(viewClass) ?? true })
            return "set \(node.path.display) \(attribute.attribute) \(pick(attribute.values))"
        case 50..<62:
            let list = lists.isEmpty ? "L" : pick(lists)
            return chance(70) ? "scroll \(list) by \(Int.random(in: -4...4, using: &random))" : "scroll \(list) to \(Int.random(in: 0...1200, using: &random))"
        case 62..<65:
            let rows = paths.filter { $0.contains("/") && $0.split(separator: "/").contains { Int($0) != nil } }
            // A whole list now and then (reloadData, notifyDataSetChanged).
            if !lists.isEmpty, chance(30) { return "reload \(pick(lists))" }
            return rows.isEmpty ? "reload L/0" : "reload \(pick(rows))" + pick(["", " payload", " replace"])
        case 65..<68: return "wait"
        case 68..<74:
            let name = pick(strategies)
            // Now and then with one option set (`linger 2`, `keys id`, `os 14`);
            // never `bugNN`, which restores a real bug that leaves stale
            // views on purpose, so its sessions break invariants by design.
            let options = StrategyRegistry.named(name)?.defaults.filter { $0.kind != .subject && !$0.name.hasPrefix("bug") } ?? []
            guard !options.isEmpty, chance(30) else { return "strategy \(name)" }
            let option = pick(options)
            let value: String
            switch option.kind {
            case .count: value = String(Int.random(in: 0...3, using: &random))
            case .flag: value = pick(["on", "off"])
            case .choice(let words): value = pick(words)
            case .subject: value = ""
            }
            return "strategy \(name) \(option.name) \(value)"
        case 74..<77:
            let cell = pick(["C", "D"])
            return chance(70) ? "register \(pick(Self.lists)) \(cell)" : "register \(pick(Self.lists)) \(cell) as X"
        case 77..<79:
            if chance(30) { return "prepare \(pick(["C", "D"])) resets-state \(pick(["liked", "open"]))" + (chance(50) ? " on item" : "") }
            return "prepare \(pick(["C", "D"])) resets " + pick(["tap", "swipe", "score", "alpha"]) + (chance(50) ? " cancels loads" : "")
        case 79..<81: return "attribute score kind \(pick(["number", "text"]))" + (chance(50) ? " unapply" : "")
        case 81..<83: return "undo" + (chance(50) ? "" : " 2")
        case 83..<85: return pick(["tree", "pools", "components", "stats", "log --last 3", "diff", "check", "log keep 7", "log keep all"])
        case 85..<88: return "config \(views.isEmpty ? "v1" : pick(views))"
        case 88..<90:
            guard !withViews.isEmpty else { return "why A alpha" }
            return "why \(pick(withViews).path.display) \(pick(["alpha", "tap", "backgroundColor"]))"
        case 90..<92: return "tap \(views.isEmpty ? "v2" : pick(views))"
        case 92..<94:
            let pass = Int.random(in: 1...max(1, engine.log.currentPass), using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0: return "compare"
            case 1: return "compare --explain \(pick(strategies))"
            case 2: return "output out-\(Int.random(in: 1...2, using: &random)).txt"
            case 3: return "output"
            case 4: return "once once.txt"
            case 5: return "pools --pass \(pass) --json"
            default: return "tree --pass \(pass) --json"
            }
        case 94..<96:
            // Items inserted and deleted (sometimes past the end: an error).
            let list = lists.isEmpty ? "L" : pick(lists)
            let count = chance(70) ? "" : " count \(Int.random(in: 1...3, using: &random))"
            return "\(pick(["insert", "insert", "delete"])) \(list) at \(pick([0, 0, 1, 2, 5]))" + count
        case 96..<98:
            guard !withViews.isEmpty else { return "state A liked true" }
            return "state \(pick(withViews).path.display) \(pick(["liked", "open"])) \(pick(["true", "false", "3"]))" + (chance(20) ? " saveable" : "")
        default: return pick(["mount Nope", "set A/Nope alpha 1", "scroll A by 1", "hide v999", "list L rows -1 viewport 0 cells C", "show Zed"])
        }
    }
}
