import OrderedCollections
import Testing
@testable import ReuseEngine

/// `ItemDataMap` (the session's values, hidden instances, state, saved
/// state and item lists) against a straightforward model of what it
/// replaced: an `OrderedDictionary` rebuilt entry by entry on each
/// `insert`/`delete`, every path moved by `ComponentPath.shiftingRow` (the
/// old `Engine.remap`). Random sets, removals, inserts and deletes in a
/// list and in lists inside its rows, and drops past a new end (state that
/// stays by position), must leave the same entries in the same order.
@Suite struct ItemDataTests {
    typealias Model = OrderedDictionary<InstanceKey, Int>

    /// The old `Engine.remap` with the old `moved`: nil, kept; `.some(nil)`, dropped.
    static func remap(_ model: Model, _ move: (ComponentPath) -> ComponentPath??) -> Model {
        var result: Model = [:]
        for (key, value) in model {
            switch move(key.path) {
            case .none: result[key] = value
            case .some(.none): continue
            case .some(.some(let new)): result[InstanceKey(component: key.component, path: new)] = value
            }
        }
        return result
    }

    static func moved(under list: ComponentPath, _ change: ItemChange) -> (ComponentPath) -> ComponentPath?? {
        let depth = list.segmentCount
        return { path in
            guard path.segmentCount > depth, let row = path.row(at: depth), row >= change.from, path.hasPrefix(list) else { return nil }
            if change.deleted.contains(row) { return .some(nil) }
            return .some(path.shiftingRow(under: list, from: change.from, by: change.delta))
        }
    }

    static func stays(under list: ComponentPath, newCount: Int) -> (ComponentPath) -> ComponentPath?? {
        let depth = list.segmentCount
        return { path in
            guard path.segmentCount > depth, let row = path.row(at: depth), row >= newCount, path.hasPrefix(list) else { return nil }
            return .some(nil)
        }
    }

    static let list = ComponentPath([.named("Feed", index: 0)])

    /// A path in the universe the test draws from: outside any row, in a
    /// row of `Feed` (sparse rows up to 1,500, so row sets span chunks),
    /// or in a row of a list inside such a row.
    static func randomPath(_ random: inout SplitMix) -> ComponentPath {
        let row = Int(random.next() % 3) == 0 ? Int(random.next() % 12) : Int(random.next() % 1500)
        let inner = Int(random.next() % 4)
        switch random.next() % 8 {
        case 0: return ComponentPath([.named("Header", index: 0)])
        case 1: return ComponentPath([.named("Feed", index: 0), .named("Footer", index: 0)])
        case 2: return ComponentPath([.named("Feed", index: 0), .row(row)])
        case 3, 4: return ComponentPath([.named("Feed", index: 0), .row(row), .named("Title", index: 0)])
        case 5: return ComponentPath([.named("Feed", index: 0), .row(row), .named("Inner", index: 0), .row(inner)])
        case 6: return ComponentPath([.named("Feed", index: 0), .row(row), .named("Inner", index: 0), .row(inner),
                                      .named("Title", index: 0)])
        default: return ComponentPath([.named("Feed", index: 0), .row(row), .named("Inner", index: 0)])
        }
    }

    static func randomChange(_ random: inout SplitMix, rows: Int) -> ItemChange {
        let at = Int(random.next() % UInt64(rows))
        let count = 1 + Int(random.next() % 4)
        return random.next() % 2 == 0 ? .insert(at: at, count: count) : .delete(at: at, count: count)
    }

