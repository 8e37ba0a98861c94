import OrderedCollections
import Testing
@testable import ReuseEngine

/// `PoolTable` is an ordered map written for the vend path; these hold it
/// to `OrderedDictionary`, the type it replaced, operation by operation.
@Suite struct PoolTableTests {
    /// Twenty keys, more than the table compares one by one, so the hash
    /// index is built, kept and dropped as keys come and go.
    static let keys = (0..<20).map { ViewKey(component: "C\($0)", viewClass: "UIView", shape: .empty) }

    /// A seeded sequence of every kind of change, each followed by a
    /// comparison with the same change made to an `OrderedDictionary`.
    @Test(arguments: [1, 2, 3, 4, 5])
    func behavesAsAnOrderedDictionary(seed: UInt64) {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var table = PoolTable()
        var reference: OrderedDictionary<ViewKey, ReusePool> = [:]
        for step in 0..<2_000 {
            // Fresh keys equal to the stored ones, not the same objects, now and then.
            let index = next(Self.keys.count)
            let key = next(4) == 0 ? ViewKey(component: "C\(index)", viewClass: "UIView", shape: .empty) : Self.keys[index]
            let view = ViewID(step + 2)
            switch next(6) {
            case 0:
                table[key, default: ReusePool()].views.append(view)
                reference[key, default: ReusePool()].views.append(view)
            case 1:
                table[key] = nil
                reference[key] = nil
            case 2:
                table[key]?.waiting.append(view)
                reference[key]?.waiting.append(view)
            case 3:
                table[key]?.views.removeAll { $0.number % 2 == 0 }
                reference[key]?.views.removeAll { $0.number % 2 == 0 }
            case 4:
                var pool = ReusePool()
                pool.views = [view]
                table[key] = pool
                reference[key] = pool
            default:
                let odd = table.filter { key, _ in key.component.map { $0.count % 2 == 1 } ?? false }
                let oddReference = reference.filter { key, _ in key.component.map { $0.count % 2 == 1 } ?? false }
                #expect(odd.keys == Array(oddReference.keys))
            }
            #expect(table.keys == Array(reference.keys), "step \(step)")
            #expect(table.values == Array(reference.values), "step \(step)")
            #expect(table.count == reference.count)
            for stored in Self.keys {
                #expect(table.index(forKey: stored) == reference.index(forKey: stored), "step \(step)")
            }
        }
    }

    @Test func equalityAndDescriptionFollowTheEntries() {
        var first = PoolTable(), second = PoolTable()
        first[Self.keys[0], default: ReusePool()].views.append(ViewID(2))
        second[Self.keys[0], default: ReusePool()].views.append(ViewID(2))
        #expect(first == second)
        second[Self.keys[1], default: ReusePool()].views.append(ViewID(3))
        #expect(first != second)
        second[Self.keys[1]] = nil
        #expect(first == second)
        #expect(first.description == "[(C0, UIView, []): [v2]]")
    }
}
