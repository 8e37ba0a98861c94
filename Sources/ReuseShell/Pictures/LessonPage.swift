import Foundation
import ReuseEngine

/// A session script as one offline web page, a step per command, with the
/// tree and pools drawn after each (`export FILE.html`, `--export-html`).
///
/// The script runs in a fresh session. Each step is one command with the
/// `say` lines before it as its narration: the command, its output, whether
/// an `expect` passed, what changed in the views, and the picture after it.
/// The page needs no network: styles, script and pictures are inside it.
public struct LessonPage {
    /// One step of the page.
    public struct Step: Equatable, Sendable {
        /// `say` text shown on arriving at the step.
        public var narration: [String] = []
        /// The command, nil for narration at the end of a script.
        public var command: String?
        /// Where the command is in the script.
        public var line: Int?
        public var output = ""
        /// Error reports (a failed `expect` or command).
        public var errors = ""
        /// For an `expect` line: whether it held.
        public var expectation: Bool?
        /// What the command changed in the views, one line per change.
        public var changes: [String] = []
        /// Which picture shows the state after the step (index into `graphs`).
        public var graph: Int
        /// Questions asked before the command, with their answers: the
        /// page hides the output until the learner reveals them.
        public var quizzes: [Quiz] = []
    }

    /// A `quiz` on the page: an input, and a reveal of the answer.
    public struct Quiz: Equatable, Sendable {
        public var question: String
        /// The sentence the shell prints (`pass 3: created 0`).
        public var answer: String
        /// The bare value a learner's answer is compared with (`0`).
        public var value: String
    }

    public var title: String
    public var file: String
    public var steps: [Step]
    /// Distinct pictures, as DOT text, in the order steps first show them.
    public var graphs: [String]

    /// Commands that failed (an `expect` that did not hold counts).
    public var failures: Int { steps.filter { !$0.errors.isEmpty }.count }

    /// Runs `text` (the script read from `file`) in a fresh session and
    /// records each step.
    public init(script text: String, file: String, strategy: String? = nil) {
        self.file = file
        self.title = LessonPage.title(of: text) ?? (file as NSString).lastPathComponent
        final class Capture { var output = ""; var errors = "" }
        let capture = Capture()
        let interpreter = Interpreter(options: Interpreter.Options(width: 0),
                                      write: { capture.output += $0 }, writeError: { capture.errors += $0 })
        // The page reveals a quiz's answer on request: the shell keeps it unprinted.
        interpreter.printsQuizAnswers = false
        // The script's own path, absolute: paths inside it (`source`,
        // `import`) start from its directory, wherever the page is made from.
        let expanded = (file as NSString).expandingTildeInPath
        let absolute = expanded.hasPrefix("/") ? expanded
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(expanded)
        interpreter.workingDirectory = (absolute as NSString).deletingLastPathComponent
        if let strategy { try? interpreter.selectStrategy(strategy) }
        interpreter.scriptStack.append(absolute)

        var steps: [Step] = []
        var graphs: [String] = []
        var graphIndex: [String: Int] = [:]
        func picture(_ dot: String) -> Int {
            if let index = graphIndex[dot] { return index }
            graphs.append(dot)
            graphIndex[dot] = graphs.count - 1
            return graphs.count - 1
        }
        var latest = picture(DotGraph(engine: interpreter.engine, all: false).tree())
        // The steps presenter mode numbers (LessonStep): each command with the narration that introduces it.
        for lessonStep in LessonStep.steps(of: text, file: file) {
            var narration: [String] = []
            let answered = interpreter.revealedQuizzes.count
            for say in lessonStep.narration {
                capture.output = ""
                interpreter.run(line: say.line, at: say.location)
                // A quiz's question shows in its box, not as narration.
                if interpreter.hasPendingQuiz, say.line.trimmingCharacters(in: .whitespaces).hasPrefix("quiz") { continue }
                narration.append(capture.output.trimmingCharacters(in: .newlines))
            }
            guard let scriptStep = lessonStep.command else {
                steps.append(Step(narration: narration, graph: latest))
                break
            }
            capture.output = ""
            capture.errors = ""
            let before = interpreter.engine
            let word = scriptStep.line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
            // Building a page writes no other file.
            if let word, LessonPage.writesFiles.contains(word) {
                steps.append(Step(narration: narration, command: scriptStep.line.trimmingCharacters(in: .whitespaces),
                                  line: scriptStep.location.line, output: "(not run on the page: '\(word)' writes files)\n",
                                  graph: latest))
                continue
            }
            let ran = interpreter.run(line: scriptStep.line, at: scriptStep.location)
            var step = Step(narration: narration, command: scriptStep.line.trimmingCharacters(in: .whitespaces),
                            line: scriptStep.location.line, output: capture.output, errors: capture.errors, graph: latest)
            if word == "expect" { step.expectation = ran }
            step.quizzes = interpreter.revealedQuizzes[answered...].map { Quiz(question: $0.question, answer: $0.answer, value: $0.value) }
            let after = interpreter.engine
            if after.operationCount != before.operationCount || after.log.currentPass != before.log.currentPass {
                let diff = StateDiff(from: before, to: after)
                step.changes = diff.views.flatMap { view in
                    let label = "\(view.view) \(view.viewClass)" + (view.holder.map { " " + $0.display } ?? "")
                    return view.changes.map { "\(label): " + DiffReport.describe($0) }
                }
                step.graph = picture(DotGraph(engine: after, all: false, changes: diff).tree())
            } else if graphs[latest] != DotGraph(engine: after, all: false).tree() {
                step.graph = picture(DotGraph(engine: after, all: false).tree())
            }
            latest = step.graph
            steps.append(step)
            if interpreter.wantsToQuit { break }
        }
        self.steps = steps
        self.graphs = graphs
    }

    /// Commands a page passes over: they would write files while it is built.
    static let writesFiles: Set<String> = ["save", "output", "once", "export"]

    /// The script's first comment line (`# Lesson 3: unapply runs before apply.`).
    static func title(of text: String) -> String? {
        for line in Interpreter.lines(of: text) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("#") else { return nil }
            let title = trimmed.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
            return title.isEmpty ? nil : title
        }
        return nil
    }

    /// The page, its pictures drawn by Graphviz.
    public func html() throws(Graphviz.Failure) -> String {
        let pictures = try Graphviz.svg(graphs).map(Graphviz.inlined)
        return PageTemplate.lesson(self, pictures: pictures)
    }
}
