extension Array {
    /// The same buffer: then the same elements, known without reaching
    /// them (false says nothing of equality). Read from the arrays' words
    /// alone, reading no buffer's memory (``CheckpointViews`` compares
    /// the chunks of two checkpoints).
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
