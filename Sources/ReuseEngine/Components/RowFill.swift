/// A template text split once where each `{i}` is (left to right, `{i}`
/// exactly, never overlapping), so that a row's text is written straight
/// from the pieces: a list row fills its templates at every scroll step,
/// and the placeholders are found once, not at every fill.
struct RowFill: Hashable, Sendable {
    /// The pieces, in one object: a copy of a template is one reference.
    private final class Pieces: Sendable {
        /// The text's UTF-8 bytes as written.
        let bytes: [UInt8]
        /// Where each placeholder starts in `bytes`, in order.
        let placeholders: [Int]
        /// A text with one placeholder whose pieces fit an inline string:
        /// the usual row text (`Row {i}`), filled with a few word operations.
        let single: Single?

        init(bytes: [UInt8], placeholders: [Int]) {
            self.bytes = bytes
            self.placeholders = placeholders
            single = Single(bytes, placeholders: placeholders)
        }
    }

    /// The bytes around a text's one placeholder, as inline bytes (``InlineText``).
    private struct Single: Sendable {
        var before: InlineText.Bytes
        var beforeCount: Int
        var after: InlineText.Bytes
        var afterCount: Int
        /// ASCII or not, as the bytes are (digits are ASCII).
        var flags: InlineText.Flags

        /// Nil unless `bytes` hold one placeholder, at `placeholders[0]`,
        /// and fit an inline string around it.
        init?(_ bytes: [UInt8], placeholders: [Int]) {
            guard placeholders.count == 1, bytes.count - 3 < InlineText.capacity,
                  let flags = InlineText.flags(isASCII: bytes.allSatisfy { $0 < 0x80 }) else { return nil }
            let placeholder = placeholders[0]
            before = InlineText.Bytes(bytes[..<placeholder])
            beforeCount = placeholder
            after = InlineText.Bytes(bytes[(placeholder + 3)...])
            afterCount = bytes.count - placeholder - 3
            self.flags = flags
        }
    }

    private let pieces: Pieces
    private var bytes: [UInt8] { pieces.bytes }
    private var placeholders: [Int] { pieces.placeholders }

    /// Made from the same text: the same pieces.
    static func == (lhs: RowFill, rhs: RowFill) -> Bool {
        lhs.pieces === rhs.pieces || (lhs.bytes == rhs.bytes && lhs.placeholders == rhs.placeholders)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

    /// Nil when `raw` holds no `{i}`.
    init?(_ raw: String) {
        // Scanned in place: most texts hold no placeholder, and make no array.
        var text = raw
        guard let (bytes, placeholders) = text.withUTF8({ bytes -> ([UInt8], [Int])? in
            var placeholders: [Int] = []
            var index = 0
            while index < bytes.count {
                if RowFill.isPlaceholder(bytes, at: index) {
                    placeholders.append(index)
                    index += 3
                } else {
                    index += 1
                }
            }
            return placeholders.isEmpty ? nil : (Array(bytes), placeholders)
        }) else { return nil }
        pieces = Pieces(bytes: bytes, placeholders: placeholders)
    }

    /// Whether `{i}` starts at `index`.
    private static func isPlaceholder(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index] == UInt8(ascii: "{") && bytes[index + 1] == UInt8(ascii: "i")
            && bytes[index + 2] == UInt8(ascii: "}")
    }

    /// The text with every `{i}` replaced by `row` in decimal.
    /// (Inlined: the fill reads the template where it lies, nothing copied out.)
    @inline(__always)
    func filled(row: Int) -> String {
        // The usual row text: the number's digits between the bytes before
        // and after the placeholder, all in one inline string.
        if let single = pieces.single, let (digits, digitCount) = InlineText.decimal(row),
           single.beforeCount + digitCount + single.afterCount <= InlineText.capacity {
            var text = single.before | digits.shifted(by: single.beforeCount)
            if single.afterCount > 0 { text = text | single.after.shifted(by: single.beforeCount + digitCount) }
            return InlineText.string(text, count: single.beforeCount + digitCount + single.afterCount, flags: single.flags)
        }
        return written(row: row)
    }

    /// ``filled(row:)`` written byte by byte into a new string.
    @inline(never)
    private func written(row: Int) -> String {
        // The number's digits at the end of 24 bytes on the stack (the
        // longest, Int.min, takes 20).
        var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &storage) { digits in
            var start = digits.count
            var rest = row.magnitude
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if row < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            let length = digits.count - start
            let placeholders = pieces.placeholders
            return pieces.bytes.withUnsafeBufferPointer { text in
                String(unsafeUninitializedCapacity: text.count + placeholders.count * (length - 3)) { out in
                    var written = 0
                    var from = 0
                    for placeholder in placeholders {
                        for index in from..<placeholder { out[written] = text[index]; written += 1 }
                        for index in start..<digits.count { out[written] = digits[index]; written += 1 }
                        from = placeholder + 3
                    }
                    for index in from..<text.count { out[written] = text[index]; written += 1 }
                    return written
                }
            }
        }
    }
}
