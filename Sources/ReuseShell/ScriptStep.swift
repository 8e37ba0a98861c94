import Foundation

/// One command of a session script, as presenter mode and lesson pages walk
/// through them: blank lines and comments are not steps.
public struct ScriptStep: Sendable, Equatable {
    /// The line as written.
    public var line: String
    public var location: SourceLocation
    /// A `say` line: its text is narration, not a command to show.
    public var isNarration: Bool

    /// The steps of a script's text, in order.
    public static func steps(of text: String, file: String) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        for (index, line) in Interpreter.lines(of: text).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            steps.append(ScriptStep(line: line, location: SourceLocation(file: file, line: index + 1),
                                    isNarration: trimmed == "say" || trimmed.hasPrefix("say ") || trimmed.hasPrefix("say\t")))
        }
        return steps
    }
}
