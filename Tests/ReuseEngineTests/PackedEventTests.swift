import Testing
@testable import ReuseEngine

/// The log keeps events packed (records of numbers, encoded in LEB128 when
/// their chunk is sealed; names in side tables per chunk); every event must read back exactly as it was recorded, across
/// chunks, gaps in sequence numbers, windows and truncation.
@Suite struct PackedEventTests {
    static let key = ViewKey(component: "Card", viewClass: "UIView", shape: AttributeShape(["backgroundColor"]))
    static let path = ComponentPath([.named("Screen", index: 0), .named("Card", index: 3)])
    static let shownPath = ComponentPath([.named("Screen", index: 0)]).appending(.named("Card", index: 0), namesakes: true)
    static let rowPath = ComponentPath([.named("Feed", index: 0), .row(7), .named("Title", index: 0)])
    static let red = Attribute("backgroundColor", .color("red"))

    /// A name typed two ways (`Café` precomposed, then with a combining
    /// accent) reads back as each was typed: the path table matched paths
    /// and names with `==`, which found the other spelling (and which one,
    /// depended on its address cache: the log's spelling varied by run).
    @Test func eachSpellingOfANameReadsBackAsTyped() {
        let precomposed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        var log = EventLog()
        log.beginPass("spellings")
        let paths = [
            ComponentPath([.named("Screen", index: 0), .named(precomposed, index: 0)]),
            ComponentPath([.named("Screen", index: 0), .named(decomposed, index: 0)]),
            ComponentPath([.named(decomposed, index: 0)]),
            ComponentPath([.named(precomposed, index: 0)]),
        ]
        for (number, path) in paths.enumerated() {
            log.record(ViewID(number + 2), component: path.segments.count == 1 ? decomposed : precomposed, path: path, step: .skip(nil))
        }
        let read = log.query()
        #expect(read.count == paths.count)
        for (event, path) in zip(read, paths) {
            #expect(event.path.map { Array($0.description.utf8) } == Array(path.description.utf8))
        }
        #expect(read.map { $0.component.map { Array($0.utf8) } } == [precomposed, precomposed, decomposed, decomposed].map { Array($0.utf8) })
    }

    /// One event of every step, with and without component and path, and
    /// some whose numbers do not fit in 32 bits (kept whole).
    static var everyStep: [ReuseEvent] {
        let v = ViewID(5)
        let load = Load(number: 2, attribute: Attribute("image", .text("a.png")), view: v, component: "Title", path: rowPath,
                        started: 1, due: 3, checksItem: false)
        let steps: [ReuseEvent.Step] = [
            .create(parent: .root, key: key),
            .reuse(parent: .root, key: key, previous: rowPath),
            .reuse(parent: .root, key: key, previous: nil),
            .unhide(parent: ViewID(3)),
            .hide(parent: ViewID(3), key: key), .hide(parent: ViewID(3), key: nil),
            .apply(red), .unapply(Attribute("tap", .text("like"))),
            .update(red, old: .color("blue")), .skip(nil), .skip(red),
            .reorder([ViewID(3), ViewID(2)]), .enterPool, .leavePool, .prepareForReuse,
            .remove(parent: .root, key: nil, reason: .poolFull(viewType: "Cell", capacity: 5)),
            .cacheHit(.row(4), from: .scrap), .cache(.evicted(viewType: "Cell")),
            .render(.everyItem(12)), .layout(.slot(.header)), .attach(.footer), .reset(.detached),
            .reparent(from: ViewID(2), to: ViewID(9)), .reconfigure, .recycle,
            .detach(parent: ViewID(3), key: key), .detach(parent: ViewID(3), key: nil), .insert(parent: ViewID(9), key: key),
            .remove(parent: nil, key: nil, reason: .hostReleased),
            .loadStart(load), .deliver(load, shows: path), .cancel(load, by: .prepareForReuse),
            .discard(load, .viewRemoved),
            .create(parent: ViewID(Int(UInt32.max) + 1), key: key),
        ]
        var events: [ReuseEvent] = []
        for (number, step) in steps.enumerated() {
            events.append(ReuseEvent(view: v, component: "Card", path: [path, shownPath, rowPath][number % 3], step: step))
            events.append(ReuseEvent(view: ViewID(number + 2), step: step))
        }
        events.append(ReuseEvent(view: ViewID(Int(UInt32.max) + 7), component: "Card", path: .root, step: .apply(red)))
        return events
    }

