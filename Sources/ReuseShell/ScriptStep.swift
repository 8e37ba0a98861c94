import Foundation

/// One command of a session script, as presenter mode and lesson pages walk
/// through them: blank lines and comments are not steps; a command
/// continued over lines (`\`) is one step.
public struct ScriptStep: Sendable, Equatable {
    /// The line as written; a continued command's lines joined (``LineJoiner``).
    public var line: String
    public var location: SourceLocation
    /// A `say` line: its text is narration, not a command to show.
    public var isNarration: Bool

    /// The steps of a script's text, in order.
    public static func steps(of text: String, file: String) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        for (line, location) in Interpreter.commands(of: text, file: file) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            steps.append(ScriptStep(line: line, location: location,
                                    isNarration: trimmed == "say" || trimmed.hasPrefix("say ") || trimmed.hasPrefix("say\t")))
        }
        return steps
    }
}

/// A lesson's step, numbered the same by presenter mode (`--step`, `g N`),
/// lesson pages and their `#step=N`: the `say` lines that introduce a
/// command, then the command. Narration after the last command is a step
/// of its own, with no command.
public struct LessonStep: Sendable, Equatable {
    /// The `say` lines shown on arriving at the step, in order.
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
