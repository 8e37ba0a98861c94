import Testing
@testable import ReuseEngine

/// The shortcuts `compare` leans on under the planning strategies (issue 38),
/// each against its general twin, value by value: blocks read from the
/// last pass's nodes (`plansFromNodes`), DivKit's element paths compared by
/// their bytes (`elementPathsInPlace`), and the path hash, which every
/// plan, `set` value and hidden path is looked up by.
@Suite struct PlanTwinTests {
    // MARK: Blocks from the nodes (plansFromNodes)

    /// What ``Engine/plannedBlocks(_:under:row:nodes:)`` gives for every
    /// parent of the mounted tree (and the roots), written out in full.
    static func plans(_ engine: Engine, fromNodes: Bool) -> [String] {
        func describe(_ blocks: [PlannedBlock]) -> String {
            blocks.map { "\($0.instance.component) \($0.instance.path.display) \($0.key) \($0.configuration)" }.joined(separator: "; ")
        }
        var out: [String] = []
        func visit(_ children: [String], under path: ComponentPath, row: Int?, nodes: [MountedNode]) {
            let blocks = fromNodes ? engine.plannedBlocks(children, under: path, row: row, nodes: nodes)
                : engine.plannedBlocks(children, under: path, row: row)
            out.append("\(path.display): " + describe(blocks))
        }
        visit(engine.session.rootComponents, under: .root, row: nil, nodes: engine.mounted)
        for root in engine.mounted {
            for node in [root] + Self.descendants(of: root) {
                guard let children = engine.catalog.mountable[node.name]?.children else { continue }
                visit(children, under: node.path, row: node.row, nodes: node.children)
            }
        }
        return out
    }

    static func descendants(of node: MountedNode) -> [MountedNode] {
        var found: [MountedNode] = []
        node.forEachDescendant { found.append($0) }
        return found
    }

    /// The blocks read from the nodes are the blocks made afresh, after
    /// every step of a session with namesakes, a viewless group, a list
    /// with a header, `set` values, a hidden instance, and a redefinition
    /// (before and after the pass that takes it in), under every
    /// strategy: the nodes keep configurations and keys of the strategy's
    /// keying, or of a list's subview keying (which the plan does not use).
    @Test(arguments: StrategyRegistry.names)
    func blocksFromNodesAreTheBlocksMadeAgain(strategy: String) throws {
        var h = Harness()
        try h.strategy(strategy)
        try h.component("Title", view: "UILabel", [("text", "Row {i}")])
        try h.component("Head", view: "UILabel", [("text", "Top")])
        try h.component("Card", view: "UIView", [("backgroundColor", "white")], children: ["Title"])
        try h.component("Group", children: ["Title", "Card"])
        try h.engine.defineList("Feed", rows: 30, viewport: 3, cells: ["Card", "Title"], header: "Head")
        for cell in ["Card", "Title"] { try h.engine.register(list: "Feed", cell: cell, identifier: nil) }
        try h.component("Screen", view: "UIView", children: ["Card", "Group", "Card", "Feed", "Title"])
        var checked = 0
        func check(_ step: String) {
            let general = Self.plans(h.engine, fromNodes: false)
            #expect(Self.plans(h.engine, fromNodes: true) == general, "\(strategy) after \(step)")
            checked += general.count
        }
        try h.mount("Screen")
        check("mount")
        try h.remount()
        check("a second pass")
        try h.set("Screen/Card[1]", "backgroundColor", "red")
        check("set")
        try h.set("Screen/Group/Card", "backgroundColor", "blue")
        check("set in a group")
        try h.set("Screen/Feed/0/Title", "text", "one")
        check("set in a row")
        try h.scroll("Screen/Feed", by: 2)
        check("scroll")
        try h.hide("Screen/Card[0]")
        check("hide")
        try h.remount()
        check("a pass with a hidden card")
        try h.show("Screen/Card[0]")
        check("show")
        // A redefinition: the nodes still hold the old definition's configurations.
        try h.component("Card", view: "UIView", [("backgroundColor", "green"), ("alpha", "0.5")], children: ["Title"])
        check("a redefinition")
        try h.remount()
        check("the pass after it")
        #expect(checked > 10)
    }

    // MARK: DivKit's element paths (elementPathsInPlace)

