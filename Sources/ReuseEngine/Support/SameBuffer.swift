extension Array {
    /// The same buffer: then the same elements, known without reaching
    /// them (false says nothing of equality). Read from the arrays' words
    /// alone, so a comparison of many (``SimulatedView/isIdentical(to:)``,
    /// for every view a checkpoint holds) reads no buffer's memory.
    @inline(__always)
    func hasSameBuffer(as other: [Element]) -> Bool {
        // An array is one reference to its buffer on the platforms this
        // builds for: the same word, the same buffer (all empty arrays
        // share one). Anywhere else the buffers' addresses are compared.
        guard MemoryLayout<[Element]>.size == MemoryLayout<UInt>.size else {
            return count == other.count
                && withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress } }
        }
        return unsafeBitCast(self, to: UInt.self) == unsafeBitCast(other, to: UInt.self)
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
