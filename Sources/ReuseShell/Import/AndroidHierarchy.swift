/// Reads Android view hierarchies (../shared/dumps/FORMATS.md section 2):
/// `uiautomator dump` XML (`<node class=… resource-id=… bounds="[l,t][r,b]">`),
/// Appium's page source (elements named by class), and the `View
/// Hierarchy:` sections of `adb shell dumpsys activity top`.
///
/// The XML is read by a small scanner of its own, element by element, so a
/// one-line dump and a re-indented one read the same and every problem is
/// named by line and column; entities and character references are
/// decoded. A page source saved as a Python string's repr (`\'`, literal
/// `\r\n`) is unescaped first, with a warning. Linear in the text.
enum AndroidHierarchy {
    /// Attributes of an element, in order, values decoded.
    typealias Attributes = [(name: String, value: String)]

    static func parseXML(_ text: String) -> ParsedDump {
        var warnings: [DumpWarning] = []
        var body = text
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix("<?xml version=\\'") {
            body = pythonUnescaped(text)
            warnings.append(DumpWarning(line: 1, column: 1, message: "read as a Python string's repr: \\' and \\r\\n unescaped"))
        }
        var scanner = XMLScanner(body)
        var flat: [(depth: Int, view: DumpedView)] = []
        var open: [(name: String, isView: Bool)] = []
        var openViews = 0 // views among `open`: the next view's depth
        while let item = scanner.next(&warnings) {
            switch item {
            case .open(let name, let attributes, let line, let selfClosing):
                let isView = name != "hierarchy"
                if isView { flat.append((openViews, view(element: name, attributes, line: line))) }
                if !selfClosing {
                    open.append((name, isView))
                    if isView { openViews += 1 }
                }
            case .close(let name, let line, let column):
                guard let index = open.lastIndex(where: { $0.name == name }) else {
                    warnings.append(DumpWarning(line: line, column: column, message: "'</\(name)>' closes no open element: skipped"))
                    continue
                }
                if index != open.count - 1 {
                    warnings.append(DumpWarning(line: line, column: column,
                                                message: "'</\(name)>' closes '<\(open[index + 1].name)>' too, which was still open"))
                }
                openViews -= open[index...].filter(\.isView).count
                open.removeSubrange(index...)
            }
        }
        if let last = open.last {
            let (line, column) = scanner.position
            warnings.append(DumpWarning(line: line, column: column,
                                        message: "the file ends with \(open.count) element\(open.count == 1 ? "" : "s") open (expected '</\(last.name)>'): kept as far as it goes"))
        }
        return ParsedDump(roots: DumpText.tree(flat, warnings: &warnings), warnings: warnings)
    }

    /// A view from an element: `node` with a `class` attribute
    /// (uiautomator), or an element named by its class (Appium).
    static func view(element: String, _ attributes: Attributes, line: Int) -> DumpedView {
        let className = attributes.first { $0.name == "class" }?.value ?? element
        var view = DumpedView(className: className, baseClass: nil,
                              fields: attributes.filter { $0.name != "class" }.map { DumpedView.Field(name: $0.name, value: $0.value) },
                              frame: nil, line: line)
        if let bounds = view.field("bounds") {
            let numbers = bounds.split { $0 == "[" || $0 == "]" || $0 == "," }.compactMap { Double($0) }
            if numbers.count == 4 {
                view.frame = Frame(x: numbers[0], y: numbers[1], width: numbers[2] - numbers[0], height: numbers[3] - numbers[1])
            }
        }
        if view.field("displayed") == "false" || view.field("visible-to-user") == "false" {
            view.fields.append(DumpedView.Field(name: "hidden", value: "YES"))
        }
        return view
    }

    /// `\r\n`, `\n`, `\t`, `\'`, `\"` and `\\` as Python's repr writes them.
    static func pythonUnescaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "r": break
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    // MARK: dumpsys

