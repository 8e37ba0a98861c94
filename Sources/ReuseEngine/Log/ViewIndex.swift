extension PackedEvents {
    /// Where each view's events are in a chunk, so that a question about
    /// one view (`why`, `log v4`) reads that view's events and no others:
    /// the cost of `why` follows the view's story, never the session's
    /// length (issue 38: after 10^6 passes of `set`, a value set at mount
    /// took 17.8 s to explain).
    ///
    /// Built once, when the chunk is sealed, from the chunk's records (a
    /// count per view, by number when the views lie close, else in an
    /// open-addressing table; then a placement). Held as
    /// flat arrays: the views, ascending; where each view's entries start;
    /// the entries, each a record's offset in the chunk (two bytes: a chunk
    /// holds at most 65,536 events), ascending within a view; and beside
    /// each entry its record's ``Glance/Tag``, so that counting a long
    /// story decodes only the records whose kind alone does not decide.
    /// Three bytes an event, against about twelve for the record itself.
    ///
    /// It covers the chunk's first ``covered`` records; records after them
    /// (the chunk being filled, or a chunk the log was cut back into and
    /// filled again) are looked at one by one.
    struct ViewIndex: Sendable {
        /// The views with events in the covered records, ascending.
        private var views: [UInt32] = []
        /// `views[i]`'s entries are `entries[starts[i]..<starts[i + 1]]`.
        private var starts: [UInt32] = []
        /// Record offsets, grouped by view, ascending within a view.
        private var entries: [UInt16] = []
        /// Each entry's record's tag (``PackedEvents/Glance/tag(of:)``).
        private var tags: [UInt8] = []
        /// Records indexed: the chunk's first `covered`.
        private(set) var covered = 0

        /// An index of nothing.
        init() {}

        /// Indexes records whose views are `views` and tags `tags`, in
        /// record order (gathered in one read of the records: asked record
        /// by record through closures, the seal read each record twice);
        /// nil when a view number is `UInt32.max` or more (none is, in a
        /// session that fits in memory), so the chunk is read whole instead.
        init?(views view: [UInt64], tags tag: [UInt8]) {
            precondition(view.count == tag.count, "a view and a tag for each record")
            let count = view.count
            precondition(count <= Int(UInt16.max) + 1, "a chunk holds at most 65,536 records")
            guard count > 0 else { return nil }
            // 1. Each record's group (a slot of `counts`, which counts the
            //    group's records).
            let empty = UInt32.max
            var lowest = UInt64.max, highest: UInt64 = 0
            for number in view {
                lowest = Swift.min(lowest, number)
                highest = Swift.max(highest, number)
            }
            guard highest < UInt64(empty) else { return nil }
            var counts: [UInt32]
            var slots = [UInt32](repeating: 0, count: count)
            let span = Int(highest - lowest) + 1
            // 2. The views in order, where each one's entries start, and the
            //    counts made each group's next free entry.
            var next: UInt32 = 0
            func place(_ number: UInt32, _ slot: Int) {
                views.append(number)
                starts.append(next)
                let size = counts[slot]
                counts[slot] = next
                next += size
            }
            if span <= Swift.max(8 * count, 1 << 16) {
                // Views numbered closely (a pass over a tree; a chunk of a
                // few views' events; a chunk across two passes of a big
                // tree, holding its root's and its last views'): counted by
                // number, in order, with no hashing and no sorting (sorting
                // 16,384 views took more than counting them). At most 8
                // counts a record, or 256 KB.
                counts = [UInt32](repeating: 0, count: span)
                var distinct = 0
                for offset in 0..<count {
                    let group = Int(truncatingIfNeeded: view[offset] &- lowest)
                    if counts[group] == 0 { distinct += 1 }
                    counts[group] += 1
                    slots[offset] = UInt32(truncatingIfNeeded: group)
                }
                views.reserveCapacity(distinct)
                starts.reserveCapacity(distinct + 1)
                for group in 0..<span where counts[group] != 0 {
                    place(UInt32(truncatingIfNeeded: lowest) + UInt32(truncatingIfNeeded: group), group)
                }
            } else {
                // Views far apart: counted in an open-addressing table at
                // most half full, then sorted.
                var capacity = 16
                while capacity < 2 * count { capacity <<= 1 }
                let mask = capacity - 1
                var keys = [UInt32](repeating: empty, count: capacity)
                counts = [UInt32](repeating: 0, count: capacity)
                var present: [(view: UInt32, slot: Int)] = []
                for offset in 0..<count {
                    let number = UInt32(truncatingIfNeeded: view[offset])
                    // Fibonacci hashing: view numbers are dense, consecutive ones spread apart.
                    var slot = Int(truncatingIfNeeded: (UInt64(number) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
                    while keys[slot] != empty, keys[slot] != number { slot = (slot + 1) & mask }
                    if keys[slot] == empty { present.append((number, slot)) }
                    keys[slot] = number
                    counts[slot] += 1
                    slots[offset] = UInt32(truncatingIfNeeded: slot)
                }
                present.sort { $0.view < $1.view }
                views.reserveCapacity(present.count)
                starts.reserveCapacity(present.count + 1)
                for (number, slot) in present { place(number, slot) }
            }
            starts.append(next)
            // 3. Each record's offset into its view's run, in record order.
            entries = [UInt16](repeating: 0, count: count)
            tags = [UInt8](repeating: 0, count: count)
            for offset in 0..<count {
                let slot = Int(slots[offset])
                entries[Int(counts[slot])] = UInt16(truncatingIfNeeded: offset)
                tags[Int(counts[slot])] = tag[offset]
                counts[slot] += 1
            }
            covered = count
        }

        /// Where `view`'s entries are in ``entries`` and ``tags`` (empty when it has none).
        func run(of view: ViewID) -> Range<Int> {
            guard let number = UInt32(exactly: view.number) else { return 0..<0 }
            var low = 0
            var high = views.count
            while low < high {
                let middle = (low + high) / 2
                if views[middle] < number { low = middle + 1 } else { high = middle }
            }
            guard low < views.count, views[low] == number else { return 0..<0 }
            return Int(starts[low])..<Int(starts[low + 1])
        }

        /// Where `view`'s entries for records at `offsets` are in
        /// ``entries`` (its run cut by binary search on the offsets).
        func entries(of view: ViewID, at offsets: Range<Int>) -> Range<Int> {
            let run = run(of: view)
            func first(atLeast bound: Int) -> Int {
                var low = run.lowerBound
                var high = run.upperBound
                while low < high {
                    let middle = (low + high) / 2
                    if Int(entries[middle]) < bound { low = middle + 1 } else { high = middle }
                }
                return low
            }
            return first(atLeast: offsets.lowerBound)..<first(atLeast: offsets.upperBound)
        }

        /// Adds one to `histogram[tag]` for each entry of `run` whose tag is
        /// 2 or more, and calls `other` with every other entry. The tags
        /// are read through a buffer pointer: a long story's count reads a
        /// byte an entry (unsafe code, bounded by `run`, which lies within
        /// ``entries``; `histogram` holds 256 counts, one for every tag).
        func tally(_ run: Range<Int>, into histogram: UnsafeMutableBufferPointer<Int>, other: (Int) -> Void) {
            precondition(run.upperBound <= tags.count && histogram.count == 256, "a run of this index, a count for every tag")
            tags.withUnsafeBufferPointer { tags in
                for entry in run {
                    let tag = Int(tags[entry])
                    if tag >= 2 { histogram[tag] += 1 } else { other(entry) }
                }
            }
        }

        /// The record offset of entry `entry`.
        func offset(_ entry: Int) -> Int { Int(entries[entry]) }

        /// The tag of entry `entry`'s record.
        func tag(_ entry: Int) -> UInt8 { tags[entry] }

        /// Bytes the index takes.
        var byteCount: Int {
            views.count * MemoryLayout<UInt32>.stride + starts.count * MemoryLayout<UInt32>.stride
                + entries.count * MemoryLayout<UInt16>.stride + tags.count
        }
    }
}
