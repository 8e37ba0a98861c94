import Foundation
import ReuseShell

/// Presenter mode (`--step`): a lesson one command at a time, with a way back.
///
/// Steps are numbered as the lesson's web page numbers them (``LessonStep``):
/// a command with the `say` narration that introduces it, and closing
/// narration as a last step. Arriving at a step shows its narration and
/// `reuse> CMD`, and Enter runs the command. At a step with a `quiz`, what
/// is typed is the learner's answer: the step runs and the answer is marked. `b` goes back a step (state
/// included), `r` restarts, `g N` goes to step N, `q` quits, `?` lists the
/// keys. Anything else runs as the presenter's own command, in a detour:
/// `resume`, `b`, or Enter sets the detour aside (the lesson goes on from its
/// own state), so the lesson's `expect` lines still hold.
struct Presenter {
    let interpreter: Interpreter
    let terminal: Bool

    typealias Step = LessonStep

    static let keys = """
        Enter runs the step shown; b back a step, r restart, g N go to step N,
        q quit, ? these keys. Anything else runs as your own command; resume
        (or Enter, b) sets it aside and the lesson goes on. At a quiz (the
        prompt ends in 'quiz'), what you type is your answer.
        """

    /// Runs the lesson; false when a lesson step failed (the last time it ran).
    func present(file: String) -> Bool {
        // What cannot be read whole is run as a script, which says why.
        guard let text = try? ScriptReader.readAll(atPath: file) else {
            return interpreter.run(file: file)
        }
        let steps = LessonStep.steps(of: text, file: file)
        var session = Walk(interpreter: interpreter, steps: steps, name: (file as NSString).lastPathComponent)
        return session.run(terminal: terminal)
    }

    /// Where the presenter is in the lesson, and how it got there.
    struct Walk {
        let interpreter: Interpreter
        let steps: [Step]
        let name: String
        /// The next step to run (0-based); `steps.count` at the end.
        var next = 0
        /// The session before each step ran: `marks[i]` is before step i.
        var marks: [Interpreter.Mark] = []
        /// The session when the presenter's own commands began, while they are in effect.
        var detour: Interpreter.Mark?
        /// Steps whose last run failed.
        var failed: Set<Int> = []
        var typed = 0

        init(interpreter: Interpreter, steps: [Step], name: String) {
            self.interpreter = interpreter
            self.steps = steps
            self.name = name
        }

