import ReuseEngine

/// Reads UIKit's `-[UIView recursiveDescription]` as lldb, Cycript and
/// Chisel's `pviews` print it (../shared/dumps/FORMATS.md section 1):
///
///     <UIWindow: 0x192d6e80; frame = (0 0; 320 568); layer = <…>>
///        | <PUCollectionView: 0x1834e400; baseClass = UICollectionView; …; contentOffset: {0, -44}>
///
/// A view's depth is the number of `|` before its `<`; a dump with no `|`
/// at all (a hand-written printer) indents four spaces per level. Fields
/// are `; key = value` or, after `layer`, `; key: value`; a value runs to
/// the next `; key =` outside brackets, so `frame = (0 0; 320 568)` and
/// nested `<…; …>` stay whole, and quoted text may hold `'` and `;`.
///
/// Lines that are not views are skipped with a warning naming line and
/// column: a hand elision (`...`), a `(layer)` line (a CALayer, no view),
/// a line cut in the middle (kept as far as it goes). The lldb or Cycript
/// echo before the first view and the Cycript backticks are dropped.
/// UIKit's private `_autolayoutTrace` (`*<Class:0xaddr>`, no fields) reads
/// the same: classes and depths only. Linear in the text.
enum RecursiveDescription {
    static func parse(_ text: String) -> ParsedDump {
        let lines = DumpText.lines(text)
        // Pipes anywhere in the indentation: depth counts them. Else four
        // spaces (a tab counting as four) per level.
        let pipes = lines.contains { line in line.prefix { $0 != "<" }.contains("|") }
        var warnings: [DumpWarning] = []
        var flat: [(depth: Int, view: DumpedView)] = []
        var sawView = false
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed == "`" || trimmed.hasPrefix("cy#") && !trimmed.contains("<") { continue }
            guard let open = line.firstIndex(of: "<") else {
                if !sawView { continue } // lldb's echo of the command
                let column = line.distance(from: line.startIndex, to: line.firstIndex { $0 != " " && $0 != "\t" && $0 != "|" } ?? line.startIndex) + 1
                let elided = trimmed.hasSuffix("...") || trimmed.hasSuffix("…")
                warnings.append(DumpWarning(line: number, column: column, message: elided
                    ? "views left out by hand ('\(trimmed)'): the views there are missing"
                    : "not a view: expected '<Class: 0x…; …>'"))
                continue
            }
            let prefix = line[..<open]
            // Indentation, a Cycript backtick, or `_autolayoutTrace`'s `*`
            // (an ambiguous layout) and `•` marks; anything else before the
            // first view is an echo of the command.
            if !sawView, prefix.contains(where: { !" \t|`*•".contains($0) }) { continue }
            let depth = pipes
                ? prefix.filter { $0 == "|" }.count
                : prefix.reduce(0) { $0 + ($1 == "\t" ? 4 : $1 == " " ? 1 : 0) } / 4
            let column = line.distance(from: line.startIndex, to: open) + 1
            switch parseView(String(line[open...]), line: number, column: column) {
            case .view(let view, let warning):
                if let warning { warnings.append(warning) }
                flat.append((depth, view))
                sawView = true
            case .layer:
                continue
            case .failed(let warning):
                warnings.append(warning)
            }
        }
        return ParsedDump(roots: DumpText.tree(flat, warnings: &warnings), warnings: warnings)
    }

    enum LineResult {
        case view(DumpedView, DumpWarning?)
        /// A CALayer without a view: `<_UILabelContentLayer: 0x…> (layer)`.
        case layer
        case failed(DumpWarning)
    }

    /// One view line from its first `<`.
    static func parseView(_ body: String, line: Int, column: Int) -> LineResult {
        let characters = Array(body)
        var position = 0
        // `<<_UITextContainerView: …> minSize = …>`: a description wrapping
        // another; the inner one names the view.
        while position < characters.count, characters[position] == "<" { position += 1 }
        let nameStart = position
        while position < characters.count, characters[position] != ":", characters[position] != ">",
              characters[position] != ";", characters[position] != " " {
            position += 1
        }
        let className = String(characters[nameStart..<position])
        guard !className.isEmpty else {
            return .failed(DumpWarning(line: line, column: column + position, message: "expected a class name after '<'"))
        }
        guard position < characters.count, characters[position] == ":" else {
            if position >= characters.count {
                return .failed(DumpWarning(line: line, column: column + position,
                                           message: "the line ends after '\(className)': expected ': 0x…' and the view's fields"))
            }
            return .failed(DumpWarning(line: line, column: column + position, message: "expected ':' after the class name '\(className)'"))
        }
        position += 1
        while position < characters.count, characters[position] == " " { position += 1 }
        while position < characters.count, characters[position].isHexDigit || characters[position] == "x" { position += 1 }
        var view = DumpedView(className: className, baseClass: nil, fields: [], frame: nil, line: line)
        var warning: DumpWarning?
        // Fields, each `; key = value` or `; key: value`, up to the `>` that closes the view.
        var closed = false
        while position < characters.count {
            if characters[position] == ">" {
                closed = true
                position += 1
                break
            }
            guard characters[position] == ";" else {
                // Something else before `;` or `>`: skip to the next field.
                position += 1
                continue
            }
            position += 1
            while position < characters.count, characters[position] == " " { position += 1 }
            let keyStart = position
            while position < characters.count, characters[position] != "=", characters[position] != ":",
                  characters[position] != ";", characters[position] != ">" {
                position += 1
            }
            let key = String(characters[keyStart..<position]).trimmingCharacters(in: .whitespaces)
            guard position < characters.count, characters[position] == "=" || characters[position] == ":" else {
                if position >= characters.count, !key.isEmpty {
                    warning = DumpWarning(line: line, column: column + keyStart,
                                          message: "the line ends inside the field '\(key)': kept as far as it goes")
                }
                continue
            }
            position += 1
            while position < characters.count, characters[position] == " " { position += 1 }
            let (value, end, complete) = fieldValue(characters, from: position)
            position = end
            view.fields.append(DumpedView.Field(name: key, value: value))
            if !complete {
                warning = DumpWarning(line: line, column: column + keyStart,
                                      message: "the line ends inside the field '\(key)': kept as far as it goes")
            }
        }
        if !closed, warning == nil {
            warning = DumpWarning(line: line, column: column + characters.count,
                                  message: "the line ends inside '\(className)' (expected '>'): kept as far as it goes")
        }
        // After the closing `>`: ` (layer)` marks a CALayer.
        if closed, String(characters[position...]).trimmingCharacters(in: .whitespaces).hasPrefix("(layer)") { return .layer }
        view.baseClass = view.field("baseClass")
        view.frame = view.field("frame").flatMap(Frame.init(dumped:))
        if let text = view.field("text"), let index = view.fields.firstIndex(where: { $0.name == "text" }) {
            view.fields[index].value = unescaped(text)
        }
        return .view(view, warning)
    }

    /// A field's value from `start`: brackets counted, a quoted text opaque
    /// up to the quote that a `; key =`, `; key:` or the view's `>` follows.
    /// Returns the value (unquoted), where the scan stopped, and whether the
    /// value ended before the line did.
    static func fieldValue(_ characters: [Character], from start: Int) -> (String, Int, Bool) {
        if start < characters.count, characters[start] == "'" {
            var position = start + 1
            while position < characters.count {
                if characters[position] == "'", endsField(characters, at: position + 1) {
                    return (String(characters[(start + 1)..<position]), position + 1, true)
                }
                position += 1
            }
            return (String(characters[(start + 1)...]), characters.count, false)
        }
        var depth = 0
        var position = start
        while position < characters.count {
            let character = characters[position]
            switch character {
            case "(", "{", "[", "<": depth += 1
            case ")", "}", "]": depth = max(0, depth - 1)
            case ">":
                if depth == 0 { return (trimmed(characters[start..<position]), position, true) }
                depth -= 1
            case ";" where depth == 0:
                if endsField(characters, at: position) { return (trimmed(characters[start..<position]), position, true) }
            default: break
            }
            position += 1
        }
        return (trimmed(characters[start...]), characters.count, false)
    }

    /// Whether a field ends at `position`: the view's `>`, or `; key =` /
    /// `; key:` with a key of letters, digits, spaces or `_`.
    static func endsField(_ characters: [Character], at position: Int) -> Bool {
        guard position < characters.count else { return false }
        if characters[position] == ">" { return true }
        guard characters[position] == ";" else { return false }
        var index = position + 1
        while index < characters.count, characters[index] == " " { index += 1 }
        let keyStart = index
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
                || characters[index] == " " && index + 1 < characters.count && characters[index + 1].isLetter {
            index += 1
        }
        guard index > keyStart else { return false }
        // `; lay` and the line ends: the next field's key, cut.
        guard index < characters.count else { return true }
        if characters[index] == ":" { return true }
        return characters[index] == " " && index + 1 < characters.count && characters[index + 1] == "="
    }

    private static func trimmed(_ slice: ArraySlice<Character>) -> String {
        String(slice).trimmingCharacters(in: .whitespaces)
    }

    /// Cycript's escapes (`\u7535`, a UTF-16 surrogate pair, `\xa0`, `\n`) made characters again.
    static func unescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var units: [UInt16] = []
        var characters = Array(text)[...]
        func flush() {
            if !units.isEmpty { result += String(decoding: units, as: UTF16.self) }
            units = []
        }
        while let character = characters.popFirst() {
            if character == "\\", let next = characters.first {
                if next == "u", characters.count >= 5, let unit = UInt16(String(characters.dropFirst().prefix(4)), radix: 16) {
                    units.append(unit)
                    characters = characters.dropFirst(5)
                    continue
                }
                // `\xa0`: a Latin-1 code unit.
                if next == "x", characters.count >= 3, let unit = UInt16(String(characters.dropFirst().prefix(2)), radix: 16) {
                    units.append(unit)
                    characters = characters.dropFirst(3)
                    continue
                }
                flush()
                characters = characters.dropFirst()
                switch next {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(next)
                }
                continue
            }
            flush()
            result.append(character)
        }
        flush()
        return result
    }
}

