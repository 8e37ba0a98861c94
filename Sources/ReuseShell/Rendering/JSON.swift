import ReuseEngine

/// A JSON document with keys in a fixed order, rendered compactly on one line.
///
/// Every document a command prints has a schema in `Schemas/` and uses the
/// key vocabulary of `Schemas/README.md`: the same thing has the same key
/// (and type) in every document.
public indirect enum JSON: Equatable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.rendered == rhs.rendered }

    public var rendered: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .string(let text): JSON.escape(text, into: &out)
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? String(value) : "null"
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                JSON.writeMember(key, value, to: &out)
            }
            out += "}"
        }
    }

    /// `"key":value`, as an object writes each member (for a document
    /// written in pieces, such as `log --json`'s).
    static func writeMember(_ key: String, _ value: JSON, to out: inout String) {
        JSON.escape(key, into: &out)
        out += ":"
        value.write(to: &out)
    }

    static func escape(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

// MARK: The vocabulary's shared pieces (Schemas/common.schema.json)

extension JSON {
    /// A view id: `"v7"`.
    static func view(_ id: ViewID) -> JSON { .string(id.description) }

    /// A component path as users see it (`Card[1]`, `Feed/3/Title`), or null for nobody.
    static func path(_ path: ComponentPath?) -> JSON { path.map { .string($0.display) } ?? .null }
}

/// Every ``Stat`` by its JSON key (`counts` in `stats`, `check` and `compare`):
/// the counted ones from `counts`, the measured ones from `statistics`.
/// `nodes` and `nodeViews` follow, only under a strategy that keeps nodes (Texture).
func countsJSON(_ counts: EventCounts, measured statistics: Statistics) -> JSON {
    .object(Stat.statsJSON.map { stat in (stat.jsonKey, .int(stat.isCounted ? counts[stat] : statistics[stat])) }
        + (statistics.nodes.map { [("nodes", .int($0))] } ?? [])
        + (statistics.nodeViews.map { [("nodeViews", .int($0))] } ?? []))
}

/// A leak, the same in `check` and `config`: the view, its holder, the
/// property, what it shows, what a fresh view would show, and who set it.
func leakJSON(_ leak: Leak) -> JSON {
    .object([("view", .view(leak.view)), ("path", .path(leak.path)), ("property", .string(leak.property)),
             ("shows", propertyJSON(leak.shows)), ("fresh", propertyJSON(leak.fresh)),
             ("sources", .array(leak.sources.map(sourceJSON)))])
}

/// The views waiting detached in the pool of their class (Valdi), class by
/// class, or of their component type (Litho, `byComponentType`), oldest
/// first: the same in `tree` and `pools`.
func classPoolsJSON(_ views: ViewStore, byComponentType: Bool) -> JSON {
    .array(views.classPools.map { viewClass, waiting in
        .object([(byComponentType ? "component" : "viewClass", .string(viewClass)),
                 ("views", .array(waiting.map { .object([("view", .view($0)), ("path", .path(views[$0].owner))]) }))])
    })
}

/// A failed command as JSON, for standard error when the command was run
/// with `--json` (Schemas/error.schema.json). For a command continued over
/// several lines, the line, column and input are those of the physical line
/// the bad text is on, as the text report gives them.
func errorJSON(_ error: ShellError, at location: SourceLocation, line: String) -> JSON {
    let place = location.place(ofColumn: max(1, error.column), in: line)
    return .object([("error", .object([
        ("message", .string(error.message)), ("file", .string(location.file)), ("line", .int(place.line)),
        ("column", .int(max(1, place.column))), ("length", .int(error.length)), ("input", .string(place.text)),
    ]))])
}
