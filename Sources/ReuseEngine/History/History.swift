/// Every operation of the session in order, with checkpoints of the state:
/// how an earlier state is rebuilt (``Engine/state(afterPass:)``) and how
/// operations are taken back (``Engine/rewind(toOperations:)``).
///
/// The mechanism is deterministic replay from checkpoints. A checkpoint is a
/// copy of the engine without its log and without its history, so taking one
/// never copies the session's events. Its views are held in chunks shared
/// with the checkpoint before wherever they did not change
/// (``CheckpointViews``); the rest of the session is shared with the live
/// one until the next operations change it. One is taken when the work
/// since the last one (events recorded plus operations run) reaches 64 per
/// unit of what it would add to memory (``weights(of:)``; without shared
/// views, the state's weight, ``Engine/Session/weight``: views, component
/// types, per-instance values, ...), within 16,384 and 65,536, and never
/// less than 4 per unit of what it would cost to take: copying then costs
/// at most a quarter of the work between two copies, so a session's time
/// stays linear in its work however large the state grows, and rebuilding a
/// recent state replays at most the larger of 65,536 events' work and four
/// times that cost.
///
/// The spacing is a trade between every operation and time travel. A
/// checkpoint costs a comparison of every view and a copy of the chunks of
/// views that changed (without shared views, a copy of every view), then
/// the copies of each view's tables as the next operations change them
/// and, later, one destruction, spread over the work until the next;
/// rebuilding a past state replays at most that work (README, Time travel).
///
/// Checkpoints stay evenly spread over the whole session, so that every
/// past state rebuilds as fast as a recent one. Each due point (where the
/// work since the last one reaches the spacing) has an ordinal; besides the
/// origin and the newest checkpoint, only those whose ordinal is a multiple
/// of ``stride`` are kept. When there are more than ``checkpointLimit`` (a
/// number that grows as the square root of the due points, so memory grows
/// more slowly than the session and replay distance too), or when they
/// weigh together more than ``weightMultiple`` times the present state (or
/// ``minimumBudget``, for a small state), the stride doubles and every other
/// one goes, across the whole session. So a long session's checkpoints take
/// memory within a fixed multiple of one state whatever the session does (a
/// window jump changes every view, so its checkpoint shares nothing with the
/// one before), and no past state is further than `stride` due points from
/// a checkpoint: after 10^6 `set` passes on a 50-card screen, about 2,000
/// passes (reuse-bench scale).
struct History: Sendable {
    /// One operation that ran, and where the log stood around it.
    struct Entry: Sendable {
        var operation: Operation
        /// The log just before the operation ran.
        var before: EventLog.Mark
        /// Passes run when it finished.
        var passesAfter: Int
    }

    /// The state after the first `operations` operations: the session
    /// alone (its log detached), none of the engine's scratch.
    struct Checkpoint: Sendable {
        var operations: Int
        /// The session; its views are in ``views`` when that holds them.
        private var held: Engine.Session
        /// The session's views in chunks shared with the checkpoint before
        /// (``FastPaths/sharedCheckpointViews``); nil: ``held`` has them.
        private(set) var views: CheckpointViews?
        /// What it weighs beside the checkpoint before it: the session's
        /// ``Engine/Session/weight``, or with ``views``, the weight of the
        /// rest (``restWeight``) plus the views it does not share and its
        /// table of chunks (``CheckpointViews/tableWeight(chunks:)``).
        var weight: Int
        /// The weight of the session less its views (with ``views``).
        private var restWeight: Int
        /// The due point it was taken at (0: the origin).
        var ordinal: Int

        /// A checkpoint of `session` after `operations` operations, taken
        /// at due point `ordinal`; its views in chunks shared with `latest`'s
        /// when `sharing` (``FastPaths/sharedCheckpointViews``).
        init(operations: Int, session: Engine.Session, ordinal: Int, sharing: Bool, latest: Checkpoint?,
             viewsPerChunk: Int = CheckpointViews.defaultChunkSize) {
            self.operations = operations
            self.ordinal = ordinal
            held = session
            guard sharing else {
                views = nil
                restWeight = session.weight
                weight = restWeight
                return
            }
            let chunked = CheckpointViews(session.store.views, after: latest?.views, chunkSize: viewsPerChunk)
            // The live array is left to the live session alone: its next
            // write copies nothing.
            held.store.views = []
            views = chunked
            restWeight = session.weight - session.store.count
            weight = restWeight + chunked.weight(after: latest?.views)
        }

