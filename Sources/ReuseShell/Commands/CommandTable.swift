import ReuseEngine

/// One command of the language: its name, help texts and what it does.
///
/// A class (its fields never change): every line takes its command's
/// entry, which as a struct was copied field by field (seven references
/// retained and released a line).
final class CommandSpec: Sendable {
    enum Group: String, CaseIterable, Sendable {
        case define = "Define"
        case mount = "Mount and change"
        case inspect = "Inspect"
        case session = "Session"

        /// The group `help GROUP` names, by any word of its name, any case
        /// (`inspect`, `change`; `help mount` is the command).
        static func named(_ text: String) -> Group? {
            allCases.first { $0.rawValue.lowercased().split(separator: " ").contains { $0 == text.lowercased() && $0 != "and" } }
        }
    }

    let name: String
    let group: Group
    /// `mount NAME [NAME ...]`
    let usage: String
    let summary: String
    /// More lines for `help CMD`.
    let details: String
    let example: String
    /// Its `--` options, in the order completion offers them: each is
    /// declared here once, and the command parses its arguments with them.
    let options: [CommandOption]
    /// Whether `save` writes it back (and `compare` replays it).
    let recordsForSave: Bool
    /// Whether a `compare` replay runs it (not: commands that switch the
    /// strategy, write files or replay again).
    let replays: Bool
    let run: @Sendable (inout Arguments, Interpreter) throws(ShellError) -> Void

    init(name: String, group: Group, usage: String, summary: String, details: String = "", example: String,
         options: [CommandOption] = [], recordsForSave: Bool = false, replays: Bool = true,
         run: @escaping @Sendable (inout Arguments, Interpreter) throws(ShellError) -> Void) {
        self.name = name
        self.group = group
        self.usage = usage
        self.summary = summary
        self.details = details
        self.example = example
        self.options = options
        self.recordsForSave = recordsForSave
        self.replays = replays
        self.run = run
        answering = CommandSpec.answering(name: name, group: group)
    }

    /// Whether what a line of it prints answers a question (an inspection, `help`):
    /// what `--quiet` keeps. `explain` and `expect` report on the session,
    /// as pass lines and `defined` do, and are dropped with them.
    /// `words`: the words after the command's name (`strategy` alone asks
    /// which strategies there are, and answers).
    func answers(words: Int) -> Bool {
        switch answering {
        case .always: true
        case .never: false
        case .alone: words == 0
        }
    }

    /// ``answers(words:)``'s rule for this command, worked out from its
    /// name and group once (every line asks, under `quiet`).
    private let answering: Answering
    private enum Answering { case always, never, alone }

    private static func answering(name: String, group: Group) -> Answering {
        switch name {
        case "explain", "expect": .never
        case "help": .always
        case "strategy": .alone
        default: group == .inspect ? .always : .never
        }
    }
}

/// A `--` option of a command: a flag (`--json`) or one that takes a value
/// (`--pass N`).
struct CommandOption: Sendable {
    /// Without the dashes: `json`, `pass`.
    var name: String
    var takesValue: Bool
    /// Whether completion offers it (compare's `--json` it does not).
    var isCompleted = true

    static func flag(_ name: String, isCompleted: Bool = true) -> CommandOption {
        CommandOption(name: name, takesValue: false, isCompleted: isCompleted)
    }

    static func valued(_ name: String) -> CommandOption {
        CommandOption(name: name, takesValue: true)
    }

    /// As typed: `--json`.
    var spelled: String { "--" + name }
}

/// Every command, in the order `help` lists them.
enum CommandTable {
    static let all: [CommandSpec] = [
        ComponentCommand.spec, ListCommand.spec, AttributeCommand.spec, ViewClassCommand.spec, PrepareCommand.spec,
        MountCommand.spec, RemountCommand.spec, HideCommand.spec, ShowCommand.spec, SetCommand.spec,
        ScrollCommand.spec, ReloadCommand.spec, ItemsCommand.insertSpec, ItemsCommand.deleteSpec, StateCommand.spec, WaitCommand.spec, StrategyCommand.spec, RegisterCommand.spec,
        TreeCommand.spec, ComponentsCommand.spec, PoolsCommand.spec, ConfigCommand.spec, LogCommand.spec,
        StatsCommand.spec, DiffCommand.spec, CheckCommand.spec, WhyCommand.spec, TapCommand.spec, ExplainCommand.spec, ExpectCommand.spec, CompareCommand.spec,
        SayCommand.spec, QuizCommand.spec, SourceCommand.spec, ImportCommand.spec, SaveCommand.spec, ExportCommand.spec, OutputCommand.spec, OnceCommand.spec, UndoCommand.spec, ResetCommand.spec, HelpCommand.spec, QuitCommand.spec,
    ]

    static func spec(named name: String) -> CommandSpec? {
        index(named: name).map { all[$0] }
    }

    /// The position in ``all`` of the command named `name` (`exit` is
    /// `quit`'s other name): looked up by hash, not by comparing the name
    /// with each command's in turn (every line asks).
    static func index(named name: String) -> Int? {
        indexByName[name]
    }

    /// Each name's first command in ``all``, and `exit` for `quit`.
    private static let indexByName: [String: Int] = {
        var byName: [String: Int] = [:]
        for (index, spec) in all.enumerated() where byName[spec.name] == nil { byName[spec.name] = index }
        if byName["exit"] == nil, let quit = byName["quit"] { byName["exit"] = quit }
        return byName
    }()
}
