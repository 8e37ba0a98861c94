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
/// write finds its entry with one scan over integers and changes it in place.
struct PropertyTable: Sendable {
    struct Entry: Sendable {
        var id: PropertyID
        /// As first written (a later write of an equal name keeps it).
        var name: String
        var value: PropertyValue
        /// ``sources`` when it is one source: held inline, so a value's
        /// source is written over in place and no array is made for it.
        private var soleSource: PropertySource?
        /// ``sources`` when it is not one source (nil with ``soleSource``: nobody).
        private var otherSources: [PropertySource?]?

        init(id: PropertyID, name: String, value: PropertyValue, sources: [PropertySource?]?) {
            self.id = id
            self.name = name
            self.value = value
            self.sources = sources
        }

        /// A value set by `source`.
        init(id: PropertyID, name: String, value: PropertyValue, source: PropertySource) {
            self.id = id
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

    var entries: [Entry]

    /// A class's defaults: nobody set them.
    init(_ defaults: [(PropertyID, String, PropertyValue)]) {
        entries = defaults.map { Entry(id: $0.0, name: $0.1, value: $0.2, sources: nil) }
    }

    /// Where property `id` (spelled `name`) is, if the view has it. By id
    /// when it is numbered; by name otherwise, or when an entry is not
    /// numbered (neither happens with ids from the view's own catalogue).
    func position(of id: PropertyID, name: String) -> Int? {
        position(of: id, name: { name })
    }

    /// ``position(of:name:)``, reading `name` only when the property is not found by its id.
    func position(of id: PropertyID, name: () -> String) -> Int? {
        if id != .unknown {
            if let found = position(ofNumbered: id) { return found }
            guard entries.contains(where: { $0.id == .unknown }) else { return nil }
        }
        let name = name()
        return entries.firstIndex { $0.name == name }
    }

    /// No position remembered (``Attribute/slot``).
    static let noSlot = UInt16.max

    /// Where numbered property `id` is: at `slot` when it holds it (a
    /// position remembered from the last write), else found by its id
    /// alone (``position(ofNumbered:)``).
    @inline(__always)
    func position(ofNumbered id: PropertyID, trying slot: UInt16) -> Int? {
        let slot = Int(slot)
        if slot < entries.count, entries[slot].id == id { return slot }
        return position(ofNumbered: id)
    }

    /// Where numbered property `id` is, found by its id alone; nil when
    /// no entry has it (it may still be there under its name, in an entry
    /// not numbered: ``position(of:name:)`` looks).
    @inline(__always)
    func position(ofNumbered id: PropertyID) -> Int? {
        // Over the storage: the array's subscript checked each index.
        let found = entries.withUnsafeBufferPointer { entries in
            var index = 0
            while index < entries.count {
                if entries[index].id == id { return index }
                index += 1
            }
            return -1
        }
        return found >= 0 ? found : nil
    }

    /// Where property `name` is, if the view has it.
    func position(ofName name: String) -> Int? {
        entries.firstIndex { $0.name == name }
    }

    /// Sets property `id`'s value and its sources (nil: nobody), in place
    /// when the view has it, else as a new last entry.
    mutating func set(_ id: PropertyID, name: String, to value: PropertyValue, sources: [PropertySource?]?) {
        if let position = position(of: id, name: name) {
            entries[position].value = value
            entries[position].sources = sources
        } else {
            entries.append(Entry(id: id, name: name, value: value, sources: sources))
        }
    }

    /// Takes property `name` out (a reset to a class that has no default for it).
    mutating func remove(_ id: PropertyID, name: String) {
        if let position = position(of: id, name: name) { entries.remove(at: position) }
    }
}
