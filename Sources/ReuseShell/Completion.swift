import Foundation
import ReuseEngine

extension Interpreter {
    /// Candidates for the last word of `lineBeforeCursor` (the whole word each),
    /// from the command names, keywords, component names, view ids, strategy
    /// names and file paths that fit where the cursor is.
    public func completions(for lineBeforeCursor: String) -> [String] {
        let endsWithSpace = lineBeforeCursor.last?.isWhitespace ?? true
        var words = lineBeforeCursor.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let partial = endsWithSpace ? "" : (words.popLast() ?? "")
        let candidates = candidates(after: words, partial: partial)
        var seen: Set<String> = []
        return candidates.filter { $0.hasPrefix(partial) && seen.insert($0).inserted }
    }

    func candidates(after words: [String], partial: String) -> [String] {
        guard let command = words.first else { return CommandTable.all.map(\.name).sorted() }
        let components = Array(engine.catalog.components.keys)
        let paths = engine.instances.map(\.path.display)
        let views = engine.views.all.map(\.id.description)
        let previous = words.last ?? command
        let position = words.count
        switch command {
        case "help":
            if position == 1 { return (CommandTable.all.map(\.name) + ["glossary"]).sorted() }
            if position == 2, previous == "glossary" { return Glossary.entries.map { $0.names[0] }.filter { !$0.contains(" ") } }
            return position == 2 && previous == "strategy" ? strategyNames : []
        case "mount":
            return components
        case "component":
            if position == 1 { return components }
            if previous == "view" { return Array(engine.catalog.viewClasses.keys) }
            // `loads ATTR VALUE after N [checked]`
            if let clause = words.lastIndex(of: "loads") {
                switch words.count - clause {
                case 1: return Array(engine.catalog.attributes.keys)
                case 3: return ["after"]
                case 5: return ["checked", "children", "loads"]
                case 2, 4: return []
                default: break
                }
            }
            if let children = words.lastIndex(of: "children"), children > (words.lastIndex(of: "loads") ?? -1) { return components + ["loads"] }
            return ["view", "children", "loads"]
        case "prepare":
            if position == 1 { return components }
            if previous == "cancels" { return ["loads"] }
            let keywords = (words.contains("resets") ? [] : ["resets"]) + (words.contains("cancels") ? [] : ["cancels"])
            if words.contains("resets"), !words.contains("cancels") { return Array(engine.catalog.attributes.keys) + keywords }
            return keywords
        case "why":
            if position == 1 { return ["root"] + views + paths }
            guard position == 2, let id = try? viewID(from: Token(kind: .word, text: words[1], column: 1, length: words[1].count)) else { return [] }
            var properties = Array(engine.views[id].properties.keys)
            for name in engine.catalog.attributes.keys where !properties.contains(name) { properties.append(name) }
            return properties
        case "wait":
            return []
        case "list":
            let keywords = ["rows", "viewport", "cells"]
            if words.contains("cells") { return components }
            if position == 1 { return components }
            return keywords.filter { !words.contains($0) }
        case "attribute":
            if previous == "kind" { return ValueKind.allCases.map(\.rawValue) }
            return position == 1 ? Array(engine.catalog.attributes.keys) : ["kind", "adds", "unapply", "update"]
        case "view":
            return position == 1 ? Array(engine.catalog.viewClasses.keys) : []
        case "hide", "set":
            if position == 1 { return paths + views.dropFirst() }
            if command == "set", position == 2 { return attributes(settableOn: words[1]) }
            if command == "set", position == 3, let values = ValueKind.color.allValues(for: previous, in: engine.catalog) { return values }
            return []
        case "reload":
            if position == 1 {
                // Paths inside a list row, and lists (a whole-list reload).
                let lists = Set(engine.instances.filter { engine.catalog.components[$0.name]?.isList == true }.map(\.path.description))
                return paths.filter { lists.contains($0) || ($0.contains("/") && $0.split(separator: "/").contains { Int($0) != nil }) }
            }
            return position == 2 ? ["payload", "replace"] : []
        case "show":
            return position == 1 ? engine.instances.filter(\.isHidden).map(\.path.description) : []
        case "scroll":
            if position == 1 {
                return engine.instances.filter { engine.catalog.components[$0.name]?.isList == true }.map(\.path.display)
            }
            return position == 2 ? ["by", "to"] : []
        case "strategy":
            if position == 1 { return strategyNames }
            guard let descriptor = strategy(named: words[1]) else { return [] }
            // Options, a switch's on/off, a choice's words, a per-type option's view types.
            if descriptor.defaults.contains(where: { $0.name == previous && $0.kind == .flag }) { return ["on", "off"] }
            if let choices = descriptor.defaults.first(where: { $0.name == previous })?.choices, !choices.isEmpty { return choices }
            if previous == descriptor.perSubject || descriptor.subjectOptions.contains(previous) { return components }
            if descriptor.defaults.contains(where: { $0.name == previous }) { return [] }
            return descriptor.defaults.map(\.name) + descriptor.subjectOptions
        case "register":
            if position == 1 { return components.filter { engine.catalog.components[$0]?.isList == true } }
            if position == 2, case .list(let spec)? = engine.catalog.components[words[1]]?.body {
                return spec.cells + spec.supplementaries.map(\.component)
            }
            return position == 3 ? ["as"] : []
        case "compare":
            if previous == "--script" { return filePaths(matching: partial) }
            return strategyNames.filter { !words.contains($0) } + offeredOptions(of: command)
        case "explain":
            return position == 1 ? ["on", "off"] : []
        case "tree", "pools", "config", "log", "stats", "check", "components", "tap":
            let flags = offeredOptions(of: command)
            if previous == "--kind" { return ReuseEvent.Kind.allCases.map(\.rawValue) }
            // Pass numbers, the last 100 of them.
            if previous == "--pass" { return recentPasses }
            if partial.hasPrefix("-") { return flags }
            return ["stats", "check", "components"].contains(command) ? flags : ["root"] + views + paths + flags
        case "expect":
            if position == 1 { return ["stat", "leaks", "pool"] + views + paths }
            if words[1] == "stat", position == 2 { return ExpectCommand.statNames }
            if words[1] == "pool" { return position == 2 ? views : position == 3 ? components : [] }
            if ViewID(parsing: words[1]) != nil, position == 2 { return ["hidden", "visible"] }
            if position == 2 { return ["holds"] }
            return position == 3 && words[2] == "holds" ? views : []
        case "diff":
            if partial.hasPrefix("-") || position > 2 { return offeredOptions(of: command) }
            return recentPasses + (position == 1 ? ["0"] : [])
        case "undo":
            return position == 1 && !recorded.isEmpty ? (1...min(9, recorded.count)).map(String.init) : []
        case "source", "save":
            return position == 1 ? filePaths(matching: partial) : []
        case "import":
            if partial.hasPrefix("-") { return offeredOptions(of: command) }
            if position == 1 { return filePaths(matching: partial) }
            if previous == "as" { return ["uikit", "android", "divkit"] }
            return previous == "card" ? [] : ["as", "card"]
        case "export":
            if previous == "--pass" { return recentPasses }
            if partial.hasPrefix("-") { return offeredOptions(of: command) }
            // FILE.svg|dot|html first, then the script to show (a page) or the view to draw below (a picture).
            if position == 1 { return partial.isEmpty ? ["tree.svg", "tree.dot", "session.html"] : filePaths(matching: partial) }
            guard position == 2 else { return [] }
            return words[1].lowercased().hasSuffix(".html") ? filePaths(matching: partial) : ["root"] + views + paths
        default:
            return []
        }
    }

