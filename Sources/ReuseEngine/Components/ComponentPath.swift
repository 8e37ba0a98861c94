/// Names a component in the mounted tree: names from the root joined by `/`,
/// an index among same-named siblings where needed, a row number inside a list.
///
/// `Card[1]`, `Row/Icon`, `Feed/3/Title`. `Card` and `Card[0]` are the same
/// path. Paths made by the mount walk also know whether a name has namesakes
/// at its level, which is the one rule for the path users see
/// (``display``): `Card[0]` when a sibling `Card` exists, `Card` otherwise.
/// That knowledge is not part of a path's identity.
public struct ComponentPath: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// One step down the tree: a named child, or a list row.
    public enum Segment: Hashable, Sendable {
        /// A child component: its name and 0-based index among siblings of that name.
        case named(String, index: Int)
        /// A list row by row number.
        case row(Int)

        /// Equal, with the name spelled with the same bytes.
        func isStored(as other: Segment) -> Bool {
            switch (self, other) {
            case (.named(let name, let index), .named(let otherName, let otherIndex)):
                index == otherIndex && name.isStored(as: otherName)
            case (.row(let row), .row(let otherRow)): row == otherRow
            default: false
            }
        }
    }

    /// A segment with its namesakes flag, stored side by side: a path is one
    /// array, so a copy of one (paths are copied into nodes, views, events and
    /// sources) is one reference.
    fileprivate struct Element: Hashable, Sendable {
        var segment: Segment
        /// Whether siblings share the segment's name (shown as `Name[0]`).
        var namesakes: Bool
        /// This is the path's last row segment: its number is the path's
        /// ``ComponentPath/lastRow``, and `segment` holds `.row(0)`.
        var isLastRow = false

        /// Equal, with the name spelled with the same bytes.
        func isStored(as other: Element) -> Bool {
            guard namesakes == other.namesakes, isLastRow == other.isLastRow else { return false }
            return segment.isStored(as: other.segment)
        }
    }

    /// The segments, but for the number of the last row segment (if any),
    /// which is ``lastRow``: the rows of one list, and everything in them,
    /// share one array per place in the row (`Feed/#`, `Feed/#/Dot`), so a
    /// row's path is made, copied and moved to another row (a recycled row,
    /// ``MountedNode/moveToRow(_:forgetting:)``) without allocating.
    ///
    /// Always in this form: the last `.row` element is the one marked
    /// ``Element/isLastRow``, so two equal paths have equal elements.
    private var elements: [Element]
    /// The number of the last row segment (0 when there is none).
    private var lastRow = 0

    /// The segments from the root, read in place.
    public var segments: Segments { Segments(elements: elements, lastRow: lastRow) }

    /// A path's segments: a view of its storage, no array made.
    public struct Segments: RandomAccessCollection, Sendable {
        fileprivate let elements: [Element]
        fileprivate let lastRow: Int
        public var startIndex: Int { 0 }
        public var endIndex: Int { elements.count }
        public subscript(position: Int) -> Segment {
            let element = elements[position]
            return element.isLastRow ? .row(lastRow) : element.segment
        }
    }

    /// The path of these segments from the root (none: the root itself).
    /// A literal is shorter: `"Feed/3/Title"` (``init(stringLiteral:)``).
    public init(_ segments: [Segment] = []) {
        self.init(marking: segments.map { Element(segment: $0, namesakes: false) })
    }

    /// A path with each segment's namesakes flag given (as stored by the event log).
    init(segments: [Segment], namesakes: [Bool]) {
        self.init(marking: segments.indices.map {
            Element(segment: segments[$0], namesakes: namesakes.indices.contains($0) && namesakes[$0])
        })
    }

    /// A path of plain elements (none marked), its last row segment marked
    /// and its number moved to ``lastRow``.
    private init(marking plain: [Element]) {
        elements = plain
        guard let position = plain.lastIndex(where: { if case .row = $0.segment { true } else { false } }),
              case .row(let row) = plain[position].segment else { return }
        lastRow = row
        elements[position].segment = .row(0)
        elements[position].isLastRow = true
    }

    private init(elements: [Element], lastRow: Int) {
        self.elements = elements
        self.lastRow = lastRow
    }

    /// The root: the host view `v1` the roots mount into.
    public static let root = ComponentPath()

    /// Where the segments are stored (0 for the root). Paths of one list's
    /// rows share it; with ``lastRow`` it tells paths apart
    /// (``sharesStorage(with:)``).
    var storageAddress: UInt {
        elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    /// The storage address mixed with the last row number: equal for
    /// copies of one path, and for two paths alive at once only when they
    /// share storage and row (then they are identical).
    var storageKey: UInt {
        storageAddress ^ (UInt(bitPattern: lastRow) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// A word from the path's count, last row, indices and rows, its names
    /// left out (`hash(into:)` without the names): equal paths (`==`) give
    /// equal words. For a table of sibling paths
    /// that need not hash names (divkit's plan table): siblings differ by
    /// their index. Reads the segments in place.
    var positionFingerprint: UInt64 { folded(withNames: false) }

    /// The same storage and row as `other` (a copy of it, or the same place
    /// in the same row): identical without comparing a segment.
    func sharesStorage(with other: ComponentPath) -> Bool {
        lastRow == other.lastRow && storageAddress == other.storageAddress
    }

    /// What ``sharesStorage(with:)`` compares, as plain values: kept beside
    /// a copy of the path (which keeps the storage alive, so no other path
    /// takes its address), it answers ``sharesStorage(with:)`` without
    /// reading the copy.
    struct StorageIdentity: Equatable, Sendable {
        let address: UInt
        let row: Int
    }

    /// This path's ``StorageIdentity``.
    var storageIdentity: StorageIdentity { StorageIdentity(address: storageAddress, row: lastRow) }

    /// The same path written with the same bytes: identical (``isIdentical(to:)``)
    /// and every name spelled alike (`Café` typed precomposed is not
    /// `Cafe` with a combining accent here, though the two are equal).
    /// What the event log keys stored paths by, so it shows what was typed.
    func isStored(as other: ComponentPath) -> Bool {
        if sharesStorage(with: other) { return true }
        guard lastRow == other.lastRow, elements.count == other.elements.count else { return false }
        for index in elements.indices where !elements[index].isStored(as: other.elements[index]) { return false }
        return true
    }

    /// Equal segments and equal namesakes flags: the same path, shown the same way.
    func isIdentical(to other: ComponentPath) -> Bool {
        // Copies of one path (a command repeated) are told at once, without
        // a call to compare the arrays.
        lastRow == other.lastRow && (storageAddress == other.storageAddress || elements == other.elements)
    }

    /// This path one step further down; `namesakes`: the segment's name has
    /// siblings of the same name (shown as `Name[i]`).
    public func appending(_ segment: Segment, namesakes: Bool = false) -> ComponentPath {
        var path = ComponentPath(elements: [], lastRow: lastRow)
        path.elements.reserveCapacity(elements.count + 1)
        path.elements.append(contentsOf: elements)
        var element = Element(segment: segment, namesakes: namesakes)
        if case .row(let row) = segment {
            // The new last row: the old one holds its number again.
            if let old = path.elements.lastIndex(where: \.isLastRow) {
                path.elements[old].segment = .row(lastRow)
                path.elements[old].isLastRow = false
            }
            element.segment = .row(0)
            element.isLastRow = true
            path.lastRow = row
        }
        path.elements.append(element)
        return path
    }

    /// This path in another row of its last list (`Feed/3/Dot` in row 9 is
    /// `Feed/9/Dot`): the same storage, another number. Nil when the path
    /// is in no row.
    public func inRow(_ row: Int) -> ComponentPath? {
        guard isInRow else { return nil }
        return ComponentPath(elements: elements, lastRow: row)
    }

    /// Whether some segment is a row.
    var isInRow: Bool { elements.contains(where: \.isLastRow) }

    /// Whether the last segment is `segment` (read in place: a node is
    /// found among its siblings by it).
    func endsWith(_ segment: Segment) -> Bool {
        switch segment {
        case .row(let row): endsWith(row: row)
        case .named(let name, let index): endsWith(name: name, index: index)
        }
    }

    /// Whether the last segment is row `row`.
    private func endsWith(row: Int) -> Bool {
        let count = elements.count
        guard count > 0 else { return false }
        if elements[count - 1].isLastRow { return row == lastRow }
        if case .row(let own) = elements[count - 1].segment { return own == row }
        return false
    }

    /// Whether the last segment is `name` with index `index`.
    private func endsWith(name: String, index: Int) -> Bool {
        let count = elements.count
        guard count > 0, !elements[count - 1].isLastRow,
              case .named(let own, let ownIndex) = elements[count - 1].segment else { return false }
        return ownIndex == index && (own.hasSameRepresentation(as: name) || own == name)
    }

    /// The number of segments.
    var segmentCount: Int { elements.count }

    /// The row number of segment `index`, if it is a row (read in place).
    func row(at index: Int) -> Int? {
        if elements[index].isLastRow { return lastRow }
        if case .row(let row) = elements[index].segment { return row }
        return nil
    }

    /// Whether `other` ends with this path's segment `index`:
    /// `other.endsWith(segments[index])`, read in place, no segment made
    /// (a node is found along a path by it at every scroll step).
    func segment(_ index: Int, ends other: ComponentPath) -> Bool {
        if let row = row(at: index) { return other.endsWith(row: row) }
        guard case .named(let name, let nameIndex) = elements[index].segment else { return false }
        return other.endsWith(name: name, index: nameIndex)
    }

    /// Moves this path to another row of its last list, in place
    /// (``inRow(_:)``); the path is in a row.
    mutating func moveLastRow(to row: Int) {
        assert(isInRow, "\(self) is in no row")
        lastRow = row
    }

    /// Becomes `other`, in place. A path of the same place in another row
    /// of one list (the same storage: a recycled cell's source or owner)
    /// only takes the row number; its storage is left as it is.
    mutating func become(_ other: ComponentPath) {
        guard storageAddress == other.storageAddress else {
            self = other
            return
        }
        // The same storage: the same elements, so only the row can differ.
        lastRow = other.lastRow
    }

    /// ``become(_:)``, and whether this path equalled `other` (`==`)
    /// before: a view's owner is compared and written in one access, in
    /// place (a path of the same storage and another row is told apart
    /// without a call, and only its row number is written).
    mutating func becomeComparing(_ other: ComponentPath) -> Bool {
        // The same storage: the same elements, so only the row can differ.
        let equal = storageAddress == other.storageAddress ? lastRow == other.lastRow : self == other
        become(other)
        return equal
    }

    /// This path with the row of segment `depth` (a row segment) moved by
    /// `delta`, when the path runs through row `from` or later there of the
    /// list `list` (its first `depth` segments): the path an instance
    /// takes when items are inserted or deleted above it. Nil when the
    /// path is not below such a row.
    func shiftingRow(under list: ComponentPath, from row: Int, by delta: Int) -> ComponentPath? {
        let depth = list.elements.count
        guard elements.count > depth, let own = self.row(at: depth), own >= row, hasPrefix(list) else { return nil }
        var plain = elements.indices.map { index in
            Element(segment: self.row(at: index).map { .row($0) } ?? elements[index].segment, namesakes: elements[index].namesakes)
        }
        plain[depth].segment = .row(own + delta)
        return ComponentPath(marking: plain)
    }

    /// Whether `prefix`'s segments begin this path (rows compared by number).
    func hasPrefix(_ prefix: ComponentPath) -> Bool {
        guard prefix.elements.count <= elements.count else { return false }
        for index in prefix.elements.indices {
            if let row = prefix.row(at: index) {
                guard self.row(at: index) == row else { return false }
            } else {
                guard self.row(at: index) == nil, elements[index].segment == prefix.elements[index].segment else { return false }
            }
        }
        return true
    }

    /// The path of the first `count` segments.
    public func prefix(_ count: Int) -> ComponentPath {
        let kept = Array(segments.prefix(count))
        return ComponentPath(marking: kept.indices.map { Element(segment: kept[$0], namesakes: elements[$0].namesakes) })
    }

    /// The last segment's component name (rows have none).
    public var lastName: String? {
        if case .named(let name, _)? = segments.last { return name }
        return nil
    }

    /// Indices written only where they are not 0: the path as it is typed.
    public var description: String { text(showingNamesakes: false) }

    /// The path as users see it: `Card[0]` where same-named siblings exist.
    public var display: String { text(showingNamesakes: true) }

    private func text(showingNamesakes: Bool) -> String {
        var out = ""
        for (position, element) in elements.enumerated() {
            if position > 0 { out += "/" }
            switch element.isLastRow ? .row(lastRow) : element.segment {
            case .named(let name, let index):
                out += name
                if index != 0 || (showingNamesakes && element.namesakes) { out += "[\(index)]" }
            case .row(let row):
                out += String(row)
            }
        }
        return out
    }

    /// Equal segments; the namesakes flags are how a path is shown, not which it is.
    /// (Both in their one form: with equal segments, the last row is
    /// marked in the same place in both, holding `.row(0)`.)
    ///
    /// Compared from the last segment, an index or row before a name: two
    /// siblings (a pool's views asked whose owner a path is) part at
    /// their last segment, most often by index, so a path that differs is
    /// told after one comparison of integers, not of every name before it.
    public static func == (lhs: ComponentPath, rhs: ComponentPath) -> Bool {
        guard lhs.lastRow == rhs.lastRow, lhs.elements.count == rhs.elements.count else { return false }
        if lhs.storageAddress == rhs.storageAddress { return true }
        var index = lhs.elements.count
        while index > 0 {
            index -= 1
            switch (lhs.elements[index].segment, rhs.elements[index].segment) {
            case (.named(let name, let position), .named(let otherName, let otherPosition)):
                guard position == otherPosition, name == otherName else { return false }
            case (.row(let row), .row(let otherRow)):
                guard row == otherRow else { return false }
            default:
                return false
            }
        }
        return true
    }

    /// One word fed to the hasher: the segments folded together with
    /// FNV-1a, each name by its bytes (`nameFingerprint`), rather than
    /// every name hashed as a string (a normalization check, then SipHash:
    /// most of a divkit plan's table and of a `set` value's lookup).
    /// Invariant: equal paths hash alike: the same count, last row,
    /// indices and rows, and names that are equal strings have equal
    /// fingerprints.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }

    /// The word ``hash(into:)`` feeds the hasher (a journal's `set` entry
    /// folds it with its strings, `Operation.repeatHash`). Equal paths
    /// have equal fingerprints.
    var fingerprint: UInt64 { folded(withNames: true) }

    /// FNV-1a over the count, the last row, and each segment's index or
    /// row, and with `withNames` each name's fingerprint (``nameFingerprint(_:)``).
    /// Inlined: each caller passes a constant, and gets its own loop.
    @inline(__always)
    private func folded(withNames: Bool) -> UInt64 {
        let prime: UInt64 = 0x100_0000_01B3
        var folded: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: elements.count)
        folded = (folded ^ UInt64(truncatingIfNeeded: lastRow)) &* prime
        for index in elements.indices {
            switch elements[index].segment {
            case .named(let name, let position):
                folded = (folded ^ UInt64(truncatingIfNeeded: position)) &* prime
                if withNames { folded = (folded ^ ComponentPath.nameFingerprint(name)) &* prime }
            case .row(let row):
                folded = (folded ^ 0x5A5A ^ UInt64(truncatingIfNeeded: row)) &* prime
            }
        }
        return folded
    }

    /// A name's bytes folded with FNV-1a, the same for names that are equal
    /// strings (canonically equivalent, as `==` compares them): an ASCII
    /// name equals no other spelling, unless it holds `K`, `;` or `` ` ``,
    /// the ASCII characters that a non-ASCII one is canonically equivalent
    /// to (U+212A KELVIN SIGN, U+037E GREEK QUESTION MARK, U+1FEF GREEK
    /// VARIA, each a singleton decomposition). Those names, and every name
    /// that is not ASCII, fold to 0 (they collide, and are told apart by
    /// `==`).
    ///
    /// The bytes are read in place (a short name from a copy on the stack):
    /// iterating the string's UTF-8 view costs a call a byte.
    static func nameFingerprint(_ name: String) -> UInt64 {
        func fold(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var folded: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes {
                if byte >= 0x80 || byte == UInt8(ascii: "K") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "`") { return 0 }
                folded = (folded ^ UInt64(byte)) &* 0x100_0000_01B3
            }
            return folded
        }
        if let folded = name.utf8.withContiguousStorageIfAvailable(fold) { return folded }
        return Array(name.utf8).withUnsafeBufferPointer(fold)
    }

    public static func < (lhs: ComponentPath, rhs: ComponentPath) -> Bool {
        lhs.description < rhs.description
    }

    /// Parses `Feed/3/Title`, `Card[1]`; its ``display`` is the text as
    /// written. Returns the offending segment on failure.
    ///
    /// One pass over the UTF-8 bytes: `/`, `[` and `]` are ASCII, so they
    /// never occur inside a multi-byte character.
    public static func parse(_ text: String) -> Result<ComponentPath, PathSyntaxError> {
        if text.isEmpty { return .failure(PathSyntaxError(segment: text, offset: 0)) }
        var segments: [Segment] = []
        // An index written out (`Card[0]`) is shown as written.
        var written: [Bool] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        while true {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
            let piece = Substring(bytes[start..<end])
            if let row = wholeNumber(piece.utf8) {
                segments.append(.row(row))
                written.append(false)
            } else {
                var name = piece
                var index = 0
                let indexed = piece.utf8.last == UInt8(ascii: "]")
                if indexed, let open = piece.utf8.firstIndex(of: UInt8(ascii: "[")) {
                    let digits = piece.utf8[piece.utf8.index(after: open)..<piece.utf8.index(before: piece.utf8.endIndex)]
                    guard let parsed = wholeNumber(digits) else {
                        return .failure(PathSyntaxError(segment: String(piece), offset: text[..<start].count))
                    }
                    name = piece[..<open]
                    index = parsed
                }
                guard isIdentifier(name) else {
                    return .failure(PathSyntaxError(segment: String(piece), offset: text[..<start].count))
                }
                segments.append(.named(String(name), index: index))
                written.append(indexed)
            }
            guard end < bytes.endIndex else { break }
            start = bytes.index(after: end)
        }
        return .success(ComponentPath(segments: segments, namesakes: written))
    }

    /// Whether the segment at `position` is shown with its index: it has
    /// same-named siblings (paths from the mount walk), or the index was
    /// written out (parsed paths, `Card[0]`).
    public func showsIndex(at position: Int) -> Bool {
        elements.indices.contains(position) && elements[position].namesakes
    }

    /// A row number or index as written: digits only, no sign, no leading
    /// zero (but `0`), not past `Int.max`.
    private static func wholeNumber(_ digits: Substring.UTF8View) -> Int? {
        guard let first = digits.first, first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflowed, !overflowedAgain else { return nil }
            value = sum
        }
        return value
    }
}

