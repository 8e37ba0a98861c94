import Foundation

/// One command of a session script, as presenter mode and lesson pages walk
/// through them: blank lines and comments are not steps; a command
/// continued over lines (`\`) is one step.
public struct ScriptStep: Sendable, Equatable {
    /// The line as written; a continued command's lines joined (``LineJoiner``).
    public var line: String
    public var location: SourceLocation
    /// A `say` or `quiz` line: it introduces the next command (narration,
    /// a question) rather than being a command to show.
    public var isNarration: Bool

    /// The steps of a script's text, in order.
    public static func steps(of text: String, file: String) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        for (line, location) in Interpreter.commands(of: text, file: file) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let word = trimmed.prefix { $0 != " " && $0 != "\t" }
            steps.append(ScriptStep(line: line, location: location, isNarration: word == "say" || word == "quiz"))
        }
        return steps
    }
}

/// A lesson's step, numbered the same by presenter mode (`--step`, `g N`),
/// lesson pages and their `#step=N`: the `say` and `quiz` lines that
/// introduce a command, then the command. Narration after the last command is a step
/// of its own, with no command.
public struct LessonStep: Sendable, Equatable {
    /// The `say` and `quiz` lines shown on arriving at the step, in order.
    public var narration: [ScriptStep]
    /// The command the step runs; nil for closing narration.
    public var command: ScriptStep?

    /// The steps of a lesson's text, in order.
    public static func steps(of text: String, file: String) -> [LessonStep] {
        var steps: [LessonStep] = []
        var narration: [ScriptStep] = []
        for step in ScriptStep.steps(of: text, file: file) {
            if step.isNarration {
                narration.append(step)
            } else {
                steps.append(LessonStep(narration: narration, command: step))
                narration = []
            }
        }
        if !narration.isEmpty { steps.append(LessonStep(narration: narration, command: nil)) }
        return steps
    }
}
