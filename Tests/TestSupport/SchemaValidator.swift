import Foundation

/// A JSON Schema (draft 2020-12) validator for the keywords reuse-shell's
/// schemas use, and no others: a schema with any other keyword is refused
/// rather than half-checked.
///
/// Applicators: `$ref` (to `#/...` in the same file or `FILE#/...` in
/// another schema of the set; like every keyword it applies beside its
/// siblings, as 2020-12 says), `properties`, `additionalProperties`
/// (`false` or a schema), `items`, `oneOf`, `anyOf`, `allOf`, `not`.
/// Assertions: `type` (a name or a list; `integer` is any whole number),
/// `required`, `enum`, `const`, `minimum`, `maximum`, `minLength`,
/// `maxLength`, `minItems`, `maxItems`, `pattern` (unanchored, as
/// ECMA-262 matches). Annotations (`$schema`, `title`, `description`,
/// `$defs`, `$comment`) are read past.
public struct SchemaValidator: Sendable {
    /// The schemas by file name (`tree.schema.json`).
    public let schemas: [String: JSONValue]

    /// A problem: where in the document (a JSON Pointer), and what.
    public struct Failure: Sendable, CustomStringConvertible {
        public var pointer: String
        public var message: String
        public var description: String { (pointer.isEmpty ? "(document)" : pointer) + ": " + message }
    }

    /// A schema the validator cannot use: a keyword it does not know, a `$ref` it cannot resolve.
    public struct SchemaError: Error, CustomStringConvertible {
        public var description: String
    }

    public init(schemas: [String: JSONValue]) {
        self.schemas = schemas
    }

    /// Every `*.schema.json` file of `directory`.
    public init(directory: URL) throws {
        var schemas: [String: JSONValue] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where name.hasSuffix(".schema.json") {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            schemas[name] = try JSONValue.parse(text)
        }
        self.init(schemas: schemas)
    }

