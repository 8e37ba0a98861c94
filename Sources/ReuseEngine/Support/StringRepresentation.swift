import OrderedCollections

extension String {
    /// The same storage, or the same small string held inline: then the
    /// same bytes, known without reaching them (false says nothing).
    @inline(__always)
    func hasSameRepresentation(as other: String) -> Bool {
        // A String is two words on the 64-bit platforms this builds for;
        // anywhere else the fast answer is simply not given.
        guard MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else { return false }
        return unsafeBitCast(self, to: (UInt64, UInt64).self) == unsafeBitCast(other, to: (UInt64, UInt64).self)
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
