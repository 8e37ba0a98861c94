/// Every number the engine reports: counts of steps and measures of the state.
///
/// The single list that the pass line, `stats`, `expect stat` and `compare`
/// iterate; each picks its columns with the static lists below, in the order
/// it prints them.
public enum Stat: String, Sendable, CaseIterable {
    // Counted from events.
    case created, reused, unhidden, hidden, applied, unapplied, updated, skipped, reordered, removed
    case enteredPool, leftPool, preparedForReuse, cacheHits, renders, layouts, attaches, resets, reconfigured
    case recycled, loads, delivered, cancelled, discarded
    // Measured on the state.
    case passes, liveComponents, leaks, views, visible, peakViews

    /// The stats counted from events, in ``EventCounts`` order.
    public static let counted: [Stat] = [
        .created, .reused, .unhidden, .hidden, .applied, .unapplied, .updated, .skipped, .reordered, .removed,
        .enteredPool, .leftPool, .preparedForReuse, .cacheHits, .renders, .layouts, .attaches, .resets, .reconfigured,
        .recycled, .loads, .delivered, .cancelled, .discarded,
    ]

    /// Counted from events (rather than measured on the state).
    public var isCounted: Bool { countIndex != nil }

    /// Index into ``EventCounts`` (counted stats only).
    @usableFromInline var countIndex: Int? {
        switch self {
        case .created: 0
        case .reused: 1
        case .unhidden: 2
        case .hidden: 3
        case .applied: 4
        case .unapplied: 5
        case .updated: 6
        case .skipped: 7
        case .reordered: 8
        case .removed: 9
        case .enteredPool: 10
        case .leftPool: 11
        case .preparedForReuse: 12
        case .cacheHits: 13
        case .renders: 14
        case .layouts: 15
        case .attaches: 16
        case .resets: 17
        case .reconfigured: 18
        case .recycled: 19
        case .loads: 20
        case .delivered: 21
        case .cancelled: 22
        case .discarded: 23
        case .passes, .liveComponents, .leaks, .views, .visible, .peakViews: nil
        }
    }

    /// The pass line after each pass: always shown, or only when not zero, and its label.
    public static let passLine: [(stat: Stat, always: Bool, label: String)] = [
        (.created, true, "created"), (.reused, true, "reused"), (.hidden, true, "hidden"),
        (.applied, true, "applied"), (.unapplied, true, "unapplied"), (.updated, false, "updated"),
        (.skipped, true, "skipped"), (.removed, false, "removed"), (.cacheHits, false, "cache hits"),
        (.renders, false, "rendered"), (.attaches, false, "attached"), (.loads, false, "loads started"),
        (.delivered, false, "delivered"), (.cancelled, false, "cancelled"), (.discarded, false, "discarded"),
    ]

    /// `stats`: the counts always listed, then the ones listed when not zero.
    public static let statsCore: [Stat] = [.created, .reused, .hidden, .applied, .unapplied, .updated, .skipped]
    public static let statsExtra: [Stat] = [.removed, .enteredPool, .leftPool, .preparedForReuse, .recycled, .cacheHits,
                                            .renders, .layouts, .attaches, .resets, .reconfigured, .loads,
                                            .delivered, .cancelled, .discarded]
    /// `stats --json`, in key order.
    public static let statsJSON: [Stat] = [
        .passes, .created, .reused, .hidden, .applied, .unapplied, .updated, .skipped, .unhidden, .reordered,
        .removed, .enteredPool, .leftPool, .preparedForReuse, .cacheHits, .renders, .layouts, .attaches, .resets,
        .reconfigured, .recycled, .loads, .delivered, .cancelled, .discarded, .liveComponents, .leaks, .views,
        .visible, .peakViews,
    ]
    /// `expect stat NAME N`.
    public static let expectable: [Stat] = [
        .passes, .created, .reused, .unhidden, .hidden, .applied, .unapplied, .updated, .skipped, .reordered,
        .loads, .delivered, .cancelled, .discarded, .leaks, .views, .visible,
    ]
    /// `compare`'s columns.
    public static let compared: [Stat] = [
        .created, .reused, .hidden, .removed, .applied, .unapplied, .updated, .skipped, .leaks, .peakViews,
        .liveComponents, .renders,
    ]

    /// The name `stats` text, `expect` and `compare` use.
    public var name: String {
        switch self {
        case .enteredPool: "enterPool"
        case .leftPool: "leavePool"
        case .preparedForReuse: "prepared"
        case .peakViews: "peak"
        case .liveComponents: "live"
        default: rawValue
        }
    }

