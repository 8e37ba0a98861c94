import Foundation
import ReuseEngine

/// Reads a DivKit card (../shared/dumps/FORMATS.md section 3) into views:
/// each div a view named by its template (or its type), its items,
/// gallery rows and first state as subviews.
///
/// - **Templates** are resolved first, chained (a template's `type` may be
///   another template) and with `$field: param` (the field takes the
///   instance's `param`); the instance's own properties win.
/// - **Galleries** (and pagers, tabs) are lists: static `items`, or
///   `item_builder` with one row per element of its `data` (a card
///   variable), each row the first prototype whose `selector` holds.
/// - **Expressions.** `@{getStringFromDict(item, 'key')}` (and the
///   integer and number forms, and `@{item.key}`) are read from a row's
///   data element; a selector `@{… == 'value'}` or `!=` is compared. Any
///   other expression stays as written (counted in a warning).
/// - A document of several cards (`screens`) imports one: the first, or
///   the one named.
enum DivKitCard {
    /// What was read: the views, what could not be read, the cards there are and the one taken.
    struct Reading {
        var dump: ParsedDump
        var cards: [String]
        var card: String?
    }

    static let lists: Set<String> = ["gallery", "pager", "tabs"]

    static func parse(_ text: String, card wanted: String?) throws(JSONText.Failure) -> Reading {
        let document = try JSONText.parse(text)
        let templates = document["templates"]?.entries ?? []
        var cards: [(String, ParsedJSON)] = []
        if let card = document["card"] { cards.append(("card", card)) }
        for (name, screen) in document["screens"]?.entries ?? [] { cards.append((name, screen["card"] ?? screen)) }
        if cards.isEmpty, document["states"] != nil { cards.append(("card", document)) }
        guard !cards.isEmpty else {
            throw JSONText.Failure(line: 1, column: 1, message: "no card: expected \"card\" (or \"screens\") with \"states\"")
        }
        let names = cards.map(\.0)
        guard let chosen = wanted.map({ name in cards.first { $0.0 == name } }) ?? cards.first else {
            throw JSONText.Failure(line: 1, column: 1, message: "no card named '\(wanted ?? "")'; the cards are " + names.joined(separator: ", "))
        }
        var reader = Reader(templates: templates, variables: chosen.1["variables"]?.array ?? [])
        var roots: [DumpedView] = []
        if let state = chosen.1["states"]?.array?.first, let div = state["div"] {
            roots.append(reader.view(div, item: nil))
        }
        var warnings: [DumpWarning] = []
        if reader.unresolved > 0 {
            warnings.append(DumpWarning(line: 1, column: 1, message: "\(reader.unresolved) expression\(reader.unresolved == 1 ? "" : "s") kept as written (only a row's getStringFromDict and item.key are read)"))
        }
        if reader.tooDeep > 0 {
            warnings.append(DumpWarning(line: 1, column: 1, message: "\(reader.tooDeep) div\(reader.tooDeep == 1 ? " is" : "s are") nested deeper than \(Catalog.maximumDepth - 1) levels (a template that holds itself?): cut there"))
        }
        if reader.unknownData > 0 {
            warnings.append(DumpWarning(line: 1, column: 1, message: "\(reader.unknownData) item_builder\(reader.unknownData == 1 ? "'s data is" : "s' data are") not a card variable: no rows"))
        }
        return Reading(dump: ParsedDump(roots: roots, warnings: warnings), cards: names, card: chosen.0)
    }

    /// Turns divs into views, with the templates and the card's variables.
    struct Reader {
        let templates: [(key: String, value: ParsedJSON)]
        let variables: [ParsedJSON]
        /// Expressions left as written.
        var unresolved = 0
        /// item_builders whose data is no card variable.
        var unknownData = 0
        /// Divs cut at the shell's depth limit.
        var tooDeep = 0

        /// The div's properties with its templates applied, the template it
        /// was an instance of, and the parameters its children read.
        /// `params` are the properties of the template instance whose body
        /// holds the div: a `$field: param` anywhere in that body reads them.
        func resolved(_ div: ParsedJSON, params: [(key: String, value: ParsedJSON)])
            -> (properties: [(key: String, value: ParsedJSON)], template: String?, params: [(key: String, value: ParsedJSON)]) {
            var properties: [(key: String, value: ParsedJSON)] = []
            for (key, value) in div.entries ?? [] {
                if key.hasPrefix("$"), let param = value.string {
                    if let given = params.first(where: { $0.key == param })?.value { properties.append((String(key.dropFirst()), given)) }
                } else {
                    properties.append((key, value))
                }
            }
            let own = properties
            var template: String?
            var seen: Set<String> = []
            while let type = properties.first(where: { $0.key == "type" })?.value.string,
                  let body = templates.first(where: { $0.key == type })?.value.entries, seen.insert(type).inserted {
                template = template ?? type
                let instance = properties
                // The template's properties, `$field: param` taking the instance's param; the instance's own win.
                var merged: [(key: String, value: ParsedJSON)] = []
                for (key, value) in body {
                    if key.hasPrefix("$"), let param = value.string {
                        if let given = instance.first(where: { $0.key == param })?.value { merged.append((String(key.dropFirst()), given)) }
                    } else {
                        merged.append((key, value))
                    }
                }
                for (key, value) in instance where key != "type" {
                    if let index = merged.firstIndex(where: { $0.key == key }) { merged[index].value = value } else { merged.append((key, value)) }
                }
                // The template's own type: a builtin, or the next template of the chain.
                if let index = merged.firstIndex(where: { $0.key == "type" }) {
                    merged[index].value = body.first { $0.key == "type" }?.value ?? .string("container")
                } else {
                    merged.insert(("type", body.first { $0.key == "type" }?.value ?? .string("container")), at: 0)
                }
                properties = merged
            }
            // An instance's own properties are its body's parameters.
            return (properties, template, template == nil ? params : own)
        }

