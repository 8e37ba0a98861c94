/// The events of a log, packed: records of numbers (about 14 bytes each,
/// see ``EncodedRecords``) that hold no references, with what the steps
/// name (paths, pool keys, attributes, component names) in side tables.
///
/// Events are kept in chunks of at most ``chunkCapacity``. Each chunk has its
/// own side tables, so dropping the oldest chunk (`log keep N`) frees
/// everything its events named, and no table grows past a chunk's worth of
/// distinct entries. Within a chunk, sequence numbers run without gaps (a
/// gap, left by events counted but not kept, starts a new chunk), so a
/// record does not store its own.
///
/// Steps that are rare or carry more than three small numbers (a reorder, a
/// removal's reason, RecyclerView's caches, Valdi's renders, loads), and
/// anything whose numbers do not fit in 32 bits, are kept whole beside the
/// records.
struct PackedEvents: Sendable {
    /// Events per chunk.
    static let chunkCapacity = 4_096

    private var chunks: [Chunk] = []
    /// Events held.
    private(set) var count = 0

    /// The absolute number of the first event held (events before it were dropped).
    private(set) var startIndex = 0
    var endIndex: Int { startIndex + count }

    /// Stores the event of `step` done to `view` for an instance, from its
    /// parts, as sequence number `seq` of pass `pass`.
    mutating func append(_ view: ViewID, component: String?, path: ComponentPath?, step: ReuseEvent.Step, seq: Int, pass: Int) {
        if chunks.isEmpty || !chunks[chunks.count - 1].accepts(seq: seq) {
            if !chunks.isEmpty { chunks[chunks.count - 1].seal() }
            chunks.append(Chunk(start: endIndex, firstSeq: seq))
        }
        chunks[chunks.count - 1].append(view, component: component, path: path, step: step, seq: seq, pass: pass)
        count += 1
    }

    /// The event numbered `index` (absolute: counted from the session's first event).
    subscript(index: Int) -> ReuseEvent {
        let chunk = chunkHolding(index)
        return chunks[chunk].event(at: index - chunks[chunk].start)
    }

    /// The event numbered `index` if it is about `view` and of one of
    /// `kinds` (nil: any); the record is looked at before the event is read.
    func event(at index: Int, ifView view: ViewID?, kinds: Set<ReuseEvent.Kind>?) -> ReuseEvent? {
        let chunk = chunkHolding(index)
        return chunks[chunk].event(at: index - chunks[chunk].start, ifView: view, kinds: kinds)
    }

    /// Drops whole chunks from the front while the first kept event stays
    /// at or after `index`.
    mutating func dropChunks(before index: Int) {
        var drop = 0
        while drop < chunks.count, chunks[drop].start + chunks[drop].count <= index { drop += 1 }
        guard drop > 0 else { return }
        let removed = chunks[..<drop].reduce(0) { $0 + $1.count }
        chunks.removeFirst(drop)
        startIndex += removed
        count -= removed
    }

    /// Removes the events from `index` on.
    mutating func removeAll(from index: Int) {
        guard index < endIndex else { return }
        guard index > startIndex else { return removeAll(startingAgainAt: index) }
        while let last = chunks.last, last.start >= index { chunks.removeLast() }
        if !chunks.isEmpty { chunks[chunks.count - 1].removeAll(from: index - chunks[chunks.count - 1].start) }
        count = index - startIndex
    }

    /// Removes every event, the next one being numbered `index`.
    mutating func removeAll(startingAgainAt index: Int) {
        chunks.removeAll()
        count = 0
        startIndex = index
    }

    /// The bytes the records take (side tables and events kept whole aside).
    var recordBytes: Int { chunks.reduce(0) { $0 + $1.recordBytes } }
    /// Events kept whole beside the records.
    var wholeCount: Int { chunks.reduce(0) { $0 + $1.wholeCount } }