    /// Records `events` in passes of `perPass`, as the engine does (in a
    /// log of chunks of `capacity` when one is given).
    static func log(_ events: [ReuseEvent], perPass: Int, capacity: Int? = nil, keep: Int? = nil) -> (EventLog, [ReuseEvent]) {
        var log = EventLog()
        if let capacity { log.narrowChunks(to: capacity) }
        log.keep(atMost: keep)
        var recorded: [ReuseEvent] = []
        for (number, event) in events.enumerated() {
            if number % perPass == 0 { log.beginPass("pass \(number / perPass)") }
            var expected = event
            expected.seq = log.record(event)
            expected.pass = log.currentPass
            recorded.append(expected)
        }
        return (log, recorded)
    }

    @Test func everyStepReadsBackAsRecorded() {
        let (log, recorded) = Self.log(Self.everyStep, perPass: 7)
        #expect(Array(log.events) == recorded)
        for (event, expected) in zip(log.events, recorded) {
            // Equality of paths ignores how they are shown; the display must survive too.
            #expect(event.path?.display == expected.path?.display)
        }
    }

    @Test func manyChunksWindowsAndQueriesAgreeWithThePlainList() {
        let steps = Self.everyStep
        let events = (0..<(3 * PackedEvents.chunkCapacity + 100)).map { steps[$0 % steps.count] }
        let (all, recorded) = Self.log(events, perPass: 13)
        #expect(Array(all.events) == recorded)
        let (kept, _) = Self.log(events, perPass: 13, keep: 5_000)
        #expect(Array(kept.events) == Array(recorded.suffix(5_000)))
        #expect(kept.droppedEvents == recorded.count - 5_000)
        #expect(kept.passes == all.passes && kept.totals == all.totals)
        #expect(kept.query(view: ViewID(5), last: 3) == Array(recorded.filter { $0.view == ViewID(5) }.suffix(3)))
        #expect(all.query(kinds: [.reorder, .create]) == recorded.filter { [.reorder, .create].contains($0.kind) })
        let pass = all.passes[400]
        #expect(Array(all.events(of: pass)) == Array(recorded[pass.events]))
    }

    /// Events of `count` rows of a list, each row named by two events (its
    /// cell, then its title: a name typed two ways in turn), the first row
    /// being `first`; some steps name a previous path, some are kept whole.
    static func rowEvents(rows count: Int, first: Int = 0) -> [ReuseEvent] {
        var events: [ReuseEvent] = []
        for row in first..<(first + count) {
            let cell = ComponentPath([.named("Feed", index: 0), .row(row)])
            let title = cell.appending(.named(row % 2 == 0 ? "Caf\u{E9}" : "Cafe\u{301}", index: 0), namesakes: row % 3 == 0)
            let view = ViewID(2 + row % 500)
            events.append(ReuseEvent(view: view, component: "Cell", path: cell,
                                     step: row % 5 == 0 ? .reuse(parent: .root, key: key, previous: title) : .skip(red)))
            events.append(ReuseEvent(view: view, component: row % 2 == 0 ? "Caf\u{E9}" : "Cafe\u{301}", path: title,
                                     step: row % 7 == 0 ? .reorder([view]) : .apply(Attribute("text", .text("row \(row)")))))
        }
        return events
    }

    /// The paths' bytes, as shown: equal paths may be spelled two ways.
    static func spellings(_ events: some Sequence<ReuseEvent>) -> [[UInt8]] {
        events.map { Array(($0.path?.description ?? "-").utf8) + Array(($0.component ?? "-").utf8) }
    }

    /// Issue 38: the chunks of an epoch share their paths' table, so a
    /// pass longer than a chunk stores each path once, not once a chunk
    /// (each chunk stored the 95 nodes again: 63 chunks, about 5,000 nodes).
    @Test func chunksOfAnEpochStoreEachPathOnce() {
        let pass = Self.rowEvents(rows: 50)
        // 40 passes over the same 100 paths: 4,000 events in 63 chunks of 64.
        let events = (0..<40).flatMap { _ in pass }
        let (log, recorded) = Self.log(events, perPass: pass.count, capacity: 64)
        #expect(Array(log.events) == recorded)
        #expect(Self.spellings(log.events) == Self.spellings(recorded))
        // `Feed`, 50 rows and the titles recorded as paths (not those of
        // rows 7, 14, 21, 28, 42 and 49, whose titles' events are kept whole).
        #expect(log.stored.pathNodesAdded == 1 + 50 + 44)
    }

