extension PackedEvents {
    /// A chunk's records, each in as few bytes as its numbers need: a tag
    /// (the kind, and whether the attribute is numbered), then the view,
    /// component, path, pass and a, b, c in LEB128 (the pass counted from
    /// the chunk's first, zigzagged). Most numbers are small ids, a byte
    /// each; where each record starts is kept beside, in 4 bytes.
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

        /// Room for `capacity` records before the chunk is sealed (its
        /// log's chunk size: tests narrow it to 64).
        init(reserving capacity: Int = PackedEvents.chunkCapacity) {
            open.reserveCapacity(capacity)
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

        /// Calls `body` with each record's offset and the record, in
        /// order: the encoded ones decoded, the open ones read in place (a
        /// seal indexes a chunk from them, before they are encoded).
        func forEach(_ body: (Int, Record) -> Void) {
            for offset in starts.indices { body(offset, self[offset]) }
            let base = starts.count
            open.withUnsafeBufferPointer { open in
                for index in open.indices { body(base + index, open[index]) }
            }
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
        static func code(of kind: ReuseEvent.Kind) -> UInt8? {
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
        static let packedKinds: [ReuseEvent.Kind] = ReuseEvent.Kind.allCases
            .compactMap { kind in code(of: kind).map { (code: $0, kind: kind) } }
            .sorted { $0.code < $1.code }
            .map(\.kind)
    }
}
