/// A string of at most 15 UTF-8 bytes made the way Swift holds it inline,
/// in its own two words: the bytes, then a last byte with the flags
/// (ASCII or not) and the count. A row's text is one at nearly every
/// scroll step: no buffer and no UTF-8 validation, as with
/// `String(unsafeUninitializedCapacity:)`; the bytes are valid already (a
/// valid text split at ASCII placeholders, and ASCII digits).
///
/// The layout is checked once against strings Swift made; where it does
/// not hold (another word size or byte order, another standard library),
/// ``flags(isASCII:)`` is nil and strings are made as usual.
enum InlineText {
    /// The most bytes a string holds inline.
    static let capacity = 15

    /// Up to 16 bytes in two little-endian words, the first byte lowest.
    struct Bytes: Sendable, Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init() {}

        /// `bytes` (at most 16; the rest are not read).
        init(_ bytes: some Collection<UInt8>) {
            for (position, byte) in zip(0..<16, bytes) {
                if position < 8 {
                    low |= UInt64(byte) << (8 * position)
                } else {
                    high |= UInt64(byte) << (8 * (position - 8))
                }
            }
        }

        /// The bytes moved up by `count` places (0 to 16), zeros below.
        @inline(__always)
        func shifted(by count: Int) -> Bytes {
            // Smart shifts: by 64 bits or more gives 0.
            let bits = UInt64(truncatingIfNeeded: count) &* 8
            var moved = Bytes()
            moved.low = low << bits
            moved.high = high << bits | low >> (64 &- bits) | low << (bits &- 64)
            return moved
        }

        @inline(__always)
        static func | (lhs: Bytes, rhs: Bytes) -> Bytes {
            var both = lhs
            both.low |= rhs.low
            both.high |= rhs.high
            return both
        }
    }

    /// The last byte's flags, at the top of the second word.
    struct Flags: Sendable {
        fileprivate let bits: UInt64
    }

    /// The flags of inline strings whose bytes are ASCII or not; nil
    /// where strings are not laid out as here.
    static func flags(isASCII: Bool) -> Flags? {
        layoutHolds ? Flags(bits: isASCII ? asciiFlags : otherFlags) : nil
    }

    private static let asciiFlags: UInt64 = 0xE0 << 56
    private static let otherFlags: UInt64 = 0xA0 << 56

    /// Whether strings Swift made here, ASCII and not, empty and full,
    /// have exactly the words ``string(_:count:flags:)`` makes.
    private static let layoutHolds: Bool = {
        guard MemoryLayout<String>.size == MemoryLayout<Bytes>.size else { return false }
        let samples = [("", asciiFlags), ("Row 7", asciiFlags), ("Row 1234567890a", asciiFlags), ("Ряд 7", otherFlags)]
        return samples.allSatisfy { sample, flags in
            let made = String(decoding: Array(sample.utf8), as: UTF8.self)
            let count = made.utf8.count
            return count <= capacity && words(Bytes(made.utf8), count: count, flags: flags) == unsafeBitCast(made, to: Bytes.self)
        }
    }()

    /// The string of the first `count` bytes of `bytes` (the rest zero),
    /// with `flags` (``flags(isASCII:)``): the bytes are valid UTF-8.
    @inline(__always)
    static func string(_ bytes: Bytes, count: Int, flags: Flags) -> String {
        unsafeBitCast(words(bytes, count: count, flags: flags.bits), to: String.self)
    }

    @inline(__always)
    private static func words(_ bytes: Bytes, count: Int, flags: UInt64) -> Bytes {
        var words = bytes
        words.high |= flags | UInt64(truncatingIfNeeded: count) << 56
        return words
    }

    /// A non-negative number below 10^8 in decimal, as inline bytes,
    /// and how many digits; nil for any other.
    ///
    /// All eight digits at once, in the bytes of one word (each split
    /// divides lanes of the word by a multiply and a shift, exact for
    /// these ranges), leading zeros then dropped: no division per digit.
    @inline(__always)
    static func decimal(_ number: Int) -> (Bytes, count: Int)? {
        guard number >= 0, number < 100_000_000 else { return nil }
        let value = UInt64(truncatingIfNeeded: number)
        // Two 32-bit lanes: the first four digits, then the last four.
        var lanes = value / 10_000 | (value % 10_000) << 32
        // Four 16-bit lanes of two digits: v / 100 is (v * 10486) >> 20 for v < 10^4.
        let hundreds = (lanes &* 10_486) >> 20 & 0x0000_007F_0000_007F
        lanes = hundreds | (lanes &- hundreds &* 100) << 16
        // Eight bytes of one digit: w / 10 is (w * 103) >> 10 for w < 100.
        let tens = (lanes &* 103) >> 10 & 0x000F_000F_000F_000F
        lanes = tens | (lanes &- tens &* 10) << 8
        // The leading zeros are the lowest bytes; zero itself keeps one.
        let zeros = min(lanes.trailingZeroBitCount / 8, 7)
        var bytes = Bytes()
        bytes.low = (lanes &+ 0x3030_3030_3030_3030) >> (8 * zeros)
        return (bytes, 8 - zeros)
    }
}
