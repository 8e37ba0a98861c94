/// Values by row number, in row order, in chunks of at most
/// ``chunkLimit`` slots: finding, adding or removing a row costs a search
/// and at most a chunk's shift, the rows from some row on are taken out at
/// the cost of those rows, and a copy shares every chunk until one side
/// changes it (a checkpoint's copy of 100,000 rows copies 400 references).
struct RowMap<Value> {
    struct Slot {
        var row: Int
        var value: Value
    }

    private var chunks: [[Slot]] = []
    static var chunkLimit: Int { 256 }

    init() {}

    var isEmpty: Bool { chunks.isEmpty }

    /// Every row, in order.
    var rows: [Int] { chunks.flatMap { $0.map(\.row) } }

    /// The first chunk whose last row is `row` or more (`chunks.count`: none).
    private func chunk(reaching row: Int) -> Int {
        var low = 0, high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if chunks[middle][chunks[middle].count - 1].row < row { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func position(of row: Int, in chunk: [Slot]) -> Int {
        var low = 0, high = chunk.count
        while low < high {
            let middle = (low + high) / 2
            if chunk[middle].row < row { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where `row` is, if it is here.
    private func find(_ row: Int) -> (chunk: Int, position: Int)? {
        let found = chunk(reaching: row)
        guard found < chunks.count else { return nil }
        let position = Self.position(of: row, in: chunks[found])
        guard position < chunks[found].count, chunks[found][position].row == row else { return nil }
        return (found, position)
    }

    subscript(row: Int) -> Value? {
        guard let (chunk, position) = find(row) else { return nil }
        return chunks[chunk][position].value
    }

    /// Runs `body` on the value of `row`, stored first as `defaultValue` when it has none.
    mutating func modify(_ row: Int, default defaultValue: @autoclosure () -> Value, _ body: (inout Value) -> Void) {
        guard !chunks.isEmpty else {
            chunks = [[Slot(row: row, value: defaultValue())]]
            body(&chunks[0][0].value)
            return
        }
        let found = min(chunk(reaching: row), chunks.count - 1)
        let position = Self.position(of: row, in: chunks[found])
        if position < chunks[found].count, chunks[found][position].row == row {
            body(&chunks[found][position].value)
            return
        }
        chunks[found].insert(Slot(row: row, value: defaultValue()), at: position)
        body(&chunks[found][position].value)
        if chunks[found].count > Self.chunkLimit {
            let half = chunks[found].count / 2
            let upper = Array(chunks[found][half...])
            chunks[found].removeSubrange(half...)
            chunks.insert(upper, at: found + 1)
        }
    }

    /// Runs `body` on the value of `row` when it has one; whether it had.
    mutating func modifyExisting(_ row: Int, _ body: (inout Value) -> Void) -> Bool {
        guard let (chunk, position) = find(row) else { return false }
        body(&chunks[chunk][position].value)
        return true
    }

    @discardableResult
    mutating func removeValue(_ row: Int) -> Value? {
        guard let (chunk, position) = find(row) else { return nil }
        let removed = chunks[chunk].remove(at: position)
        if chunks[chunk].isEmpty { chunks.remove(at: chunk) }
        return removed.value
    }

    /// Takes out the rows `row` and later, in order.
    mutating func removeAll(from row: Int) -> [Slot] {
        let found = chunk(reaching: row)
        guard found < chunks.count else { return [] }
        let position = Self.position(of: row, in: chunks[found])
        var taken = Array(chunks[found][position...])
        for later in chunks[(found + 1)...] { taken += later }
        chunks.removeSubrange((found + 1)...)
        chunks[found].removeSubrange(position...)
        if chunks[found].isEmpty { chunks.remove(at: found) }
        return taken
    }

    /// Adds `slots`, in ascending rows, each past every row here.
    mutating func append(contentsOf slots: [Slot]) {
        var start = slots.startIndex
        while start < slots.endIndex {
            if chunks.isEmpty || chunks[chunks.count - 1].count >= Self.chunkLimit { chunks.append([]) }
            let room = Self.chunkLimit - chunks[chunks.count - 1].count
            let end = min(start + room, slots.endIndex)
            chunks[chunks.count - 1] += slots[start..<end]
            start = end
        }
    }

    func forEach(_ body: (Value) -> Void) {
        for chunk in chunks {
            for slot in chunk { body(slot.value) }
        }
    }

    mutating func modifyAll(_ body: (inout Value) -> Void) {
        for chunk in chunks.indices {
            for position in chunks[chunk].indices { body(&chunks[chunk][position].value) }
        }
    }
}

extension RowMap: Sendable where Value: Sendable {}
extension RowMap.Slot: Sendable where Value: Sendable {}
