import ReuseEngine

/// `quiz "QUESTION" EXPECTATION`: a question asked before the next command
/// runs and answered after it, so a learner predicts before seeing.
///
/// The expectation is `expect`'s without its value (`stat created`,
/// `Feed/4 liked`, `leaks`, `Feed/6 holds`, `pool v2 Card`, `Feed/3 state
/// liked`). A counted stat is what the next command's passes counted (the
/// question is about that step); everything else is read after it. A plain
/// replay prints the question, then the answer after the next command's
/// output; presenter mode takes the learner's answer first and marks it;
/// a lesson page has an input and a reveal.
enum QuizCommand {
    static let spec = CommandSpec(
        name: "quiz", group: .session,
        usage: "quiz \"QUESTION\" EXPECTATION",
        summary: "ask a question the next command answers (lessons: predict, then see)",
        details: """
        EXPECTATION is what 'expect' checks, without the value: stat NAME (a
        counted stat: what the next command counts; a measured one: its value
        after), leaks, VIEW PROPERTY, PATH holds, pool VIEW COMPONENT, PATH
        state NAME. The question is printed now; after the next command runs,
        its answer. In presenter mode (--step) what you type at a quiz is your
        answer, marked right or wrong when the step has run; on a lesson page
        the quiz has an input and a reveal.
        """,
        example: "quiz \"How many views does this scroll create?\" stat created",
        replays: false
    ) { (arguments, shell) throws(ShellError) in
        guard let question = arguments.next() else { throw arguments.missing("a question in quotes") }
        guard question.isQuoted else {
            throw ShellError("quiz: put the question in quotes: quiz \"How many views does this create?\" stat created", at: question)
        }
        let subject = try Subject.parse(&arguments)
        try arguments.end()
        if let unanswered = shell.pendingQuiz {
            shell.emit("note: the quiz \"\(unanswered.question)\" is not answered: no command ran after it")
        }
        shell.pendingQuiz = Pending(question: question.text, subject: subject, before: shell.engine.log.totals,
                                    passBefore: shell.engine.log.currentPass)
        shell.emit("quiz: " + question.text)
    }

    /// What a quiz asks about, as written; resolved only once the next command ran.
    enum Subject: Sendable {
        case stat(Stat)
        case leaks
        case property(view: Token, name: String)
        case holds(path: Token)
        case pool(parent: Token, component: String)
        case state(path: Token, name: String)

        static func parse(_ arguments: inout Arguments) throws(ShellError) -> Subject {
            let first = try arguments.word("what the question is about (stat NAME, leaks, VIEW PROPERTY, PATH holds, ...)")
            switch first.text {
            case "stat":
                let name = try arguments.word("a stat name")
                guard let stat = Stat.expectable.first(where: { $0.name == name.text }) else {
                    let hint = closestName(to: name.text, in: ExpectCommand.statNames).map { "; did you mean '\($0)'?" }
                        ?? " (stats: " + ExpectCommand.statNames.joined(separator: ", ") + ")"
                    throw ShellError("quiz: unknown stat '\(name.text)'\(hint)", at: name)
                }
                return .stat(stat)
            case "leaks":
                return .leaks
            case "pool":
                let parent = try arguments.word("a parent view")
                return .pool(parent: parent, component: try arguments.name("a component or view class").text)
            default:
                if arguments.accept("holds") { return .holds(path: first) }
                if arguments.accept("state") { return .state(path: first, name: try arguments.name("state name").text) }
                let property = try arguments.word("a property name")
                if ["hidden", "visible", "removed"].contains(property.text) {
                    throw ShellError("quiz: ask about a property's value; '\(property.text)' is a state 'expect' checks, not a property", at: property)
                }
                return .property(view: first, name: property.text)
            }
        }
    }

    /// A quiz asked and not yet answered.
    struct Pending: Sendable {
        var question: String
        var subject: Subject
        /// The totals and pass when it was asked: a counted stat's answer is what came after.
        var before: EventCounts
        var passBefore: Int
    }

