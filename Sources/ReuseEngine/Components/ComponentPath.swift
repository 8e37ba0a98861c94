/// Names a component in the mounted tree: names from the root joined by `/`,
/// an index among same-named siblings where needed, a row number inside a list.
///
/// `Card[1]`, `Row/Icon`, `Feed/3/Title`. `Card` and `Card[0]` are the same path.
public struct ComponentPath: Hashable, Sendable, CustomStringConvertible, Comparable {
    public enum Segment: Hashable, Sendable {
        /// A child component: its name and 0-based index among siblings of that name.
        case named(String, index: Int)
        /// A list row by row number.
        case row(Int)
    }

    public var segments: [Segment]

    public init(_ segments: [Segment] = []) { self.segments = segments }

    public static let root = ComponentPath()

    public func appending(_ segment: Segment) -> ComponentPath {
        ComponentPath(segments + [segment])
    }

    /// The last segment's component name (rows have none).
    public var lastName: String? {
        if case .named(let name, _)? = segments.last { return name }
        return nil
    }

    /// Indices written only where they are not 0.
    public var description: String {
        segments.map { segment in
            switch segment {
            case .named(let name, let index): return index == 0 ? name : "\(name)[\(index)]"
            case .row(let row): return String(row)
            }
        }.joined(separator: "/")
    }

    public static func < (lhs: ComponentPath, rhs: ComponentPath) -> Bool {
        lhs.description < rhs.description
    }

    /// Parses `Feed/3/Title`, `Card[1]`. Returns the offending segment on failure.
    public static func parse(_ text: String) -> Result<ComponentPath, PathSyntaxError> {
        if text.isEmpty { return .failure(PathSyntaxError(segment: text, offset: 0)) }
        var segments: [Segment] = []
        var offset = 0
        for part in text.split(separator: "/", omittingEmptySubsequences: false) {
            let piece = String(part)
            defer { offset += piece.count + 1 }
            if let row = Int(piece), row >= 0, String(row) == piece {
                segments.append(.row(row))
                continue
            }
            var name = piece
            var index = 0
            if piece.hasSuffix("]"), let open = piece.firstIndex(of: "[") {
                let digits = piece[piece.index(after: open)..<piece.index(before: piece.endIndex)]
                guard let parsed = Int(digits), parsed >= 0, String(parsed) == digits else {
                    return .failure(PathSyntaxError(segment: piece, offset: offset))
                }
                name = String(piece[..<open])
                index = parsed
            }
            guard isIdentifier(name) else { return .failure(PathSyntaxError(segment: piece, offset: offset)) }
            segments.append(.named(name, index: index))
        }
        return .success(ComponentPath(segments))
    }
}

/// A path segment that is neither `Name`, `Name[N]` nor a row number.
public struct PathSyntaxError: Error, Equatable, Sendable {
    public var segment: String
    /// Characters from the start of the path to the segment.
    public var offset: Int
}

/// Names of components, attributes and view classes: a letter or `_`, then
/// letters, digits, `_`, `-` or `.`.
public func isIdentifier(_ text: some StringProtocol) -> Bool {
    guard let first = text.first, first.isLetter || first == "_" else { return false }
    return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
}
