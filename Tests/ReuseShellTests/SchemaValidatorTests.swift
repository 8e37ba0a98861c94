import Foundation
import ReuseEngine
import Testing
import TestSupport
@testable import ReuseShell

/// The test suite's JSON parser and schema validator (Tests/TestSupport)
/// hold documents to their schemas only if they reject what is wrong:
/// these tests prove each keyword rejects, and that the schemas in
/// `Schemas/` are ones the validator fully understands.
@Suite struct SchemaValidatorTests {
    static func parse(_ text: String) -> JSONValue {
        do { return try JSONValue.parse(text) } catch { fatalError("\(error): \(text)") }
    }

    /// A validator over one schema, `test.schema.json`, and a second file its `$ref`s may name.
    static func validator(_ schema: String, other: String = #"{"$defs":{"id":{"type":"string","pattern":"^v[0-9]+$"}}}"#) -> SchemaValidator {
        SchemaValidator(schemas: ["test.schema.json": parse(schema), "other.schema.json": parse(other)])
    }

    static func failures(_ document: String, _ schema: String) throws -> [String] {
        try validator(schema).validate(parse(document), against: "test.schema.json").map(\.description)
    }

    @Test func theParserRejectsWhatIsNotOneJSONDocument() {
        for bad in ["", "{", "{}}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "01", "1.", "-", ".5", "1e", "tru", "nul",
                    "\"a\nb\"", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "{\"a\":1,\"a\":2}", "[1] [2]", "{'a':1}", "NaN"] {
            #expect(throws: JSONValue.ParseError.self, "\(bad.debugDescription) must not parse") { try JSONValue.parse(bad) }
        }
        let value = Self.parse(#" {"a":[1,-2.25e1,true,null,"\u00e9\ud83d\ude00\n"],"b":{}} "#)
        #expect(value["a"]?[0]?.int == 1)
        #expect(value["a"]?[1]?.typeName == "number")
        #expect(value["a"]?[4]?.string == "é😀\n")
        #expect(value.keys == ["a", "b"])
        #expect(Self.parse("9223372036854775807").int == Int.max)
        #expect(Self.parse("2.0").typeName == "integer", "a whole number is an integer, as JSON Schema counts")
    }

    @Test func typeRequiredAndAdditionalPropertiesReject() throws {
        let schema = #"{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":["string","null"]}},"required":["a","b"],"additionalProperties":false}"#
        #expect(try Self.failures(#"{"a":1,"b":null}"#, schema).isEmpty)
        #expect(try Self.failures(#"{"a":1,"b":"x"}"#, schema).isEmpty)
        #expect(try Self.failures(#"{"a":1.5,"b":null}"#, schema) == ["/a: expected integer, found number"])
        #expect(try Self.failures(#"{"a":"1","b":null}"#, schema) == ["/a: expected integer, found string"])
        #expect(try Self.failures(#"{"a":1}"#, schema) == ["(document): the key 'b' is missing"])
        #expect(try Self.failures(#"{"a":1,"b":null,"c":0}"#, schema) == ["(document): the key 'c' is not allowed"])
        #expect(try Self.failures(#"[]"#, schema) == ["(document): expected object, found array"])
        #expect(try Self.failures(#"{"a":true,"b":1}"#, #"{"properties":{"a":{"type":"number"},"b":{"type":"number"}}}"#)
                == ["/a: expected number, found boolean"])
    }

    @Test func additionalPropertiesAsASchemaChecksEveryOtherKey() throws {
        let schema = #"{"type":"object","additionalProperties":{"type":"array","items":{"type":"string"}}}"#
        #expect(try Self.failures(#"{"x":["a"],"y":[]}"#, schema).isEmpty)
        #expect(try Self.failures(#"{"x":["a",2]}"#, schema) == ["/x/1: expected string, found integer"])
    }

