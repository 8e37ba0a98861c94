/// A reuse system the engine can run, composed of small policies: how plain
/// parents key their pools (``Keying``), how they hand out views and settle
/// the rest (``ParentReuse``), how list hosts keep their cells, headers and
/// footers (``CellReuse``), and how a view is brought to a new configuration
/// (``Application``), once for views under plain parents and once for views
/// in list slots (UIKit's `cellForRowAt`, RecyclerView's `onBindViewHolder`).
///
/// The mount walk is the same for every strategy: depth first, in child
/// order, asking the policies at each step. A built-in system is one file
/// in `Strategies/` and a line in ``StrategyRegistry/all``; a system of
/// your own is made the same way outside the engine (<doc:WritingAStrategy>).
public struct Strategy: Sendable {
    /// The name users type (`theodolite`).
    public let name: String
    /// One line for `strategy` listings.
    public let summary: String
    /// A sentence for `pools`: how this strategy's pools work.
    public let poolNote: String
    /// The options and their values (`cache 2 pool 5`), in the order `strategy` takes them.
    public let options: [StrategyOption]

    let keying: any Keying
    var parents: any ParentReuse
    var application: any Application
    /// Mutated in place by its own methods, never replaced: a new policy
    /// comes with a new strategy (``fresh``).
    var cells: any CellReuse
    var cellApplication: any Application
    /// What the policies promise about themselves, read once.
    let traits: StrategyTraits
    /// The hook where `prepare` declarations run, if the system has one.
    public let reuseHook: ReuseHook?
    var liveComponents: LiveComponents
    /// What an `insert` or `delete` does to the other rows' cells and state.
    public let rowIdentity: RowIdentity
    /// How every list names its rows, whatever its own `key` says
    /// (FlashList's `keys index|id`: a `keyExtractor` on every list, or
    /// none); nil leaves each list's own `key`.
    public let rowKeys: RowKeys?
    /// Where a component's UI state (`state`) lives, and so where reuse takes it.
    public let stateHome: StateHome
    /// Views wait detached in global pools named by the component type
    /// that held them (Litho), rather than by view class (Valdi): what
    /// `pools` and `tree` call them.
    public let globalPoolsByComponentType: Bool
    /// List rows are nodes that keep their views for the item's life
    /// (Texture): `stats` counts the nodes, one per item, and the node views loaded.
    public let keepsNodes: Bool
    /// The descriptor that made this strategy, once made through one
    /// (``StrategyDescriptor/standard``, ``StrategyDescriptor/with(options:subjects:)``):
    /// ``fresh`` makes it again from there, so a strategy from outside the
    /// engine's registry starts a new tree as well as a built-in one.
    var origin: StrategyDescriptor?

    /// A strategy composed of its policies.
    ///
    /// - Parameters:
    ///   - name: The name users type (`strategy NAME`); lowercase, no spaces.
    ///   - summary: One line for `strategy` listings.
    ///   - poolNote: A sentence for `pools`: how its pools work.
    ///   - options: The options it was built with (``StrategyDescriptor/defaults``, set).
    ///   - keying: How views under plain parents are keyed into pools.
    ///   - parents: How plain parents hand out views and settle the rest.
    ///   - application: How a view under a plain parent gets a new configuration.
    ///   - cells: How list hosts keep their cells, headers and footers.
    ///   - cellApplication: How a list slot's view gets a new configuration (the bind).
    ///   - reuseHook: Where `prepare` declarations run (`prepareForReuse`), if anywhere.
    ///   - liveComponents: Which component instances stay alive.
    ///   - rowIdentity: Whether an insert or delete moves the other rows'
    ///     cells with their items (the app says which rows changed), or
    ///     leaves it to the list's keys (`key index|id`).
    ///   - rowKeys: How every list names its rows, overriding each
    ///     list's `key`; nil (the default) leaves each list's own.
    ///   - stateHome: Where a component's UI state (`state`) lives.
    ///   - globalPoolsByComponentType: Detached views wait in global pools
    ///     named by component type (Litho), not by view class (Valdi).
    ///   - keepsNodes: List rows are nodes keeping their views (Texture).
    public init(name: String, summary: String, poolNote: String, options: [StrategyOption] = [], keying: any Keying,
                parents: any ParentReuse, application: any Application, cells: any CellReuse,
                cellApplication: any Application, reuseHook: ReuseHook? = nil, liveComponents: LiveComponents = .mounted,
                rowIdentity: RowIdentity = .byItem, rowKeys: RowKeys? = nil, stateHome: StateHome = .view,
                globalPoolsByComponentType: Bool = false, keepsNodes: Bool = false) {
        self.name = name
        self.summary = summary
        self.poolNote = poolNote
        self.options = options
        self.keying = keying
        self.parents = parents
        self.application = application
        self.cells = cells
        self.cellApplication = cellApplication
        traits = StrategyTraits(keying: keying, parents: parents, cells: cells, cellApplication: cellApplication)
        self.reuseHook = reuseHook
        self.liveComponents = liveComponents
        self.rowIdentity = rowIdentity
        self.rowKeys = rowKeys
        self.stateHome = stateHome
        self.globalPoolsByComponentType = globalPoolsByComponentType
        self.keepsNodes = keepsNodes
    }