        /// The session as it was, its views in one array of their own.
        var session: Engine.Session {
            guard let views else { return held }
            var session = held
            session.store.views = views.views
            return session
        }

        /// Weighs it again beside `previous`, the checkpoint now before it.
        mutating func weigh(after previous: Checkpoint?) {
            guard let views else { return }
            weight = restWeight + views.weight(after: previous?.views)
        }

        /// What its views cost to make beyond the comparison and the views
        /// made since the one before (``CheckpointViews/rewritten``): a
        /// guide to the next one's cost.
        var viewsRewritten: Int { views?.rewritten ?? 0 }
    }

    /// Work between checkpoints (events plus operations): ``workPerView``
    /// per view, within these bounds (tests narrow them to take many checkpoints).
    var spacing = 16_384...65_536
    static let workPerView = 64
    /// The least work between checkpoints per unit of weight, whatever
    /// ``spacing`` says (tests that take a checkpoint at every operation set 0).
    var workPerUnitCopied = 4

    private(set) var entries = Journal()
    /// In operation order; the first holds the state before any operation.
    private(set) var checkpoints: [Checkpoint] = []
    /// Events recorded and operations run since the last due point.
    private var workSinceCheckpoint = 0
    /// Due points since the start: the ordinal of the last one.
    private(set) var duePoints = 0
    /// Kept checkpoints past the origin are at multiples of this many due
    /// points (the newest aside); a power of two.
    private(set) var stride = 1
    /// The checkpoints' weights added up.
    private(set) var checkpointWeight = 0

    /// Starts the history at `origin` (an engine before any operation).
    mutating func start(at origin: Engine.Session) {
        entries = Journal()
        checkpoints = [Checkpoint(operations: 0, session: origin, ordinal: 0,
                                  sharing: origin.store.fastPaths.contains(.sharedCheckpointViews), latest: nil)]
        checkpointWeight = checkpoints[0].weight
        workSinceCheckpoint = 0
        duePoints = 0
        stride = 1
    }

    /// Journals an operation that ran; returns whether a checkpoint may be
    /// due: the work since the last one reached the least spacing, below
    /// which none is due whatever the state weighs (``checkpointDue(weight:)``
    /// says whether one is).
    mutating func append(_ entry: Entry, events: Int) -> Bool {
        entries.append(entry)
        return counted(events: events)
    }

    /// ``append(_:events:)`` for `scroll` of `path` by `motion`: the
    /// operation is made only when it is stored (``Journal/appendScroll(_:_:before:passesAfter:)``).
    mutating func appendScroll(_ path: ComponentPath, _ motion: ScrollMotion, before: EventLog.Mark, passesAfter: Int,
                               events: Int) -> Bool {
        entries.appendScroll(path, motion, before: before, passesAfter: passesAfter)
        return counted(events: events)
    }

    /// Counts an operation journaled with `events` events: whether a
    /// checkpoint may be due (``append(_:events:)``).
    @inline(__always)
    private mutating func counted(events: Int) -> Bool {
        workSinceCheckpoint += events + 1
        // The spacing's lower bound is at most its upper bound, so every
        // due point lies at or past it: the weight, which sums a count of
        // each part of the session, is asked only past it.
        return keepsCheckpoints && workSinceCheckpoint >= spacing.lowerBound
    }

    /// Whether a checkpoint of `session` is due after the operations
    /// journaled; when it is, a due point is counted. The spacing is
    /// ``workPerView`` per unit of what a checkpoint would add to memory,
    /// within ``spacing``, and never less than ``workPerUnitCopied`` per
    /// unit of what it would cost to take (``weights(of:)``).
    mutating func checkpointDue(of session: Engine.Session) -> Bool {
        guard keepsCheckpoints else { return false }
        let (memory, copy) = weights(of: session)
        let due = max(min(max(History.workPerView * memory, spacing.lowerBound), spacing.upperBound),
                      workPerUnitCopied * copy)
        guard workSinceCheckpoint >= due else { return false }
        duePoints += 1
        workSinceCheckpoint = 0
        return true
    }

