/// Twenty-four `Int`s stored inline: ``EventCounts``' counts, so that a
/// pass's counts allocate nothing.
///
/// It stands in for `InlineArray<24, Int>`, which needs macOS 26 (the
/// standard library declares `InlineArray` `@available(macOS 26.0, ...)`),
/// above the package's floor. The counts live in a homogeneous tuple and are
/// read and written through a pointer to its first element.
///
/// Invariant that makes the pointer safe: a homogeneous tuple is laid out
/// as a C array of its element (each element at `index * stride`, as Swift
/// imports C fixed-size arrays), so the 24 `Int`s are contiguous; the
/// pointer never escapes the closure that gets it, and every index is
/// checked against ``count`` first.
@usableFromInline
struct CountSlots: Sendable {
    /// The number of slots: one per ``Stat/counted`` stat.
    @usableFromInline static let count = 24

    @usableFromInline typealias Storage = (
        Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
        Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int
    )

    @usableFromInline var storage: Storage = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    @usableFromInline init() {}

    /// `0 ..< 24`.
    @usableFromInline var indices: Range<Int> { 0 ..< Self.count }

    /// The slot at `index`, which must be in ``indices``. The getter reads
    /// from a copy of the slots (a non-mutating read has no address to
    /// point into): loops go through ``withUnsafeMutableBufferPointer(_:)``.
    @inlinable subscript(index: Int) -> Int {
        @inline(__always) get {
            precondition(indices.contains(index), "count slot out of range")
            return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: index &* MemoryLayout<Int>.stride, as: Int.self) }
        }
        @inline(__always) set {
            withUnsafeMutableBufferPointer { $0[index] = newValue }
        }
    }

    /// The slots as a buffer, in place, for the closure's length only.
    @inlinable @inline(__always)
    mutating func withUnsafeMutableBufferPointer<Result>(
        _ body: (UnsafeMutableBufferPointer<Int>) throws -> Result
    ) rethrows -> Result {
        try withUnsafeMutablePointer(to: &storage) { tuple in
            try tuple.withMemoryRebound(to: Int.self, capacity: Self.count) { first in
                try body(UnsafeMutableBufferPointer(start: first, count: Self.count))
            }
        }
    }

    /// Whether every slot holds the same value as `other`'s.
    @usableFromInline func elementsEqual(_ other: CountSlots) -> Bool {
        withUnsafeBytes(of: storage) { left in
            withUnsafeBytes(of: other.storage) { right in left.elementsEqual(right) }
        }
    }
}