    /// The options as `strategy` would take them back (`cache 2 pool 5`, `bug27 on`), or "".
    public var optionsDescription: String {
        options.map(\.written).joined(separator: " ")
    }

    /// The same strategy and options with none of the state its policies
    /// gathered (cursors, caches, plans): what a new view tree starts with.
    /// Made again by its descriptor; a strategy made by its initialiser
    /// alone, with no descriptor, is returned as it is (make strategies
    /// through a ``StrategyDescriptor`` so that a new tree starts clean).
    public var fresh: Strategy {
        guard let descriptor = origin,
              let copy = try? descriptor.with(options: options.filter { $0.subject == nil }.map { ($0.name, $0.value) },
                                              subjects: options.filter { $0.kind != .subject }
                                                  .compactMap { option in option.subject.map { ($0, option.value) } },
                                              named: options.filter { $0.kind == .subject }
                                                  .compactMap { option in option.subject.map { (option.name, $0) } })
        else { return self }
        return copy
    }

    /// Views this strategy keeps for `host` outside its pools, oldest first
    /// (RecyclerView's cache by position).
    public func cachedCells(in host: ViewID) -> [CachedCell] { cells.cached(in: host) }
}

/// A setting a strategy takes: a number (`strategy recyclerview pool 3`),
/// a switch (`strategy theodolite-2019 bug27 on`, stored as 1 or 0), or a
/// choice of words (`strategy uikit-diffable identity value`, stored as the
/// word's index among its choices).
/// subject named alone (`strategy litho preallocate Image`, stored as 1).
public struct StrategyOption: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A whole number (`cache 2`).
        case count
        /// `on` or `off`, stored as 1 or 0.
        case flag
        /// One of these words, in the order given, stored as its index
        /// (`identity id|value`; `os 14|15`, whose words are numbers).
        case choice([String])
        /// Given as `NAME SUBJECT`, no value: set for that subject
        /// (``StrategyDescriptor/subjectOptions``).
        case subject

        /// How a value of this kind is written: `2`, `on`, `value`. A
        /// choice's index out of its range is written as the nearest word.
        public func written(_ value: Int) -> String {
            switch self {
            case .count: String(value)
            case .flag: value != 0 ? "on" : "off"
            case .subject: ""
            case .choice(let words): words.isEmpty ? String(value) : words[min(max(0, value), words.count - 1)]
            }
        }

        /// A value given for an option of this kind, brought into its
        /// range: a count at least 0, a switch 0 or 1, a choice one of its
        /// words' indices (the nearest).
        public func clamped(_ value: Int) -> Int {
            switch self {
            case .count, .subject: max(0, value)
            case .flag: value != 0 ? 1 : 0
            case .choice(let words): min(max(0, value), max(0, words.count - 1))
            }
        }

        /// The value after `value` in a check of every option (a count
        /// raised by two, a switch flipped, a choice's next word).
        func changed(_ value: Int) -> Int {
            switch self {
            case .count: value + 2
            case .subject: value
            case .flag: 1 - value
            case .choice(let words): words.isEmpty ? value : (value + 1) % words.count
            }
        }
    }

    public let name: String
    /// What the option is set for, when it is set per subject (`pool Post 3`).
    public let subject: String?
    public var value: Int
    public var kind: Kind

    public init(name: String, subject: String? = nil, value: Int, kind: Kind = .count) {
        self.name = name
        self.subject = subject
        self.value = value
        self.kind = kind
    }

    /// `cache 2`, `pool Post 3`, `bug27 on`, `identity value`, `preallocate Image`.
    public var written: String {
        let head = subject.map { "\(name) \($0)" } ?? name
        if kind == .subject { return head }
        return "\(head) " + kind.written(value)
    }

    /// How `strategy` asks for it: `cache N`, `bug27 on|off`, `identity id|value`, `preallocate TYPE`.
    public var usage: String {
        switch kind {
        case .count: "\(name) N"
        case .flag: "\(name) on|off"
        case .choice(let words): "\(name) " + words.joined(separator: "|")
        case .subject: "\(name) TYPE"
        }
    }

    /// The words a choice takes, in order (empty for a count or a switch).
    public var choices: [String] {
        if case .choice(let words) = kind { words } else { [] }
    }
}

