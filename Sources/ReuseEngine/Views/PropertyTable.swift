/// A property's number in the catalogue (``Catalog/propertyNames``): how
/// a view finds a property without reading its name.
///
/// Attributes carry it from their template (``AttributeTemplate/property``),
/// so writing one compares integers where it compared names.
struct PropertyID: Equatable, Sendable {
    var index: Int32

    /// Not numbered: found by its name instead.
    static let unknown = PropertyID(index: -1)
}

/// What writing a property does, as its attribute declares it: noted by
/// id, so an applicator or an unapplicator looks up no name.
struct PropertyFacts: Sendable {
    /// Appends an entry (an additive attribute) rather than setting the value.
    var adds = false
    var hasUnapplicator = false
}

/// A view's properties, in the order a person reads them (the class
/// defaults first, then each other property as it was first set), each
/// with its value and who set it.
///
/// One entry per property holds its id, name, value and sources, so a
/// write finds its entry with one scan over integers and changes it in
/// place. The view holds only what it wrote (``written``); the class's
/// defaults are shared (``defaults``), so a view's memory follows what
/// was set on it, and a copy of it (a history checkpoint) copies no default.
struct PropertyTable: Sendable {
    struct Entry: Sendable {
        var id: PropertyID
        /// The index in ``PropertyTable/defaults`` of the class default
        /// this entry is (or stands in for, written); -1: a property the
        /// class has no default for. Held in the padding after ``id``.
        var defaultIndex: Int32
        /// As first written (a later write of an equal name keeps it).
        var name: String
        var value: PropertyValue
        /// ``sources`` when it is one source: held inline, so a value's
        /// source is written over in place and no array is made for it.
        private var soleSource: PropertySource?
        /// ``sources`` when it is not one source (nil with ``soleSource``: nobody).
        private var otherSources: [PropertySource?]?

        init(id: PropertyID, name: String, value: PropertyValue, sources: [PropertySource?]?, defaultIndex: Int32 = -1) {
            self.id = id
            self.defaultIndex = defaultIndex
            self.name = name
            self.value = value
            self.sources = sources
        }

        /// A value set by `source`.
        init(id: PropertyID, name: String, value: PropertyValue, source: PropertySource) {
            self.id = id
            defaultIndex = -1
            self.name = name
            self.value = value
            soleSource = source
        }

        /// Who set the value (one per entry of an additive property, `nil`
        /// for entries a class default put there); `nil` when nobody set it
        /// since the view was made or the property reset.
        var sources: [PropertySource?]? {
            get { otherSources ?? soleSource.map { [$0] } }
            set {
                if let newValue, newValue.count == 1, let source = newValue[0] {
                    soleSource = source
                    otherSources = nil
                } else {
                    soleSource = nil
                    otherSources = newValue
                }
            }
        }

        /// Makes the instance `component` at `path`, in event `seq` of
        /// pass `pass`, by `means`, the value's one source: written over
        /// the one source there, field by field, when there is one (no
        /// source made and the old one destroyed whole).
        mutating func setSoleSource(component: String, path: ComponentPath, pass: Int, seq: Int, means: PropertySource.Means) {
            if otherSources == nil,
               soleSource?.overwrite(component: component, path: path, pass: pass, seq: seq, means: means) != nil { return }
            soleSource = PropertySource(component: component, path: path, pass: pass, seq: seq, means: means)
            otherSources = nil
        }
    }

    /// The class's defaults, shared with the class and every view of it
    /// (``ViewClass/table``): never written through a view. Each entry's
    /// ``Entry/defaultIndex`` is its own index here.
    private(set) var defaults: [Entry]
    /// What the view wrote since it was made or reset, in the order first
    /// written: a default's stand-in (``Entry/defaultIndex`` at or over 0;
    /// one at most per default, a tombstone when the property was taken
    /// out), or a property the defaults lack (-1, in the order first set).
    /// Positions (``position(ofNumbered:trying:)``, ``Attribute/slot``)
    /// are indices here. A view nobody wrote holds none.
    private(set) var written: [Entry] = []

