import Foundation
import Testing
import TestSupport
@testable import ReuseShell
import ReuseEngine

/// Pictures of big trees (issue 38): `export FILE VIEW` draws one subtree
/// with a note for the rest, and above ``TreePicture/layoutThreshold``
/// views the SVG is laid out by ``TreeLayout`` instead of dot.
@Suite struct TreePictureTests {
    /// A feed of five rows (v3-v12, a cell and its title each) and a side
    /// panel (v13) with two titles: 15 views with the root and the list.
    static let screen = """
        component Title view UILabel { text: "Post {i}" }
        component Post view UIView { backgroundColor: white } children Title
        list Feed rows 20 viewport 5 cells Post
        component Side view UIView { cornerRadius: 2 } children Title Title
        mount Feed Side

        """

    @Test func exportWithViewDrawsOnlyThatSubtree() throws {
        let session = Session(Self.screen)
        try withTemporaryDirectory(prefix: "reuse-tree-picture") { directory in
            let file = directory.appendingPathComponent("row.dot")
            #expect(session.run("export \(file.path) Feed/2\n") == "wrote \(file.path)\n")
            let dot = try String(contentsOf: file, encoding: .utf8)
            // Feed/2's cell and its title, nothing else.
            let views = dot.split(separator: "\n").compactMap { line in
                line.hasPrefix("  v") && line.contains(" [label=") ? line.split(separator: " ").first.map(String.init) : nil
            }
            #expect(views == ["v7", "v8"], "\(dot)")
            #expect(dot.contains("note1 -> v7 [style=dotted];"), "\(dot)")
            // The same graph `tree --dot VIEW` prints.
            #expect(session.run("tree --dot Feed/2\n") == dot)
        }
    }

