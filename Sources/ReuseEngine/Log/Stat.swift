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
    /// One count per ``Stat/counted`` stat, inline (a pass's counts cost no
    /// allocation). Read through `values.span`: the array's own subscript
    /// getter copied all 192 bytes for every count read.
    @usableFromInline var values = InlineArray<24, Int>(repeating: 0)

    public init() {}

    public static func == (lhs: EventCounts, rhs: EventCounts) -> Bool {
        let left = lhs.values.span, right = rhs.values.span
        return left.indices.allSatisfy { left[$0] == right[$0] }
    }

    /// The count of a counted stat (0 for stats measured on the state).
    // Inlinable: a pass line reads a dozen counts, and a call copied the counts each time.
    @inlinable public subscript(stat: Stat) -> Int {
        guard let index = stat.countIndex else { return 0 }
        return values.span[index]
    }

    /// Where a step is counted, if it is (worked out once for the totals
    /// and the pass's counts).
    static func index(of step: ReuseEvent.Step) -> Int? { step.kind.stat?.countIndex }

    /// Adds `amount` to the count at `index` (from ``index(of:)``).
    mutating func add(_ amount: Int, at index: Int) {
        values[index] = values[index].addingSaturated(amount)
    }

    /// The counts that are not zero, as a bit per counted stat (in
    /// ``Stat/counted`` order) and the values in that order, each in as
    /// few bytes as it needs (LEB128: seven bits a byte, the top bit set
    /// on all but the last): how the log keeps a pass's counts, most of
    /// them one byte.
    func packed(into bytes: inout [UInt8]) -> UInt32 {
        var counts = self
        return counts.drain(into: &bytes)
    }

    /// ``packed(into:)``, the counts left zero: how the log packs the
    /// summary of the pass that ends in place, for the next one to count in.
    mutating func drain(into bytes: inout [UInt8]) -> UInt32 {
        var mask: UInt32 = 0
        var counts = values.mutableSpan
        // The packed bytes are written on the stack, then appended at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: counts.count * LEB128.maximumBytes) { buffer in
            var written = 0
            counts.withUnsafeMutableBufferPointer { counts in
                // Most counts are zero: they are passed over four at a time.
                for group in stride(from: 0, to: counts.count, by: 4) {
                    let end = Swift.min(group + 4, counts.count)
                    if end - group == 4, counts[group] | counts[group + 1] | counts[group + 2] | counts[group + 3] == 0 { continue }
                    for index in group..<end where counts[index] != 0 {
                        mask |= 1 << UInt32(index)
                        LEB128.write(UInt64(bitPattern: Int64(counts[index])), into: buffer, at: &written)
                        counts[index] = 0
                    }
                }
            }
            if written > 0 { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<written])) }
        }
        return mask
    }

    /// Counts unpacked from ``packed(into:)``'s mask and the bytes from `offset` on.
    init(mask: UInt32, bytes: [UInt8], from offset: Int) {
        var next = offset
        for index in values.indices where mask & (1 << UInt32(index)) != 0 {
            values[index] = Int(Int64(bitPattern: LEB128.read(bytes, at: &next)))
        }
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
