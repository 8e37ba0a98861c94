/// Values stored once each, named by a 1-based id (0 names none).
///
/// A hash table of ids over the stored values (open addressing, linear
/// probing), 8 bytes per value at most, so a chunk's side tables cost
/// little more than the values themselves. Ids follow the order values
/// were first stored, never the hashing.
struct Interner<Value: Internable>: Sendable {
    private var values: [Value] = []
    /// Each slot empty (0) or a value's id; a power of two, at most half full.
    private var slots: [UInt32] = []

    /// The value's id, stored now if it is new.
    mutating func id(_ value: Value) -> UInt32 {
        if values.count * 2 >= slots.count { grow() }
        let mask = slots.count - 1
        var slot = value.internHash & mask
        while true {
            let id = slots[slot]
            if id == 0 {
                values.append(value)
                let new = UInt32(values.count)
                slots[slot] = new
                return new
            }
            if values[Int(id) - 1].isStored(as: value) { return id }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        let capacity = Swift.max(16, slots.count * 2)
        slots = [UInt32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for index in values.indices {
            var slot = values[index].internHash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(index + 1)
        }
    }

    subscript(id: UInt32) -> Value { values[Int(id) - 1] }

    /// Values stored.
    var count: Int { values.count }

    /// The values stored from the `first`-th on (counted from 0), in order.
    func values(from first: Int) -> [Value] { Array(values[first...]) }

    func value(_ id: UInt32) -> Value? { id == 0 ? nil : values[Int(id) - 1] }
}

/// A value an ``Interner`` can store: hashable, with the hash its table uses.
protocol Internable: Hashable, Sendable {
    /// The hash that places the value in an interner's table.
    var internHash: Int { get }
    /// Whether this value can be read back as `other`: equal, and for
    /// texts spelled with the same bytes. (Strings compare equal when their
    /// spellings are canonically equivalent, `é` and `e` + U+0301; the
    /// log shows what was typed.)
    func isStored(as other: Self) -> Bool
}

extension Internable {
    var internHash: Int { hashValue }
    func isStored(as other: Self) -> Bool { self == other }
}

extension String: Internable {
    /// FNV-1a over the UTF-8 bytes, not SipHash: names are short and hashed
    /// as events are recorded, and no id depends on the hash.
    var internHash: Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return Int(bitPattern: UInt(hash))
    }
    // `isStored(as:)`: Support/StringRepresentation.swift (the walk uses it too).
}
extension ViewKey: Internable {}
extension Attribute: Internable {
    func isStored(as other: Attribute) -> Bool {
        switch (value, other.value) {
        case (.text, .text): name == other.name && value.isStored(as: other.value)
        default: self == other
        }
    }
}
