// Pictures: `tree --dot` and `pools --dot` against golden files, drawn by
// Graphviz; `export` to SVG, DOT and HTML.

import Foundation
import Testing
import TestSupport

/// Re-record the golden DOT files with `RECORD_TRANSCRIPTS=1 swift test --filter PictureTests`.
@Suite struct PictureTests {
    static let goldens = packageRoot.appendingPathComponent("Tests/EndToEndTests/Pictures")

    /// Each scene: a script, and the command whose DOT output is kept.
    static let scenes: [(name: String, script: String)] = [
        // Lesson 4's leak under naive, and the hidden red view theodolite keeps in its own pool.
        ("naive-leak", """
            strategy naive
            component Foo view UIView { backgroundColor: red }
            mount Foo
            component Foo view UIView { alpha: 0.5 }
            remount
            tree --dot
            """),
        ("shapes-hidden", """
            component Foo view UIView { backgroundColor: red }
            mount Foo
            component Foo view UIView { alpha: 0.5 }
            remount
            tree --dot --changes
            """),
        // A list: collapsed rows, waiting cells, a change marked by the last pass.
        ("feed-scrolled", """
            component Title view UILabel { text: "Row {i}" }
            component Card view UIView { backgroundColor: white } children Title
            list Feed rows 1000 viewport 8 cells Card
            mount Feed
            scroll Feed by 3
            tree --dot --changes
            """),
        ("feed-pools", """
            component Title view UILabel { text: "Row {i}" }
            component Card view UIView { backgroundColor: white } children Title
            list Feed rows 1000 viewport 12 cells Card
            mount Feed
            scroll Feed by 3
            pools --dot
            """),
        ("pair-past", """
            component Foo view UIView { backgroundColor: red }
            component Bar view UIView { alpha: 0.5 }
            component Pair children Foo Bar
            mount Pair
            hide Pair/Foo
            tree --dot --pass 1
            """),
        // Litho's content pools belong to no parent: one per component type.
        ("litho-global-pools", """
            strategy litho
            component Title view UILabel { text: "Row {i}" }
            component Card view UIView { backgroundColor: white } children Title
            list Feed rows 100 viewport 4 cells Card
            mount Feed
            scroll Feed by 6
            tree --dot
            """),
        // RecyclerView: rows in screen order, the view cache framed apart from the pool.
        ("recycler-cache", """
            strategy recyclerview
            component Title view UILabel { text: "Post {i}" }
            component Post view UIView { backgroundColor: white } children Title
            component Ad view UIView { backgroundColor: yellow } children Title
            list Feed rows 100 viewport 4 cells Post Post Ad
            mount Feed
            scroll Feed by 1
            scroll Feed by 1
            tree --dot --all
            """),
    ]

    /// The DOT text a scene prints (its last command's output).
    static func dot(of scene: String) throws -> String {
        let run = try runShell(["-"], input: scene + "\n")
        #expect(run.status == 0, "\(run.output)")
        guard let start = run.output.range(of: "digraph ") else {
            Issue.record("no graph in:\n\(run.output)")
            return ""
        }
        return String(run.output[start.lowerBound...])
    }