    /// The package's `Schemas/` directory (found from this file).
    public static func packageSchemas() throws -> SchemaValidator {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/", !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            directory = directory.deletingLastPathComponent()
        }
        return try SchemaValidator(directory: directory.appendingPathComponent("Schemas"))
    }

    /// The failures of `document` against the schema file `name`; none when it is valid.
    public func validate(_ document: JSONValue, against name: String) throws(SchemaError) -> [Failure] {
        guard let schema = schemas[name] else { throw SchemaError(description: "no schema named \(name)") }
        var failures: [Failure] = []
        try check(document, schema, file: name, pointer: "", into: &failures)
        return failures
    }

    /// Parses `text` and validates it; a text that is not one JSON document fails too.
    public func validate(text: String, against name: String) throws(SchemaError) -> [Failure] {
        let document: JSONValue
        do throws(JSONValue.ParseError) {
            document = try JSONValue.parse(text)
        } catch {
            return [Failure(pointer: "", message: error.description)]
        }
        return try validate(document, against: name)
    }

    static let annotations: Set<String> = ["$schema", "title", "description", "$defs", "$comment"]
    static let known: Set<String> = annotations.union([
        "$ref", "properties", "additionalProperties", "items", "oneOf", "anyOf", "allOf", "not",
        "type", "required", "enum", "const", "minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "pattern",
    ])

    /// The schema a `$ref` names, and the file it is in.
    func resolve(_ reference: String, from file: String) throws(SchemaError) -> (JSONValue, String) {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let target = parts[0].isEmpty ? file : String(parts[0])
        guard var schema = schemas[target] else { throw SchemaError(description: "$ref \(reference): no schema file \(target)") }
        let pointer = parts.count > 1 ? String(parts[1]) : ""
        guard pointer.isEmpty || pointer.hasPrefix("/") else { throw SchemaError(description: "$ref \(reference): only JSON Pointers are supported") }
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let next = schema[key] {
                schema = next
            } else if let index = Int(key), let next = schema[index] {
                schema = next
            } else {
                throw SchemaError(description: "$ref \(reference): nothing at \(pointer) in \(target)")
            }
        }
        return (schema, target)
    }

    static func matchesType(_ value: JSONValue, _ type: String) -> Bool {
        switch type {
        case "number": value.typeName == "integer" || value.typeName == "number"
        default: value.typeName == type
        }
    }

    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .number(let number): number
        default: nil
        }
    }

    /// Checks `value` against `schema` (found in `file`), adding what fails.
    func check(_ value: JSONValue, _ schema: JSONValue, file: String, pointer: String, into failures: inout [Failure]) throws(SchemaError) {
        if case .bool(let allows) = schema {
            if !allows { failures.append(Failure(pointer: pointer, message: "nothing is allowed here")) }
            return
        }
        guard case .object(let keywords) = schema else { throw SchemaError(description: "\(file): a schema must be an object or a boolean") }
        func fail(_ message: String) { failures.append(Failure(pointer: pointer, message: message)) }
        for (keyword, argument) in keywords {
            switch keyword {
            case _ where SchemaValidator.annotations.contains(keyword):
                continue
            case "$ref":
                guard let reference = argument.string else { throw SchemaError(description: "\(file): $ref must be a string") }
                let (target, targetFile) = try resolve(reference, from: file)
                try check(value, target, file: targetFile, pointer: pointer, into: &failures)
            case "type":
                let names = argument.array?.compactMap(\.string) ?? argument.string.map { [$0] } ?? []
                guard !names.isEmpty else { throw SchemaError(description: "\(file): type must be a name or a list of names") }
                if !names.contains(where: { SchemaValidator.matchesType(value, $0) }) {
                    fail("expected \(names.joined(separator: " or ")), found \(value.typeName)")
                }
            case "properties":
                guard case .object(let properties) = argument else { throw SchemaError(description: "\(file): properties must be an object") }
                guard case .object(let pairs) = value else { continue }
                for (name, subschema) in properties {
                    if let member = pairs.first(where: { $0.key == name }) {
                        try check(member.value, subschema, file: file, pointer: pointer + "/" + SchemaValidator.escape(name), into: &failures)
                    }
                }
            case "additionalProperties":
                guard case .object(let pairs) = value else { continue }
                let declared = Set(schema["properties"]?.keys ?? [])
                for (name, member) in pairs where !declared.contains(name) {
                    if case .bool(false) = argument {
                        fail("the key '\(name)' is not allowed")
                    } else {
                        try check(member, argument, file: file, pointer: pointer + "/" + SchemaValidator.escape(name), into: &failures)
                    }
                }
            case "required":
                guard let names = argument.array?.compactMap(\.string) else { throw SchemaError(description: "\(file): required must list names") }
                guard case .object(let pairs) = value else { continue }
                for name in names where !pairs.contains(where: { $0.key == name }) { fail("the key '\(name)' is missing") }
            case "items":
                guard case .array(let items) = value else { continue }
                for (index, item) in items.enumerated() {
                    try check(item, argument, file: file, pointer: pointer + "/\(index)", into: &failures)
                }
            case "enum":
                guard let options = argument.array else { throw SchemaError(description: "\(file): enum must be a list") }
                if !options.contains(where: { $0.isEqual(to: value) }) {
                    fail("\(value) is not one of " + options.map(\.description).joined(separator: ", "))
                }
            case "const":
                if !argument.isEqual(to: value) { fail("expected \(argument), found \(value)") }
            case "minimum", "maximum":
                guard let bound = SchemaValidator.number(argument) else { throw SchemaError(description: "\(file): \(keyword) must be a number") }
                guard let number = SchemaValidator.number(value) else { continue }
                if keyword == "minimum" ? number < bound : number > bound { fail("\(value) is \(keyword == "minimum" ? "below the minimum" : "above the maximum") \(argument)") }
            case "minLength", "maxLength":
                guard let bound = argument.int else { throw SchemaError(description: "\(file): \(keyword) must be an integer") }
                guard case .string(let text) = value else { continue }
                let length = text.unicodeScalars.count
                if keyword == "minLength" ? length < bound : length > bound { fail("a string of \(length) characters; \(keyword) is \(bound)") }
            case "minItems", "maxItems":
                guard let bound = argument.int else { throw SchemaError(description: "\(file): \(keyword) must be an integer") }
                guard case .array(let items) = value else { continue }
                if keyword == "minItems" ? items.count < bound : items.count > bound { fail("\(items.count) items; \(keyword) is \(bound)") }
            case "pattern":
                guard let source = argument.string, let regex = try? Regex(source) else { throw SchemaError(description: "\(file): pattern must be a regular expression") }
                guard case .string(let text) = value else { continue }
                if !text.contains(regex) { fail("\"\(text)\" does not match \(source)") }
            case "oneOf", "anyOf", "allOf":
                guard let branches = argument.array, !branches.isEmpty else { throw SchemaError(description: "\(file): \(keyword) must list schemas") }
                var passing = 0
                var inner: [Failure] = []
                for branch in branches {
                    var branchFailures: [Failure] = []
                    try check(value, branch, file: file, pointer: pointer, into: &branchFailures)
                    if branchFailures.isEmpty { passing += 1 } else { inner += branchFailures }
                }
                switch keyword {
                case "oneOf" where passing != 1:
                    fail(passing == 0 ? "matches none of oneOf: " + inner.map(\.description).joined(separator: "; ")
                                      : "matches \(passing) branches of oneOf, not exactly one")
                case "anyOf" where passing == 0:
                    fail("matches none of anyOf: " + inner.map(\.description).joined(separator: "; "))
                case "allOf" where passing != branches.count:
                    failures += inner
                default: break
                }
            case "not":
                var inner: [Failure] = []
                try check(value, argument, file: file, pointer: pointer, into: &inner)
                if inner.isEmpty { fail("matches a schema it must not") }
            default:
                throw SchemaError(description: "\(file): the keyword '\(keyword)' is not supported by this validator")
            }
        }
    }

    /// A key as a JSON Pointer token.
    static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Every schema of the set checked for keywords this validator does not
    /// know and `$ref`s it cannot resolve, anywhere in them (even where no
    /// document reaches). Returns the problems found.
    public func lint() -> [String] {
        var problems: [String] = []
        func walk(_ schema: JSONValue, file: String, at pointer: String) {
            guard case .object(let keywords) = schema else { return }
            for (keyword, argument) in keywords {
                if !SchemaValidator.known.contains(keyword) { problems.append("\(file)#\(pointer): unknown keyword '\(keyword)'") }
                switch keyword {
                case "$ref":
                    do throws(SchemaError) {
                        _ = try resolve(argument.string ?? "", from: file)
                    } catch {
                        problems.append("\(file)#\(pointer): \(error)")
                    }
                case "properties", "$defs":
                    for (name, subschema) in (argument.keys ?? []).compactMap({ name in argument[name].map { (name, $0) } }) {
                        walk(subschema, file: file, at: pointer + "/\(keyword)/\(SchemaValidator.escape(name))")
                    }
                case "items", "additionalProperties", "not":
                    walk(argument, file: file, at: pointer + "/\(keyword)")
                case "oneOf", "anyOf", "allOf":
                    for (index, branch) in (argument.array ?? []).enumerated() { walk(branch, file: file, at: pointer + "/\(keyword)/\(index)") }
                default: break
                }
            }
        }
        for (file, schema) in schemas.sorted(by: { $0.key < $1.key }) { walk(schema, file: file, at: "") }
        return problems
    }
}