    /// A class's defaults: nobody set them.
    init(_ defaults: [(PropertyID, String, PropertyValue)]) {
        self.defaults = defaults.enumerated().map { index, item in
            Entry(id: item.0, name: item.1, value: item.2, sources: nil, defaultIndex: Int32(index))
        }
    }

    /// Marks a default's stand-in in ``written`` whose property was taken out.
    private static let removed = PropertyID(index: -2)

    /// Where default `index`'s stand-in is in ``written``, if the view wrote it or took it out.
    private func standIn(forDefault index: Int) -> Int? {
        let index = Int32(index)
        return written.firstIndex { $0.defaultIndex == index }
    }

    /// Default `index` as the view shows it: its stand-in, the default
    /// itself when it has none, nil when the property was taken out.
    private func shown(default index: Int) -> Entry? {
        guard let standIn = standIn(forDefault: index) else { return defaults[index] }
        return written[standIn].id == Self.removed ? nil : written[standIn]
    }

    /// Calls `body` with each entry in the order a person reads them: the
    /// class defaults (as written, if they were; none taken out), then each
    /// other property as it was first set.
    func forEach(_ body: (Entry) throws -> Void) rethrows {
        for index in defaults.indices {
            if let entry = shown(default: index) { try body(entry) }
        }
        for entry in written where entry.defaultIndex < 0 { try body(entry) }
    }

    /// The first entry in reading order (``forEach(_:)``) that `matches`.
    func first(where matches: (Entry) -> Bool) -> Entry? {
        for index in defaults.indices {
            if let entry = shown(default: index), matches(entry) { return entry }
        }
        return written.first { $0.defaultIndex < 0 && matches($0) }
    }

    /// Property `name`'s entry, if the view has it: the first in reading
    /// order (``first(where:)``) of that name. Names are compared in place,
    /// and only the entry found is copied out (``first(where:)`` copies
    /// each entry it shows its closure: divkit reads every property it
    /// sets again this way, issue 38).
    func entry(named name: String) -> Entry? {
        for index in defaults.indices {
            if let standIn = standIn(forDefault: index) {
                if written[standIn].id != Self.removed, written[standIn].name == name { return written[standIn] }
            } else if defaults[index].name == name {
                return defaults[index]
            }
        }
        for index in written.indices where written[index].defaultIndex < 0 && written[index].name == name { return written[index] }
        return nil
    }

    /// Whether property `name`'s entry, found as ``entry(named:)`` finds
    /// it, holds `value`: `entry(named: name)?.value == .value(value)`,
    /// compared in place (no entry copied out).
    func shows(_ value: AttributeValue, as name: String) -> Bool {
        for index in defaults.indices {
            if let standIn = standIn(forDefault: index) {
                if written[standIn].id != Self.removed, written[standIn].name == name { return written[standIn].value.isValue(value) }
            } else if defaults[index].name == name {
                return defaults[index].value.isValue(value)
            }
        }
        for index in written.indices where written[index].defaultIndex < 0 && written[index].name == name {
            return written[index].value.isValue(value)
        }
        return false
    }

    /// Property `id`'s entry (spelled `name`), found as ``position(of:name:)``
    /// finds it, without writing anything.
    func entry(of id: PropertyID, name: String) -> Entry? {
        if id != .unknown {
            if let found = first(where: { $0.id == id }) { return found }
            guard first(where: { $0.id == .unknown }) != nil else { return nil }
        }
        return entry(named: name)
    }

    /// Where property `id` (spelled `name`) is in ``written``, if the view
    /// has it: a default the view has not written is copied there first.
    /// By id when it is numbered; by name otherwise, or when an entry is
    /// not numbered (neither happens with ids from the view's own catalogue).
    mutating func position(of id: PropertyID, name: String) -> Int? {
        position(of: id, name: { name })
    }

    /// ``position(of:name:)``, reading `name` only when the property is not found by its id.
    mutating func position(of id: PropertyID, name: () -> String) -> Int? {
        if id != .unknown {
            if let found = position(ofNumbered: id) { return found }
            guard first(where: { $0.id == .unknown }) != nil else { return nil }
        }
        return position(ofName: name())
    }

    /// No position remembered (``Attribute/slot``).
    static let noSlot = UInt16.max