    /// `adb shell dumpsys activity top`: each `View Hierarchy:` section's
    /// lines, two spaces a level,
    /// `CLASS{hash VFLAGS PFLAGS l,t-r,b [#id pkg:id/name] [aid=N]}`. A `G`
    /// or `I` first flag is a gone or invisible view (hidden). Bounds are
    /// relative to the parent. Every section is a root.
    static func parseDumpsys(_ text: String) -> ParsedDump {
        var warnings: [DumpWarning] = []
        var flat: [(depth: Int, view: DumpedView)] = []
        var sectionIndent: Int?
        for (index, line) in DumpText.lines(text).enumerated() {
            let number = index + 1
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent)
            if content.hasPrefix("View Hierarchy:") {
                sectionIndent = indent
                continue
            }
            guard let section = sectionIndent else { continue }
            guard indent > section, !content.isEmpty else {
                sectionIndent = nil
                continue
            }
            guard let view = dumpsysView(String(content), line: number) else {
                // A line inside the section that is not a view ends it (the activity's other state follows).
                if content.contains("{") {
                    warnings.append(DumpWarning(line: number, column: indent + 1, message: "not a view: expected 'Class{hash flags flags l,t-r,b …}'"))
                    continue
                }
                sectionIndent = nil
                continue
            }
            flat.append(((indent - section) / 2 - 1, view))
        }
        return ParsedDump(roots: DumpText.tree(flat, warnings: &warnings), warnings: warnings)
    }

    /// One dumpsys view line (after its indentation), or nil.
    static func dumpsysView(_ content: String, line: Int) -> DumpedView? {
        guard let brace = content.firstIndex(of: "{"), let close = content.lastIndex(of: "}"), brace < close else { return nil }
        let className = String(content[..<brace])
        guard !className.isEmpty, !className.contains(" ") else { return nil }
        let parts = content[content.index(after: brace)..<close].split(separator: " ").map(String.init)
        guard parts.count >= 4, parts[1].count == 9 else { return nil }
        var view = DumpedView(className: className, baseClass: nil, fields: [], frame: nil, line: line)
        let flags = Array(parts[1])
        if flags[0] == "G" || flags[0] == "I" { view.fields.append(DumpedView.Field(name: "hidden", value: "YES")) }
        if flags.count > 6, flags[6] == "C" { view.fields.append(DumpedView.Field(name: "clickable", value: "true")) }
        view.frame = dumpsysBounds(parts[3])
        for part in parts.dropFirst(4) where part.contains(":id/") {
            view.fields.append(DumpedView.Field(name: "resource-id", value: part))
        }
        return view
    }

    /// `0,63-1080,2337`, `0,-6-1026,267`, `4326,258-5060,1889`.
    static func dumpsysBounds(_ text: String) -> Frame? {
        let characters = Array(text)
        // The separator is the `-` after the first pair's second number: the
        // first `-` past the first comma that follows a digit.
        guard let comma = characters.firstIndex(of: ",") else { return nil }
        var index = comma + 1
        if index < characters.count, characters[index] == "-" { index += 1 }
        while index < characters.count, characters[index].isNumber { index += 1 }
        guard index < characters.count, characters[index] == "-" else { return nil }
        let first = String(characters[..<index]).split(separator: ",").compactMap { Double($0) }
        let second = String(characters[(index + 1)...]).split(separator: ",").compactMap { Double($0) }
        guard first.count == 2, second.count == 2 else { return nil }
        return Frame(x: first[0], y: first[1], width: second[0] - first[0], height: second[1] - first[1])
    }
}

/// A small XML scanner for view dumps: start tags with attributes, end
/// tags; declarations, comments and text between elements skipped.
struct XMLScanner {
    enum Item {
        case open(name: String, attributes: AndroidHierarchy.Attributes, line: Int, selfClosing: Bool)
        case close(name: String, line: Int, column: Int)
    }

    private let characters: [Character]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    init(_ text: String) { characters = Array(text) }

    /// The line and column the scanner has reached.
    var position: (Int, Int) { (line, index - lineStart + 1) }