/// A path segment that is neither `Name`, `Name[N]` nor a row number.
public struct PathSyntaxError: Error, Equatable, Sendable {
    /// The segment as written.
    public var segment: String
    /// Characters from the start of the path to the segment.
    public var offset: Int

    /// The error for `segment`, `offset` characters into the path.
    public init(segment: String, offset: Int) {
        self.segment = segment
        self.offset = offset
    }
}

/// Names of components, attributes and view classes: a letter or `_`, then
/// letters, digits, `_`, `-` or `.`.
///
/// Inlinable, so a caller in another module (the shell checks every
/// attribute name it reads) gets it specialized for its string type: the
/// generic entry point, through witness tables, cost about 5,900
/// instructions for `backgroundColor`.
@inlinable
public func isIdentifier(_ text: some StringProtocol) -> Bool {
    // Contiguous ASCII (a native string's): the bytes in place.
    if let answer = text.utf8.withContiguousStorageIfAvailable(isASCIIIdentifier), let answer { return answer }
    // ASCII, the common case: bytes, no Character decoding.
    if let first = text.utf8.first, first < 0x80 {
        var ascii = true
        var valid = first == UInt8(ascii: "_") || (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first)
        for byte in text.utf8 where valid {
            if byte >= 0x80 { ascii = false; break }
            valid = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        if ascii || !valid { return valid }
    }
    // ASCII answered without a Unicode table lookup.
    func isLetter(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return (0x41...0x5A).contains(ascii) || (0x61...0x7A).contains(ascii) }
        return character.isLetter
    }
    func isDigit(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return (0x30...0x39).contains(ascii) }
        return character.isNumber
    }
    guard let first = text.first, isLetter(first) || first == "_" else { return false }
    return text.allSatisfy { isLetter($0) || isDigit($0) || $0 == "_" || $0 == "-" || $0 == "." }
}

/// `isIdentifier(_:)` of ASCII bytes, as its byte loop answers it; nil
/// when it meets a byte past ASCII while the name is still valid (the
/// characters decide then) or when there are no bytes.
@usableFromInline
func isASCIIIdentifier(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard let first = bytes.first, first < 0x80 else { return nil }
    guard first == UInt8(ascii: "_") || (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first) else { return false }
    for byte in bytes {
        if byte >= 0x80 { return nil }
        let valid = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        if !valid { return false }
    }
    return true
}
