import Foundation
import ReuseEngine
import Testing
import TestSupport
@testable import ReuseShell

/// Every `--json` document, in many states under every strategy, checked
/// against its schema in `Schemas/` (and errors of `--json` commands
/// against `error.schema.json`); the key vocabulary held across documents.
@Suite struct JSONSchemaTests {
    static let schemas: SchemaValidator = {
        do { return try SchemaValidator.packageSchemas() } catch { fatalError("Schemas/ unreadable: \(error)") }
    }()

    /// An interpreter whose output and errors are collected apart, as
    /// `reuse-shell` writes them to stdout and stderr.
    final class Shell {
        var out = ""
        var err = ""
        /// What the setup script reported on stderr.
        var setupErrors = ""
        lazy var interpreter = Interpreter(options: .init(), write: { [unowned self] in self.out += $0 },
                                           writeError: { [unowned self] in self.err += $0 })

        init(_ script: String) {
            interpreter.run(script: script, file: "<setup>")
            setupErrors = err
            out = ""
            err = ""
        }

        /// Runs one line: whether it succeeded, and what it wrote to each stream.
        func run(_ line: String) -> (ok: Bool, out: String, err: String) {
            out = ""
            err = ""
            let ok = interpreter.run(line: line, at: SourceLocation(file: "<test>", line: 1))
            return (ok, out, err)
        }
    }

    /// What the documents checked so far held: for the coverage and vocabulary checks.
    final class Census {
        /// Documents checked, by schema.
        var documents: [String: Int] = [:]
        /// Keys seen with a value that is not null, `[]` or `{}`, and the
        /// JSON types each was seen with (outside maps, whose keys are names).
        var types: [String: Set<String>] = [:]
        /// `change` kinds seen.
        var changes: Set<String> = []
        /// Event kinds seen.
        var kinds: Set<String> = []

        func record(_ value: JSONValue, inMap: Bool = false) {
            switch value {
            case .array(let items): for item in items { record(item) }
            case .object(let pairs):
                for (key, member) in pairs {
                    if key == "change", let kind = member.string { changes.insert(kind) }
                    if key == "kind", let kind = member.string { kinds.insert(kind) }
                    let trivial: Bool
                    switch member {
                    case .null: trivial = true
                    case .array(let items): trivial = items.isEmpty
                    case .object(let members): trivial = members.isEmpty
                    default: trivial = false
                    }
                    if !inMap, !trivial { types[key, default: []].insert(member.typeName == "integer" ? "number" : member.typeName) }
                    // Maps: their keys are property or stat names, not vocabulary.
                    record(member, inMap: ["properties", "sourcesByProperty", "counts"].contains(key) && !inMap)
                }
            default: break
            }
        }
    }

