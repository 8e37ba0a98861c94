/// Which item each row of one list instance shows, once `insert` or
/// `delete` changed its items: row `r` shows item ``id(atRow:)``.
///
/// A list starts with items 0, 1, 2, ... in its rows, so a list no insert
/// or delete touched has no sequence at all (row and item are one number).
/// Inserted items take ids from ``nextID`` on, so an id names one item for
/// the session and `{i}` shows which item a row shows.
///
/// Stored as runs of consecutive ids, so a list of a billion rows that took
/// a few inserts holds a few runs: a lookup is a binary search over the
/// runs, an insert or delete edits the runs it touches.
/// Invariant: no run is empty, and `starts[k]` is the row where run `k`
/// begins (the sum of the counts before it).
struct ItemSequence: Sendable, Equatable {
    /// A stretch of rows showing items `firstID`, `firstID + 1`, ...
    struct Run: Sendable, Equatable {
        var firstID: Int
        var count: Int
    }

    private(set) var runs: [Run]
    /// Where each run starts, by row.
    private var starts: [Int]
    /// How many rows the list has now.
    private(set) var count: Int
    /// The id the next inserted item takes.
    private(set) var nextID: Int

    /// The list type whose instance this is (a redefinition of it starts
    /// its instances' items afresh).
    let listType: String

    /// The items of a list of type `listType` with `rows` rows nobody
    /// changed: item `r` in row `r`.
    init(listType: String, rows: Int) {
        self.listType = listType
        runs = rows > 0 ? [Run(firstID: 0, count: rows)] : []
        starts = rows > 0 ? [0] : []
        count = rows
        nextID = rows
    }

    /// The item row `row` shows (`row` in `0..<count`).
    func id(atRow row: Int) -> Int {
        let run = self.run(containing: row)
        return runs[run].firstID + (row - starts[run])
    }

    /// The run holding `row`: the last whose start is at or before it.
    private func run(containing row: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= row { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Inserts `count` new items before row `row` (`row == count`: at the
    /// end), with the next ids.
    mutating func insert(at row: Int, count inserted: Int) {
        let new = Run(firstID: nextID, count: inserted)
        nextID += inserted
        if row == count {
            runs.append(new)
        } else {
            let index = run(containing: row)
            let offset = row - starts[index]
            if offset == 0 {
                runs.insert(new, at: index)
            } else {
                let whole = runs[index]
                runs[index].count = offset
                runs.insert(contentsOf: [new, Run(firstID: whole.firstID + offset, count: whole.count - offset)], at: index + 1)
            }
        }
        count += inserted
        restart()
    }

    /// Deletes the items of rows `row ..< row + deleted`.
    mutating func delete(at row: Int, count deleted: Int) {
        var kept: [Run] = []
        let end = row + deleted
        for (index, run) in runs.enumerated() {
            let start = starts[index], stop = start + run.count
            // The part of the run before the deleted rows, then the part after.
            if start < row { kept.append(Run(firstID: run.firstID, count: min(stop, row) - start)) }
            if stop > end {
                let from = max(start, end)
                kept.append(Run(firstID: run.firstID + from - start, count: stop - from))
            }
        }
        runs = kept
        count -= deleted
        restart()
    }

    /// Sets ``starts`` from the runs again, merging runs that continue each other.
    private mutating func restart() {
        var merged: [Run] = []
        for run in runs where run.count > 0 {
            if let last = merged.last, last.firstID + last.count == run.firstID {
                merged[merged.count - 1].count += run.count
            } else {
                merged.append(run)
            }
        }
        runs = merged
        starts = []
        starts.reserveCapacity(runs.count)
        var start = 0
        for run in runs {
            starts.append(start)
            start += run.count
        }
    }
}