    /// What a checkpoint of `session` would add to memory and cost to
    /// take, in units of about one view copied (``Engine/Session/weight``'s).
    /// A checkpoint that holds the session whole adds and costs the whole
    /// state. With shared views (``FastPaths/sharedCheckpointViews``), it
    /// adds the rest of the state, its table of chunks (a unit for 64)
    /// and as many views as the newest checkpoint rewrote
    /// (``CheckpointViews/rewritten``: views made since are paid for by the
    /// events that made them), and costs the rest, the views rewritten and
    /// the views compared (``viewsComparedPerUnit`` to a unit). A
    /// checkpoint that rewrote more than the last spaces the next one further.
    func weights(of session: Engine.Session) -> (memory: Int, copy: Int) {
        guard session.store.fastPaths.contains(.sharedCheckpointViews) else { return (session.weight, session.weight) }
        let views = session.store.count
        let rest = session.weight - views + (checkpoints.last?.viewsRewritten ?? 0)
        let chunks = (views + viewsPerChunk - 1) / viewsPerChunk
        return (rest + CheckpointViews.tableWeight(chunks: chunks), rest + views / History.viewsComparedPerUnit)
    }

    /// Views compared for about the cost of a unit of work (an event
    /// recorded): about 55 measured under texture (BENCHMARKS.md, "Time
    /// travel when the state is large"), taken lower.
    static let viewsComparedPerUnit = 32

    /// At least this many checkpoints may be kept, whatever the session's length.
    static let minimumCheckpoints = 128
    /// At most this many checkpoints are kept: ``minimumCheckpoints``, or
    /// 8 per square root of the due points. After 10^6 passes of `set` on a
    /// 50-card screen (about 7,700 due points) that is about 700, a few
    /// percent of the session's memory; the replay distance grows as the
    /// square root of the session too.
    var checkpointLimit: Int {
        max(History.minimumCheckpoints, 8 * Int(Double(duePoints).squareRoot()))
    }
    /// The checkpoints weigh at most this many times the present state...
    static let weightMultiple = 4
    /// ... or this much, whichever is more: about 230 MB of views at the
    /// 1.8 KB a view with its tables and node takes. A small state keeps
    /// all ``maximumCheckpoints``.
    static let minimumBudget = 1 << 17
    /// Views in a chunk of a checkpoint that shares views
    /// (``CheckpointViews``); tests take fewer, down to 1, so that short
    /// sessions share views.
    var viewsPerChunk = CheckpointViews.defaultChunkSize
    /// ``minimumBudget``, narrowed by tests.
    var budgetFloor = History.minimumBudget
    /// Whether checkpoints are taken past the origin (``Engine/keepsCheckpoints``).
    var keepsCheckpoints = true

    /// Takes a checkpoint of `session` at the last due point.
    mutating func addCheckpoint(_ session: Engine.Session) {
        // Made first, so that it shares what it can with the newest, kept or not.
        var checkpoint = Checkpoint(operations: entries.count, session: session, ordinal: duePoints,
                                    sharing: session.store.fastPaths.contains(.sharedCheckpointViews),
                                    latest: checkpoints.last, viewsPerChunk: viewsPerChunk)
        // The newest checkpoint is kept off the stride only while it is the newest.
        if checkpoints.count > 1, let last = checkpoints.last, !last.ordinal.isMultiple(of: stride) {
            checkpointWeight -= last.weight
            checkpoints.removeLast()
            // Its views weigh what it does not share with the one now before it.
            checkpoint.weigh(after: checkpoints.last)
        }
        checkpoints.append(checkpoint)
        checkpointWeight += checkpoint.weight
        let budget = max(History.weightMultiple * session.weight, budgetFloor)
        while checkpoints.count > 2, checkpoints.count > checkpointLimit || checkpointWeight > budget {
            thin()
        }
    }

