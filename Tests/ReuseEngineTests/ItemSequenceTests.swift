import Testing
@testable import ReuseEngine

/// `ItemSequence` (a B+ tree of runs) against a plain array of ids: random
/// inserts, deletes and lookups, seeded, over sizes whose runs fill many
/// leaves and three levels of nodes, then empty the list again.
@Suite struct ItemSequenceTests {
    /// The plain model: the id in each row, and the id the next insert takes.
    struct Model {
        var ids: [Int]
        var nextID: Int

        init(rows: Int) {
            ids = Array(0..<rows)
            nextID = rows
        }

        mutating func insert(at row: Int, count: Int) {
            ids.insert(contentsOf: nextID..<(nextID + count), at: row)
            nextID += count
        }

        mutating func delete(at row: Int, count: Int) {
            ids.removeSubrange(row..<(row + count))
        }

        /// The fewest runs of consecutive ids that spell the ids out: what
        /// the sequence must hold (it merges runs that continue each other).
        var runs: [ItemSequence.Run] {
            var runs: [ItemSequence.Run] = []
            for id in ids {
                if let last = runs.last, last.firstID + last.count == id {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append(ItemSequence.Run(firstID: id, count: 1))
                }
            }
            return runs
        }
    }

    /// Whether `sequence` holds what `model` does: the count and next id,
    /// every invariant, its runs, and the id of every row (or, when
    /// `everyRow` is false, of a few rows drawn at random).
    static func agree(_ sequence: ItemSequence, _ model: Model, everyRow: Bool, _ random: inout SplitMix) -> Bool {
        guard sequence.count == model.ids.count, sequence.nextID == model.nextID else { return false }
        if everyRow {
            guard sequence.validate(), sequence.runs == model.runs else { return false }
            return model.ids.indices.allSatisfy { sequence.id(atRow: $0) == model.ids[$0] }
        }
        guard !model.ids.isEmpty else { return true }
        let rows = [0, model.ids.count - 1] + (0..<8).map { _ in Int.random(in: 0..<model.ids.count, using: &random) }
        return rows.allSatisfy { sequence.id(atRow: $0) == model.ids[$0] }
    }