    /// Every event reads back as recorded across epochs (an epoch ends
    /// after 64 chunks), after a cut into a sealed chunk (its table taking
    /// new paths again) and after dropped chunks; and what `log keep`
    /// drops frees its paths: the nodes held stay within a few chunks'
    /// worth, however many paths the session named.
    @Test func pathsReadBackAcrossEpochsCutsAndDrops() {
        let events = Self.rowEvents(rows: 10_000)
        let (all, recorded) = Self.log(events, perPass: 6, capacity: 16)
        #expect(Array(all.events) == recorded)
        #expect(Self.spellings(all.events) == Self.spellings(recorded))
        let more = Self.rowEvents(rows: 700, first: 20_000)
        // Cuts inside an epoch's first chunk, in its middle, and at an epoch's end (64 chunks of 16).
        for cut in [6, 30, 516, 1_020, 1_026, 4_098, 12_000] {
            var log = all
            let (shorter, _) = Self.log(Array(events.prefix(cut)), perPass: 6, capacity: 16)
            log.truncate(to: shorter.mark)
            #expect(Array(log.events) == Array(recorded.prefix(cut)), "cut at \(cut)")
            // Both count on with paths never named before, past several chunks.
            var a = log, b = shorter
            for (number, event) in more.enumerated() {
                if number % 6 == 0 { a.beginPass("more"); b.beginPass("more") }
                a.record(event); b.record(event)
            }
            #expect(Array(a.events) == Array(b.events) && a.passes == b.passes, "cut at \(cut)")
            #expect(Self.spellings(a.events) == Self.spellings(b.events), "cut at \(cut)")
            #expect(Array(a.events.suffix(more.count)).map(\.path) == more.map(\.path), "cut at \(cut)")
        }
        let (kept, _) = Self.log(events, perPass: 6, capacity: 16, keep: 100)
        #expect(Array(kept.events) == Array(recorded.suffix(100)))
        #expect(Self.spellings(kept.events) == Self.spellings(recorded.suffix(100)))
        // 10,000 rows, their titles (but those of rows whose title's event
        // is kept whole, and whose cell's names no previous path: row % 7 ==
        // 0, row % 5 != 0), and `Feed` once an epoch (1,250 chunks of 16, 64
        // an epoch: 20 epochs).
        let titles = (0..<10_000).filter { $0 % 7 != 0 || $0 % 5 == 0 }.count
        #expect(all.stored.pathNodesAdded == 10_000 + titles + (1_250 + 63) / PathTable.epochChunks)
        // An epoch ends once its first chunk is dropped, so the chunks held
        // (at most 8 of 16 events, a node an event) refer to their own
        // segments and those of a few dropped chunks of their epochs, and
        // the lookup side holds its epoch's: 169 here, at most about 400
        // (1,013 here if an epoch ended only after 64 chunks, 37,701 if
        // epochs never ended).
        #expect(kept.stored.pathNodesHeld <= 400, "\(kept.stored.pathNodesHeld) nodes held")
    }

    /// A backward scan visits the matching events newest first and reads
    /// no further than its body asks (what `log --last` and `why` rely on).
    @Test func aBackwardScanStopsWhereItsBodySays() {
        let steps = Self.everyStep
        let events = (0..<(2 * PackedEvents.chunkCapacity + 100)).map { steps[$0 % steps.count] }
        let (log, recorded) = Self.log(events, perPass: 13)
        var visited: [ReuseEvent] = []
        log.forEachBackwards(view: ViewID(5), kinds: [.apply, .skip]) { event in
            visited.append(event)
            return visited.count < 4
        }
        let expected = recorded.filter { $0.view == ViewID(5) && [.apply, .skip].contains($0.kind) }.suffix(4).reversed()
        #expect(visited == Array(expected))
        var all = 0
        log.forEachBackwards(pass: 300) { _ in all += 1; return true }
        #expect(all == 13)
    }

    @Test func eventsCountedButNotKeptLeaveAGapInSequenceNumbers() {
        var log = EventLog()
        log.beginPass("first")
        log.record(ReuseEvent(view: .root, step: .apply(Self.red)))
        log.keepsEvents = false
        log.record(ReuseEvent(view: .root, step: .skip(nil)))
        log.keepsEvents = true
        log.record(ReuseEvent(view: ViewID(2), step: .skip(Self.red)))
        #expect(log.events.map(\.seq) == [1, 3])
        #expect(log.events.map(\.view) == [.root, ViewID(2)])
    }