    /// Doubles the stride and drops the checkpoints off it, across the
    /// whole session, keeping the origin (index 0) and the newest.
    private mutating func thin() {
        stride *= 2
        let newest = checkpoints.count - 1
        var kept: [Checkpoint] = []
        kept.reserveCapacity(checkpoints.count / 2 + 2)
        checkpointWeight = 0
        for (index, var checkpoint) in checkpoints.enumerated()
        where index == 0 || index == newest || checkpoint.ordinal.isMultiple(of: stride) {
            // Its views weigh what it does not share with the one now before it.
            checkpoint.weigh(after: kept.last)
            checkpointWeight += checkpoint.weight
            kept.append(checkpoint)
        }
        checkpoints = kept
    }

    /// Whether the checkpoints are as the type says: in operation order
    /// from the origin, their weights adding up, within the limit, and
    /// evenly spread (each one past the origin, the newest aside, on the
    /// stride, and no two neighbours more than a stride apart). Checked by
    /// the tests after every operation, as swift-collections checks its
    /// invariants after every mutation.
    var invariantsHold: Bool {
        guard let origin = checkpoints.first, origin.operations == 0, origin.ordinal == 0 else { return false }
        guard checkpointWeight == checkpoints.reduce(0, { $0 + $1.weight }) else { return false }
        guard checkpoints.count <= max(checkpointLimit, 2) else { return false }
        for index in checkpoints.indices.dropFirst() {
            let (previous, checkpoint) = (checkpoints[index - 1], checkpoints[index])
            guard previous.operations <= checkpoint.operations, previous.ordinal < checkpoint.ordinal,
                  checkpoint.ordinal <= duePoints else { return false }
            let isNewest = index == checkpoints.count - 1
            guard isNewest || checkpoint.ordinal.isMultiple(of: stride) else { return false }
            guard checkpoint.ordinal - previous.ordinal <= stride else { return false }
        }
        return true
    }

    /// The last checkpoint taken at or before operation `count`.
    func checkpoint(atOrBefore count: Int) -> Checkpoint? {
        var low = 0
        var high = checkpoints.count
        while low < high {
            let middle = (low + high) / 2
            if checkpoints[middle].operations <= count { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? checkpoints[low - 1] : nil
    }

    /// The number of operations that had run when pass `number` ended.
    func operations(throughPass number: Int) -> Int? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].passesAfter < number { low = middle + 1 } else { high = middle }
        }
        return low < entries.count ? low + 1 : nil
    }

    /// Forgets every operation after the first `count`, and the checkpoints
    /// after them; returns those checkpoints (newest first), for the caller to free
    /// (``Reclamation``).
    @discardableResult
    mutating func truncate(to count: Int) -> [Checkpoint] {
        guard count < entries.count else { return [] }
        let end = entries[count].before
        entries.removeAll(from: count)
        // The checkpoints after operation `count` go in one removal (the
        // origin stays), their weights read in place, not copied out.
        var kept = checkpoints.count
        while kept > 1, checkpoints[kept - 1].operations > count {
            kept -= 1
            checkpointWeight -= checkpoints[kept].weight
        }
        // Moved out, not copied (a copy would retain every table of every view).
        var removed: [Checkpoint] = []
        removed.reserveCapacity(checkpoints.count - kept)
        while checkpoints.count > kept { removed.append(checkpoints.removeLast()) }
        let from = checkpoints.last?.operations ?? 0
        let start = from < entries.count ? entries[from].before : end
        workSinceCheckpoint = (end.seq - start.seq) + (count - from)
        // Due points count on from the newest checkpoint kept.
        duePoints = checkpoints.last?.ordinal ?? 0
        return removed
    }
}

extension History {
    /// The operations of a session in order, each with where the log stood
    /// around it: 20 bytes an operation, and one stored ``Operation`` for
    /// each distinct one of the kinds a session repeats (a thousand `scroll
    /// Feed by 1` store one; the 100 `set` lines a 50-card screen cycles
    /// through store 100, where one per line took about 130 bytes each).
    struct Journal: RandomAccessCollection, Sendable {
        /// One entry as stored. Counts of passes and operations fit in 32
        /// bits: a session holds far less than 2^32 of either (each costs
        /// more than a byte of memory: a pass its summary, an operation this
        /// entry). Event and sequence numbers need not (with `log keep` a
        /// session records events without holding them), so their low
        /// halves are stored here and their high halves in ``HighHalves``.
        private struct Stored: Sendable {
            var eventsLow: UInt32
            var seqLow: UInt32
            var passes: UInt32
            /// Passes the operation ran.
            var passesRun: UInt32
            /// Its index in `operations`.
            var operation: UInt32
        }

