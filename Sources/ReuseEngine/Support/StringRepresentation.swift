import OrderedCollections

extension String {
    /// The same storage, or the same small string held inline: then the
    /// same bytes, known without reaching them (false says nothing).
    /// (Package-wide: the shell's record of commands checks its hints with it.)
    @inlinable @inline(__always)
    package func hasSameRepresentation(as other: String) -> Bool {
        // A String is two words on the 64-bit platforms this builds for;
        // anywhere else the fast answer is simply not given.
        guard MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else { return false }
        return unsafeBitCast(self, to: (UInt64, UInt64).self) == unsafeBitCast(other, to: (UInt64, UInt64).self)
    }

    /// The same bytes (not only equal: `Café` typed precomposed is not
    /// `Cafe` with a combining accent here): how the log, the key memo and
    /// recycled rows match names, so each shows the spelling it was given.
    /// Inlined down to the representation check, which answers most calls;
    /// only the byte comparison is a call.
    @inline(__always)
    func isStored(as other: String) -> Bool {
        hasSameRepresentation(as: other) || hasSameBytes(as: other)
    }

    /// The bytes of two strings compared, reading both where they are and
    /// mutating neither: `withUTF8` on a copy may make the copy native,
    /// which the optimizer counts as a possible release, and every caller
    /// of ``isStored(as:)`` (a journal entry's comparison with the last
    /// one, say) then copies what it compares out of a borrowed place first.
    @inline(never)
    private func hasSameBytes(as other: String) -> Bool {
        // Most names compared are other names: their lengths, or their
        // first bytes, tell at once (`Feed` and `Cell` in a key memo).
        guard utf8.count == other.utf8.count, utf8.first == other.utf8.first else { return false }
        let contiguous = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in mine.elementsEqual(theirs) }
        }
        if let equal = contiguous ?? nil { return equal }
        return utf8.elementsEqual(other.utf8)
    }
}

extension String {
    /// `folded` with this string's byte count and bytes folded in by
    /// FNV-1a: strings of the same bytes (``isStored(as:)``) fold alike,
    /// whatever their storage. Read in place (a small string from a copy
    /// on the stack): iterating the UTF-8 view costs a call a byte.
    func foldingBytes(into folded: UInt64) -> UInt64 {
        let prime: UInt64 = 0x100_0000_01B3
        func fold(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var folded = (folded ^ UInt64(truncatingIfNeeded: bytes.count)) &* prime
            for byte in bytes { folded = (folded ^ UInt64(byte)) &* prime }
            return folded
        }
        if let folded = utf8.withContiguousStorageIfAvailable(fold) { return folded }
        return Array(utf8).withUnsafeBufferPointer(fold)
    }
}

extension OrderedSet<String> {
    /// Where `name` is among a few names looked up again and again (a
    /// view's properties, the catalogue's attributes): first a scan for the
    /// same representation (the template's names and the class defaults'
    /// share storage or are short names held inline), then the hash table.
    func position(ofName name: String) -> Int? {
        let elements = elements
        for index in elements.indices where elements[index].hasSameRepresentation(as: name) { return index }
        return firstIndex(of: name)
    }
}
