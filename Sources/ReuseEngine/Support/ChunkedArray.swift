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

    /// The full chunks, in order.
    @usableFromInline var full: [[Element]] = []
    /// The last chunk, the one that fills (not empty unless `full` is
    /// too): kept apart, appending reaches it without going through the
    /// array of chunks (two uniqueness checks and a write back).
    @usableFromInline var tail: [Element] = []
    /// Kept apart, one load to read: a count worked out from the chunks
    /// would make `Engine.operationCount` too large to inline, and the
    /// shell would copy the whole engine to ask it.
    @usableFromInline var storedCount = 0
    @inlinable public var count: Int { storedCount }

    /// An empty array.
    @inlinable public init() {}

    // Inlinable, so that the shell's journals are specialized for their elements.
    /// Appends `element`, starting a new chunk when the last is full.
    @inlinable public mutating func append(_ element: Element) {
        if tail.count == Self.chunkCapacity { startChunk() }
        tail.append(element)
        storedCount += 1
        checkInvariants()
    }

    /// Moves the full tail to the full chunks and starts an empty one.
    // Apart (once per chunk): inside `append`, it would grow every caller
    // that inlines `append`, at the cost of their own callees' inlining.
    @inlinable @inline(never)
    mutating func startChunk() {
        // Later chunks are sized once; the first grew as it filled.
        var chunk: [Element] = []
        chunk.reserveCapacity(Self.chunkCapacity)
        swap(&chunk, &tail)
        full.append(chunk)
    }

    /// The last element, read in place (a journal compares it with the
    /// next): the subscript, a coroutine of two yields, is not inlined.
    /// The array must not be empty.
    @inlinable public var lastInPlace: Element {
        _read {
            precondition(!tail.isEmpty, "ChunkedArray: no last element")
            yield tail[tail.count - 1]
        }
    }

    /// Removes the elements from `index` on (none when `index >= count`).
    @inlinable public mutating func removeAll(from index: Int) {
        let index = Swift.max(0, index)
        guard index < count else { return }
        guard index > 0 else {
            full = []
            tail = []
            storedCount = 0
            return
        }
        // The chunk that holds the last element kept becomes the tail.
        let last = (index - 1) >> Self.shift
        if last < full.count {
            full.removeLast(full.count - last - 1)
            tail = full.removeLast()
        }
        tail.removeLast(tail.count - (index - (last << Self.shift)))
        storedCount = index
        checkInvariants()
    }

    /// Removes the last `k` elements (all of them when `k >= count`).
    @inlinable public mutating func removeLast(_ k: Int) {
        removeAll(from: count - Swift.max(0, k))
    }

    /// The tail holds the rest, and is empty only when nothing is stored:
    /// checked after every change in debug builds, in O(1) (tests check
    /// every chunk through ``validate()``).
    @inlinable @inline(__always)
    func checkInvariants() {
        #if DEBUG
        precondition(tailAgrees, "ChunkedArray: the last chunk does not hold the rest")
        #endif
    }

    @usableFromInline var tailAgrees: Bool {
        tail.count <= Self.chunkCapacity && (!tail.isEmpty || full.isEmpty)
            && storedCount == full.count << Self.shift + tail.count
    }

    /// Whether the chunks are as the type promises: every chunk but the
    /// last full, the last not empty, `count` elements in all.
    public func validate() -> Bool {
        tailAgrees && full.allSatisfy { $0.count == Self.chunkCapacity }
    }
}

extension ChunkedArray: RandomAccessCollection, MutableCollection {
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    /// Read in place (`_read`): comparing with an element copies none.
    @inlinable public subscript(index: Int) -> Element {
        _read {
            precondition(index >= 0 && index < count, "ChunkedArray index out of range")
            let chunk = index >> Self.shift
            if chunk < full.count {
                yield full[chunk][index & Self.mask]
            } else {
                yield tail[index & Self.mask]
            }
        }
        set {
            precondition(index >= 0 && index < count, "ChunkedArray index out of range")
            let chunk = index >> Self.shift
            if chunk < full.count {
                full[chunk][index & Self.mask] = newValue
            } else {
                tail[index & Self.mask] = newValue
            }
        }
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray: Equatable where Element: Equatable {
    public static func == (lhs: ChunkedArray, rhs: ChunkedArray) -> Bool { lhs.full == rhs.full && lhs.tail == rhs.tail }
}