    @Test func enumConstMinimumLengthsAndPatternReject() throws {
        #expect(try Self.failures(#""c""#, #"{"enum":["a","b"]}"#) == [#"(document): "c" is not one of "a", "b""#])
        #expect(try Self.failures(#"{"k":[1,{"x":2}]}"#, #"{"const":{"k":[1,{"x":2}]}}"#).isEmpty, "const compares as JSON")
        #expect(try Self.failures(#"{"k":[1]}"#, #"{"const":{"k":[2]}}"#).count == 1)
        #expect(try Self.failures("-1", #"{"minimum":0}"#) == ["(document): -1 is below the minimum 0"])
        #expect(try Self.failures("3", #"{"maximum":2}"#) == ["(document): 3 is above the maximum 2"])
        #expect(try Self.failures(#""""#, #"{"minLength":1}"#).count == 1)
        #expect(try Self.failures("[]", #"{"minItems":1}"#) == ["(document): 0 items; minItems is 1"])
        #expect(try Self.failures(#""x7""#, #"{"pattern":"^v[0-9]+$"}"#) == [#"(document): "x7" does not match ^v[0-9]+$"#])
        #expect(try Self.failures(#""av7""#, #"{"pattern":"v[0-9]"}"#).isEmpty, "a pattern is not anchored unless it says so")
        #expect(try Self.failures("null", #"{"pattern":"^v$","minimum":3}"#).isEmpty, "assertions apply to their own types only")
    }

    @Test func referencesResolveInTheFileAndAcrossFiles() throws {
        let schema = ##"{"type":"array","items":{"$ref":"#/$defs/pair"},"$defs":{"pair":{"type":"object","properties":{"id":{"$ref":"other.schema.json#/$defs/id"},"next":{"$ref":"#/$defs/pair"}},"required":["id"],"additionalProperties":false}}}"##
        #expect(try Self.failures(#"[{"id":"v1","next":{"id":"v2"}}]"#, schema).isEmpty)
        #expect(try Self.failures(#"[{"id":"v1","next":{"id":"w2"}}]"#, schema) == [#"/0/next/id: "w2" does not match ^v[0-9]+$"#])
        #expect(try Self.failures(#"[{"id":"v1","next":{}}]"#, schema) == ["/0/next: the key 'id' is missing"])
        // A $ref applies beside its siblings (2020-12).
        #expect(try Self.failures("null", #"{"$ref":"other.schema.json#/$defs/id","type":["string","null"]}"#) == ["(document): expected string, found null"])
        #expect(throws: SchemaValidator.SchemaError.self) { try Self.failures("1", ##"{"$ref":"#/$defs/none"}"##) }
        #expect(throws: SchemaValidator.SchemaError.self) { try Self.failures("1", #"{"$ref":"missing.schema.json#/$defs/x"}"#) }
    }

    @Test func oneOfAnyOfAllOfAndNot() throws {
        let oneOf = #"{"oneOf":[{"type":"object","properties":{"change":{"const":"a"}},"required":["change"]},{"type":"object","properties":{"change":{"const":"b"},"x":{"type":"integer"}},"required":["change","x"]}]}"#
        #expect(try Self.failures(#"{"change":"a"}"#, oneOf).isEmpty)
        #expect(try Self.failures(#"{"change":"b","x":1}"#, oneOf).isEmpty)
        #expect(try Self.failures(#"{"change":"b"}"#, oneOf).first?.hasPrefix("(document): matches none of oneOf") == true)
        #expect(try Self.failures("1", #"{"oneOf":[{"type":"integer"},{"minimum":0}]}"#) == ["(document): matches 2 branches of oneOf, not exactly one"])
        #expect(try Self.failures("1", #"{"anyOf":[{"type":"integer"},{"minimum":0}]}"#).isEmpty)
        #expect(try Self.failures("true", #"{"anyOf":[{"type":"integer"},{"type":"null"}]}"#).count == 1)
        #expect(try Self.failures("-1", #"{"allOf":[{"type":"integer"},{"minimum":0}]}"#) == ["(document): -1 is below the minimum 0"])
        #expect(try Self.failures("1", #"{"not":{"type":"integer"}}"#) == ["(document): matches a schema it must not"])
        #expect(try Self.failures("1", "false") == ["(document): nothing is allowed here"])
    }

