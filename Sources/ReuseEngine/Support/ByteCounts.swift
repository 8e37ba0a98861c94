/// The counts of the pass under way, a byte each, inline: how the log
/// counts a pass's steps while each count stays below 256 (a scroll
/// step's five counts of one or two, a `set` pass's hundred skips).
///
/// A count is one byte add; the pass's summary is packed from these bytes
/// when the next pass begins (``EventLog/beginPass(_:)``), in the same
/// order and format ``EventCounts/drain(touched:into:inliningUpTo:)``
/// packs a pass's counts, and the session's totals take them then, once
/// a pass, rather than at every step. A count that would not fit its byte
/// (256 of one kind in one pass, a render of every item of a long list)
/// moves the pass's counts to an ``EventCounts`` and the totals, where
/// they are counted as before for the rest of the pass.
///
/// Invariant that makes the pointer safe: a homogeneous tuple is laid out
/// as a C array of its element (as ``CountSlots``' is), so the three words
/// are 24 contiguous bytes, byte `i` the count at index `i` (``Stat/counted``
/// order); the pointer never escapes the closure that gets it, and every
/// index is checked against ``count`` first.
struct ByteCounts: Sendable, Equatable {
    /// One byte per counted stat.
    static let count = CountSlots.count

    private var words: (UInt64, UInt64, UInt64) = (0, 0, 0)

    /// Every count zero.
    init() {}

    /// `counts` a byte each, or nil when one is negative or above 255.
    init?(_ counts: EventCounts) {
        for index in 0..<Self.count {
            let value = counts.values[index]
            guard value >= 0, value <= 0xFF else { return nil }
            if value != 0 { guard add(value, at: index) else { return nil } }
        }
    }

    static func == (lhs: ByteCounts, rhs: ByteCounts) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
    }

    /// Whether every count is zero.
    var isZero: Bool { words.0 | words.1 | words.2 == 0 }

    /// The count at `index`.
    subscript(index: Int) -> Int {
        precondition(index >= 0 && index < Self.count, "count index out of range")
        return withUnsafeBytes(of: words) { Int($0[index]) }
    }

    /// Adds `amount` to the count at `index` when the sum fits its byte;
    /// returns false, changing nothing, when it does not (or `amount` is
    /// negative: the bytes only count up).
    @inline(__always)
    mutating func add(_ amount: Int, at index: Int) -> Bool {
        precondition(index >= 0 && index < Self.count, "count index out of range")
        return withUnsafeMutableBytes(of: &words) { bytes in
            let old = Int(bytes[index])
            // A negative amount reads as a huge unsigned one: it never fits.
            guard UInt(bitPattern: amount) <= UInt(0xFF &- old) else { return false }
            bytes[index] = UInt8(truncatingIfNeeded: old &+ amount)
            return true
        }
    }

    /// The counts as ``EventCounts``.
    var counts: EventCounts {
        var counts = EventCounts()
        withUnsafeBytes(of: words) { bytes in
            counts.values.withUnsafeMutableBufferPointer { values in
                for index in 0..<Self.count { values[index] = Int(bytes[index]) }
            }
        }
        return counts
    }

    /// Adds the counts `touched` marks (every count that is not zero must
    /// be marked) to `totals` (saturating, as each step would have), and
    /// returns them packed as ``EventCounts/drain(touched:into:inliningUpTo:)``
    /// keeps a pass's counts inline, when they fit one word (at most eight
    /// that are not zero, each below 128); nil when they do not, and then
    /// `totals` are left as they were. The bytes are left as they are.
    @inline(__always)
    func packedInWord(touched: UInt32, addingTo totals: inout EventCounts) -> (mask: UInt32, inline: UInt64)? {
        assert(counts.nonzeroMask & ~touched == 0, "a count that is not zero is not marked touched")
        // Whether they fit is told before any is read: every byte below
        // 128, and at most eight counts marked (a count marked may be
        // zero: more than eight marked are then packed one by one, below).
        guard (words.0 | words.1 | words.2) & 0x8080_8080_8080_8080 == 0, touched.nonzeroBitCount <= 8,
              touched < 1 &<< UInt32(Self.count) else {
            return packedInWordOneByOne(touched: touched, addingTo: &totals)
        }
        // Every byte is known to fit here (unchecked), and the totals take
        // each count as it is packed.
        return withUnsafeBytes(of: words) { bytes -> (mask: UInt32, inline: UInt64)? in
            totals.values.withUnsafeMutableBufferPointer { totals in
                EventCounts.packing(touched, checked: false, value: { Int(bytes[$0]) }) { index, count in
                    totals[index] = totals[index].addingSaturated(count)
                }
            }
        }
    }

    /// ``packedInWord(touched:addingTo:)`` when more than eight counts are
    /// marked or a byte is 128 or more: each count read and checked.
    @inline(never)
    private func packedInWordOneByOne(touched: UInt32, addingTo totals: inout EventCounts) -> (mask: UInt32, inline: UInt64)? {
        withUnsafeBytes(of: words) { bytes -> (mask: UInt32, inline: UInt64)? in
            guard let (mask, word) = EventCounts.packing(touched, checked: true, below: Self.count, value: { Int(bytes[$0]) }) else {
                return nil
            }
            // Only once they are known to fit: the totals take them.
            totals.values.withUnsafeMutableBufferPointer { totals in
                var rest = mask
                while rest != 0 {
                    let index = rest.trailingZeroBitCount
                    rest &= rest &- 1
                    totals[index] = totals[index].addingSaturated(Int(bytes[index]))
                }
            }
            return (mask, word)
        }
    }

    /// Moves the counts `touched` marks (every count that is not zero must
    /// be marked) into `counts` (whose counts there are zero) and adds them
    /// to `totals` (saturating); leaves every byte zero.
    mutating func move(touched: UInt32, into counts: inout EventCounts, addingTo totals: inout EventCounts) {
        withUnsafeBytes(of: words) { bytes in
            var rest = touched
            while rest != 0 {
                let index = rest.trailingZeroBitCount
                rest &= rest &- 1
                guard index < Self.count, bytes[index] != 0 else { continue }
                let value = Int(bytes[index])
                counts.add(value, at: index)
                totals.add(value, at: index)
            }
        }
        words = (0, 0, 0)
    }
}
