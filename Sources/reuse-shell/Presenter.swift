import Foundation
import ReuseShell

/// Presenter mode (`--step`): shows each command of a lesson, waits for Enter,
/// then runs it. `q` stops; anything else typed runs as a command of its own,
/// then the lesson resumes where it was.
struct Presenter {
    let interpreter: Interpreter
    let terminal: Bool

    func present(file: String) -> Bool {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            return interpreter.run(file: file)
        }
        let lines = Interpreter.lines(of: text)
        let editor: LineEditor? = terminal ? LineEditor(programName: "reuse-shell", historyPath: nil) { [interpreter] line in
            interpreter.completions(for: line)
        } : nil
        var ok = true
        var typed = 0
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let location = SourceLocation(file: file, line: index + 1)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            waiting: while true {
                let prompt = "[\(index + 1)/\(lines.count)] \(trimmed)  (Enter runs, q stops) "
                let answer: String
                if let editor {
                    switch editor.readLine(prompt: prompt) {
                    case .line(let line): answer = line
                    case .interrupted: continue waiting
                    case .endOfFile: return ok
                    }
                } else {
                    Output.standard(prompt + "\n")
                    guard let line = readLine(strippingNewline: true) else { return ok }
                    answer = line
                }
                switch answer.trimmingCharacters(in: .whitespaces) {
                case "":
                    break waiting
                case "q", "quit":
                    return ok
                default:
                    typed += 1
                    editor?.addHistory(answer)
                    interpreter.run(line: answer, at: SourceLocation(file: "<stdin>", line: typed))
                    if interpreter.wantsToQuit { return ok }
                }
            }
            ok = interpreter.run(line: line, at: location) && ok
            if interpreter.wantsToQuit { break }
        }
        return ok
    }
}