    @Test func aKeywordTheValidatorDoesNotKnowIsRefused() throws {
        #expect(throws: SchemaValidator.SchemaError.self) { try Self.failures("1", #"{"exclusiveMinimum":0}"#) }
        #expect(Self.validator(#"{"properties":{"a":{"format":"date"}}}"#).lint().count == 1, "lint finds it where no document reaches")
    }

    // MARK: The schemas in Schemas/

    @Test func thePackageSchemasUseOnlyWhatTheValidatorKnowsAndResolve() throws {
        let schemas = try SchemaValidator.packageSchemas()
        #expect(schemas.lint().isEmpty, "\(schemas.lint())")
        for (name, schema) in schemas.schemas {
            #expect(schema["$schema"]?.string == "https://json-schema.org/draft/2020-12/schema", "\(name)")
            #expect(schema["description"]?.string?.isEmpty == false, "\(name) has a description")
        }
    }

    /// Each command that takes `--json` has its schema, and each schema a
    /// command (or the error document, or the shared definitions).
    @Test func everyJSONCommandHasItsSchema() throws {
        let schemas = try SchemaValidator.packageSchemas()
        let commands = CommandTable.all.filter { $0.options.contains { $0.name == "json" } }.map(\.name)
        #expect(commands.count == 11)
        #expect(Set(schemas.schemas.keys) == Set(commands.map { $0 + ".schema.json" } + ["common.schema.json", "error.schema.json"]))
    }

    /// The schemas' lists of names are the engine's: an event kind or a
    /// stat added to the engine fails here until the schema has it.
    @Test func theSchemasNamesAreTheEngines() throws {
        let common = try #require(try SchemaValidator.packageSchemas().schemas["common.schema.json"])
        let kinds = common["$defs"]?["event"]?["properties"]?["kind"]?["enum"]?.array?.compactMap(\.string)
        #expect(kinds == ReuseEvent.Kind.allCases.map(\.rawValue))
        let counts = common["$defs"]?["counts"]
        // `nodes` and `nodeViews` follow, under texture alone (``Statistics/nodes``): listed, not required.
        #expect(counts?["properties"]?.keys == Stat.statsJSON.map(\.jsonKey) + ["nodes", "nodeViews"])
        #expect(counts?["required"]?.array?.compactMap(\.string) == Stat.statsJSON.map(\.jsonKey))
        #expect(Set(Stat.statsJSON) == Set(Stat.allCases), "every stat is in the counts")
    }

    /// A document that drifts from its schema fails: a key renamed, one
    /// added, one dropped, a type changed.
    @Test func aDriftedDocumentFails() throws {
        let schemas = try SchemaValidator.packageSchemas()
        let shell = JSONSchemaTests.Shell("component Foo view UIView { backgroundColor: red }\nmount Foo\n")
        let tree = shell.run("tree --json").out
        #expect(try schemas.validate(text: tree, against: "tree.schema.json").isEmpty)
        for (from, to) in [(#""view":"v2""#, #""id":"v2""#), (#""stale":false,"#, ""), (#""hidden":false"#, #""hidden":0"#),
                           (#""pass":1"#, #""pass":1,"extra":true"#), (#""view":"v2""#, #""view":"2""#)] {
            let drifted = tree.replacingOccurrences(of: from, with: to)
            #expect(drifted != tree)
            #expect(try !schemas.validate(text: drifted, against: "tree.schema.json").isEmpty, "\(from) -> \(to) must fail")
        }
        let stats = shell.run("stats --json").out
        #expect(try schemas.validate(text: stats, against: "stats.schema.json").isEmpty)
        #expect(try !schemas.validate(text: stats.replacingOccurrences(of: "peakViews", with: "peak"), against: "stats.schema.json").isEmpty)
    }
}
