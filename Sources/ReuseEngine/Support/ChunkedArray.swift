/// An array stored in chunks of ``chunkCapacity`` elements, for journals
/// that only grow at the end: one entry per command of a long session.
///
/// An `Array` doubles its storage as it grows, so up to half of it is
/// unused, and while it grows the old storage and the new one (three times
/// the elements) are alive at once. Here appending never moves what is
/// stored: past the first chunk, storage grows by a full chunk at a time,
/// so at most one chunk is ever unused. The first chunk grows as an array
/// does, so a short session pays only for what it holds.
///
/// Indices run from 0; element `i` lives in chunk `i / chunkCapacity`.
public struct ChunkedArray<Element> {
    /// Elements per chunk (a power of two).
    @inlinable public static var chunkCapacity: Int { 1 << shift }
    @usableFromInline static var shift: Int { 12 }
    @usableFromInline static var mask: Int { chunkCapacity - 1 }

    @usableFromInline var chunks: [[Element]] = []
    @usableFromInline var storedCount = 0
    @inlinable public var count: Int { storedCount }

    @inlinable public init() {}

    // Inlinable, so that the shell's journals are specialized for their elements.
    @inlinable public mutating func append(_ element: Element) {
        if count & Self.mask == 0 {
            var chunk: [Element] = []
            // The first chunk grows as it fills; later ones are sized once.
            if !chunks.isEmpty { chunk.reserveCapacity(Self.chunkCapacity) }
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        storedCount += 1
        checkInvariants()
    }

    /// Removes the elements from `index` on (none when `index >= count`).
    @inlinable public mutating func removeAll(from index: Int) {
        let index = Swift.max(0, index)
        guard index < count else { return }
        let keptChunks = (index + Self.mask) >> Self.shift
        chunks.removeLast(chunks.count - keptChunks)
        if let last = chunks.indices.last {
            chunks[last].removeLast(chunks[last].count - (index - (last << Self.shift)))
        }
        storedCount = index
        checkInvariants()
    }

    /// Removes the last `k` elements (all of them when `k >= count`).
    @inlinable public mutating func removeLast(_ k: Int) {
        removeAll(from: count - Swift.max(0, k))
    }

    /// There are as many chunks as `count` needs, and the last holds the
    /// rest: checked after every change in debug builds, in O(1) (tests
    /// check every chunk through ``validate()``).
    @inlinable @inline(__always)
    func checkInvariants() {
        #if DEBUG
        precondition(lastChunkAgrees, "ChunkedArray: the chunks do not hold count elements")
        #endif
    }

    @usableFromInline var lastChunkAgrees: Bool {
        guard chunks.count == (count + Self.mask) >> Self.shift else { return false }
        guard let last = chunks.last else { return count == 0 }
        return last.count == count - ((chunks.count - 1) << Self.shift)
    }

    /// Whether the chunks are as the type promises: every chunk but the
    /// last full, the last not empty, `count` elements in all.
    public func validate() -> Bool {
        lastChunkAgrees && chunks.dropLast().allSatisfy { $0.count == Self.chunkCapacity }
    }
}

extension ChunkedArray: RandomAccessCollection, MutableCollection {
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    /// Read in place (`_read`): comparing with an element copies none.
    @inlinable public subscript(index: Int) -> Element {
        _read {
            precondition(index >= 0 && index < count, "ChunkedArray index out of range")
            yield chunks[index >> Self.shift][index & Self.mask]
        }
        set {
            precondition(index >= 0 && index < count, "ChunkedArray index out of range")
            chunks[index >> Self.shift][index & Self.mask] = newValue
        }
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray: Equatable where Element: Equatable {
    public static func == (lhs: ChunkedArray, rhs: ChunkedArray) -> Bool { lhs.chunks == rhs.chunks }
}