    @Test func truncatingAcrossChunksEqualsNeverHavingRecorded() {
        let steps = Self.everyStep
        let events = (0..<(2 * PackedEvents.chunkCapacity + 50)).map { steps[$0 % steps.count] }
        // Marks fall between operations, so at pass boundaries: 4,095 and
        // 4,100 lie either side of the first chunk's end.
        for cut in [0, 5, 4_095, 4_100, (events.count / 5 - 1) * 5] {
            var (log, _) = Self.log(events, perPass: 5)
            let (shorter, _) = Self.log(Array(events.prefix(cut)), perPass: 5)
            log.truncate(to: shorter.mark)
            #expect(Array(log.events) == Array(shorter.events), "cut at \(cut)")
            #expect(log.passes == shorter.passes && log.totals == shorter.totals, "cut at \(cut)")
            #expect(log.wholeEvents == shorter.wholeEvents, "cut at \(cut): events kept whole beyond the cut stay")
            // Both count on from there, past the next chunk's end: a chunk
            // cut back into after it was sealed takes records again.
            var a = log, b = shorter
            for (number, event) in events.prefix(PackedEvents.chunkCapacity + 7).enumerated() {
                if number % 3 == 0 { a.beginPass("next"); b.beginPass("next") }
                a.record(event); b.record(event)
            }
            #expect(Array(a.events) == Array(b.events) && a.passes == b.passes, "cut at \(cut)")
        }
    }

    /// Each kind adds to its own stat (one table, `Kind.countIndex`, says
    /// where, and `stat` reads it), and every counted stat has its kind.
    /// A detach (RecyclerView's Recycler, Valdi's class pool) counts as a
    /// hide, a reattach or an insert as an unhide: a view left the screen
    /// for a pool, or came back.
    @Test func everyKindCountsItsOwnStat() {
        let expected: [ReuseEvent.Kind: Stat] = [
            .create: .created, .reuse: .reused, .unhide: .unhidden, .hide: .hidden, .apply: .applied,
            .unapply: .unapplied, .update: .updated, .skip: .skipped, .reorder: .reordered, .remove: .removed,
            .enterPool: .enteredPool, .leavePool: .leftPool, .prepareForReuse: .preparedForReuse,
            .cacheHit: .cacheHits, .render: .renders, .layout: .layouts, .attach: .attaches, .reset: .resets,
            .reconfigure: .reconfigured, .recycle: .recycled, .load: .loads, .deliver: .delivered,
            .cancel: .cancelled, .discard: .discarded, .detach: .hidden, .reattach: .unhidden, .insert: .unhidden,
        ]
        for kind in ReuseEvent.Kind.allCases {
            #expect(kind.stat == expected[kind], "\(kind)")
            #expect(kind.countIndex == expected[kind]?.countIndex, "\(kind)")
        }
        #expect(Set(expected.values) == Set(Stat.counted))
    }

    @Test func countsHoldOneSlotPerCountedStat() {
        // EventCounts keeps its counts inline, in a fixed 24 slots.
        #expect(Stat.counted.count == 24)
        #expect(Stat.counted.enumerated().allSatisfy { $0.element.countIndex == $0.offset })
    }

