import Testing
@testable import ReuseEngine

/// A chunked array reads, grows and shrinks as an array does, across chunk
/// boundaries, and its chunks stay as promised after every change.
@Suite struct ChunkedArrayTests {
    static let size = 2 * ChunkedArray<Int>.chunkCapacity + 100

    static func filled(_ count: Int) -> ChunkedArray<Int> {
        var array = ChunkedArray<Int>()
        for value in 0..<count { array.append(value * 3) }
        return array
    }

    @Test func appendingAcrossChunksKeepsEveryElement() {
        let array = Self.filled(Self.size)
        #expect(array.count == Self.size && array.validate())
        #expect(Array(array) == (0..<Self.size).map { $0 * 3 })
        #expect(array[ChunkedArray<Int>.chunkCapacity] == 3 * ChunkedArray<Int>.chunkCapacity)
    }

    @Test(arguments: [0, 1, 4_095, 4_096, 4_097, 8_192, 8_291, 8_292, 9_000])
    func removingFromAnIndexEqualsTheArrayPrefix(cut: Int) {
        var array = Self.filled(Self.size)
        array.removeAll(from: cut)
        let kept = min(cut, Self.size)
        #expect(array.count == kept && array.validate(), "cut at \(cut)")
        #expect(Array(array) == (0..<kept).map { $0 * 3 })
        // It grows on from there as a fresh one would.
        for value in kept..<(kept + 5_000) { array.append(value * 3) }
        #expect(array == Self.filled(kept + 5_000) && array.validate())
    }

    @Test func removeLastTakesNoMoreThanThereIs() {
        var array = Self.filled(10)
        array.removeLast(-3)
        #expect(array.count == 10)
        array.removeLast(4)
        #expect(Array(array) == [0, 3, 6, 9, 12, 15])
        array.removeLast(100)
        #expect(array.isEmpty && array.validate())
        array.append(7)
        #expect(Array(array) == [7])
    }

    @Test func elementsChangeInPlace() {
        var array = Self.filled(Self.size)
        array[4_096] = -1
        array[Self.size - 1] = -2
        #expect(array[4_096] == -1 && array[Self.size - 1] == -2 && array[4_095] == 4_095 * 3)
    }
}