    /// The key in JSON documents.
    public var jsonKey: String {
        switch self {
        case .enteredPool: "enterPool"
        case .leftPool: "leavePool"
        case .preparedForReuse: "prepareForReuse"
        default: rawValue
        }
    }
}

/// Counts of steps by ``Stat``, for a pass or the whole session.
public struct EventCounts: Sendable, Equatable, CustomStringConvertible {
    /// One count per ``Stat/counted`` stat, inline (a pass's counts
    /// allocate nothing); the loops read and write them through
    /// ``CountSlots/withUnsafeMutableBufferPointer(_:)``, in place.
    @usableFromInline var values = CountSlots()

    /// Every count zero.
    public init() {}

    public static func == (lhs: EventCounts, rhs: EventCounts) -> Bool {
        lhs.values.elementsEqual(rhs.values)
    }

    /// The count of a counted stat (0 for stats measured on the state).
    // Inlinable: a pass line reads a dozen counts, and a call would copy the counts each time.
    @inlinable public subscript(stat: Stat) -> Int {
        guard let index = stat.countIndex else { return 0 }
        return values[index]
    }

    /// Where a step is counted, if it is (worked out once for the totals
    /// and the pass's counts).
    static func index(of step: ReuseEvent.Step) -> Int? { step.kind.countIndex }

    /// Adds `amount` to the count at `index` (from ``index(of:)``).
    mutating func add(_ amount: Int, at index: Int) {
        // In place: the slots' getter reads a copy of all of them.
        values.withUnsafeMutableBufferPointer { $0[index] = $0[index].addingSaturated(amount) }
    }

    /// A bit per count that is not zero (in ``Stat/counted`` order).
    var nonzeroMask: UInt32 {
        var mask: UInt32 = 0
        for index in values.indices where values[index] != 0 { mask |= 1 << UInt32(index) }
        return mask
    }

    /// The counts that are not zero, as a bit per counted stat (in
    /// ``Stat/counted`` order) and the values in that order, each in as
    /// few bytes as it needs (LEB128: seven bits a byte, the top bit set
    /// on all but the last), appended to `bytes`: how the log keeps a
    /// pass's counts, most of them one byte.
    func packed(into bytes: inout [UInt8]) -> UInt32 {
        var counts = self
        return counts.drain(touched: nonzeroMask, into: &bytes, inliningUpTo: 0).mask
    }