    @Test func passCountsReadBackExactlyInAsFewBytesAsTheyNeed() {
        var counts = EventCounts()
        let values = [1, 127, 128, 300, 16_383, 16_384, 1 << 40, Int.max]
        for (value, stat) in zip(values, Stat.counted) {
            if let index = stat.countIndex { counts.values[index] = value }
        }
        var bytes: [UInt8] = [0xFF]  // something before: offsets are honoured
        let mask = counts.packed(into: &bytes)
        #expect(bytes.count == 1 + 1 + 1 + 2 + 2 + 2 + 3 + 6 + 9)
        let unpacked = EventCounts(mask: mask, bytes: bytes, from: 1)
        for stat in Stat.counted { #expect(unpacked[stat] == counts[stat], "\(stat)") }
        #expect(mask.nonzeroBitCount == values.count)
    }

    /// How a pass's summary is packed when the next pass begins: counts
    /// alone in their group of four, and in the last group, are read back,
    /// and the counts are left zero for the next pass.
    @Test func drainingPacksTheCountsAndLeavesThemZero() {
        var counts = EventCounts()
        for index in [0, 5, 13, 21, 23] { counts.values[index] = index + 1 }
        let expected = counts
        var bytes: [UInt8] = []
        let (mask, inline) = counts.drain(touched: counts.nonzeroMask, into: &bytes, inliningUpTo: 0)
        #expect(inline == nil)
        #expect(counts == EventCounts())
        #expect(mask.nonzeroBitCount == 5)
        #expect(EventCounts(mask: mask, bytes: bytes, from: 0) == expected)
    }

    /// Counts that pack into eight bytes stay inline (a pass appends
    /// nothing); nine bytes go to the shared bytes. Both read back.
    @Test func passCountsFittingEightBytesStayInline() throws {
        var counts = EventCounts()
        for index in [0, 1, 2, 3, 4, 7] { counts.values[index] = index + 1 }
        counts.values[23] = 300  // two bytes: eight in all
        let fits = counts
        var bytes: [UInt8] = []
        let (mask, inline) = counts.drain(touched: counts.nonzeroMask, into: &bytes, inliningUpTo: 8)
        #expect(bytes.isEmpty)
        #expect(counts == EventCounts())
        let value = try #require(inline)
        #expect(EventCounts(mask: mask, inline: value) == fits)

        // Eight one-byte counts: packed straight into the word, read back the same.
        var small = EventCounts()
        for index in [0, 1, 2, 3, 4, 7, 13, 23] { small.values[index] = 127 - index }
        let smallExpected = small
        let (smallMask, smallInline) = small.drain(touched: small.nonzeroMask, into: &bytes, inliningUpTo: 8)
        #expect(bytes.isEmpty && small == EventCounts())
        #expect(EventCounts(mask: smallMask, inline: try #require(smallInline)) == smallExpected)
        // Nine: too many for the word, appended.
        var nine = smallExpected
        nine.values[20] = 1
        let nineExpected = nine
        let (nineMask, nineInline) = nine.drain(touched: nine.nonzeroMask, into: &bytes, inliningUpTo: 8)
        #expect(nineInline == nil && bytes.count == 9)
        #expect(EventCounts(mask: nineMask, bytes: bytes, from: 0) == nineExpected)
        bytes.removeAll()

        var more = fits
        more.values[10] = 1  // nine bytes
        let expected = more
        let (moreMask, moreInline) = more.drain(touched: more.nonzeroMask, into: &bytes, inliningUpTo: 8)
        #expect(moreInline == nil)
        #expect(bytes.count == 9)
        #expect(EventCounts(mask: moreMask, bytes: bytes, from: 0) == expected)
    }

    /// A scroll's outcome holds its pass's summary packed: its counts in
    /// one word (a step's), or whole in a box when they do not fit (a
    /// jump's, two bytes a count). Read back, it is the log's summary.
    @Test func aScrollOutcomeReadsBackItsPassSummary() throws {
        var engine = Engine()
        try engine.defineComponent("Dot", viewClass: "UIView", attributes: [("backgroundColor", "red", false)], children: [])
        try engine.defineComponent("Cell", viewClass: "UILabel", attributes: [("text", "Row {i}", true)], children: ["Dot"])
        try engine.defineList("Feed", rows: 1_000_000, viewport: 100, cells: ["Cell"])
        try engine.mount(["Feed"], trigger: "mount Feed")
        let feed = ComponentPath([.named("Feed", index: 0)])
        let step = try engine.scroll(feed, .by(1), trigger: "scroll Feed by 1")
        #expect(step.pass == engine.log.passes.last)
        #expect(step.pass.counts[.reused] == 2 && step.pass.trigger == "scroll Feed by 1")
        let jump = try engine.scroll(feed, .by(100), trigger: "scroll Feed by 100")
        #expect(jump.pass.counts[.reused] == 200)
        #expect(jump.pass == engine.log.passes.last)
        // Written, it reads back what was written, either way.
        var changed = step
        changed.pass = jump.pass
        #expect(changed.pass == jump.pass)
        changed.pass = step.pass
        #expect(changed.pass == step.pass)
        #expect(MemoryLayout<ScrollOutcome>.size < MemoryLayout<PassSummary>.size)
    }

    /// 24 bytes since issue 38: its events are the first one's low half (the
    /// log keeps the high halves) and a count.
    @Test func aFinishedPassIsTwentyFourBytes() {
        #expect(MemoryLayout<PackedSummary>.stride == 24)
    }
}

extension EventLog {
    /// Records `event`'s view, type, path and step (its own sequence and
    /// pass numbers are the log's to give).
    @discardableResult
    mutating func record(_ event: ReuseEvent) -> Int {
        record(event.view, component: event.component, path: event.path, step: event.step)
    }
}

/// A number in an attribute's value is stored in the record, its text once
/// per chunk; only numbers that come back exactly are taken out.
@Suite struct NumberedAttributeTests {
    static let values: [AttributeValue] = [
        .text("row 12345"), .text("row 0"), .text("0"), .text("row 007"), .text("a1b22c"), .text("999999999"),
        .text("1234567890"), .text("no digits"), .text(""), .text("é 42 ü"), .text("-5"),
        .number(3), .number(0), .number(0.5), .number(-1), .number(-0.0), .number(4_294_967_295), .number(4_294_967_296),
        .color("red"), .bool(true),
    ]