    /// Where numbered property `id` is in ``written``: at `slot` when it
    /// holds it (a position remembered from the last write), else found
    /// by its id alone (``position(ofNumbered:)``).
    @inline(__always)
    mutating func position(ofNumbered id: PropertyID, trying slot: UInt16) -> Int? {
        let slot = Int(slot)
        if slot < written.count, written[slot].id == id { return slot }
        return position(ofNumbered: id)
    }

    /// Where numbered property `id` is in ``written``, found by its id
    /// alone (a default the view has not written is copied there first);
    /// nil when no entry has it (it may still be there under its name, in
    /// an entry not numbered: ``position(of:name:)`` looks).
    @inline(__always)
    mutating func position(ofNumbered id: PropertyID) -> Int? {
        // Over the storage: the array's subscript checked each index.
        let found = written.withUnsafeBufferPointer { entries in
            var index = 0
            while index < entries.count {
                if entries[index].id == id { return index }
                index += 1
            }
            return -1
        }
        return found >= 0 ? found : writtenDefault(ofNumbered: id)
    }

    /// The default of numbered property `id`, copied into ``written`` (its
    /// first write since the view was made or reset); nil when the class
    /// has no default of that id, or it was taken out.
    @inline(never)
    private mutating func writtenDefault(ofNumbered id: PropertyID) -> Int? {
        guard let index = defaults.firstIndex(where: { $0.id == id }) else { return nil }
        // A stand-in not found by its id is a tombstone.
        guard standIn(forDefault: index) == nil else { return nil }
        written.append(defaults[index])
        return written.count - 1
    }

    /// Where property `name` is in ``written`` (the first in reading order),
    /// if the view has it: a default the view has not written is copied there first.
    mutating func position(ofName name: String) -> Int? {
        for index in defaults.indices {
            guard let entry = shown(default: index), entry.name == name else { continue }
            if let standIn = standIn(forDefault: index) { return standIn }
            written.append(entry)
            return written.count - 1
        }
        return written.firstIndex { $0.defaultIndex < 0 && $0.name == name }
    }

    /// Adds property `entry` the view had not (a new last entry in reading order).
    mutating func append(_ entry: Entry) {
        written.append(entry)
        written[written.count - 1].defaultIndex = -1
    }

    /// Writes `value` over the entry at `position` of ``written``.
    @inline(__always)
    mutating func setValue(_ value: consuming PropertyValue, at position: Int) {
        written[position].value = consume value
    }

    /// Makes the one source of the entry at `position` of ``written`` as
    /// ``Entry/setSoleSource(component:path:pass:seq:means:)`` does.
    @inline(__always)
    mutating func setSoleSource(at position: Int, component: String, path: ComponentPath, pass: Int, seq: Int,
                                means: PropertySource.Means) {
        written[position].setSoleSource(component: component, path: path, pass: pass, seq: seq, means: means)
    }

    /// Sets property `id`'s value and its sources (nil: nobody), in place
    /// when the view has it, else as a new last entry. A default set back
    /// to its value by nobody is dropped from ``written``: the view shows
    /// the class's again.
    mutating func set(_ id: PropertyID, name: String, to value: PropertyValue, sources: [PropertySource?]?) {
        guard let position = position(of: id, name: name) else {
            return append(Entry(id: id, name: name, value: value, sources: sources))
        }
        let index = Int(written[position].defaultIndex)
        // Byte for byte (a class declared again may spell an equal default
        // with other bytes: the view shows the new spelling, not the old).
        if index >= 0, sources == nil, value.isStored(as: defaults[index].value),
           written[position].name.isStored(as: defaults[index].name) {
            written.remove(at: position)
            return
        }
        written[position].value = value
        written[position].sources = sources
    }

    /// Takes property `name` out (a reset to a class that has no default
    /// for it). A default's stand-in stays, a tombstone, so the default is
    /// not shown again.
    mutating func remove(_ id: PropertyID, name: String) {
        guard let position = position(of: id, name: name) else { return }
        if written[position].defaultIndex < 0 {
            written.remove(at: position)
        } else {
            written[position] = Entry(id: Self.removed, name: "", value: .value(.none), sources: nil,
                                      defaultIndex: written[position].defaultIndex)
        }
    }
}
