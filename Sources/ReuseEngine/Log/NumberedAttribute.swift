/// An attribute whose value holds a number, with the number taken out:
/// `text: "row 12345"` is `text: "row "…""` and 12345, `alpha: 3` is
/// `alpha` and 3. The rows of a list then share one entry in a chunk's
/// table, and each record keeps only its number.
///
/// Only numbers that come back exactly are taken out: for a text, the
/// last run of ASCII digits, at most nine of them and without a leading
/// zero; for a number value, a whole number from 0 to 2^32 - 1.
struct NumberedAttribute: Internable {
    var name: String
    /// A text's parts around the number (empty for a number value).
    var prefix: String
    var suffix: String
    var isText: Bool

    func isStored(as other: NumberedAttribute) -> Bool {
        name == other.name && isText == other.isText && prefix.isStored(as: other.prefix) && suffix.isStored(as: other.suffix)
    }

    static func split(_ attribute: Attribute) -> (NumberedAttribute, UInt32)? {
        switch attribute.value {
        case .text(var text):
            return text.withUTF8 { utf8 -> (NumberedAttribute, UInt32)? in
                func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
                var end = utf8.count
                while end > 0, !isDigit(utf8[end - 1]) { end -= 1 }
                guard end > 0 else { return nil }
                var start = end - 1
                while start > 0, isDigit(utf8[start - 1]) { start -= 1 }
                guard end - start <= 9, end - start == 1 || utf8[start] != UInt8(ascii: "0") else { return nil }
                var number: UInt32 = 0
                for byte in utf8[start..<end] { number = number * 10 + UInt32(byte &- UInt8(ascii: "0")) }
                // Cut at ASCII digits, so both parts are valid UTF-8 (the
                // suffix may start with a combining mark: joined back, the
                // bytes are the same).
                let prefix = String(decoding: UnsafeBufferPointer(rebasing: utf8[..<start]), as: UTF8.self)
                let suffix = String(decoding: UnsafeBufferPointer(rebasing: utf8[end...]), as: UTF8.self)
                return (NumberedAttribute(name: attribute.name, prefix: prefix, suffix: suffix, isText: true), number)
            }
        case .number(let value):
            guard value >= 0, value <= Double(UInt32.max), value.rounded(.towardZero) == value,
                  value.sign == .plus else { return nil }
            return (NumberedAttribute(name: attribute.name, prefix: "", suffix: "", isText: false), UInt32(value))
        default:
            return nil
        }
    }

    func attribute(with number: UInt32) -> Attribute {
        Attribute(name, isText ? .text(prefix + String(number) + suffix) : .number(Double(number)))
    }
}
