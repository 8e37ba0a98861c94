/// A set of event kinds as a sealed chunk of the log stores them: the tags
/// its records carry in its view index (``PackedEvents/Glance/tag(of:)``),
/// 256 bits, and the kinds of the events it keeps whole, a bit each.
///
/// A chunk's set is built when it is sealed; a question about some kinds
/// (`log --kind create --last 5`) makes one from them, and a chunk whose
/// set meets none of it holds no such event. Tag 1 (a step on one
/// attribute) stands for apply, unapply, update and skip alike, so a
/// question about any of them reads every chunk holding one.
struct KindTags: Sendable, Equatable {
    private var tags: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// Bit `n`: an event kept whole of the `n`th kind (``ReuseEvent/Kind/allCases``' order, modulo 64).
    private var wholeKinds: UInt64 = 0

    /// None.
    init() {}

    /// The tags and whole kinds under which an event of one of `kinds` may
    /// be stored: the tags ``PackedEvents/Glance/tag(of:)`` gives its
    /// records (a step on one attribute is tag 1; a skip of a whole view
    /// its kind's), and the kind itself, for an event kept whole.
    init(matching kinds: Set<ReuseEvent.Kind>) {
        for kind in kinds {
            switch kind {
            case .apply, .unapply, .update: insert(tag: 1)
            case .skip:
                insert(tag: 1)
                fallthrough
            default:
                // A kind with no code is never packed (`Chunk.pack` packs
                // exactly the kinds `EncodedRecords.code(of:)` names): kept whole alone.
                if let code = PackedEvents.EncodedRecords.code(of: kind) { insert(tag: 1 + code) }
            }
            insert(wholeKind: kind)
        }
    }

    static func == (lhs: KindTags, rhs: KindTags) -> Bool {
        lhs.tags == rhs.tags && lhs.wholeKinds == rhs.wholeKinds
    }

    /// Adds a record's tag (0, an event kept whole, adds nothing: its kind is added whole).
    @inline(__always)
    mutating func insert(tag: UInt8) {
        guard tag != 0 else { return }
        let bit: UInt64 = 1 &<< UInt64(tag & 63)
        switch tag >> 6 {
        case 0: tags.0 |= bit
        case 1: tags.1 |= bit
        case 2: tags.2 |= bit
        default: tags.3 |= bit
        }
    }

    /// Adds the kind of an event kept whole: bit `n` for the `n`th kind,
    /// modulo 64 (past 64 kinds two would share a bit, which makes a chunk
    /// read, never passed over wrongly).
    mutating func insert(wholeKind kind: ReuseEvent.Kind) {
        let position = ReuseEvent.Kind.allCases.firstIndex(of: kind) ?? 0
        wholeKinds |= 1 &<< UInt64(position & 63)
    }

    /// Whether the two share a tag or a whole kind.
    func meets(_ other: KindTags) -> Bool {
        tags.0 & other.tags.0 | tags.1 & other.tags.1 | tags.2 & other.tags.2 | tags.3 & other.tags.3 != 0
            || wholeKinds & other.wholeKinds != 0
    }
}