    /// A quiz answered: what a lesson page shows behind its reveal.
    struct Revealed: Sendable, Equatable {
        var question: String
        /// The answer as the shell prints it (`pass 3: created 0`).
        var answer: String
        /// The value alone, which a learner's answer is compared with (`0`).
        var value: String
    }

    /// The answer to `quiz`, read from the state after the next command.
    /// Returns the sentence, the bare value and whether `answer` matches it.
    static func resolve(_ quiz: Pending, in shell: Interpreter, answer: String?) -> (sentence: String, value: String, right: Bool?) {
        let engine = shell.engine
        func judged(_ matches: (String) -> Bool) -> Bool? {
            answer.map { matches($0.trimmingCharacters(in: .whitespaces)) }
        }
        func number(_ value: Int) -> (String) -> Bool { { Int($0) == value } }
        switch quiz.subject {
        case .stat(let stat):
            if stat.isCounted {
                let value = engine.log.totals[stat] - quiz.before[stat]
                let now = engine.log.currentPass
                let passes = now == quiz.passBefore ? "no pass" : now == quiz.passBefore + 1 ? "pass \(now)" : "passes \(quiz.passBefore + 1)-\(now)"
                return ("\(passes): \(stat.name) \(value)", String(value), judged(number(value)))
            }
            let value = engine.statistics[stat]
            return ("\(stat.name) is \(value)", String(value), judged(number(value)))
        case .leaks:
            let value = engine.leaks().count + engine.stateLeaks().count
            return ("\(value) leak\(value == 1 ? "" : "s")", String(value), judged(number(value)))
        case .property(let token, let name):
            guard let id = try? shell.viewID(from: token) else { return ("\(token.text) is not a view now", "", judged { _ in false }) }
            guard let shown = engine.views[id].properties[name] else { return ("\(id) has no property \(name)", "", judged { _ in false }) }
            // Entries may be answered without their brackets (`unfollow` for `[unfollow]`).
            return ("\(id) \(name) is \(shown)", shown.description, judged { answer in
                if case .entries = shown, !answer.hasPrefix("[") { return ExpectCommand.property(shown, matches: "[\(answer)]") }
                return ExpectCommand.property(shown, matches: answer)
            })
        case .holds(let token):
            let held = (try? shell.mountedPath(from: token)).flatMap { try? engine.resolve($0) }?.view
            let value = held?.description ?? "no view"
            return ("\(token.text) holds \(value)", value, judged { $0.lowercased() == value })
        case .pool(let token, let component):
            guard let parent = try? shell.viewID(from: token) else { return ("\(token.text) is not a view now", "", judged { _ in false }) }
            let value = engine.views[parent].pools.filter { key, _ in ExpectCommand.key(key, isNamed: component) }
                .values.reduce(0) { $0 + $1.views.count }
            return ("\(parent)'s pools for \(component) hold \(value)", String(value), judged(number(value)))
        case .state(let token, let name):
            let path = try? shell.mountedPath(from: token)
            let shown = path.flatMap { try? engine.state(at: $0) }?.values[name]
            let value = shown?.value ?? "none"
            return ("\(token.text) state \(name) is \(value)", value, judged { $0 == value })
        }
    }
}

extension Interpreter {
    /// Answers the quiz asked before the command that just ran: prints the
    /// answer (marked, when presenter mode gave the learner's), keeps it for
    /// a lesson page, and clears it.
    func answerPendingQuiz() {
        guard let quiz = pendingQuiz else { return }
        pendingQuiz = nil
        let given = quizAnswer
        quizAnswer = nil
        let (sentence, value, right) = QuizCommand.resolve(quiz, in: self, answer: given)
        revealedQuizzes.append(QuizCommand.Revealed(question: quiz.question, answer: sentence, value: value))
        guard printsQuizAnswers else { return }
        switch right {
        case true?: emit(style.good("✔ right") + ": " + sentence)
        case false?: emit(style.warn("✘ not quite") + ": " + sentence + " (you answered \(given ?? ""))")
        case nil: emit("answer: " + sentence)
        }
    }
}