        mutating func view(_ div: ParsedJSON, item: ParsedJSON?, params: [(key: String, value: ParsedJSON)] = [], depth: Int = 0) -> DumpedView {
            let (properties, template, childParams) = resolved(div, params: params)
            func property(_ key: String) -> ParsedJSON? { properties.first { $0.key == key }?.value }
            let type = property("type")?.string ?? "container"
            var view = DumpedView(className: type, baseClass: nil, fields: [], frame: nil, line: 0)
            if let template { view.fields.append(.init(name: "template", value: template)) }
            if let id = property("id")?.string { view.fields.append(.init(name: "id", value: id)) }
            if let text = property("text")?.scalarText { view.fields.append(.init(name: "text", value: evaluate(text, item: item))) }
            if let alpha = property("alpha")?.scalarText { view.fields.append(.init(name: "alpha", value: alpha)) }
            if let visibility = property("visibility")?.string, visibility == "gone" || visibility == "invisible" {
                view.fields.append(.init(name: "hidden", value: "YES"))
            }
            for key in ["orientation", "item_spacing"] {
                if let value = property(key)?.scalarText { view.fields.append(.init(name: key, value: value)) }
            }
            for axis in ["width", "height"] {
                if let size = property(axis), size["type"]?.string == "fixed", let value = size["value"]?.scalarText {
                    view.fields.append(.init(name: axis, value: value))
                }
            }
            // No deeper than the shell mounts (a template that holds itself would never end).
            guard depth < Catalog.maximumDepth - 1 else {
                tooDeep += 1
                return view
            }
            if let items = property("items")?.array {
                view.children = items.map { self.view($0, item: item, params: childParams, depth: depth + 1) }
            } else if let builder = property("item_builder") {
                view.children = rows(of: builder, params: childParams, depth: depth + 1)
            } else if type == "state", let first = property("states")?.array?.first, let inner = first["div"] {
                view.children = [self.view(inner, item: item, params: childParams, depth: depth + 1)]
            }
            return view
        }

        /// One row per element of the builder's data: the first prototype whose selector holds.
        mutating func rows(of builder: ParsedJSON, params: [(key: String, value: ParsedJSON)], depth: Int) -> [DumpedView] {
            let name = builder["data_element_name"]?.string ?? "it"
            guard let data = builder["data"]?.string, let variable = Reader.expressionBody(data),
                  let elements = variables.first(where: { $0["name"]?.string == variable })?["value"]?.array else {
                unknownData += 1
                return []
            }
            let prototypes = builder["prototypes"]?.array ?? []
            return elements.compactMap { element in
                let scope = ParsedJSON.object([(name, element)])
                guard let index = prototypes.firstIndex(where: { prototype in
                    guard let selector = prototype["selector"]?.string else { return true }
                    return holds(selector, item: scope)
                }), let div = prototypes[index]["div"] else { return nil }
                var row = view(div, item: scope, params: params, depth: depth)
                row.fields.append(.init(name: "prototype", value: String(index)))
                return row
            }
        }

        /// `@{…}`'s inside, or nil when the text is not one expression.
        static func expressionBody(_ text: String) -> String? {
            guard text.hasPrefix("@{"), text.hasSuffix("}") else { return nil }
            return String(text.dropFirst(2).dropLast()).trimmingCharacters(in: .whitespaces)
        }

        /// A text with its `@{…}` parts read from the row's element where they can be.
        mutating func evaluate(_ text: String, item: ParsedJSON?) -> String {
            guard text.contains("@{") else { return text }
            var result = ""
            var rest = Substring(text)
            while let open = rest.range(of: "@{") {
                result += rest[..<open.lowerBound]
                guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                    result += rest[open.lowerBound...]
                    rest = ""
                    break
                }
                let body = String(rest[open.upperBound..<close]).trimmingCharacters(in: .whitespaces)
                if let value = lookUp(body, item: item) {
                    result += value
                } else {
                    unresolved += 1
                    result += rest[open.lowerBound...close]
                }
                rest = rest[rest.index(after: close)...]
            }
            return result + rest
        }

        /// `getStringFromDict(item, 'title')`, `getIntegerFromDict(…)`, `item.title`.
        func lookUp(_ body: String, item: ParsedJSON?) -> String? {
            guard let item, let (scope, element) = item.entries?.first else { return nil }
            if let open = body.firstIndex(of: "("), body.hasSuffix(")"), body[..<open].hasPrefix("get"), body[..<open].hasSuffix("FromDict") {
                let arguments = body[body.index(after: open)..<body.index(before: body.endIndex)].split(separator: ",")
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                guard arguments.count == 2, arguments[0] == scope else { return nil }
                let key = arguments[1].trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
                return element[key]?.scalarText
            }
            if body.hasPrefix(scope + "."), let value = element[String(body.dropFirst(scope.count + 1))]?.scalarText { return value }
            return nil
        }

        /// A selector: `@{true}`, `@{X == 'v'}` or `@{X != 'v'}` with X read as ``lookUp(_:item:)``.
        func holds(_ selector: String, item: ParsedJSON?) -> Bool {
            guard let body = Reader.expressionBody(selector) else { return selector == "true" }
            if body == "true" { return true }
            if body == "false" { return false }
            for (operator_, equal) in [("==", true), ("!=", false)] {
                guard let range = body.range(of: operator_) else { continue }
                let left = body[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
                let right = body[range.upperBound...].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
                guard let value = lookUp(left, item: item) else { return false }
                return (value == right) == equal
            }
            return false
        }
    }
}