    private mutating func advance() {
        if characters[index] == "\n" {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func skip(until terminator: String) -> Bool {
        let marks = Array(terminator)
        while index < characters.count {
            if characters[index] == marks[0], index + marks.count <= characters.count, Array(characters[index..<(index + marks.count)]) == marks {
                for _ in marks { advance() }
                return true
            }
            advance()
        }
        return false
    }

    mutating func next(_ warnings: inout [DumpWarning]) -> Item? {
        while index < characters.count {
            guard characters[index] == "<" else {
                advance()
                continue
            }
            let (startLine, startColumn) = position
            advance()
            guard index < characters.count else { return nil }
            if characters[index] == "?" {
                if !skip(until: "?>") { warnings.append(DumpWarning(line: startLine, column: startColumn, message: "'<?' never closed with '?>'")) }
                continue
            }
            if characters[index] == "!" {
                if !skip(until: ">") { warnings.append(DumpWarning(line: startLine, column: startColumn, message: "'<!' never closed with '>'")) }
                continue
            }
            let closing = characters[index] == "/"
            if closing { advance() }
            let name = readName()
            guard !name.isEmpty else {
                warnings.append(DumpWarning(line: startLine, column: startColumn, message: "expected an element name after '<'"))
                continue
            }
            if closing {
                _ = skip(until: ">")
                return .close(name: name, line: startLine, column: startColumn)
            }
            var attributes: AndroidHierarchy.Attributes = []
            while true {
                skipSpace()
                guard index < characters.count else {
                    warnings.append(DumpWarning(line: startLine, column: startColumn, message: "the file ends inside '<\(name)': kept as far as it goes"))
                    return .open(name: name, attributes: attributes, line: startLine, selfClosing: true)
                }
                if characters[index] == ">" {
                    advance()
                    return .open(name: name, attributes: attributes, line: startLine, selfClosing: false)
                }
                if characters[index] == "/" {
                    advance()
                    if index < characters.count, characters[index] == ">" { advance() }
                    return .open(name: name, attributes: attributes, line: startLine, selfClosing: true)
                }
                let (attributeLine, attributeColumn) = position
                let attribute = readName()
                skipSpace()
                guard !attribute.isEmpty, index < characters.count, characters[index] == "=" else {
                    warnings.append(DumpWarning(line: attributeLine, column: attributeColumn,
                                                message: "expected an attribute like name=\"value\" in '<\(name)'"))
                    if !attribute.isEmpty { continue }
                    advance()
                    continue
                }
                advance()
                skipSpace()
                guard index < characters.count, characters[index] == "\"" || characters[index] == "'" else {
                    warnings.append(DumpWarning(line: attributeLine, column: attributeColumn,
                                                message: "expected a quoted value for '\(attribute)'"))
                    continue
                }
                let quote = characters[index]
                advance()
                var value = ""
                while index < characters.count, characters[index] != quote {
                    value.append(characters[index])
                    advance()
                }
                if index < characters.count { advance() } else {
                    warnings.append(DumpWarning(line: attributeLine, column: attributeColumn, message: "the value of '\(attribute)' is never closed"))
                }
                attributes.append((attribute, XMLScanner.decoded(value)))
            }
        }
        return nil
    }

    private mutating func skipSpace() {
        while index < characters.count, characters[index].isWhitespace { advance() }
    }

    private mutating func readName() -> String {
        var name = ""
        while index < characters.count, !characters[index].isWhitespace, !"=/>\"'<".contains(characters[index]) {
            name.append(characters[index])
            advance()
        }
        return name
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#NN;` and `&#xHH;` decoded; anything else kept.
    static func decoded(_ value: String) -> String {
        guard value.contains("&") else { return value }
        var result = ""
        var rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) <= 10 else {
                result.append("&")
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semicolon]
            var replacement: String?
            switch entity {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                if entity.hasPrefix("#x") || entity.hasPrefix("#X"), let code = UInt32(entity.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                    replacement = String(Character(scalar))
                } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(code) {
                    replacement = String(Character(scalar))
                }
            }
            if let replacement {
                result += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result.append("&")
                rest = rest[rest.index(after: amp)...]
            }
        }
        return result + rest
    }
}
