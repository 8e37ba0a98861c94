/// How `export FILE.svg` draws the tree: up to ``layoutThreshold`` views
/// by dot's own layout, above it by ``TreeLayout``, Graphviz only drawing.
///
/// dot's layout grows faster than the tree: about 0.2 s for 1,000 views,
/// 1 s for 2,000 and 3-5 s for 5,000 (Graphviz 2.43, where nearly all of it
/// goes to the network simplex placing nodes across each row, whatever
/// `nslimit`, `mclimit`, `searchsize` or `splines` say). Above the
/// threshold, Graphviz sizes the nodes (`neato -n2 -Tplain`, every node at
/// the origin), ``TreeLayout`` places them in linear time, and Graphviz
/// draws them where they are put (`neato -n2 -Tsvg`), edges as straight
/// lines: a 5,000-view tree in about a second. Lesson pages and the
/// `.dot` file keep dot's layout at every size.
enum TreePicture {
    /// Views drawn above which ``TreeLayout`` places the nodes.
    static let layoutThreshold = 2_000

    /// Whether `graph` is laid out by ``TreeLayout`` rather than by dot.
    static func usesTreeLayout(_ graph: Graph) -> Bool {
        graph.drawn.count > layoutThreshold
    }

    /// The tree drawn as an SVG document.
    static func svg(_ graph: Graph) throws(Graphviz.Failure) -> String {
        guard usesTreeLayout(graph) else {
            return try Graphviz.svg([graph.text(title: "tree", inReadingOrder: true)])[0]
        }
        let sizes = nodeSizes(plain: try Graphviz.run(graph.sizingText(), arguments: ["-Kneato", "-n2", "-Tplain"]))
        let layout = TreeLayout(graph: graph, sizes: sizes)
        return try Graphviz.run(graph.text(title: "tree", inReadingOrder: true, layout: layout),
                                arguments: ["-Kneato", "-n2", "-Tsvg"])
    }

    /// Each node's size, in points, from Graphviz's `-Tplain` output
    /// (`node NAME X Y WIDTH HEIGHT ...`, in inches; only names without
    /// spaces or quotes are looked for, as ``Graph`` names nodes).
    static func nodeSizes(plain: String) -> [String: TreeLayout.Size] {
        var sizes: [String: TreeLayout.Size] = [:]
        for line in plain.split(separator: "\n") where line.hasPrefix("node ") {
            let fields = line.split(separator: " ", maxSplits: 6)
            guard fields.count >= 6, let width = Double(fields[4]), let height = Double(fields[5]) else { continue }
            sizes[String(fields[1])] = TreeLayout.Size(width: width * 72, height: height * 72)
        }
        return sizes
    }
}
