extension Array {
    /// The same buffer, or both empty: then the same elements, known
    /// without reaching them (false says nothing of equality).
    @inline(__always)
    func hasSameBuffer(as other: [Element]) -> Bool {
        guard count == other.count else { return false }
        guard count > 0 else { return true }
        return withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress } }
    }
}

/// Whether two optionals are both nil, or both hold values `same` calls one.
@inline(__always)
func bothNilOr<Value>(_ first: Value?, _ second: Value?, _ same: (Value, Value) -> Bool) -> Bool {
    switch (first, second) {
    case (.none, .none): true
    case (.some(let first), .some(let second)): same(first, second)
    default: false
    }
}