        private var stored = ChunkedArray<Stored>()
        /// The high halves of the entries' event and sequence numbers (both
        /// only grow along the journal).
        private var eventsHigh = HighHalves()
        private var seqHigh = HighHalves()
        private var operations = ChunkedArray<Operation>()
        /// The stored operations that ``Operation/repeats(_:)`` compares, by
        /// ``Operation/repeatHash`` (open addressing, linear probing; each
        /// slot 0 or an index in `operations` plus one; at most half full):
        /// a command typed again, whatever came between (the 100 `set`
        /// lines a 50-card screen cycles through), is stored once. Stored
        /// operations are never taken back (``removeAll(from:)``), so the
        /// table never names a missing one.
        private var slots: [UInt32] = []
        /// Operations in `slots`.
        private var interned = 0

        /// Bytes an entry takes as stored.
        static var storedStride: Int { MemoryLayout<Stored>.stride }

        var startIndex: Int { 0 }
        var endIndex: Int { stored.count }
        /// Operations stored: one for each distinct operation of the kinds
        /// ``Operation/repeats(_:)`` compares, one for each of the others.
        var storedOperations: Int { operations.count }

        subscript(index: Int) -> Entry {
            let entry = stored[index]
            let before = EventLog.Mark(passes: Int(entry.passes), events: eventsHigh.value(low: entry.eventsLow, at: index),
                                       seq: seqHigh.value(low: entry.seqLow, at: index))
            return Entry(operation: operations[Int(entry.operation)], before: before,
                         passesAfter: Int(entry.passes) + Int(entry.passesRun))
        }

        mutating func append(_ entry: Entry) {
            // The last operation stored is compared in place (`lastInPlace`),
            // not copied out: a run of one command (`scroll Feed by 1`) costs
            // no hashing.
            let hasLast = !operations.isEmpty
            let index: Int
            if hasLast, entry.operation.repeats(operations.lastInPlace) {
                index = operations.count - 1
            } else if let hash = entry.operation.repeatHash {
                index = intern(entry.operation, hash: hash, sharingPathWithLast: hasLast)
            } else {
                var operation = entry.operation
                if hasLast { operation.sharePath(with: operations.lastInPlace) }
                operations.append(operation)
                index = operations.count - 1
            }
            store(before: entry.before, passesAfter: entry.passesAfter, operation: index)
        }

        /// ``append(_:)`` of `.scroll(path, motion)`, the operation made
        /// only when it is stored: a scroll that repeats the last operation
        /// stored (`scroll Feed by 1` again) is compared with it field by
        /// field, as ``Operation/repeats(_:)`` compares them, and stores
        /// its index alone. (Made at every step, the operation retained and
        /// released the path.)
        mutating func appendScroll(_ path: ComponentPath, _ motion: ScrollMotion, before: EventLog.Mark, passesAfter: Int) {
            if !operations.isEmpty, case .scroll(let last, let lastMotion) = operations.lastInPlace,
               motion == lastMotion, path.isIdentical(to: last) {
                store(before: before, passesAfter: passesAfter, operation: operations.count - 1)
                return
            }
            append(Entry(operation: .scroll(path, motion), before: before, passesAfter: passesAfter))
        }

        @inline(__always)
        private mutating func store(before: EventLog.Mark, passesAfter: Int, operation index: Int) {
            stored.append(Stored(eventsLow: eventsHigh.low(of: before.events, at: stored.count),
                                 seqLow: seqHigh.low(of: before.seq, at: stored.count),
                                 passes: UInt32(before.passes),
                                 passesRun: UInt32(passesAfter - before.passes),
                                 operation: UInt32(index)))
        }

        /// The index of the stored operation that `operation` repeats,
        /// stored now if there is none.
        private mutating func intern(_ operation: Operation, hash: Int, sharingPathWithLast: Bool) -> Int {
            if interned * 2 >= slots.count { growSlots() }
            let mask = slots.count - 1
            var slot = hash & mask
            while slots[slot] != 0 {
                let index = Int(slots[slot]) - 1
                if operation.repeats(operations[index]) { return index }
                slot = (slot + 1) & mask
            }
            var new = operation
            if sharingPathWithLast { new.sharePath(with: operations.lastInPlace) }
            operations.append(new)
            slots[slot] = UInt32(operations.count)
            interned += 1
            return operations.count - 1
        }