    @Test func theNoteSaysWhereTheSubtreeSitsAndWhatIsLeftOut() throws {
        let session = Session(Self.screen)
        let graph = DotGraph(engine: session.interpreter.engine, all: false)
        #expect(graph.summary(below: ViewID(parsing: "v7")!)
            == "in root › v2 Feed; 13 views outside this subtree not drawn (leave out VIEW to draw the whole tree)")
        #expect(graph.summary(below: ViewID(parsing: "v13")!)
            == "in root; 12 views outside this subtree not drawn (leave out VIEW to draw the whole tree)")
        // The whole tree has no note.
        #expect(!graph.tree().contains("outside this subtree"))
        // Deep down, the middle of the way there is elided.
        var script = "component L0 view UILabel\n"
        for depth in 1...8 { script += "component L\(depth) view UIView children L\(depth - 1)\n" }
        let deep = Session(script + "mount L8\n")
        let leaf = try #require(deep.interpreter.engine.views.all.last?.id)
        let summary = DotGraph(engine: deep.interpreter.engine, all: false).summary(below: leaf)
        #expect(summary == "in root › v2 L8 › … › v7 L8/L7/L6/L5/L4/L3 › v8 L8/L7/L6/L5/L4/L3/L2 › v9 L8/L7/L6/L5/L4/L3/L2/L1"
            + "; 9 views outside this subtree not drawn (leave out VIEW to draw the whole tree)", "\(summary)")
    }

    @Test func anUnknownViewIsRefusedByNameAndTheShellGoesOn() throws {
        let session = Session(Self.screen)
        try withTemporaryDirectory(prefix: "reuse-tree-picture") { directory in
            let file = directory.appendingPathComponent("nothing.svg")
            let line = "export \(file.path) v99"
            let column = line.count - 2
            #expect(session.error(line) == "<stdin>:1:\(column): error: export: no view 'v99' (views are v1-v15); VIEW is the view whose subtree to draw")
            #expect(session.error("export \(file.path) Nope/3").contains("error: export: no mounted component at 'Nope'"))
            #expect(session.error("export \(file.path) v3 more").contains("error: export: unexpected 'more'"))
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(session.line("tree v3").ok)
        }
    }

    /// A list of `rows` one-view rows, all drawn: `rows + 2` views with the root and the list.
    static func graph(rows: Int) -> Graph {
        let session = Session("""
            component Row view UILabel { text: "Row {i}" }
            list Feed rows \(rows) viewport \(rows) cells Row
            mount Feed

            """)
        return DotGraph(engine: session.interpreter.engine, all: true).treeGraph()
    }

    @Test func theTreeLayoutIsForGraphsAboveTheThresholdOnly() {
        let atThreshold = Self.graph(rows: TreePicture.layoutThreshold - 2)
        #expect(atThreshold.drawn.count == TreePicture.layoutThreshold)
        #expect(!TreePicture.usesTreeLayout(atThreshold))
        let above = Self.graph(rows: TreePicture.layoutThreshold - 1)
        #expect(above.drawn.count == TreePicture.layoutThreshold + 1)
        #expect(TreePicture.usesTreeLayout(above))
        // Without a layout the text is dot's, as it always was: no places, curved edges.
        let text = above.text(title: "tree", inReadingOrder: true)
        #expect(!text.contains("pos=") && !text.contains("splines"))
        let placed = above.text(title: "tree", inReadingOrder: true, layout: TreeLayout(graph: above, sizes: [:]))
        #expect(placed.contains(" ordering=out splines=false];"))
        #expect(placed.split(separator: "\n").filter { $0.contains(" [pos=\"") }.count == above.drawn.count)
    }

    /// A graph by hand: `a` over `b` and `c`, `b` over `d`; `e` and `f`
    /// waiting in a's pool, framed; `g` in a global pool, framed, with no parent.
    static func handGraph() -> (Graph, [String: TreeLayout.Size]) {
        var graph = Graph()
        let ids = (1...7).map { ViewID(parsing: "v\($0)")! }
        for id in ids { graph.node(id, label: [.init("\(id)")], style: .plain) }
        graph.edge(from: ids[0], to: ids[1])
        graph.edge(from: ids[0], to: ids[4])
        graph.edge(from: ids[0], to: ids[2])
        graph.edge(from: ids[1], to: ids[3])
        graph.edge(from: ids[0], to: ids[5])
        graph.cluster(label: "waiting", members: ["v5", "v6"])
        graph.cluster(label: "global", members: ["v7"])
        var sizes: [String: TreeLayout.Size] = [:]
        for (number, id) in ids.enumerated() { sizes[id.description] = .init(width: 40 + 10 * Double(number), height: 30) }
        sizes["frame0"] = .init(width: 60, height: 20)
        sizes["frame1"] = .init(width: 50, height: 20)
        return (graph, sizes)
    }

    @Test func theLayoutKeepsReadingOrderAndFramesTogether() throws {
        let (graph, sizes) = Self.handGraph()
        let layout = TreeLayout(graph: graph, sizes: sizes)
        func at(_ name: String) throws -> (x: Double, y: Double) { try #require(layout.point(of: name)) }
        // Rows by depth, y growing upwards.
        #expect(try at("v1").y > at("v2").y && at("v2").y > at("v4").y)
        #expect(try at("v2").y == at("v3").y && at("v3").y == at("v5").y && at("v5").y == at("frame0").y)
        #expect(try at("v7").y == at("v1").y && at("frame1").y == at("v1").y)
        // Subviews left to right in edge order, the framed ones after the
        // others, the frame's text after its members; the global pool after the tree.
        #expect(try at("v2").x < at("v3").x && at("v3").x < at("v5").x && at("v5").x < at("v6").x && at("v6").x < at("frame0").x)
        #expect(try at("v1").x < at("v7").x && at("v7").x < at("frame1").x)
        // No two boxes in a row overlap; neighbours keep nodesep apart.
        let row = ["v2", "v3", "v5", "v6", "frame0"]
        for (left, right) in zip(row, row.dropFirst()) {
            let gap = try (at(right).x - sizes[right]!.width / 2) - (at(left).x + sizes[left]!.width / 2)
            #expect(gap >= TreeLayout.nodeGap - 1, "\(left) and \(right): \(gap)")
        }
        // A parent sits over its subviews' middle; the frame holds its members and text.
        #expect(try abs(at("v2").x - at("v4").x) <= 1)
        let box = layout.box(ofFrame: 0).split(separator: ",").compactMap { Double($0) }
        #expect(box.count == 4)
        for name in ["v5", "v6", "frame0"] {
            let point = try at(name)
            #expect(box[0] < point.x - sizes[name]!.width / 2 && point.x + sizes[name]!.width / 2 < box[2], "\(name) in \(box)")
            #expect(box[1] < point.y - 15 && point.y + 15 < box[3])
        }
        #expect(try box[0] > at("v3").x + sizes["v3"]!.width / 2, "the frame holds only its members")
        // Placed text: every node has its place, every frame its box.
        let text = graph.text(title: "tree", inReadingOrder: true, layout: layout)
        #expect(text.contains("  v1 [pos=\"\(layout.position(of: "v1"))\" label=<v1> style="))
        #expect(text.contains("    bb=\"\(layout.box(ofFrame: 1))\"; style=\"rounded\"; color=\"#555555\";"))
        #expect(text.contains("    frame0 [pos=\"\(layout.position(of: "frame0"))\" label=<waiting> shape=plaintext"))
    }

    @Test func nodeSizesAreReadFromGraphvizPlainOutput() {
        let plain = """
            graph 1 7.3611 0.75
            node v1 3.6806 0.375 1.3889 0.55556 <<b>v1 UIView</b><br/>root> rounded,filled box #222222 #ffffff
            node frame0 1 1 2.5 0.5 <waiting in the pool of v2 Feed: (Post, UIView, [text])> solid plaintext black lightgrey
            edge v1 v2 2 1 1 1 1 solid black
            stop

            """
        let sizes = TreePicture.nodeSizes(plain: plain)
        #expect(sizes.count == 2)
        #expect(sizes["v1"] == TreeLayout.Size(width: 1.3889 * 72, height: 0.55556 * 72))
        #expect(sizes["frame0"] == TreeLayout.Size(width: 180, height: 36))
    }
}
