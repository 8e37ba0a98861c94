import Testing
@testable import ReuseEngine

/// Issue 38: a question about one view reads that view's events through
/// each chunk's index (``PackedEvents/ViewIndex``), and a long story is
/// counted from a glance at each record. Both must find exactly what
/// reading every event finds.
@Suite struct ViewIndexTests {
    /// A fuzz session long enough to fill several chunks, with a rewind
    /// into a sealed chunk in the middle (its index dropped, then rebuilt).
    static func session(seed: UInt64) throws -> Engine {
        var h = try FuzzTests.catalog()
        h.thorough = false
        // Chunks of 64 events: the session spans dozens of them.
        h.engine.session.store.log.narrowChunks(to: 64)
        var random = SplitMix(state: seed)
        for _ in 0..<300 { FuzzTests.step(&h, &random) }
        h.engine.rewind(toOperations: h.engine.operationCount - 40)
        for _ in 0..<300 { FuzzTests.step(&h, &random) }
        return h.engine
    }

    /// The index puts views in order by their numbers when they lie close
    /// together (a pass over a big tree) and sorts them when they are far
    /// apart; either way each view's run holds its records, in order.
    @Test(arguments: [1, 1_000] as [UInt64])
    func closeAndFarViewsAreIndexedAlike(spread: UInt64) throws {
        var random = SplitMix(state: spread)
        let views: [UInt64] = (0..<3_000).map { _ in 5 + (random.next() % 400) * spread }
        let index = try #require(PackedEvents.ViewIndex(views: views, tags: views.indices.map { UInt8($0 % 7) }))
        for number in Set(views).sorted() + [4, 401 * spread + 5] {
            let run = index.run(of: ViewID(Int(number)))
            let offsets = run.map { index.offset($0) }
            #expect(offsets == views.indices.filter { views[$0] == number }, "view \(number)")
            #expect(run.map { index.tag($0) } == offsets.map { UInt8($0 % 7) }, "view \(number)")
        }
    }

    /// The events about `view` in `range`, read the plain way.
    static func plain(_ log: EventLog, _ view: ViewID, _ range: Range<Int>) -> [Int] {
        let kept = log.events
        return range.clamped(to: kept.startIndex..<kept.endIndex).filter { kept[$0].view == view }
    }

    @Test(arguments: [51, 52, 53] as [UInt64])
    func eachViewsEventsAreFoundAsAScanFindsThem(seed: UInt64) throws {
        var engine = try Self.session(seed: seed)
        for keep in [nil, 500] as [Int?] {
            engine.keepEvents(atMost: keep)
            let log = engine.log
            let all = log.events.startIndex..<log.events.endIndex
            #expect(keep != nil || all.count > 10 * log.stored.capacity, "seed \(seed): too few events to span chunks")
            var random = SplitMix(state: seed)
            for number in 1...engine.views.count {
                let view = ViewID(number)
                let lower = Int.random(in: 0...all.upperBound, using: &random)
                let ranges = [all, lower..<Int.random(in: lower...all.upperBound, using: &random)]
                for range in ranges {
                    let expected = Self.plain(log, view, range)
                    for indexed in [true, false] {
                        var ascending: [Int] = []
                        log.stored.forEachEvent(about: view, in: range.clamped(to: all), descending: false, indexed: indexed) {
                            #expect($1 == log.events[$0])
                            ascending.append($0)
                            return true
                        }
                        var descending: [Int] = []
                        log.stored.forEachEvent(about: view, in: range.clamped(to: all), descending: true, indexed: indexed) {
                            descending.append($0); _ = $1
                            return true
                        }
                        #expect(ascending == expected, "seed \(seed), \(view), \(range), indexed \(indexed)")
                        // Counting by tag where the kind decides, by glance elsewhere.
                        var counting = log
                        counting.readsByView = indexed
                        for property in ["text", "backgroundColor"] {
                            let counted = counting.count(about: view, in: range) { Engine.bears($0, on: property) }
                            let plainly = expected.filter { Engine.bears(log.events[$0].step, on: property) }.count
                            #expect(counted == plainly, "seed \(seed), \(view), \(range), \(property), indexed \(indexed)")
                        }
                        #expect(descending == expected.reversed(), "seed \(seed), \(view), \(range), indexed \(indexed)")
                    }
                }
            }
        }
    }

    /// Counting a story from glances agrees with reading each event whole,
    /// for every event and every property the session names.
    @Test(arguments: [61, 62] as [UInt64])
    func aGlanceDecidesAsTheEventDoes(seed: UInt64) throws {
        let engine = try Self.session(seed: seed)
        let log = engine.log
        let all = log.events.startIndex..<log.events.endIndex
        let properties = Set(engine.views.all.flatMap { $0.properties.keys }).union(["text", "alpha", "image", "liked"]).sorted()
        var glanced = 0
        for number in 1...engine.views.count {
            log.stored.forEachGlance(about: ViewID(number), in: all, descending: false) { index, glance in
                let event = log.events[index]
                for property in properties {
                    #expect(Engine.bears(glance, on: property) == Engine.bears(event.step, on: property), "\(event) \(property)")
                    #expect(Engine.resets(glance, property) == Engine.resets(event.step, property), "\(event) \(property)")
                }
                glanced += 1
                return true
            }
        }
        #expect(glanced == all.count)
    }

    /// A story longer than twice ``Provenance/storyEnds``: `since` holds its
    /// first and last steps, and `omittedSteps` counts the ones between,
    /// as reading every event finds them.
    @Test func aLongStoryKeepsItsEndsAndCountsTheRest() throws {
        var engine = Engine()
        try engine.defineComponent("Title", viewClass: "UILabel", attributes: [("text", "title", false)], children: [])
        try engine.defineComponent("Card", viewClass: "UIView", attributes: [("backgroundColor", "white", false)], children: ["Title"])
        try engine.defineComponent("Screen", viewClass: "UIView", attributes: [], children: ["Card", "Card"])
        try engine.mount(["Screen"], trigger: "mount Screen")
        for line in 0..<2_600 {
            let path = try ComponentPath.parse("Screen/Card[\(line % 2)]").get()
            _ = try engine.set(path, attribute: "backgroundColor", raw: line % 4 < 2 ? "red" : "blue", quoted: false,
                               trigger: "set")
        }
        let title = try #require(engine.views.all.first { $0.owner?.display == "Screen/Card[1]/Title" }).id
        let why = try engine.why(title, "text")
        let log = engine.log
        let full = Self.plain(log, title, log.events.startIndex..<log.events.endIndex)
            .map { log.events[$0] }.filter { Engine.bears($0.step, on: "text") }
        let ends = Provenance.storyEnds
        #expect(full.count > 2 * ends)
        #expect(why.since == Array(full.prefix(ends) + full.suffix(ends)))
        #expect(why.omittedSteps == full.count - 2 * ends)
        // A short story is whole.
        let card1 = try #require(engine.views.all.first { $0.owner?.display == "Screen/Card[1]" }).id
        let short = try engine.why(card1, "backgroundColor")
        #expect(short.omittedSteps == 0 && short.since.count < 2 * ends)
    }
}