/// A strategy users can pick, and how to build it with options.
public struct StrategyDescriptor: Sendable {
    public let name: String
    /// Option names and default values, in order.
    public let defaults: [StrategyOption]
    /// An option that also takes a subject before its value (`pool Post 3`:
    /// RecyclerView's pool size for one view type), if any.
    public let perSubject: String?
    /// Options given as a subject alone, no value (`preallocate Image`),
    /// any number of times, in the order they are given.
    public let subjectOptions: [String]
    /// The rules it follows, a few lines for `help strategy NAME`, ending with the source.
    public let rules: [String]
    let make: @Sendable (StrategySettings) -> Strategy

    /// A strategy users can pick by `name`.
    ///
    /// - Parameters:
    ///   - name: The name users type; the strategy `make` returns must have it.
    ///   - defaults: Its options with their default values, in the order `strategy` takes them.
    ///   - perSubject: An option that also takes a subject (`pool Post 3`), if any.
    ///   - subjectOptions: Options given as a subject alone (`preallocate Image`).
    ///   - rules: The rules it follows, lines of at most 80 columns for
    ///     `help strategy NAME`, ending with the source it models.
    ///   - make: Builds the strategy from option values (``StrategySettings``).
    public init(name: String, defaults: [StrategyOption] = [], perSubject: String? = nil, subjectOptions: [String] = [],
                rules: [String], make: @escaping @Sendable (StrategySettings) -> Strategy) {
        self.name = name
        self.defaults = defaults
        self.perSubject = perSubject
        self.subjectOptions = subjectOptions
        self.rules = rules
        self.make = make
    }

    /// The strategy with its options at their defaults, and with every
    /// option changed (a count raised by two, a flag flipped, a choice's
    /// next word) when it takes any: what a check of its promises runs over.
    public var variants: [Strategy] {
        let changed = defaults.map { (name: $0.name, value: $0.kind.changed($0.value)) }
        guard !changed.isEmpty, let other = try? with(options: changed) else { return [standard] }
        return [standard, other]
    }

    /// The strategy with default options.
    public var standard: Strategy { made(StrategySettings(values: defaults.map(\.value), perSubject: [], named: [])) }

    /// Every option `strategy` takes, as its usage (`cache N`, `pool TYPE N`, `preallocate TYPE`).
    public var usages: [String] {
        defaults.map(\.usage) + (perSubject.map { ["\($0) TYPE N"] } ?? []) + subjectOptions.map { "\($0) TYPE" }
    }

    /// What `make` returns, marked as made here (``Strategy/fresh``).
    private func made(_ settings: StrategySettings) -> Strategy {
        var strategy = make(settings)
        strategy.origin = self
        return strategy
    }

    /// The strategy with these options set (the others at their defaults;
    /// a switch's value 0 or 1, a choice's the index of its word), the
    /// per-subject option (``perSubject``) set for these subjects, and the
    /// subject options (``subjectOptions``) `named` given for theirs.
    public func with(options: [(name: String, value: Int)],
                     subjects: [(subject: String, value: Int)] = [],
                     named: [(option: String, subject: String)] = []) throws(EngineError) -> Strategy {
        var settings = StrategySettings(values: defaults.map(\.value), perSubject: [], named: [])
        for (option, subject) in named {
            guard subjectOptions.contains(option) else {
                throw .unknownOption(strategy: name, option: option, known: usages)
            }
            guard !settings.named.contains(where: { $0.option == option && $0.subject == subject }) else { continue }
            settings.named.append((option, subject))
        }
        for (subject, value) in subjects {
            guard perSubject != nil else {
                throw .unknownOption(strategy: name, option: subject, known: usages)
            }
            settings.perSubject.removeAll { $0.subject == subject }
            settings.perSubject.append((subject, max(0, value)))
        }
        for option in options {
            guard let index = defaults.firstIndex(where: { $0.name == option.name }) else {
                throw .unknownOption(strategy: name, option: option.name, known: usages)
            }
            settings.values[index] = defaults[index].kind.clamped(option.value)
        }
        return made(settings)
    }
}

/// The option values a strategy is built with: one per default option, in
/// order, and the per-subject values in the order they were given.
public struct StrategySettings: Sendable {
    /// One value per default option (``StrategyDescriptor/defaults``), in order.
    public internal(set) var values: [Int]
    /// The per-subject option's values (``StrategyDescriptor/perSubject``), in the order given.
    public internal(set) var perSubject: [(subject: String, value: Int)]
    /// The subject options given (``StrategyDescriptor/subjectOptions``),
    /// each pair once, in the order given.
    public internal(set) var named: [(option: String, subject: String)]
}

/// The strategies users can pick, in the order listings show them.
public enum StrategyRegistry {
    public static let all: [StrategyDescriptor] = [
        .theodolite, .naive, .theodolite2019, .componentKit, .divKit, .uiKit, .recyclerView, .valdiRebind, .valdiAttach,
        .uiKitDiffable, .igListKit, .compose, .flashList, .texture, .litho,
    ]

    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> StrategyDescriptor? {
        all.first { $0.name == name }
    }

    /// The default strategy.
    public static var standard: Strategy { StrategyDescriptor.theodolite.standard }
}