    private func chunkHolding(_ index: Int) -> Int {
        // Chunks are full except where a gap in sequence numbers started a
        // new one, so the guess from the capacity is usually right.
        let guess = (index - startIndex) / Self.chunkCapacity
        if guess < chunks.count, chunks[guess].start <= index, index < chunks[guess].start + chunks[guess].count {
            return guess
        }
        var low = 0
        var high = chunks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if chunks[middle].start <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

extension PackedEvents {
    /// One event as numbers: its kind, the view, names by table id (0 for
    /// none), the pass, and up to three numbers whose meaning depends on the
    /// kind (stored in a few bytes by ``EncodedRecords``):
    ///
    /// - `create`: a parent, b key; `reuse`: the same, c previous path (0: none)
    /// - `unhide`: a parent; `hide`: a parent, b key (0: none)
    /// - `apply`, `unapply`: a attribute; `update`: a attribute, b the
    ///   attribute with its old value; `skip`: a attribute (0: the whole
    ///   configuration). For `apply`, `unapply` and `skip` with `numbered`
    ///   set, a is a ``NumberedAttribute`` and b its number (a list's
    ///   `text: "row 12345"` stores `"row "` once per chunk).
    /// - `reparent`: a from, b to
    /// - kind nil: the event is kept whole beside the records, at index a.
    struct Record: Sendable {
        var view: UInt32
        var component: UInt32
        var path: UInt32
        var pass: UInt32
        var a: UInt32
        var b: UInt32
        var c: UInt32
        var kind: ReuseEvent.Kind?
        var numbered = false
    }

    struct Chunk: Sendable {
        /// The absolute number of its first event.
        let start: Int
        let firstSeq: Int
        private var records = EncodedRecords()
        private var names = Interner<String>()
        private var keys = Interner<ViewKey>()
        private var attributes = Interner<Attribute>()
        private var numberedAttributes = Interner<NumberedAttribute>()
        private var paths = PathTable()
        private var whole: [ReuseEvent] = []
        /// The last pool key stored, with its id: consecutive events mostly
        /// name the same one. (Component names: ``PathTable/nameID(_:names:)``.)
        private var lastKey: (key: ViewKey, id: UInt32)?
        /// The key looked up before it: a list row's events name its cell's
        /// key and its child's in turn (keys made once compare by identity).
        private var keyBefore: (key: ViewKey, id: UInt32)?
        /// The last numbered attribute stored, with its id (a list's rows name the same one).
        private var lastNumbered: (attribute: NumberedAttribute, id: UInt32)?

        init(start: Int, firstSeq: Int) {
            self.start = start
            self.firstSeq = firstSeq
        }

        var count: Int { records.count }
        var recordBytes: Int { records.byteCount }
        var wholeCount: Int { whole.count }

        func accepts(seq: Int) -> Bool {
            records.count < PackedEvents.chunkCapacity && seq == firstSeq + records.count
        }

        mutating func removeAll(from offset: Int) {
            // The events kept whole that the removed records name (a suffix of `whole`) go too.
            if let first = (offset..<records.count).first(where: { records[$0].kind == nil }) {
                whole.removeSubrange(Int(records[first].a)...)
            }
            records.removeAll(from: offset)
        }

        /// The chunk takes no more events: its lookup caches go, and its
        /// records' bytes take no more room than they fill.
        mutating func seal() {
            paths.seal()
            records.seal()
        }

        mutating func append(_ view: ViewID, component: String?, path: ComponentPath?, step: ReuseEvent.Step, seq: Int, pass: Int) {
            guard let record = pack(view, component: component, path: path, step: step, pass: pass) else {
                whole.append(ReuseEvent(seq: seq, pass: pass, view: view, component: component, path: path, step: step))
                records.append(Record(view: 0, component: 0, path: 0, pass: 0, a: UInt32(whole.count - 1),
                                      b: 0, c: 0, kind: nil))
                return
            }
            records.append(record)
        }

        func event(at offset: Int) -> ReuseEvent {
            let record = records[offset]
            guard let kind = record.kind else { return whole[Int(record.a)] }
            return ReuseEvent(seq: firstSeq + offset, pass: Int(record.pass), view: ViewID(Int(record.view)),
                              component: names.value(record.component), path: paths.path(record.path, names: names),
                              step: step(of: record, kind: kind))
        }

        func event(at offset: Int, ifView view: ViewID?, kinds: Set<ReuseEvent.Kind>?) -> ReuseEvent? {
            let record = records[offset]
            guard let kind = record.kind else {
                let event = whole[Int(record.a)]
                return (view ?? event.view) == event.view && kinds?.contains(event.kind) != false ? event : nil
            }
            // A packed record is tested before its event is read back.
            guard view.map({ UInt32(exactly: $0.number) == record.view }) != false, kinds?.contains(kind) != false else { return nil }
            return event(at: offset)
        }

        // MARK: Packing

        private mutating func pack(_ view: ViewID, component: String?, path: ComponentPath?, step: ReuseEvent.Step,
                                   pass: Int) -> Record? {
            guard let viewNumber = UInt32(exactly: view.number), let pass = UInt32(exactly: pass) else { return nil }
            var record = Record(view: viewNumber, component: 0, path: 0, pass: pass, a: 0, b: 0, c: 0, kind: step.kind)
            switch step {
            case .create(let parent, let key):
                guard let parent = UInt32(exactly: parent.number) else { return nil }
                (record.a, record.b) = (parent, keyID(key))
            case .reuse(let parent, let key, let previous):
                guard let parent = UInt32(exactly: parent.number),
                      let previous = previous.map({ paths.id($0, names: &names) }) ?? 0 else { return nil }
                (record.a, record.b, record.c) = (parent, keyID(key), previous)
            case .unhide(let parent):
                guard let parent = UInt32(exactly: parent.number) else { return nil }
                record.a = parent
            case .hide(let parent, let key):
                guard let parent = UInt32(exactly: parent.number) else { return nil }
                (record.a, record.b) = (parent, key.map { keyID($0) } ?? 0)
            case .apply(let attribute), .unapply(let attribute):
                store(attribute, in: &record)
            case .update(let attribute, let old):
                (record.a, record.b) = (attributes.id(attribute), attributes.id(Attribute(attribute.name, old)))
            case .skip(let attribute):
                if let attribute { store(attribute, in: &record) }
            case .enterPool, .leavePool, .prepareForReuse, .reconfigure, .recycle:
                break
            case .reparent(let from, let to):
                guard let from = UInt32(exactly: from.number), let to = UInt32(exactly: to.number) else { return nil }
                (record.a, record.b) = (from, to)
            default:
                return nil
            }
            guard let pathID = path.map({ paths.id($0, names: &names) }) ?? 0 else { return nil }
            if let component {
                record.component = paths.nameID(component, names: &names)
            }
            record.path = pathID
            return record
        }

        /// Stores `attribute` as the record's a, or, when its value holds a
        /// number, as a numbered attribute in a and the number in b.
        private mutating func store(_ attribute: Attribute, in record: inout Record) {
            if let (numbered, number) = NumberedAttribute.split(attribute) {
                let id: UInt32
                if let last = lastNumbered, last.attribute.isStored(as: numbered) {
                    id = last.id
                } else {
                    id = numberedAttributes.id(numbered)
                    lastNumbered = (numbered, id)
                }
                (record.a, record.b, record.numbered) = (id, number, true)
            } else {
                record.a = attributes.id(attribute)
            }
        }

        /// The attribute the record's a (and b) name.
        private func attribute(of record: Record) -> Attribute {
            record.numbered ? numberedAttributes[record.a].attribute(with: record.b) : attributes[record.a]
        }

        private mutating func keyID(_ key: ViewKey) -> UInt32 {
            if let last = lastKey, last.key == key { return last.id }
            if let before = keyBefore, before.key == key {
                (lastKey, keyBefore) = (before, lastKey)
                return before.id
            }
            let id = keys.id(key)
            (lastKey, keyBefore) = ((key, id), lastKey)
            return id
        }

        private func step(of record: Record, kind: ReuseEvent.Kind) -> ReuseEvent.Step {
            let parent = ViewID(Int(record.a))
            switch kind {
            case .create: return .create(parent: parent, key: keys[record.b])
            case .reuse: return .reuse(parent: parent, key: keys[record.b], previous: paths.path(record.c, names: names))
            case .unhide: return .unhide(parent: parent)
            case .hide: return .hide(parent: parent, key: record.b == 0 ? nil : keys[record.b])
            case .apply: return .apply(attribute(of: record))
            case .unapply: return .unapply(attribute(of: record))
            case .update: return .update(attributes[record.a], old: attributes[record.b].value)
            case .skip: return .skip(record.a == 0 ? nil : attribute(of: record))
            case .enterPool: return .enterPool
            case .leavePool: return .leavePool
            case .prepareForReuse: return .prepareForReuse
            case .reconfigure: return .reconfigure
            case .recycle: return .recycle
            case .reparent: return .reparent(from: parent, to: ViewID(Int(record.b)))
            default: preconditionFailure("only the kinds packed above have a record of their own")
            }
        }
    }
}

extension PackedEvents {
    /// A chunk's records, each in as few bytes as its numbers need: a tag
    /// (the kind, and whether the attribute is numbered), then the view,
    /// component, path, pass and a, b, c in LEB128 (the pass counted from
    /// the chunk's first, zigzagged). Most numbers are small ids, so a
    /// record takes 10 to 12 bytes, plus 4 for where it starts: a
    /// `scroll by 1` step's six events take some 94 bytes where 32-byte
    /// records took 192.
    ///
    /// Records are encoded when the chunk is sealed, all at once: the
    /// chunk being filled keeps them as ``Record`` values (so recording an
    /// event costs an append), and only that chunk is ever held that way.
    /// A sealed chunk that takes records again (the log was cut back into
    /// it) holds an encoded part and an open part.
    struct EncodedRecords: Sendable {
        private var bytes: [UInt8] = []
        /// Where each encoded record starts in `bytes`.
        private var starts: [UInt32] = []
        /// The records after the encoded ones, not encoded yet.
        private var open: [Record] = []
        /// The pass of the first record encoded: the others store theirs as a difference.
        private var basePass: UInt32?

        /// The most bytes a record takes: a tag and seven numbers.
        private static let maximumBytes = 1 + 7 * LEB128.maximumBytes

        init() {
            open.reserveCapacity(PackedEvents.chunkCapacity)
        }

        var count: Int { starts.count + open.count }
        var byteCount: Int {
            bytes.count + MemoryLayout<UInt32>.stride * starts.count + MemoryLayout<Record>.stride * open.count
        }

        mutating func append(_ record: Record) {
            open.append(record)
        }

        subscript(offset: Int) -> Record {
            guard offset < starts.count else { return open[offset - starts.count] }
            var at = Int(starts[offset])
            let tag = bytes[at]
            at += 1
            func next() -> UInt32 { UInt32(truncatingIfNeeded: LEB128.read(bytes, at: &at)) }
            guard tag & 0x7F != 0 else {
                return Record(view: 0, component: 0, path: 0, pass: 0, a: next(), b: 0, c: 0, kind: nil)
            }
            let view = next(), component = next(), path = next()
            let zigzag = Int64(LEB128.read(bytes, at: &at))
            let pass = UInt32(truncatingIfNeeded: Int64(basePass ?? 0) + ((zigzag >> 1) ^ -(zigzag & 1)))
            let a = next(), b = next(), c = next()
            return Record(view: view, component: component, path: path, pass: pass, a: a, b: b, c: c,
                          kind: Self.packedKinds[Int(tag & 0x7F) - 1], numbered: tag & 0x80 != 0)
        }

        mutating func removeAll(from offset: Int) {
            guard offset < count else { return }
            guard offset < starts.count else { return open.removeSubrange((offset - starts.count)...) }
            open.removeAll()
            bytes.removeSubrange(Int(starts[offset])...)
            starts.removeSubrange(offset...)
            if starts.isEmpty { basePass = nil }
        }

        /// Encodes the open records; the bytes then take no more room than they fill.
        mutating func seal() {
            guard !open.isEmpty else { return }
            let base = basePass ?? open[0].pass
            basePass = base
            // Locals only inside the loop (no access to self's storage per record).
            let records = open
            let offset = bytes.count
            var used = 0
            var newStarts: [UInt32] = []
            let encoded = [UInt8](unsafeUninitializedCapacity: records.count * Self.maximumBytes) { buffer, initialized in
                newStarts = [UInt32](unsafeUninitializedCapacity: records.count) { offsets, written in
                    records.withUnsafeBufferPointer { records in
                        for index in records.indices {
                            offsets[index] = UInt32(offset + used)
                            Self.encode(records[index], base: base, into: buffer, at: &used)
                        }
                    }
                    written = records.count
                }
                initialized = used
            }
            starts.append(contentsOf: newStarts)
            // Sized to what is written (`encoded` has room for the longest records).
            bytes.reserveCapacity(bytes.count + used)
            bytes.append(contentsOf: encoded)
            open = []
        }

        private static func encode(_ record: Record, base: UInt32, into buffer: UnsafeMutableBufferPointer<UInt8>,
                                   at offset: inout Int) {
            let tag = record.kind.flatMap { code(of: $0) } ?? 0
            buffer[offset] = tag | (record.numbered ? 0x80 : 0)
            offset += 1
            guard tag != 0 else { return LEB128.write(UInt64(record.a), into: buffer, at: &offset) }
            let difference = Int64(record.pass) - Int64(base)
            LEB128.write(UInt64(record.view), into: buffer, at: &offset)
            LEB128.write(UInt64(record.component), into: buffer, at: &offset)
            LEB128.write(UInt64(record.path), into: buffer, at: &offset)
            LEB128.write(UInt64(bitPattern: (difference << 1) ^ (difference >> 63)), into: buffer, at: &offset)
            LEB128.write(UInt64(record.a), into: buffer, at: &offset)
            LEB128.write(UInt64(record.b), into: buffer, at: &offset)
            LEB128.write(UInt64(record.c), into: buffer, at: &offset)
        }

        /// The tag of a kind a record can hold (from 1; 0 is an event kept whole).
        private static func code(of kind: ReuseEvent.Kind) -> UInt8? {
            switch kind {
            case .create: 1
            case .reuse: 2
            case .unhide: 3
            case .hide: 4
            case .apply: 5
            case .unapply: 6
            case .update: 7
            case .skip: 8
            case .enterPool: 9
            case .leavePool: 10
            case .prepareForReuse: 11
            case .reconfigure: 12
            case .recycle: 13
            case .reparent: 14
            default: nil
            }
        }

        /// Each tag's kind (tag 1 first), worked out from ``code(of:)``.
        private static let packedKinds: [ReuseEvent.Kind] = ReuseEvent.Kind.allCases
            .compactMap { kind in code(of: kind).map { (code: $0, kind: kind) } }
            .sorted { $0.code < $1.code }
            .map(\.kind)
    }
}

/// An attribute whose value holds a number, with the number taken out:
/// `text: "row 12345"` is `text: "row "…""` and 12345, `alpha: 3` is
/// `alpha` and 3. The rows of a list then share one entry in a chunk's
/// table, and each record keeps only its number.
///
/// Only numbers that come back exactly are taken out: for a text, the
/// last run of ASCII digits, at most nine of them and without a leading
/// zero; for a number value, a whole number from 0 to 2^32 - 1.
struct NumberedAttribute: Internable {
    var name: String
    /// A text's parts around the number (empty for a number value).
    var prefix: String
    var suffix: String
    var isText: Bool

    func isStored(as other: NumberedAttribute) -> Bool {
        name == other.name && isText == other.isText && prefix.isStored(as: other.prefix) && suffix.isStored(as: other.suffix)
    }

    static func split(_ attribute: Attribute) -> (NumberedAttribute, UInt32)? {
        switch attribute.value {
        case .text(var text):
            return text.withUTF8 { utf8 -> (NumberedAttribute, UInt32)? in
                func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
                var end = utf8.count
                while end > 0, !isDigit(utf8[end - 1]) { end -= 1 }
                guard end > 0 else { return nil }
                var start = end - 1
                while start > 0, isDigit(utf8[start - 1]) { start -= 1 }
                guard end - start <= 9, end - start == 1 || utf8[start] != UInt8(ascii: "0") else { return nil }
                var number: UInt32 = 0
                for byte in utf8[start..<end] { number = number * 10 + UInt32(byte &- UInt8(ascii: "0")) }
                // Cut at ASCII digits, so both parts are valid UTF-8 (the
                // suffix may start with a combining mark: joined back, the
                // bytes are the same).
                let prefix = String(decoding: UnsafeBufferPointer(rebasing: utf8[..<start]), as: UTF8.self)
                let suffix = String(decoding: UnsafeBufferPointer(rebasing: utf8[end...]), as: UTF8.self)
                return (NumberedAttribute(name: attribute.name, prefix: prefix, suffix: suffix, isText: true), number)
            }
        case .number(let value):
            guard value >= 0, value <= Double(UInt32.max), value.rounded(.towardZero) == value,
                  value.sign == .plus else { return nil }
            return (NumberedAttribute(name: attribute.name, prefix: "", suffix: "", isText: false), UInt32(value))
        default:
            return nil
        }
    }

    func attribute(with number: UInt32) -> Attribute {
        Attribute(name, isText ? .text(prefix + String(number) + suffix) : .number(Double(number)))
    }
}

/// Values stored once each, named by a 1-based id (0 names none).
///
/// A hash table of ids over the stored values (open addressing, linear
/// probing), 8 bytes per value at most, so a chunk's side tables cost
/// little more than the values themselves. Ids follow the order values
/// were first stored, never the hashing.
struct Interner<Value: Internable>: Sendable {
    private var values: [Value] = []
    /// Each slot empty (0) or a value's id; a power of two, at most half full.
    private var slots: [UInt32] = []

    /// The value's id, stored now if it is new.
    mutating func id(_ value: Value) -> UInt32 {
        if values.count * 2 >= slots.count { grow() }
        let mask = slots.count - 1
        var slot = value.internHash & mask
        while true {
            let id = slots[slot]
            if id == 0 {
                values.append(value)
                let new = UInt32(values.count)
                slots[slot] = new
                return new
            }
            if values[Int(id) - 1].isStored(as: value) { return id }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        let capacity = Swift.max(16, slots.count * 2)
        slots = [UInt32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for index in values.indices {
            var slot = values[index].internHash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(index + 1)
        }
    }

    subscript(id: UInt32) -> Value { values[Int(id) - 1] }

    func value(_ id: UInt32) -> Value? { id == 0 ? nil : values[Int(id) - 1] }
}

/// A value an ``Interner`` can store: hashable, with the hash its table uses.
protocol Internable: Hashable, Sendable {
    /// The hash that places the value in an interner's table.
    var internHash: Int { get }
    /// Whether this value can be read back as `other`: equal, and for
    /// texts spelled with the same bytes. (Strings compare equal when their
    /// spellings are canonically equivalent, `é` and `e` + U+0301; the
    /// log shows what was typed.)
    func isStored(as other: Self) -> Bool
}

extension Internable {
    var internHash: Int { hashValue }
    func isStored(as other: Self) -> Bool { self == other }
}

extension String: Internable {
    /// FNV-1a over the UTF-8 bytes: names are short, and SipHash cost more
    /// than the rest of recording an event.
    var internHash: Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return Int(bitPattern: UInt(hash))
    }
    // `isStored(as:)`: Support/StringRepresentation.swift (the walk uses it too).
}
extension ViewKey: Internable {}
extension Attribute: Internable {
    func isStored(as other: Attribute) -> Bool {
        switch (value, other.value) {
        case (.text(let text), .text(let otherText)): name == other.name && text.isStored(as: otherText)
        default: self == other
        }
    }
}

/// Component paths stored as a tree of segments: a path is its last
/// segment plus the id of the path before it, so `Feed/7/Title` adds one
/// entry when `Feed/7` is already known.
///
/// Ids: 0 is no path, 1 the root path (no segment), n > 1 the node n - 1.
struct PathTable: Sendable {
    /// One segment in 16 bytes: the path before it, the name's id (0: a
    /// list row; the top bit set when the name has namesakes), and the index
    /// or row number.
    private struct Node: Internable {
        var number: Int
        var parent: UInt32
        var name: UInt32

        static let namesakesBit: UInt32 = 1 << 31

        /// Two multiply-xorshift rounds over the three fields (as
        /// SplitMix64's finalizer mixes): a node is looked up for most
        /// events, and SipHash over 16 bytes cost more than the rest of it.
        var internHash: Int {
            var mixed = UInt64(bitPattern: Int64(number)) ^ (UInt64(parent) << 32 | UInt64(name)) &* 0x9E37_79B9_7F4A_7C15
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(bitPattern: UInt(mixed ^ (mixed >> 31)))
        }
    }

    private var nodes = Interner<Node>()
    /// The path looked up last and the id of each of its prefixes
    /// (`lastIDs[k]`: its first k segments): events come in tree order, so
    /// the next path usually shares all or most of it.
    private var last = ComponentPath.root
    private var lastIDs: [UInt32] = [1]
    /// The path looked up before it, with its id: a cell's events and its
    /// child's often alternate.
    private var before: (path: ComponentPath, id: UInt32)?

    /// Paths looked up lately, by where their segments are stored (and
    /// their last row: ``ComponentPath/storageKey``): a pass
    /// hands each instance the path it had the pass before (the mount walk
    /// keeps its nodes), so most lookups end at an address comparison. An
    /// entry holds its path, so that storage cannot be freed and reused for
    /// another path while the entry is here. Dropped when the chunk is full.
    /// 2,048 slots, each address with two it may take.
    /// (Three parallel tables, so a lookup compares an address before it
    /// touches a path, and copies none.)
    private var storedAddresses: [UInt] = []
    private var storedPaths: [ComponentPath] = []
    private var storedIDs: [UInt32] = []
    private static let storageSlotBits = 11

    /// The path's id, stored now if it is new (nil if a name's id does not fit).
    mutating func id(_ path: ComponentPath, names: inout Interner<String>) -> UInt32? {
        guard path.storageAddress != 0 else { return 1 }
        // The address with the last row mixed in: a list's rows share storage.
        let address = path.storageKey
        // Fibonacci hashing of the address: its top bits pick the slot.
        // Two slots per address (the pair `slot`, `slot ^ 1`): two paths
        // a pass names whose addresses meet in one slot no longer push each
        // other out at every pass.
        let slot = Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - PathTable.storageSlotBits))
        if slot < storedAddresses.count {
            if storedAddresses[slot] == address, storedPaths[slot].isIdentical(to: path) { return storedIDs[slot] }
            let other = slot ^ 1
            if storedAddresses[other] == address, storedPaths[other].isIdentical(to: path) { return storedIDs[other] }
        }
        guard let id = interned(path, names: &names) else { return nil }
        if storedAddresses.isEmpty {
            let slots = 1 << PathTable.storageSlotBits
            storedAddresses = Array(repeating: 0, count: slots)
            storedPaths = Array(repeating: .root, count: slots)
            storedIDs = Array(repeating: 0, count: slots)
        }
        // The first slot of the pair, unless it holds another path and the second is free.
        let target = storedAddresses[slot] != 0 && storedAddresses[slot ^ 1] == 0 ? slot ^ 1 : slot
        storedAddresses[target] = address
        storedPaths[target] = path
        storedIDs[target] = id
        return id
    }

    /// Forgets the paths held by address (the chunk takes no more events).
    mutating func seal() {
        storedAddresses = []
        storedPaths = []
        storedIDs = []
    }

    /// ``id(_:names:)`` by the segments: the prefix shared with the path
    /// looked up last is not looked up again.
    private mutating func interned(_ path: ComponentPath, names: inout Interner<String>) -> UInt32? {
        // Paths and names are matched by their bytes, not by `==`: `Café`
        // typed two ways is two spellings to show, and which one an equal
        // match found depended on what was looked up before (the address
        // cache's hits vary from run to run), so the log's spelling did too.
        if path.isStored(as: last) { return lastIDs[lastIDs.count - 1] }
        if let before, path.isStored(as: before.path) { return before.id }
        before = (last, lastIDs[lastIDs.count - 1])
        var shared = 0
        let count = path.segments.count
        while shared < count, shared < last.segments.count, path.segments[shared].isStored(as: last.segments[shared]),
              path.showsIndex(at: shared) == last.showsIndex(at: shared) {
            shared += 1
        }
        lastIDs.removeSubrange((shared + 1)...)
        last = path
        var id = lastIDs[shared]
        for position in shared..<count {
            let node: Node
            switch path.segments[position] {
            case .named(let name, let index):
                let nameID = nameID(name, names: &names)
                node = Node(number: index, parent: id, name: nameID | (path.showsIndex(at: position) ? Node.namesakesBit : 0))
                guard nameID < Node.namesakesBit else { return forget() }
            case .row(let row):
                node = Node(number: row, parent: id, name: 0)
            }
            let (next, overflow) = nodes.id(node).addingReportingOverflow(1)
            guard !overflow else { return forget() }
            id = next
            lastIDs.append(id)
        }
        return id
    }

    /// The two names looked up last, with their ids: a pass names the same
    /// few component types over and over (`Card`, `Title`, `Card`, ...).
    private var recentNames: (String, UInt32, String, UInt32) = ("", 0, "", 0)

    mutating func nameID(_ name: String, names: inout Interner<String>) -> UInt32 {
        if recentNames.1 != 0, recentNames.0.isStored(as: name) { return recentNames.1 }
        if recentNames.3 != 0, recentNames.2.isStored(as: name) {
            recentNames = (recentNames.2, recentNames.3, recentNames.0, recentNames.1)
            return recentNames.1
        }
        let id = names.id(name)
        recentNames = (name, id, recentNames.0, recentNames.1)
        return id
    }

    /// Starts the prefix cache afresh (after a path that could not be stored).
    private mutating func forget() -> UInt32? {
        last = .root
        lastIDs = [1]
        before = nil
        return nil
    }

    /// The path with this id (0: nil).
    func path(_ id: UInt32, names: Interner<String>) -> ComponentPath? {
        guard id != 0 else { return nil }
        var chain: [Node] = []
        var current = id
        while current > 1 {
            let node = nodes[current - 1]
            chain.append(node)
            current = node.parent
        }
        var segments: [ComponentPath.Segment] = []
        var namesakes: [Bool] = []
        segments.reserveCapacity(chain.count)
        namesakes.reserveCapacity(chain.count)
        for node in chain.reversed() {
            let name = node.name & ~Node.namesakesBit
            segments.append(name == 0 ? .row(node.number) : .named(names[name], index: node.number))
            namesakes.append(node.name & Node.namesakesBit != 0)
        }
        return ComponentPath(segments: segments, namesakes: namesakes)
    }
}
