/// The high halves of a run of non-decreasing numbers whose low halves are
/// stored elsewhere in 32 bits: where each high half begins.
///
/// A session's event and sequence numbers outgrow 32 bits only after 2^32
/// events, which `log keep` lets it record without holding them; until then
/// this holds nothing, and afterwards one entry per 2^32. Because the
/// numbers never decrease, every index from one start to the next shares
/// that start's high half.
struct HighHalves: Sendable {
    private struct Start: Sendable {
        var index: Int
        var high: UInt32
    }

    /// In index order, each with a greater high half than the one before.
    private var starts: [Start] = []
    /// The last start's high half (0 before any): what the next number's
    /// is compared with, without reading the array (one compare on the
    /// scroll step's path, twice per operation and once per pass).
    private var lastHigh: UInt32 = 0

    /// Notes `value`, the number at `index` (past every index noted so far,
    /// and at least as large as their numbers), and returns its low half.
    /// `index` is worked out only when the high half changes.
    @inline(__always)
    mutating func low(of value: Int, at index: @autoclosure () -> Int) -> UInt32 {
        let high = UInt32(truncatingIfNeeded: value >> 32)
        if high != lastHigh { note(high, at: index(), of: value) }
        return UInt32(truncatingIfNeeded: value)
    }

    private mutating func note(_ high: UInt32, at index: Int, of value: Int) {
        precondition(value >= 0 && high > lastHigh, "the numbers grow")
        starts.append(Start(index: index, high: high))
        lastHigh = high
    }

    /// The number at `index` whose low half is `low`.
    @inline(__always)
    func value(low: UInt32, at index: Int) -> Int {
        guard let first = starts.first, first.index <= index else { return Int(low) }
        var lower = 0, upper = starts.count
        while upper - lower > 1 {
            let middle = (lower + upper) / 2
            if starts[middle].index <= index { lower = middle } else { upper = middle }
        }
        return Int(starts[lower].high) << 32 | Int(low)
    }

    /// Forgets the numbers from `index` on.
    mutating func removeAll(from index: Int) {
        while let last = starts.last, last.index >= index { starts.removeLast() }
        lastHigh = starts.last?.high ?? 0
    }
}