    static func check(_ map: ItemDataMap<InstanceKey, Int>, _ model: Model, _ random: inout SplitMix,
                      step: Int, seed: UInt64) {
        let got = map.inOrder
        #expect(got.map(\.key) == Array(model.keys), "seed \(seed) step \(step): keys or order differ")
        #expect(got.map(\.value) == Array(model.values), "seed \(seed) step \(step): values differ")
        #expect(map.count == model.count)
        // The entries of one row (a row's path, or a path inside one).
        let probe = randomPath(&random)
        let expected = model.filter { $0.key.path == probe || $0.key.path.hasPrefix(probe) }
        let under = map.inOrder(under: probe)
        #expect(under.map(\.key) == Array(expected.keys), "seed \(seed) step \(step): entries under \(probe) differ")
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func matchesTheRebuiltOrderedDictionary(seed: UInt64) {
        var random = SplitMix(state: seed)
        var map = ItemDataMap<InstanceKey, Int>()
        var model: Model = [:]
        for step in 0..<1500 {
            let components = ["Row", "Title"]
            switch random.next() % 10 {
            case 0...3:
                let key = InstanceKey(component: components[Int(random.next() % 2)], path: Self.randomPath(&random))
                let value = Int(random.next() % 1000)
                if random.next() % 2 == 0 {
                    map[key] = value
                } else {
                    map[key, default: -1] = value
                }
                model[key] = value
            case 4:
                // Existing keys updated in place keep their place.
                guard let key = model.keys.randomElement(using: &random) else { continue }
                map[key, default: 0] += 1
                model[key]! += 1
            case 5, 6:
                guard let key = model.keys.randomElement(using: &random) else { continue }
                #expect(map.removeValue(forKey: key) == model.removeValue(forKey: key))
            case 7, 8:
                // A change in `Feed`, or in the inner list of some row.
                let inner = random.next() % 3 == 0
                let list = inner ? ComponentPath([.named("Feed", index: 0), .row(Int(random.next() % 12)), .named("Inner", index: 0)])
                    : Self.list
                let change = Self.randomChange(&random, rows: inner ? 4 : 1500)
                model = Self.remap(model, Self.moved(under: list, change))
                map.moveRows(under: list, from: change.from, to: { change.row(after: $0) })
            default:
                let newCount = Int(random.next() % 1500)
                model = Self.remap(model, Self.stays(under: Self.list, newCount: newCount))
                map.moveRows(under: Self.list, from: newCount, to: { _ in nil })
            }
            Self.check(map, model, &random, step: step, seed: seed)
        }
    }

    /// A copy (a checkpoint's) is not changed by what the original does next.
    @Test func aCopyKeepsItsEntries() {
        var map = ItemDataMap<InstanceKey, Int>()
        for row in 0..<50 {
            map[InstanceKey(component: "Title", path: ComponentPath([.named("Feed", index: 0), .row(row), .named("Title", index: 0)]))] = row
        }
        let copy = map
        map.moveRows(under: Self.list, from: 10, to: { $0 < 20 ? nil : $0 - 10 })
        #expect(copy.inOrder.map(\.value) == Array(0..<50))
        #expect(copy.inOrder.map(\.key.path.description) == (0..<50).map { "Feed/\($0)/Title" })
        #expect(map.inOrder.map(\.value) == Array(0..<10) + Array(20..<50))
        #expect(map.inOrder.map(\.key.path.description) == (0..<40).map { "Feed/\($0)/Title" })
    }

    /// Hidden paths: the order added, removals anywhere, a path added
    /// again goes to the end.
    @Test func aSetKeepsTheOrderAdded() {
        var set = ItemDataSet<ComponentPath>()
        let paths = (0..<5).map { ComponentPath([.named("Feed", index: 0), .row($0 * 3)]) }
        for path in paths { set.append(path) }
        set.append(paths[1])
        set.remove(paths[2])
        set.append(paths[2])
        #expect(Array(set) == [paths[0], paths[1], paths[3], paths[4], paths[2]])
        set.moveRows(under: Self.list, from: 4, to: { $0 + 1 })
        #expect(Array(set).map(\.description) == ["Feed/0", "Feed/3", "Feed/10", "Feed/13", "Feed/7"])
        #expect(set.contains(ComponentPath([.named("Feed", index: 0), .row(10)])))
        #expect(!set.contains(paths[3]))
    }

    /// `RowMap` against a sorted array of rows and values: values stored
    /// and changed, removals, tails taken and put back shifted, over
    /// enough rows to fill many chunks.
    @Test(arguments: [7, 8] as [UInt64])
    func rowMapMatchesASortedArray(seed: UInt64) {
        var random = SplitMix(state: seed)
        var map = RowMap<Int>()
        var model: [(row: Int, value: Int)] = []
        for step in 0..<4000 {
            let row = Int(random.next() % 3000)
            let value = Int(random.next() % 100)
            let index = model.firstIndex { $0.row >= row } ?? model.count
            let present = index < model.count && model[index].row == row
            switch random.next() % 7 {
            case 0...2:
                map.modify(row, default: value) { $0 += 1 }
                if present { model[index].value += 1 } else { model.insert((row, value + 1), at: index) }
            case 3:
                #expect(map.modifyExisting(row) { $0 *= 2 } == present)
                if present { model[index].value *= 2 }
            case 4:
                #expect(map.removeValue(row) == (present ? model[index].value : nil))
                if present { model.remove(at: index) }
            case 5:
                let tail = map.removeAll(from: row)
                #expect(tail.map(\.row) == model[index...].map(\.row), "seed \(seed) step \(step)")
                model.removeSubrange(index...)
                let shifted = tail.map { RowMap<Int>.Slot(row: $0.row + 3, value: $0.value) }
                map.append(contentsOf: shifted)
                model += shifted.map { ($0.row, $0.value) }
            default:
                _ = map.removeAll(from: row)
                model.removeSubrange(index...)
            }
            if step % 20 == 0 || step == 3999 {
                var values: [Int] = []
                map.forEach { values.append($0) }
                #expect(map.rows == model.map(\.row), "seed \(seed) step \(step)")
                #expect(values == model.map(\.value), "seed \(seed) step \(step)")
                #expect(map[row] == model.first { $0.row == row }?.value)
            }
        }
    }
}