    @Test(arguments: scenes.map(\.name))
    func dotMatchesGolden(_ name: String) throws {
        let scene = try #require(Self.scenes.first { $0.name == name })
        let dot = try Self.dot(of: scene.script)
        let url = Self.goldens.appendingPathComponent(name + ".dot")
        if LessonTranscriptTests.recording {
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try Data(dot.utf8).write(to: url, options: .atomic)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(dot == expected, "\(name) differs (- expected, + actual):\n\(lineDiff(expected: expected, actual: dot))")
    }

    /// Graphviz reads every golden graph and draws it.
    @Test(arguments: scenes.map(\.name))
    func graphvizParsesIt(_ name: String) throws {
        let dot = try Self.dot(of: try #require(Self.scenes.first { $0.name == name }).script)
        let run = try runTool(try requireTool("dot", install: "graphviz"), ["-Tsvg"], input: dot)
        #expect(run.status == 0, "dot -Tsvg failed on \(name):\n\(run.errors)")
        #expect(run.output.contains("<svg") && run.output.contains("</svg>"))
    }

    @Test func hiddenAndLeakingViewsSayItInWords() throws {
        let naive = try Self.dot(of: Self.scenes[0].script)
        #expect(naive.contains("leaks backgroundColor = red (a fresh view shows clear)"), "\(naive)")
        let theodolite = try Self.dot(of: Self.scenes[1].script)
        #expect(theodolite.contains("hidden, last held by Foo") && theodolite.contains("dashed"), "\(theodolite)")
        #expect(theodolite.contains("← created"), "the fresh view is marked as created by the pass")
    }

    /// Siblings are drawn left to right in reading order: a scrolled feed of
    /// Posts and Ads (cells of two pools, interleaved) has its rows in row
    /// order in the SVG Graphviz draws, not grouped by pool.
    @Test func rowsAreDrawnInReadingOrder() throws {
        _ = try requireTool("dot", install: "graphviz")
        let scene = """
            component Title view UILabel { text: "Post {i}" }
            component Post view UIView { backgroundColor: white } children Title
            component Ad view UIView { backgroundColor: yellow } children Title
            list Feed rows 100 viewport 6 cells Post Post Ad
            mount Feed
            scroll Feed by 4
            hide Feed/5
            """
        let dot = try Self.dot(of: scene + "\ntree --dot")
        // The SVG `export` writes, as users get it.
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let file = directory.appendingPathComponent("feed.svg")
            let export = try runShell(["-"], input: scene + "\nexport \(file.path)\n")
            #expect(export.status == 0, "\(export.output)")
            // Each row's label line: `<text ... x="433.5" ...>Feed/4</text>`.
            let text = try String(contentsOf: file, encoding: .utf8)
            var rows: [(row: Int, x: Double)] = []
            var rest = text[...]
            while let open = rest.range(of: "<text "), let close = rest.range(of: "</text>", range: open.upperBound..<rest.endIndex) {
                let element = rest[open.lowerBound..<close.lowerBound]
                if let start = element.range(of: ">Feed/"), let x = element.range(of: " x=\""),
                   let row = Int(element[start.upperBound...]),
                   let end = element[x.upperBound...].firstIndex(of: "\""), let position = Double(element[x.upperBound..<end]) {
                    rows.append((row, position))
                }
                rest = rest[close.upperBound...]
            }
            #expect(rows.map(\.row) == [4, 6, 7, 8, 9], "\(rows)")
            #expect(rows.map(\.x) == rows.map(\.x).sorted(), "rows out of reading order: \(rows)")
            // The hidden row's view waits, framed by the pool it waits in; views in use say their pool.
            #expect(dot.contains("label=<waiting in the pool of v2 Feed: (Ad, UIView, [backgroundColor])>"), "\(dot)")
            #expect(dot.contains("Feed/4<br/>pool (Post, UIView, [backgroundColor])"), "\(dot)")
        }
    }

    /// No edge runs through a label: not a view's, not a frame's name. Each
    /// picture of the goldens is drawn by Graphviz and every edge's curve,
    /// sampled, is kept out of every text box but its own two views'.
    @Test(arguments: scenes.map(\.name))
    func noEdgeCrossesALabel(_ name: String) throws {
        let dot = try Self.dot(of: try #require(Self.scenes.first { $0.name == name }).script)
        let svg = try runTool(try requireTool("dot", install: "graphviz"), ["-Tsvg"], input: dot)
        #expect(svg.status == 0)
        let crossings = Self.crossings(in: svg.output)
        #expect(crossings.isEmpty, "\(name): \(crossings.prefix(5))")
    }

    /// Edges of `svg` (Graphviz's) that pass through a text of a node or
    /// frame other than the two they join: `a->b over 'text'`.
    static func crossings(in svg: String) -> [String] {
        struct Box { var owner: String; var x0, y0, x1, y1: Double; var text: String }
        var boxes: [Box] = []
        var edges: [(from: String, to: String, points: [(Double, Double)])] = []
        func unescape(_ text: Substring) -> String {
            text.replacingOccurrences(of: "&#45;", with: "-").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&amp;", with: "&")
        }
        for group in svg.components(separatedBy: "<g id=\"").dropFirst() {
            guard let classStart = group.range(of: "class=\""), let title = group.range(of: "<title>"),
                  let titleEnd = group.range(of: "</title>") else { continue }
            let kind = group[classStart.upperBound...].prefix { $0 != "\"" }
            let owner = unescape(group[title.upperBound..<titleEnd.lowerBound])
            if kind == "edge" {
                guard let d = group.range(of: " d=\"") else { continue }
                let numbers = group[d.upperBound...].prefix { $0 != "\"" }
                    .split(whereSeparator: { !$0.isNumber && $0 != "." && $0 != "-" }).compactMap { Double($0) }
                let points = stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
                let ends = owner.components(separatedBy: "->")
                if ends.count == 2 { edges.append((ends[0], ends[1], points)) }
                continue
            }
            for text in group.components(separatedBy: "<text ").dropFirst() {
                func number(_ attribute: String) -> Double? {
                    text.range(of: attribute + "=\"").flatMap { Double(text[$0.upperBound...].prefix { $0 != "\"" }) }
                }
                guard let x = number(" x") ?? number("x"), let y = number(" y"), let size = number("font-size"),
                      let open = text.firstIndex(of: ">"), let close = text.range(of: "</text>") else { continue }
                let content = unescape(text[text.index(after: open)..<close.lowerBound])
                let width = 0.55 * size * Double(content.count)
                let start = text.contains("text-anchor=\"middle\"") ? x - width / 2 : text.contains("text-anchor=\"end\"") ? x - width : x
                boxes.append(Box(owner: owner, x0: start + 1, y0: y - 0.7 * size + 1, x1: start + width - 1, y1: y + 0.2 * size - 1, text: content))
            }
        }
        var found: [String] = []
        for edge in edges {
            // The cubic Bézier pieces of the path, sampled.
            var samples: [(Double, Double)] = []
            var index = 1
            while index + 2 < edge.points.count {
                let (p0, p1, p2, p3) = (edge.points[index - 1], edge.points[index], edge.points[index + 1], edge.points[index + 2])
                for step in 0...20 {
                    let t = Double(step) / 20, u = 1 - t
                    samples.append((u * u * u * p0.0 + 3 * u * u * t * p1.0 + 3 * u * t * t * p2.0 + t * t * t * p3.0,
                                    u * u * u * p0.1 + 3 * u * u * t * p1.1 + 3 * u * t * t * p2.1 + t * t * t * p3.1))
                }
                index += 3
            }
            for box in boxes where box.owner != edge.from && box.owner != edge.to {
                if samples.contains(where: { box.x0 <= $0.0 && $0.0 <= box.x1 && box.y0 <= $0.1 && $0.1 <= box.y1 }) {
                    found.append("\(edge.from)->\(edge.to) over '\(box.text)'")
                }
            }
        }
        return found
    }

    /// Cached holders are told apart from pooled and in-use views by shape
    /// (square, dotted) and words, and framed as the view cache.
    @Test func theViewCacheIsToldApartFromThePool() throws {
        let dot = try Self.dot(of: try #require(Self.scenes.first { $0.name == "recycler-cache" }).script)
        #expect(dot.contains("cached for row 0, still bound; last held by Feed/0> style=\"filled,dotted\""), "\(dot)")
        #expect(dot.contains("label=<view cache of v2 Feed: kept for their own rows>"), "\(dot)")
    }

    /// Each frame says whose pool it is (the parent view and its holder):
    /// a scrolled feed has one Title pool per cell, each told apart.
    @Test func poolsAreClustersLabelledByTheirParentAndKey() throws {
        let dot = try Self.dot(of: Self.scenes[3].script)
        #expect(dot.contains("subgraph cluster_0 {"))
        #expect(dot.contains("label=<pool of v2 Feed: (Card, UIView, [backgroundColor])>"), "\(dot)")
        #expect(dot.contains("label=<pool of root: (Feed, UIScrollView, [])>"), "\(dot)")
    }

    /// Views waiting detached in a global pool (Valdi's per view class,
    /// Litho's per component type) are drawn in a cluster named after it,
    /// with no parent, in the tree and in `pools --dot`.
    @Test(arguments: [
        ("litho", "global pool of component type Title", "Feed/"),
        ("valdi-attach", "global pool of class UILabel", "Box/L"),
        ("valdi-rebind", "global pool of class UILabel", "Box/L"),
    ])
    func globalPoolsAreClustersWithoutAParent(_ strategy: String, _ cluster: String, _ holder: String) throws {
        // Under litho scrolled-off titles wait; under Valdi, Box's views once Box's node goes.
        let screen = strategy == "litho" ? """
            component Title view UILabel { text: "Row {i}" }
            component Card view UIView { backgroundColor: white } children Title
            list Feed rows 100 viewport 4 cells Card
            mount Feed
            scroll Feed by 6
            """ : """
            component A view UIView { backgroundColor: red }
            component L view UILabel { text: x }
            component Box view UIView children A L
            component Pane view UIView
            mount Box Pane
            mount Pane
            """
        for command in ["tree --dot", "pools --dot"] {
            let dot = try Self.dot(of: "strategy \(strategy)\n" + screen + "\n" + command)
            let lines = dot.split(separator: "\n").map(String.init)
            let label = try #require(lines.firstIndex { $0.contains("label=<\(cluster)>") }, "\(command):\n\(dot)")
            // The frame's members, less its name (a text node of its own).
            let members = lines[label + 1].trimmingCharacters(in: .whitespaces).dropLast().split(separator: ";").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.hasPrefix("frame") }
            #expect(!members.isEmpty)
            for member in members {
                #expect(dot.contains("\(member) [label=<<b>\(member) UILabel</b><br/>detached, last held by \(holder)"),
                        "\(member) in:\n\(dot)")
                #expect(!dot.contains(" -> \(member);"), "a detached view has no parent: \(member)")
                #expect(dot.contains("dashed"))
            }
        }
    }

    @Test func jsonAndDotTogetherIsAnError() throws {
        let run = try runShell(["-c", "tree --json --dot"])
        #expect(run.status == 1)
        #expect(run.output.contains("--json and --dot are two formats; choose one"), "\(run.output)")
    }

    // MARK: export

    @Test func exportWritesSvgAndDot() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let run = try runShell(["-"], input: """
                component Foo view UIView { backgroundColor: red }
                mount Foo
                export tree.svg
                export tree.dot --pass 1
                """, directory: directory)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("wrote tree.svg") && run.output.contains("wrote tree.dot"))
            let svg = try String(contentsOf: directory.appendingPathComponent("tree.svg"), encoding: .utf8)
            #expect(svg.contains("<svg") && svg.contains("v2 UIView"))
            let dot = try String(contentsOf: directory.appendingPathComponent("tree.dot"), encoding: .utf8)
            #expect(dot.hasPrefix("digraph tree {"))
        }
    }

    /// Issue 38: above 2,000 views the SVG is laid out by reuse-shell (dot
    /// only sizes and draws); every view is in it, each once, and the pool
    /// frames too. With VIEW, only its subtree, under the note for the rest.
    @Test func exportDrawsBigTreesAndSubtrees() throws {
        _ = try requireTool("dot", install: "graphviz")
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let run = try runShell(["-"], input: """
                component Title view UILabel { text: "Post {i}" }
                component Post view UIView { backgroundColor: white } children Title
                list Feed rows 1100 viewport 1100 cells Post
                mount Feed
                delete Feed at 0 count 10
                export big.svg --all
                export row.svg Feed/7
                """, directory: directory)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("wrote big.svg (2202 views, over 2000: laid out as a tidy tree)\n"), "\(run.output)")
            let big = try String(contentsOf: directory.appendingPathComponent("big.svg"), encoding: .utf8)
            let titles = big.components(separatedBy: "<title>").dropFirst().map { $0.prefix { $0 != "<" } }
            let views = titles.filter { $0.hasPrefix("v") && $0.allSatisfy { $0 != "&" } }
            #expect(views.count == 2202 && Set(views).count == 2202)
            #expect(big.contains("waiting in the pool of v2 Feed: (Post, UIView, [backgroundColor])"))
            #expect(titles.filter { $0.hasPrefix("cluster_") }.count == 1)
            let row = try String(contentsOf: directory.appendingPathComponent("row.svg"), encoding: .utf8)
            #expect(row.contains("in root › v2 Feed; 2200 views outside this subtree not drawn (leave out VIEW to draw the whole tree)"), "\(row)")
            #expect(!row.contains("<title>v2</title>"))
        }
    }

    @Test func exportWithoutGraphvizSaysSo() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let run = try runShell(["-c", "component Foo view UIView", "-c", "mount Foo", "-c", "export tree.svg"],
                                   directory: directory, environment: ["PATH": directory.path])
            #expect(run.status == 1)
            #expect(run.output.contains("export: Graphviz's 'dot' is not on PATH; install Graphviz (Debian: apt install graphviz)"), "\(run.output)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("tree.svg").path))
            // The DOT form needs no Graphviz.
            let dot = try runShell(["-c", "export tree.dot"], directory: directory, environment: ["PATH": directory.path])
            #expect(dot.status == 0, "\(dot.output)")
        }
    }

    @Test func exportRefusesOtherKinds() throws {
        let run = try runShell(["-c", "export tree.png"])
        #expect(run.status == 1)
        #expect(run.output.contains("'tree.png' should end in .svg, .dot or .html"), "\(run.output)")
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let empty = try runShell(["-c", "export page.html"], directory: directory)
            #expect(empty.output.contains("nothing to show yet"), "\(empty.output)")
        }
    }
}

/// An external program the tests need, found on PATH; the failure says how to get it.
func requireTool(_ names: String..., install package: String) throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in names {
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
    }
    throw ToolMissing(description: "\(names.joined(separator: " or ")) is not on PATH: install \(package) (bash .ci/setup does)")
}

struct ToolMissing: Error, CustomStringConvertible {
    var description: String
}

/// Runs a program; stdout and stderr apart. Killed after `timeout` seconds.
func runTool(_ executable: URL, _ arguments: [String], input: String = "", timeout: TimeInterval = 120)
    throws -> (output: String, errors: String, status: Int32) {
    try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer { try? errorHandle.close() }
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = stdin
        try process.run()
        let deadline = DispatchTime.now() + timeout
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: deadline, execute: watchdog)
        defer { watchdog.cancel() }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorText = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        return (String(decoding: data, as: UTF8.self), errorText, process.terminationStatus)
    }
}