    /// ``BlockMatching/hasElementPath(_:container:index:tail:)`` answers as
    /// `==` with the path made, wherever it answers, and answers for every
    /// ASCII path, container and tail; around the ASCII characters a
    /// non-ASCII one equals (`K`, `;`, `` ` ``) it leaves the answer to `==`.
    @Test func elementPathsComparedInPlaceAgreeWithEquality() {
        let containers = ["root", "root/0/container", "root/12/container/3/text", "", "Ünï/1/text", "K", "\u{212A}"]
        let tails = ["text", "container", "image", "custom", "gallery", "", "a/b", "caf\u{E9}", "cafe\u{301}", "K", "\u{212A}", ";", "\u{37E}"]
        let indices = [0, 1, 9, 10, 49, 123, -1, -10, Int.max, Int.min]
        var made: [String] = []
        for container in containers {
            for index in indices {
                for tail in tails { made.append(BlockMatching.elementPath(container: container, index: index, tail: tail)) }
            }
        }
        // Near misses: a digit more or less, a slash moved, a byte changed.
        let olds = made + made.prefix(200).flatMap { [$0 + "0", String($0.dropLast()), "0" + $0, $0.replacingOccurrences(of: "/", with: "//")] }
            + ["", "/", "//", "root//text", "root/-/text", "root/01/text", "root/+1/text", "root/0/tex", "root/0/textt"]
        var answered = 0
        for container in containers {
            for index in indices {
                for tail in tails {
                    let path = BlockMatching.elementPath(container: container, index: index, tail: tail)
                    let ascii = (container + tail).utf8.allSatisfy { $0 < 0x80 }
                    for old in olds {
                        let answer = BlockMatching.hasElementPath(old, container: container, index: index, tail: tail)
                        if let answer {
                            #expect(answer == (old == path), "\(old) vs \(path)")
                            answered += 1
                        } else {
                            #expect(!ascii || !old.utf8.allSatisfy { $0 < 0x80 }, "no answer for ASCII \(old) vs \(path)")
                        }
                    }
                }
            }
        }
        #expect(answered > 10_000)
    }

    // MARK: The path hash

    /// Equal paths hash alike, whatever bytes spell their names: precomposed
    /// and decomposed accents, and the three characters canonically
    /// equivalent to ASCII ones (KELVIN SIGN to `K`, GREEK QUESTION MARK to
    /// `;`, GREEK VARIA to `` ` ``); a set holds one of each.
    @Test func equalPathsHashAlike() {
        let spellings: [[String]] = [
            ["Card"], ["Title"], ["K", "\u{212A}"], ["Kard", "\u{212A}ard"], ["a;b", "a\u{37E}b"], ["x`", "x\u{1FEF}"],
            ["Caf\u{E9}", "Cafe\u{301}"], ["🙂"], [""],
        ]
        var paths: [(path: ComponentPath, group: String)] = []
        for first in spellings.indices {
            for second in spellings.indices {
                for a in spellings[first] {
                    for b in spellings[second] {
                        for index in [0, 3] {
                            let group = "\(first)/\(second)/\(index)"
                            paths.append((ComponentPath([.named(a, index: 0), .named(b, index: index)]), group))
                            paths.append((ComponentPath([.named(a, index: index), .row(7), .named(b, index: 0)]), group + "r"))
                        }
                    }
                }
            }
        }
        for (left, leftGroup) in paths {
            for (right, rightGroup) in paths where left == right {
                #expect(left.hashValue == right.hashValue, "\(left) and \(right)")
                #expect(leftGroup == rightGroup)
            }
        }
        #expect(Set(paths.map(\.path)).count == Set(paths.map(\.group)).count)
        // A row number, an index and the count tell paths apart too.
        #expect(ComponentPath([.named("A", index: 0), .row(1)]).hashValue != ComponentPath([.named("A", index: 0), .row(2)]).hashValue)
        #expect(ComponentPath([.named("A", index: 1)]).hashValue != ComponentPath([.named("A", index: 2)]).hashValue)
    }

    /// DivKit's plan table hashes a path by `positionFingerprint` (no
    /// names): equal paths, however their names are spelled, have equal
    /// fingerprints, and a path's count, last row, any index or any row
    /// tells it apart (so a block's siblings, told apart by index, do not
    /// collide).
    @Test func equalPathsHaveEqualPositionFingerprints() {
        let names = ["Card", "K", "\u{212A}", "Caf\u{E9}", "Cafe\u{301}", "🙂", ""]
        var paths: [ComponentPath] = []
        for a in names {
            for b in names {
                for index in [0, 1, 3] {
                    paths.append(ComponentPath([.named(a, index: 0), .named(b, index: index)]))
                    paths.append(ComponentPath([.named(a, index: index), .row(7), .named(b, index: 0)]))
                    paths.append(ComponentPath([.named(a, index: 0), .row(index)]))
                }
            }
        }
        for left in paths {
            for right in paths where left == right {
                #expect(left.positionFingerprint == right.positionFingerprint, "\(left) and \(right)")
            }
        }
        func fingerprint(_ segments: [ComponentPath.Segment]) -> UInt64 { ComponentPath(segments).positionFingerprint }
        let siblings = (0..<50).map { fingerprint([.named("Screen", index: 0), .named("Card", index: $0), .named("Title", index: 0)]) }
        #expect(Set(siblings).count == 50)
        #expect(fingerprint([.named("A", index: 0), .row(1)]) != fingerprint([.named("A", index: 0), .row(2)]))
        #expect(fingerprint([.named("A", index: 0), .row(1), .row(5)]) != fingerprint([.named("A", index: 0), .row(2), .row(5)]))
        #expect(fingerprint([.named("A", index: 0)]) != fingerprint([.named("A", index: 0), .named("B", index: 0)]))
    }
}