        private mutating func growSlots() {
            let capacity = Swift.max(16, slots.count * 2)
            slots = [UInt32](repeating: 0, count: capacity)
            let mask = capacity - 1
            for index in 0..<operations.count {
                guard let hash = operations[index].repeatHash else { continue }
                var slot = hash & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = UInt32(index + 1)
            }
        }

        /// Forgets the entries from `index` on. The operations stay stored
        /// (an entry kept may name one stored after a later entry's), to be
        /// named again when the same command comes back.
        mutating func removeAll(from index: Int) {
            stored.removeAll(from: index)
            eventsHigh.removeAll(from: index)
            seqHigh.removeAll(from: index)
        }
    }
}

extension Engine {
    /// Runs an operation and journals it when it succeeds (a failed operation
    /// changed nothing), taking a checkpoint when one is due.
    ///
    /// An operation whose pass was stopped by the interruption check is
    /// taken back: the state before it is rebuilt from the nearest
    /// checkpoint (as ``rewind(toOperations:)`` does) and the log cut back
    /// to where it stood, then ``EngineError/interrupted`` is thrown.
    // Inlined: a call would copy the operation it journals.
    @inline(__always)
    mutating func journaled<Result>(_ operation: Operation,
                                    _ body: (inout Engine) throws(EngineError) -> Result) throws(EngineError) -> Result {
        try journaling(body) { history, before, after in
            history.append(History.Entry(operation: operation, before: before, passesAfter: after.passes),
                           events: after.seq - before.seq)
        }
    }

    /// ``journaled(_:_:)`` of `.scroll(path, motion)`, with the operation
    /// made only when the journal stores it (``History/appendScroll(_:_:before:passesAfter:events:)``):
    /// a run of one scroll command makes none. The same steps in the same
    /// order otherwise.
    @inline(__always)
    mutating func journaledScroll<Result>(_ path: ComponentPath, _ motion: ScrollMotion,
                                          _ body: (inout Engine) throws(EngineError) -> Result) throws(EngineError) -> Result {
        try journaling(body) { history, before, after in
            history.appendScroll(path, motion, before: before, passesAfter: after.passes, events: after.seq - before.seq)
        }
    }

    /// Runs `body`, then `append`s its journal entry from the log's marks
    /// before and after it (`append` says whether a checkpoint may be
    /// due), taking a checkpoint when one is; an interrupted pass is taken
    /// back (``journaled(_:_:)``). Inlined with both closures.
    @inline(__always)
    private mutating func journaling<Result>(_ body: (inout Engine) throws(EngineError) -> Result,
                                             append: (inout History, EventLog.Mark, EventLog.Mark) -> Bool)
        throws(EngineError) -> Result {
        let before = session.store.log.mark
        let result = try body(&self)
        if passAbandoned {
            restore(operations: history.entries.count, log: before)
            throw .interrupted
        }
        let after = session.store.log.mark
        if append(&history, before, after), history.checkpointDue(of: session) {
            history.addCheckpoint(checkpointState())
        }
        return result
    }

    /// The state after the first `count` operations, with the live log cut
    /// back to `mark` and the history to `count` operations.
    mutating func restore(operations count: Int, log mark: EventLog.Mark) {
        var restored = replayed(operations: count)
        // Take the log and history out first, so both shrink in place.
        var log = session.store.log
        session.store.log = EventLog()
        let cutEvents = log.truncate(to: mark)
        var history = self.history
        self.history = History()
        let cutCheckpoints = history.truncate(to: count)
        if fastPaths.contains(.releaseInBackground), !cutEvents.isEmpty || !cutCheckpoints.isEmpty {
            Reclamation.release((cutEvents, cutCheckpoints))
        }
        restored.session.store.log = log
        restored.history = history
        restored.interruptionCheck = interruptionCheck
        restored.passAbandoned = false
        self = restored
    }