    /// Runs `line` and checks what it printed: one document on stdout
    /// valid against the command's schema when it succeeded; one error
    /// document on stderr when it failed (a failed `check` prints its
    /// document first). Returns the document, if any.
    @discardableResult
    static func check(_ line: String, in shell: Shell, census: Census? = nil,
                      sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSONValue? {
        let command = String(line.prefix { $0 != " " })
        let (ok, out, err) = shell.run(line)
        var document: JSONValue?
        if ok || !out.isEmpty {
            #expect(out.hasSuffix("\n") && out.dropLast().firstIndex(of: "\n") == nil, "\(line): one line on stdout: \(out)", sourceLocation: sourceLocation)
            do {
                let parsed = try JSONValue.parse(out)
                document = parsed
                let failures = try schemas.validate(parsed, against: command + ".schema.json")
                #expect(failures.isEmpty, "\(line): \(failures.prefix(5))\n\(out.prefix(2000))", sourceLocation: sourceLocation)
                census?.documents[command, default: 0] += 1
                census?.record(parsed)
            } catch {
                Issue.record("\(line): \(error)\n\(out.prefix(2000))", sourceLocation: sourceLocation)
            }
        }
        if ok {
            #expect(err.isEmpty, "\(line): \(err)", sourceLocation: sourceLocation)
        } else {
            do {
                let parsed = try JSONValue.parse(err)
                let failures = try schemas.validate(parsed, against: "error.schema.json")
                #expect(failures.isEmpty, "\(line): \(failures)\n\(err)", sourceLocation: sourceLocation)
                census?.documents["error", default: 0] += 1
                census?.record(parsed)
            } catch {
                Issue.record("\(line) failed without a JSON error on stderr: \(error)\n\(err)", sourceLocation: sourceLocation)
            }
        }
        return document
    }

    /// Scenes that reach every part of the documents: lists in lists,
    /// headers and footers, hidden instances, late loads, taps, leaks,
    /// another row's cell, a bounded log.
    static let scenes: [(name: String, script: String)] = [
        ("nothing mounted", ""),
        ("plain components", """
        component Title view UILabel { text: "Hi" }
        component Foo view UIView { backgroundColor: red } children Title
        component Bar view UIView { alpha: 0.5 }
        attribute progress kind number update
        component Meter view UIView { progress: 1 }
        mount Foo Bar Foo Meter
        set Foo[1] backgroundColor blue
        set Meter progress 2
        hide Bar
        mount Bar Foo
        mount Foo Bar
        mount Foo Meter
        """),
        ("a feed with a header and a footer", """
        component Head view UILabel { text: Top }
        component Foot view UILabel { text: End }
        component Post view UIView { backgroundColor: white }
        component Ad view UIImageView { image: banner }
        list Feed rows 60 viewport 4 cells Post Ad header Head footer Foot
        register Feed Post
        register Feed Ad
        register Feed Head
        register Feed Foot
        mount Feed
        scroll Feed by 1
        scroll Feed by 3
        set Feed/5 backgroundColor red
        reload Feed/5 replace
        scroll Feed to 30
        hide Feed/31
        reload Feed
        """),
        ("carousels in a feed", """
        component Title view UILabel { text: "Item {i}" }
        list Carousel rows 20 viewport 3 cells Title
        list Feed rows 100 viewport 2 cells Carousel
        register Carousel Title
        register Feed Carousel
        mount Feed
        scroll Feed/0 by 2
        scroll Feed by 1
        scroll Feed by 2
        set Feed/3/2 text hello
        """),
        ("late images and hearts", """
        attribute liked kind bool
        component Photo view UIImageView { image: placeholder } loads image "photo{i}" after 2
        component Heart view UIButton { title: Like, tap: like }
        component Row view UIView { backgroundColor: white } children Photo Heart
        list Feed rows 40 viewport 3 cells Row
        register Feed Row
        mount Feed
        scroll Feed by 3
        set Feed/4/Heart liked true
        scroll Feed by 2
        wait
        scroll Feed by 1
        prepare Row resets liked cancels loads
        scroll Feed by 1
        """),
        ("a bounded log", """
        component Card view UIView { backgroundColor: red }
        list Feed rows 100 viewport 3 cells Card
        register Feed Card
        mount Feed
        set Feed/1 backgroundColor blue
        log keep 5
        scroll Feed by 2
        scroll Feed by 1
        """),
    ]

    /// The views of the current state's tree (at most `limit`), depth first.
    static func views(of tree: JSONValue?, limit: Int = 40) -> [String] {
        var ids: [String] = []
        func walk(_ node: JSONValue) {
            guard ids.count < limit else { return }
            if let id = node["view"]?.string { ids.append(id) }
            for child in (node["children"]?.array ?? []) + (node["detachedCells"]?.array ?? []) { walk(child) }
        }
        if let root = tree?["tree"] { walk(root) }
        for pool in tree?["classPools"]?.array ?? [] {
            for view in pool["views"]?.array ?? [] { if let id = view["view"]?.string, ids.count < limit { ids.append(id) } }
        }
        return ids
    }

    /// Every inspection's JSON in the shell's current state, and for a few
    /// views their `config`, `why` and `tap`.
    static func checkEveryDocument(in shell: Shell, census: Census) {
        let pass = shell.interpreter.engine.log.currentPass
        var lines = ["tree", "tree --all", "tree --changes", "pools", "components", "stats", "log", "log --last 3",
                     "log --kind apply,create,load,deliver", "check", "diff", "diff 0 \(pass)"]
        if pass >= 2 { lines += ["tree --pass 1", "tree --pass 2 --changes", "pools --pass 1", "components --pass 1", "check --pass 1",
                                 "stats --pass 2", "log --pass 2", "diff 1", "tree v2", "pools v2"] }
        for line in lines { check(line + " --json", in: shell, census: census) }
        let tree = check("tree --all --json", in: shell, census: census)
        for view in views(of: tree) {
            let config = check("config \(view) --json", in: shell, census: census)
            let named = (config?["attributes"]?.array ?? []).compactMap { $0["attribute"]?.string }
            for property in named.prefix(2) + ["backgroundColor"] { check("why \(view) \(property) --json", in: shell, census: census) }
            if named.contains("tap") { check("tap \(view) --json", in: shell, census: census) }
        }
    }

    @Test(arguments: StrategyRegistry.names)
    func everyDocumentFitsItsSchema(strategy: String) {
        let census = Census()
        for scene in Self.scenes {
            // Each scene checked part way and at its end.
            let lines = Interpreter.lines(of: scene.script)
            let shell = Shell("strategy \(strategy)\n" + lines.prefix(lines.count / 2 + 1).joined(separator: "\n"))
            Self.checkEveryDocument(in: shell, census: census)
            for line in lines.dropFirst(lines.count / 2 + 1) {
                let run = shell.run(line)
                #expect(run.ok, "\(strategy), \(scene.name): \(run.err)")
            }
            #expect(shell.setupErrors.isEmpty, "\(strategy), \(scene.name): \(shell.setupErrors)")
            Self.checkEveryDocument(in: shell, census: census)
        }
        // Every command's document was printed (not only errors).
        for command in ["tree", "pools", "components", "config", "log", "stats", "diff", "check", "why", "tap"] {
            #expect(census.documents[command, default: 0] > 0, "\(strategy): no \(command) document")
        }
    }

    /// Leaks, views of the wrong class, `compare`, and the states the
    /// strategies' own mechanisms make, so every key of every schema is
    /// met with a value at least once, each key always with one type.
    @Test func everyKeyIsExercisedAndHasOneType() throws {
        let census = Census()
        for strategy in StrategyRegistry.names {
            for scene in Self.scenes {
                let shell = Shell("strategy \(strategy)\n" + scene.script)
                Self.checkEveryDocument(in: shell, census: census)
            }
        }
        // A leak (naive), a wrong class (uikit), a reorder (componentkit).
        let leak = Shell("component Foo view UIView { backgroundColor: red }\ncomponent Bar view UIView { alpha: 0.5 }\nstrategy naive\nmount Foo\nmount Bar\n")
        Self.check("check --json", in: leak, census: census)
        Self.check("config v2 --json", in: leak, census: census)
        // Component state that travelled with a reused cell (uikit).
        let travelled = Shell("component C view UILabel { text: \"Row {i}\" }\nlist L rows 9 viewport 2 cells C\nstrategy uikit\nregister L C\nmount L\nstate L/0 liked true saveable\nscroll L by 2\n")
        Self.check("check --json", in: travelled, census: census)
        Self.check("config L/3 --json", in: travelled, census: census)
        Self.check("why L/3 state liked --json", in: travelled, census: census)
        Self.check("diff 1 3 --json", in: travelled, census: census)
        let wrong = Shell("""
            component Post view UIView { backgroundColor: white }
            component Ad view UIImageView { image: banner }
            list Feed rows 100 viewport 4 cells Post Ad
            strategy uikit
            register Feed Post as Cell
            register Feed Ad as AdCell
            mount Feed
            register Feed Ad as Cell
            scroll Feed by 4
            """)
        Self.check("check --json", in: wrong, census: census)
        // A header the system gives no view (an unregistered identifier under uikit).
        let absent = Shell("""
            component Cell view UILabel { text: "r{i}" }
            component Banner view UILabel { text: hi }
            list Feed rows 10 viewport 3 cells Cell header Banner
            register Feed Cell
            strategy uikit
            mount Feed
            """)
        Self.check("check --json", in: absent, census: census)
        // Cell types never pooled: a registration made in the cell provider (iOS 14), a pool of 0.
        let unpooled = Shell("""
            component Cell view UILabel { text: "r{i}" }
            list Feed rows 10 viewport 3 cells Cell
            strategy uikit-diffable os 14
            mount Feed
            """)
        let unpooledCheck = Self.check("check --json", in: unpooled, census: census)
        #expect(unpooledCheck?["neverPooled"]?[0]?["fix"]?.string == "register it up front: 'register Feed Cell'")
        let compare = Shell(Self.scenes[2].script)
        Self.check("compare --json", in: compare, census: census)
        Self.check("compare theodolite uikit --json", in: compare, census: census)
        // A replay that fails: uikit without registrations.
        let failing = Shell("component C view UIView\nlist L rows 5 viewport 2 cells C\nmount L\n")
        let compared = Self.check("compare uikit naive --json", in: failing, census: census)
        #expect((compared?["strategies"]?[0]).flatMap { $0["failure"] }?.string?.contains("<session>:3") == true, "\(String(describing: compared))")
        // compare --explain: pairs that part (with drift), one that never does, a refused line.
        Self.check("compare --explain --json", in: compare, census: census)
        Self.check("compare --explain theodolite recyclerview --json", in: compare, census: census)
        let refused = Self.check("compare --explain naive uikit --json", in: failing, census: census)
        #expect(refused?["explained"]?[0]?["stopped"]?.string?.hasPrefix("uikit stopped at <session>:3") == true, "\(String(describing: refused))")

        // Every property any schema declares was met with a value.
        var declared: Set<String> = []
        func walk(_ schema: JSONValue) {
            for (keyword, argument) in schema.keys.map({ keys in keys.compactMap { key in schema[key].map { (key, $0) } } }) ?? [] {
                switch keyword {
                case "properties":
                    for name in argument.keys ?? [] {
                        declared.insert(name)
                        argument[name].map(walk)
                    }
                // counts' keys are stat names, each always there (the schema requires them all).
                case "$defs": for name in argument.keys ?? [] where name != "counts" { argument[name].map(walk) }
                case "items", "additionalProperties", "not": walk(argument)
                case "oneOf", "anyOf", "allOf": argument.array?.forEach(walk)
                default: break
                }
            }
        }
        for (name, schema) in Self.schemas.schemas where name != "error.schema.json" { walk(schema) }
        // A broken invariant is a bug of the engine: no scene makes one.
        declared.remove("invariants")
        let unseen = declared.subtracting(census.types.keys).sorted()
        #expect(unseen.isEmpty, "keys never met with a value: \(unseen)")
        // One key, one type, but for values (a value is a string, number, boolean or entries).
        let values: Set<String> = ["value", "oldValue", "shows", "fresh", "holderSets", "old", "new"]
        for (key, types) in census.types.sorted(by: { $0.key < $1.key }) where !values.contains(key) {
            #expect(types.count == 1, "'\(key)' is \(types.sorted().joined(separator: " and ")) in different places")
        }
        #expect(census.changes == ["created", "removed", "hidden", "shown", "owner", "parent", "pool", "property", "state"],
                "change kinds met: \(census.changes.sorted())")
    }
}