        mutating func run(terminal: Bool) -> Bool {
            let editor: LineEditor? = terminal ? LineEditor(programName: "reuse-shell", historyPath: nil) { [interpreter] line in
                interpreter.completions(for: line)
            } : nil
            say("Presenting \(name): \(steps.count) step\(steps.count == 1 ? "" : "s").\n" + Presenter.keys
                + "\n'help glossary' defines the words the lessons use (pool, key, cell, cache, ...).")
            marks = [interpreter.mark]
            arrive()
            // Answers from a pipe or file, read bounded as a script is.
            var input = ScriptReader(descriptor: STDIN_FILENO)
            while true {
                // At a quiz (asked on arrival), what is typed is the learner's answer.
                let quizzing = detour == nil && interpreter.hasPendingQuiz
                let prompt = next < steps.count
                    ? "\(name) \(next + 1)/\(steps.count)\(detour == nil ? "" : " (exploring)")\(quizzing ? " quiz" : "") › "
                    : "\(name) end\(detour == nil ? "" : " (exploring)") › "
                let answer: String
                Output.flush()
                if let editor {
                    switch editor.readLine(prompt: prompt) {
                    case .line(let line): answer = line
                    case .interrupted: continue
                    case .endOfFile: return failed.isEmpty
                    }
                } else {
                    Output.standard(prompt + "\n")
                    Output.flush()
                    let line: String?
                    do {
                        line = try input.nextLine()
                    } catch {
                        Output.standardError("<stdin>:\(error.line ?? input.lineNumber + 1): error: \(error)\n")
                        return false
                    }
                    guard let line else { return failed.isEmpty }
                    answer = line
                }
                let words = answer.split(whereSeparator: { $0 == " " || $0 == "\t" })
                let keys: Set<String> = ["q", "quit", "?", "b", "back", "r", "restart", "g", "goto"]
                if quizzing, !keys.contains(words.first.map(String.init) ?? "") {
                    // The answer (none for a bare Enter), then the step; the shell marks it.
                    interpreter.quizAnswer = words.isEmpty ? nil : answer.trimmingCharacters(in: .whitespaces)
                    runStep()
                    if interpreter.wantsToQuit { return failed.isEmpty }
                    arrive()
                    continue
                }
                switch words.first.map(String.init) ?? "" {
                case "" where next >= steps.count:
                    return failed.isEmpty
                case "":
                    setDetourAside()
                    runStep()
                    if interpreter.wantsToQuit { return failed.isEmpty }
                    arrive()
                case "q" where words.count == 1, "quit" where words.count == 1:
                    return failed.isEmpty
                case "?" where words.count == 1:
                    say(Presenter.keys)
                case "b" where words.count == 1, "back" where words.count == 1:
                    guard next > 0 || detour != nil else { say("already at the first step"); continue }
                    go(to: detour != nil && next == 0 ? 0 : next - 1)
                case "r" where words.count == 1, "restart" where words.count == 1:
                    go(to: 0)
                case "g" where words.count == 1, "goto" where words.count == 1:
                    say("g N: go to step N, from 1 to \(steps.count) (\(steps.count + 1) is the end)")
                case "g" where words.count == 2, "goto" where words.count == 2:
                    guard let number = Int(words[1]), number >= 1, number <= steps.count + 1 else {
                        say("g N: N is a step from 1 to \(steps.count) (\(steps.count + 1) is the end)")
                        continue
                    }
                    go(to: number - 1)
                case "resume" where words.count == 1:
                    guard detour != nil else { say("nothing to resume: no command of your own is in effect"); continue }
                    setDetourAside()
                    arrive()
                default:
                    if detour == nil { detour = interpreter.mark }
                    typed += 1
                    editor?.addHistory(answer)
                    interpreter.run(line: answer, at: SourceLocation(file: "<stdin>", line: typed))
                    if interpreter.wantsToQuit { return failed.isEmpty }
                }
            }
        }

        /// Shows the step about to run: its narration (the `say` lines, run
        /// now: they change nothing), then its command.
        mutating func arrive() {
            guard next < steps.count else {
                say("End of \(name). b goes back, r restarts, Enter or q leaves.")
                return
            }
            let step = steps[next]
            for narration in step.narration { interpreter.run(line: narration.line, at: narration.location) }
            if let command = step.command {
                say("reuse> " + command.line.trimmingCharacters(in: .whitespaces), continuation: "       ")
            }
            if interpreter.hasPendingQuiz {
                say("(type your answer and Enter: the step runs and your answer is marked; Enter alone just runs it)")
            }
        }

        /// Runs the step shown and moves on.
        mutating func runStep() {
            guard next < steps.count else { return }
            let step = steps[next]
            if let command = step.command {
                if interpreter.run(line: command.line, at: command.location) { failed.remove(next) } else { failed.insert(next) }
            }
            next += 1
            if marks.count == next { marks.append(interpreter.mark) } else { marks[next] = interpreter.mark }
        }

        /// Puts the session back where the presenter's own commands began.
        mutating func setDetourAside() {
            guard let mark = detour else { return }
            interpreter.restore(mark)
            detour = nil
            say("(your commands are set aside: the lesson goes on from its own state)")
        }

        /// Goes to step `target` (0-based): back by restoring the session as
        /// it was before it, forward by running the steps between, quietly.
        mutating func go(to target: Int) {
            if let mark = detour {
                interpreter.restore(mark)
                detour = nil
            }
            if target <= next {
                interpreter.restore(marks[target])
                failed = failed.filter { $0 < target }
                next = target
            } else {
                interpreter.muted = true
                while next < target, next < steps.count {
                    runStep()
                    if interpreter.wantsToQuit { break }
                }
                interpreter.muted = false
            }
            say(next < steps.count ? "at step \(next + 1) of \(steps.count)" : "at the end")
            arrive()
        }

        /// Prints the presenter's own text, wrapped to the width as the shell's is.
        func say(_ text: String, continuation: String = "") {
            let width = interpreter.options.width
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                .flatMap { wrap(String($0), width: width, continuation: continuation) }
            Output.standard(lines.joined(separator: "\n") + "\n")
        }
    }
}