    /// A copy of the session with a detached log (no events, counters
    /// kept): what a checkpoint holds.
    func checkpointState() -> Session {
        var copy = session
        copy.store.log = session.store.log.detached()
        return copy
    }

    /// Operations run so far: a point ``rewind(toOperations:)`` can go back to.
    public var operationCount: Int { history.entries.count }

    /// The state after the first `count` operations, rebuilt from the nearest
    /// checkpoint. Its log is detached: it counts on but holds no events.
    func replayed(operations count: Int) -> Engine {
        guard let checkpoint = history.checkpoint(atOrBefore: count) else { return self }
        // Empty scratch, no history, never interrupted: it rebuilds a
        // state that existed, with the live engine's shortcuts.
        var engine = Engine(resuming: checkpoint.session, fastPaths: fastPaths)
        replay(on: &engine, operations: count, after: checkpoint.operations)
        return engine
    }

    /// Carries `engine`, the state after the first `done` operations, on to
    /// the state after the first `count`. In place: an engine copied in
    /// (its views shared with the copy) would copy every view at the
    /// replay's first write.
    private func replay(on engine: inout Engine, operations count: Int, after done: Int) {
        // The steps of a replay are in the live log already: it counts them
        // (pass and sequence numbers, totals) but keeps none, which also
        // spares a replay far into the past the memory and time of
        // recording them again.
        let keepsEvents = engine.session.store.log.keepsEvents
        engine.session.store.log.keepsEvents = false
        // Never interrupted (a state carried on from another replay has the
        // live engine's check): a replay runs the operations unjournaled,
        // so a pass stopped half way would leave the state half mounted.
        engine.interruptionCheck = nil
        for entry in history.entries[done..<count] {
            // It succeeded from this very state once: it succeeds again.
            try? entry.operation.replay(on: &engine)
        }
        engine.session.store.log.keepsEvents = keepsEvents
        engine.interruptionCheck = interruptionCheck
    }

    /// The state right after pass `number` ran (and before anything after
    /// it), or nil when no such pass ran. Views, pools, mounted components,
    /// definitions and pending loads are as they were then; its log holds no
    /// events (the live log has them all).
    ///
    /// Cost: one checkpoint copy plus at most the work between two checkpoints.
    public func state(afterPass number: Int) -> Engine? {
        guard number >= 1, number <= log.currentPass, let count = history.operations(throughPass: number) else { return nil }
        return replayed(operations: count)
    }

    /// The states right after passes `first` and `second` (`first` at most
    /// `second`), or nil when either did not run: what `diff A B` compares.
    ///
    /// The second is the first replayed on (the `continuedReplay` fast path)
    /// when no checkpoint lies between them, so `diff P P+1` costs one
    /// replay, not two. Safe because replay is deterministic: the operations
    /// after the first pass, run on its state, make the state a replay from
    /// the checkpoint makes (every past state's rebuilding rests on it).
    public func states(afterPass first: Int, andPass second: Int) -> (Engine, Engine)? {
        guard first >= 1, first <= second, second <= log.currentPass,
              let done = history.operations(throughPass: first),
              let count = history.operations(throughPass: second) else { return nil }
        let start = replayed(operations: done)
        guard fastPaths.contains(.continuedReplay), let nearest = history.checkpoint(atOrBefore: count),
              nearest.operations <= done else {
            return (start, replayed(operations: count))
        }
        // The second shares the first's views until its first write copies them.
        var second = start
        replay(on: &second, operations: count, after: done)
        return (start, second)
    }

    /// Takes back every operation after the first `count`, as if it had never
    /// run: the state, the log, view ids and pass numbers are those of the
    /// session without them.
    public mutating func rewind(toOperations count: Int) {
        guard count >= 0, count < history.entries.count else { return }
        restore(operations: count, log: history.entries[count].before)
    }
}

extension Engine.Session {
    /// About how much a copy of the session holds that the next operations
    /// may change, in units of about one view (its tables and node): the
    /// views ever made, the component types, and every entry the session
    /// keeps per instance, row or list. Counted, never measured: each part
    /// knows its count, so this costs nothing.
    var weight: Int {
        store.count + store.catalog.components.count + instanceValues.count + listItems.count
            + itemState.count + savedState.count + hiddenPaths.count
    }
}