    /// One random change to both: mostly scattered one-item inserts while
    /// `growing` (each a new run), mostly deletes while not: of one to
    /// three rows, or (one in ten, one in a hundred while growing) up to
    /// 400 rows across runs and leaves; inserts of a few items and
    /// inserts right after the last ones (which continue a run) too.
    static func change(_ sequence: inout ItemSequence, _ model: inout Model, growing: Bool, lastInsert: inout Int?,
                       _ random: inout SplitMix) {
        let rows = model.ids.count
        let roll = Int.random(in: 0..<100, using: &random)
        let inserts = rows == 0 || (growing ? roll < 80 : roll < 25)
        if inserts {
            let row: Int
            if let last = lastInsert, last <= rows, Int.random(in: 0..<10, using: &random) == 0 {
                row = last  // right after the items inserted last: they continue one run
            } else {
                row = Int.random(in: 0...rows, using: &random)
            }
            let count = Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 2...50, using: &random) : 1
            sequence.insert(at: row, count: count)
            model.insert(at: row, count: count)
            lastInsert = row + count
        } else {
            let row = Int.random(in: 0..<rows, using: &random)
            let longest = Int.random(in: 0..<(growing ? 100 : 10), using: &random) == 0 ? 400 : 3
            let count = Int.random(in: 1...min(longest, rows - row), using: &random)
            sequence.delete(at: row, count: count)
            model.delete(at: row, count: count)
            lastInsert = nil
        }
    }

    /// Grows the list by `changes` changes, shrinks it by as many, then
    /// deletes what is left and builds a few rows from nothing: the
    /// sequence agrees with the model after every change (every row at
    /// intervals and at the end); returns how deep the tree grew.
    static func run(seed: UInt64, rows: Int, changes: Int) -> (agreed: Bool, deepest: Int) {
        var random = SplitMix(state: seed)
        var sequence = ItemSequence(listType: "Feed", rows: rows)
        var model = Model(rows: rows)
        var lastInsert: Int?
        var deepest = sequence.depth
        let fullCheckEvery = max(1, changes / 40)
        for step in 0..<(2 * changes) {
            change(&sequence, &model, growing: step < changes, lastInsert: &lastInsert, &random)
            deepest = max(deepest, sequence.depth)
            guard agree(sequence, model, everyRow: step % fullCheckEvery == 0, &random) else { return (false, deepest) }
        }
        // Everything deleted, in spans across runs, then a list built from nothing.
        while !model.ids.isEmpty {
            let count = min(model.ids.count, Int.random(in: 1...997, using: &random))
            let row = Int.random(in: 0...(model.ids.count - count), using: &random)
            sequence.delete(at: row, count: count)
            model.delete(at: row, count: count)
            guard agree(sequence, model, everyRow: true, &random) else { return (false, deepest) }
        }
        guard sequence.depth == 1 else { return (false, deepest) }
        for _ in 0..<200 {
            let row = Int.random(in: 0...model.ids.count, using: &random)
            sequence.insert(at: row, count: 1)
            model.insert(at: row, count: 1)
        }
        return (agree(sequence, model, everyRow: true, &random), deepest)
    }

    /// Small lists and few changes: one leaf, then a few.
    @Test(arguments: 1...40)
    func smallListsAgreeWithTheModel(seed: Int) {
        let rows = [0, 1, 2, 5, 30][seed % 5]
        let (agreed, _) = Self.run(seed: UInt64(seed), rows: rows, changes: 150)
        #expect(agreed, "seed \(seed), \(rows) rows")
    }

    /// Thousands of runs: leaves of 64 runs under inner nodes of 32
    /// children (2,048 runs fill two levels), so the tree reaches three
    /// levels, splits, merges and evens out nodes at every level, and
    /// shrinks back to a lone leaf.
    @Test(arguments: 1...6)
    func fragmentedListsAgreeWithTheModel(seed: Int) {
        let rows = [1_000, 20_000, 100][seed % 3]
        let (agreed, deepest) = Self.run(seed: UInt64(1_000 + seed), rows: rows, changes: 5_000)
        #expect(agreed, "seed \(seed), \(rows) rows")
        #expect(deepest >= 3, "seed \(seed): the tree never reached three levels (\(deepest))")
    }

    /// Copies taken along the way (as checkpoints copy the session) keep
    /// their items while the original changes on, and a copy changed on
    /// its own leaves the original as it was.
    @Test(arguments: [7, 8, 9])
    func copiesAreValues(seed: Int) {
        var random = SplitMix(state: UInt64(seed))
        var sequence = ItemSequence(listType: "Feed", rows: 500)
        var model = Model(rows: 500)
        var lastInsert: Int?
        var copies: [(ItemSequence, Model)] = []
        for step in 0..<6_000 {
            Self.change(&sequence, &model, growing: step < 4_000, lastInsert: &lastInsert, &random)
            if step % 250 == 0 { copies.append((sequence, model)) }
        }
        #expect(Self.agree(sequence, model, everyRow: true, &random))
        for (index, (copy, copyModel)) in copies.enumerated() {
            #expect(Self.agree(copy, copyModel, everyRow: true, &random), "copy \(index) changed with the original")
            // Changed on its own: the original does not move.
            var changed = copy, changedModel = copyModel
            var lastChanged: Int?
            for _ in 0..<300 { Self.change(&changed, &changedModel, growing: index % 2 == 0, lastInsert: &lastChanged, &random) }
            #expect(Self.agree(changed, changedModel, everyRow: true, &random), "copy \(index) after its own changes")
        }
        #expect(Self.agree(sequence, model, everyRow: true, &random), "the original changed with its copies")
    }

    /// Equal items are equal sequences, however the runs came to be laid
    /// out: an insert deleted again leaves the list as it was (but for the
    /// ids to come), and a list cut and put back by other paths compares equal.
    @Test func equalItemsAreEqualSequences() {
        var a = ItemSequence(listType: "Feed", rows: 100), aModel = Model(rows: 100)
        var b = ItemSequence(listType: "Feed", rows: 100), bModel = Model(rows: 100)
        // 1,000 and 900 inserts, scattered differently.
        for step in 0..<1_000 {
            let row = (step * 37) % (aModel.ids.count + 1)
            a.insert(at: row, count: 1)
            aModel.insert(at: row, count: 1)
        }
        for step in 0..<900 {
            let row = (step * 53) % (bModel.ids.count + 1)
            b.insert(at: row, count: 1)
            bModel.insert(at: row, count: 1)
        }
        #expect(a != b && a.depth > 1 && b.depth > 1)
        // Both back to items 0 ..< 100 with every inserted item deleted.
        func deleteInserted(_ sequence: inout ItemSequence, _ model: inout Model) {
            var row = model.ids.count - 1
            while row >= 0 {
                if model.ids[row] >= 100 {
                    sequence.delete(at: row, count: 1)
                    model.delete(at: row, count: 1)
                }
                row -= 1
            }
        }
        deleteInserted(&a, &aModel)
        deleteInserted(&b, &bModel)
        #expect(a.runs == [ItemSequence.Run(firstID: 0, count: 100)] && a.validate())
        #expect(b.runs == a.runs && b.validate())
        // Their next ids differ (1,100 and 1,000), so they differ; with the
        // same ids to come they are equal.
        #expect(a != b)
        b.insert(at: 100, count: 100)
        b.delete(at: 100, count: 100)
        #expect(a == b)
    }

    /// Items inserted one after another, each after the last, are one run,
    /// as they were before the tree (`{i}` and the runs read the same).
    @Test func itemsInsertedInARowAreOneRun() {
        var sequence = ItemSequence(listType: "Feed", rows: 10)
        for offset in 0..<500 { sequence.insert(at: 5 + offset, count: 1) }
        #expect(sequence.runs == [.init(firstID: 0, count: 5), .init(firstID: 10, count: 500), .init(firstID: 5, count: 5)])
        sequence.delete(at: 5, count: 500)
        #expect(sequence.runs == [.init(firstID: 0, count: 10)] && sequence.validate())
        sequence.delete(at: 0, count: 10)
        #expect(sequence.count == 0 && sequence.runs.isEmpty && sequence.validate())
        sequence.insert(at: 0, count: 3)
        #expect(sequence.runs == [.init(firstID: 510, count: 3)] && sequence.id(atRow: 2) == 512)
    }
}