/// What every line-based dump reader shares: lines and the tree from depths.
enum DumpText {
    /// The text's lines, split as a script's are (``Interpreter/lines(of:)``):
    /// at `\n`, a `\r` before it dropped, the byte-order mark dropped.
    static func lines(_ text: String) -> [String] { Interpreter.lines(of: text) }

    /// Views in dump order with their depths, as a tree: each view under the
    /// last one before it that is one level up. A depth that jumps more than
    /// one level below its predecessor is read as one level (with a warning).
    static func tree(_ flat: [(depth: Int, view: DumpedView)], warnings: inout [DumpWarning]) -> [DumpedView] {
        // Views deeper than the shell mounts (``Catalog/maximumDepth``) are
        // left out, with one warning: every step after this recurses by depth.
        let limit = Catalog.maximumDepth - 1
        let base = flat.first?.depth ?? 0
        var flat = flat
        if let first = flat.firstIndex(where: { $0.depth - base > limit }) {
            let dropped = flat.filter { $0.depth - base > limit }.count
            warnings.append(DumpWarning(line: flat[first].view.line, column: 1,
                                        message: "\(dropped) view\(dropped == 1 ? " is" : "s are") nested deeper than \(limit) levels, more than the shell mounts: left out"))
            flat.removeAll { $0.depth - base > limit }
        }
        // Parent index by view index; built bottom-up so no view is copied twice.
        var parents: [Int?] = Array(repeating: nil, count: flat.count)
        var depths: [Int] = []
        var stack: [Int] = [] // indices of the open views, one per level
        for (index, entry) in flat.enumerated() {
            var depth = entry.depth
            depth = max(0, depth - base)
            if depth > stack.count {
                warnings.append(DumpWarning(line: entry.view.line, column: 1,
                                            message: "indented \(depth - stack.count) levels deeper than the view above it: read as its subview"))
                depth = stack.count
            }
            stack.removeSubrange(depth...)
            parents[index] = stack.last
            stack.append(index)
            depths.append(depth)
        }
        var nodes = flat.map(\.view)
        var roots: [DumpedView] = []
        // Children join their parents from the last view up: a parent is
        // complete when it is reached.
        var children: [[DumpedView]] = Array(repeating: [], count: flat.count)
        for index in stride(from: flat.count - 1, through: 0, by: -1) {
            nodes[index].children = children[index].reversed()
            if let parent = parents[index] {
                children[parent].append(nodes[index])
            } else {
                roots.append(nodes[index])
            }
        }
        return roots.reversed()
    }
}