    @Test func everyValueReadsBackExactly() {
        var events: [ReuseEvent] = []
        for (number, value) in Self.values.enumerated() {
            let attribute = Attribute(value.isNumber ? "alpha" : "text", value)
            for step in [ReuseEvent.Step.apply(attribute), .unapply(attribute), .skip(attribute), .update(attribute, old: value)] {
                events.append(ReuseEvent(view: ViewID(number + 1), component: "Title", path: PackedEventTests.rowPath, step: step))
            }
        }
        let (log, recorded) = PackedEventTests.log(events, perPass: 3)
        #expect(Array(log.events) == recorded)
        // (-0.0 equals 0.0 as values do everywhere in the engine, and shows as `0`.)
    }

    /// Canonically equivalent spellings compare equal as strings; the log
    /// still shows each as typed (`é`, and `e` with a combining accent).
    @Test func textsReadBackWithTheirOwnBytes() {
        let spellings = ["café 8", "cafe\u{301} 7", "café", "cafe\u{301}", "8 café", "8 cafe\u{301}"]
        var log = EventLog()
        for text in spellings {
            log.beginPass("set T text \(text)")
            log.record(ReuseEvent(view: ViewID(2), component: "T", path: PackedEventTests.path, step: .apply(Attribute("text", .text(text)))))
        }
        let shown = log.events.map { event -> [UInt8] in
            if case .apply(let attribute) = event.step { Array(attribute.value.plain.utf8) } else { [] }
        }
        #expect(shown == spellings.map { Array($0.utf8) })
        #expect(log.passes.map { Array($0.trigger.utf8) } == spellings.map { Array("set T text \($0)".utf8) })
    }

    @Test func onlyExactNumbersAreTakenOut() {
        func split(_ value: AttributeValue) -> String? {
            NumberedAttribute.split(Attribute("text", value)).map { "\($0.0.prefix)|\($0.1)|\($0.0.suffix)" }
        }
        #expect(split(.text("row 12345")) == "row |12345|")
        #expect(split(.text("a1b22c")) == "a1b|22|c")
        #expect(split(.text("row 0")) == "row |0|")
        #expect(split(.text("row 007")) == nil)
        #expect(split(.text("1234567890")) == nil)
        #expect(split(.text("no digits")) == nil)
        #expect(split(.number(3)) == "|3|")
        #expect(split(.number(0.5)) == nil && split(.number(-1)) == nil && split(.number(-0.0)) == nil)
        #expect(split(.number(4_294_967_296)) == nil)
    }

    /// A list's rows differ only in their number: a chunk stores the text once.
    @Test func aScrollStepsEventsTakeAFewBytesEach() throws {
        var h = Harness()
        h.thorough = false
        try h.component("Title", view: "UILabel", [("text", "row {i}")])
        try h.component("Row", view: "UIView", [("backgroundColor", "white")], children: ["Title"])
        try h.list("Feed", rows: 100_000, viewport: 20, cells: ["Row"])
        try h.mount("Feed")
        let before = (events: h.engine.log.events.count, bytes: h.engine.log.recordBytes)
        for _ in 0..<4_000 { _ = try h.engine.scroll(Harness.path("Feed"), .by(1), trigger: "scroll") }
        let events = h.engine.log.events.count - before.events
        let bytes = h.engine.log.recordBytes - before.bytes
        #expect(events == 4_000 * 6)
        // Sealed chunks take about 15 bytes an event; the one being filled, 32.
        let open = h.engine.log.events.count % PackedEvents.chunkCapacity
        #expect(bytes <= 16 * (events - open) + 32 * open, "\(bytes) bytes for \(events) events")
        #expect(h.engine.log.events.last?.step == .apply(Attribute("text", .text("row 4019"))))
        #expect(h.engine.log.events[before.events + 5].step == .apply(Attribute("text", .text("row 20"))))
    }
}

extension AttributeValue {
    fileprivate var isNumber: Bool {
        if case .number = self { true } else { false }
    }
}