    /// The options completion offers for `command`, as typed, in the order
    /// its entry in the command table declares them (``CommandSpec/options``).
    func offeredOptions(of command: String) -> [String] {
        CommandTable.spec(named: command)?.options.filter(\.isCompleted).map(\.spelled) ?? []
    }

    /// The attributes `set PATH` takes: those the instance's view class has
    /// (built-ins are per class; declared ones go anywhere).
    func attributes(settableOn path: String) -> [String] {
        let all = Array(engine.catalog.attributes.keys)
        guard case .success(let parsed) = ComponentPath.parse(path), let node = try? engine.resolve(parsed),
              let viewClass = engine.catalog.components[node.name]?.view?.viewClass else { return all }
        return all.filter { (try? engine.catalog.checkProperty($0, on: viewClass)) != nil }
    }

    /// Pass numbers, the last 100 of them.
    var recentPasses: [String] {
        let count = engine.log.currentPass
        return count == 0 ? [] : (max(1, count - 99)...count).map(String.init)
    }

    /// Files and directories (with a trailing `/`) whose path starts with `partial`.
    func filePaths(matching partial: String) -> [String] {
        let slash = partial.lastIndex(of: "/")
        let directoryPart = slash.map { String(partial[...$0]) } ?? ""
        let directory = directoryPart.isEmpty ? workingDirectory : resolve(directoryPart)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.sorted().compactMap { name -> String? in
            if name.hasPrefix("."), !(partial.split(separator: "/").last?.hasPrefix(".") ?? false) { return nil }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory)
            return directoryPart + name + (isDirectory.boolValue ? "/" : "")
        }
    }
}

extension ValueKind {
    /// Colour names when `attribute` takes colours.
    func allValues(for attribute: String, in catalog: Catalog) -> [String]? {
        switch catalog.attributes[attribute]?.kind {
        case .color?: return ValueKind.colorNames
        case .bool?: return ["true", "false"]
        default: return nil
        }
    }
}
