/// Unsigned numbers in as few bytes as they need: seven bits a byte, low
/// bits first, the top bit set on every byte but the last (LEB128). What
/// the log packs its records and pass counts with: most numbers there are
/// small, and take one byte.
enum LEB128 {
    /// The most bytes a number takes.
    static let maximumBytes = 10

    /// Writes `value` into `buffer` at `offset`, which moves past it; the
    /// buffer has room for ``maximumBytes`` from `offset`.
    @inline(__always)
    static func write(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: inout Int) {
        var rest = value
        while rest >= 0x80 {
            buffer[offset] = UInt8(truncatingIfNeeded: rest) | 0x80
            offset += 1
            rest >>= 7
        }
        buffer[offset] = UInt8(rest)
        offset += 1
    }

    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        // Most numbers (a pass's counts) take one byte.
        if value < 0x80 {
            bytes.append(UInt8(value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumBytes) { buffer in
            var count = 0
            write(value, into: buffer, at: &count)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The number that starts at `offset`; `offset` moves past it.
    static func read(_ bytes: [UInt8], at offset: inout Int) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