    /// ``packed(into:)``, the counts left zero: how the log packs the
    /// summary of the pass that ends in place, for the next one to count
    /// in. Only the counts `touched` marks are read (every count that is
    /// not zero must be marked: the log marks each count it adds to), so
    /// a pass reads only the counts it touched. Packed bytes that fit in
    /// `inliningUpTo` bytes (at most eight) are returned in `inline`
    /// (little-endian) instead of appended: a scroll step's few small
    /// counts fit, and the pass then appends nothing.
    mutating func drain(touched: UInt32, into bytes: inout [UInt8],
                        inliningUpTo limit: Int) -> (mask: UInt32, inline: UInt64?) {
        assert(nonzeroMask & ~touched == 0, "a count that is not zero is not marked touched")
        var mask: UInt32 = 0
        var inline: UInt64?
        // A pass's usual counts, at most eight below 128 (a byte each, as
        // LEB128 writes them), go straight into the inline word.
        if limit >= MemoryLayout<UInt64>.size, let small = packedInWord(touched: touched) {
            values.withUnsafeMutableBufferPointer { counts in
                var rest = small.mask
                while rest != 0 {
                    counts[rest.trailingZeroBitCount] = 0
                    rest &= rest &- 1
                }
            }
            return small
        }
        // The packed bytes are written on the stack, then kept inline or appended at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: CountSlots.count * LEB128.maximumBytes) { buffer in
            var written = 0
            values.withUnsafeMutableBufferPointer { counts in
                var rest = touched
                while rest != 0 {
                    let index = rest.trailingZeroBitCount
                    rest &= rest &- 1
                    guard index < counts.count, counts[index] != 0 else { continue }
                    mask |= 1 &<< UInt32(truncatingIfNeeded: index)
                    LEB128.write(UInt64(bitPattern: Int64(counts[index])), into: buffer, at: &written)
                    counts[index] = 0
                }
            }
            if written <= Swift.min(limit, MemoryLayout<UInt64>.size) {
                var value: UInt64 = 0
                for index in 0..<written { value |= UInt64(buffer[index]) &<< UInt64(8 * index) }
                inline = value
            } else {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<written]))
            }
        }
        return (mask, inline)
    }

    /// The counts `touched` marks (every count that is not zero must be),
    /// packed as ``drain(touched:into:inliningUpTo:)`` keeps them inline,
    /// when they fit one word: at most eight counts that are not zero,
    /// each below 128 (one LEB128 byte). Nil when they do not fit.
    // Mutating, though it writes nothing: through the mutable buffer the
    // counts are read in place (a borrowed copy would copy them out first).
    @inline(__always)
    mutating func packedInWord(touched: UInt32) -> (mask: UInt32, inline: UInt64)? {
        assert(nonzeroMask & ~touched == 0, "a count that is not zero is not marked touched")
        return values.withUnsafeMutableBufferPointer { counts in
            EventCounts.packing(touched, checked: true, below: counts.count) { counts[$0] }
        }
    }

    /// The counts `touched` marks that are not zero (`value(index)`),
    /// packed a byte each, in index order, into one word, with the mask of
    /// those packed; `packed(index, value)` is called for each. `checked`:
    /// indices from `below` on are skipped, and nil is returned when a
    /// count is 128 or more or a ninth is not zero; unchecked, the caller
    /// knows every marked index is below the count of counts and every
    /// count fits (at most eight, each below 128). The one loop of
    /// ``packedInWord(touched:)`` and `ByteCounts`' two; inlined, each
    /// caller gets its own loop for its constant `checked`.
    @inline(__always)
    static func packing(_ touched: UInt32, checked: Bool, below limit: Int = .max, value: (Int) -> Int,
                        packed: (Int, Int) -> Void = { _, _ in }) -> (mask: UInt32, inline: UInt64)? {
        var mask: UInt32 = 0
        var word: UInt64 = 0
        var shift: UInt64 = 0
        var rest = touched
        while rest != 0 {
            let index = rest.trailingZeroBitCount
            rest &= rest &- 1
            if checked, index >= limit { continue }
            let count = value(index)
            guard count != 0 else { continue }
            if checked, UInt(bitPattern: count) >= 0x80 || shift >= 64 { return nil }
            word |= UInt64(truncatingIfNeeded: count) &<< shift
            shift &+= 8
            mask |= 1 &<< UInt32(truncatingIfNeeded: index)
            packed(index, count)
        }
        return (mask, word)
    }

    /// Counts unpacked from ``packed(into:)``'s mask and the bytes from `offset` on.
    init(mask: UInt32, bytes: [UInt8], from offset: Int) {
        var next = offset
        for index in values.indices where mask & (1 << UInt32(index)) != 0 {
            values[index] = Int(Int64(bitPattern: LEB128.read(bytes, at: &next)))
        }
    }

    /// Counts unpacked from ``drain(touched:into:inliningUpTo:)``'s mask and
    /// inline bytes (LEB128, read straight from the word: nothing allocated).
    init(mask: UInt32, inline: UInt64) {
        values.withUnsafeMutableBufferPointer { counts in
            var word = inline
            var rest = mask
            while rest != 0 {
                let index = rest.trailingZeroBitCount
                rest &= rest &- 1
                var value: UInt64 = 0
                var shift: UInt64 = 0
                // Ends at the word's end at the latest: its bytes run out as zeros.
                while true {
                    let byte = word & 0xFF
                    word &>>= 8
                    if shift < 64 { value |= (byte & 0x7F) &<< shift }
                    shift &+= 7
                    if byte < 0x80 { break }
                }
                if index < counts.count { counts[index] = Int(Int64(bitPattern: value)) }
            }
        }
    }

    /// Adds another set of counts (a pass counted again).
    mutating func add(_ other: EventCounts) {
        for index in values.indices { values[index] += other.values[index] }
    }

    /// Takes another set of counts away (a pass taken back).
    mutating func subtract(_ other: EventCounts) {
        for index in values.indices { values[index] -= other.values[index] }
    }

    /// `created 2, reused 0, hidden 0, applied 3, unapplied 0, skipped 0`
    public var line: String { items.joined(separator: ", ") }

    /// The pass line's counts one by one (`created 2`), for wrapping between them.
    public var items: [String] {
        var items: [String] = []
        items.reserveCapacity(Stat.passLine.count)
        for entry in Stat.passLine where entry.always || self[entry.stat] > 0 {
            items.append(entry.label + " " + String(self[entry.stat]))
        }
        return items
    }

    public var description: String {
        Stat.counted.map { "\($0.rawValue) \(self[$0])" }.joined(separator: ", ")
    }
}
