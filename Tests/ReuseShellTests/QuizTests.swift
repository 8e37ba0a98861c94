import Foundation
import Testing
@testable import ReuseShell

/// `quiz "QUESTION" EXPECTATION`: asked before the next command, answered
/// after it; marked in presenter mode; an input and a reveal on a page.
@Suite struct QuizTests {
    static let scene = """
    component Title view UILabel { text: "Post {i}" }
    component Post view UIView { backgroundColor: white } children Title
    list Feed rows 100 viewport 3 cells Post
    mount Feed
    """

    /// A replay prints the question, then the next command's output, then
    /// the answer: the same every time.
    @Test func aReplayAsksThenAnswers() {
        let script = Self.scene + """

        quiz "How many views does this scroll create?" stat created
        scroll Feed by 3
        quiz "Which view does Feed/3 hold?" Feed/3 holds
        say (narration does not answer it)
        tree
        """
        let first = Session().run(script)
        #expect(first == Session().run(script))
        let lines = first.split(separator: "\n").map(String.init)
        let asked = lines.firstIndex(of: "quiz: How many views does this scroll create?")
        let pass = lines.firstIndex { $0.hasPrefix("pass 2 (scroll Feed by 3)") }
        let answered = lines.firstIndex(of: "answer: pass 2: created 0")
        #expect(asked != nil && pass != nil && answered != nil, "\(first)")
        if let asked, let pass, let answered { #expect(asked < pass && pass < answered) }
        // Answered after `tree`, not after the `say` in between.
        // theodolite vends a pool's views in order: row 3 takes the first, v7 (row 2's).
        let held = lines.firstIndex(of: "answer: Feed/3 holds v7")
        let tree = lines.firstIndex(of: "v1 UIView root")
        #expect(held != nil && tree != nil && held! > tree!, "\(first)")
    }

    /// Counted stats answer for the next command's passes; measured ones,
    /// properties and state are read after it.
    @Test func eachKindOfExpectation() {
        let session = Session(Self.scene)
        #expect(session.run("quiz \"q\" stat created\nscroll Feed by 1").contains("answer: pass 2: created 0"))
        #expect(session.run("quiz \"q\" stat views\nscroll Feed by 1").contains("answer: views is 8"))
        #expect(session.run("quiz \"q\" leaks\ntree").contains("answer: 0 leaks"))
        #expect(session.run("quiz \"q\" Feed/3/Title text\ntree").contains("answer: v4 text is \"Post 3\""))
        #expect(session.run("quiz \"q\" pool v2 Post\ntree").contains("answer: v2's pools for Post hold 3"))
        #expect(session.run("state Feed/3 liked true\nquiz \"q\" Feed/3 state liked\ntree").contains("answer: Feed/3 state liked is true"))
        #expect(session.run("quiz \"q\" stat created\nsay nothing yet\nstats").contains("answer: no pass: created 0"))
    }

    /// Presenter mode gives the learner's answer: marked right or wrong,
    /// with the true value.
    @Test func aGivenAnswerIsMarked() {
        let session = Session(Self.scene)
        session.run("quiz \"q\" stat created")
        session.interpreter.quizAnswer = "0"
        #expect(session.run("scroll Feed by 1").contains("✔ right: pass 2: created 0"))
        // A property answer is matched as expect matches one: quotes optional.
        session.run("quiz \"q\" Feed/3/Title text")
        session.interpreter.quizAnswer = "Post 3"
        #expect(session.run("tree").contains("✔ right: "))
        session.run("quiz \"q\" Feed/3/Title text")
        session.interpreter.quizAnswer = "Post 1"
        let marked = session.run("tree")
        #expect(marked.contains("✘ not quite: ") && marked.contains("text is \"Post 3\" (you answered Post 1)"), "\(marked)")
    }

    @Test func errors() {
        let session = Session(Self.scene)
        #expect(session.error("quiz \"q\" stat craeted").contains("quiz: unknown stat 'craeted'; did you mean 'created'?"))
        #expect(session.error("quiz").contains("a question in quotes"))
        #expect(session.error("quiz \"q\"").contains("what the question is about"))
        #expect(!session.interpreter.hasPendingQuiz)
        #expect(session.error("quiz How many? stat created").contains("quiz: put the question in quotes"))
        #expect(session.error("quiz \"q\" Feed/0 hidden").contains("'hidden' is a state 'expect' checks, not a property"))
        #expect(session.error("quiz \"q\" stat bogus").contains("(stats: passes, created,"))
        // A quiz asked over another that nothing answered says so.
        session.run("quiz \"first\" stat created")
        #expect(session.run("quiz \"second\" stat created").contains("note: the quiz \"first\" is not answered: no command ran after it"))
    }

    /// Under UIKit a pool is named by the identifier its cells were
    /// registered under: `quiz … pool v2 Ad` and `expect pool v2 Ad N` find it.
    @Test func aPoolByItsIdentifier() {
        let session = Session("""
        strategy uikit
        component Post view UIView { alpha: 0.5 }
        component Ad view UIView { alpha: 0.7 }
        list Feed rows 30 viewport 3 cells Post Post Ad
        register Feed Post
        register Feed Ad
        mount Feed
        """)
        #expect(session.line("expect pool v2 Ad 1").ok)
        #expect(session.run("quiz \"q\" pool v2 Ad\ntree").contains("answer: v2's pools for Ad hold 1"))
    }

    /// Entries may be answered without their brackets, in presenter mode as on the page.
    @Test func entriesWithoutBrackets() {
        let session = Session("component B view UIButton { tap: follow }\nmount B")
        session.run("quiz \"q\" B tap")
        session.interpreter.quizAnswer = "unfollow"
        #expect(session.run("set B tap unfollow").contains("✔ right: v2 tap is [\"unfollow\"]"))
    }

    /// Going back (presenter mode's `b`, `undo`'s marks) forgets a quiz asked after the mark.
    @Test func restoringForgetsAPendingQuiz() {
        let session = Session(Self.scene)
        let mark = session.interpreter.mark
        session.run("quiz \"q\" stat created")
        #expect(session.interpreter.hasPendingQuiz)
        session.interpreter.restore(mark)
        #expect(!session.interpreter.hasPendingQuiz)
        #expect(!session.run("scroll Feed by 1").contains("answer:"))
    }

    /// On a page the question gets an input and a reveal; the answer is
    /// not in the step's output, and the step is marked to hide its output.
    @Test func aPageHasAnInputAndAReveal() throws {
        let page = LessonPage(script: Self.scene + "\nquiz \"How many views does this scroll create?\" stat created\nscroll Feed by 3\n",
                              file: "quiz.reuse")
        let step = try #require(page.steps.last)
        #expect(step.command == "scroll Feed by 3")
        #expect(step.quizzes == [LessonPage.Quiz(question: "How many views does this scroll create?", answer: "pass 2: created 0", value: "0")])
        #expect(!step.output.contains("answer:"))
        #expect(!step.narration.contains { $0.contains("quiz:") })
        let html = PageTemplate.lesson(page, pictures: page.graphs.map { _ in "" })
        #expect(html.contains("<section class=\"step quizzing\""))
        #expect(html.contains("data-answer=\"0\"") && html.contains("<input type=\"text\" class=\"guess\""))
        #expect(html.contains("<p class=\"answer\" hidden>Answer: pass 2: created 0</p>"))
    }

    /// The lessons ask at least eight questions, where learners guess wrong.
    @Test func theLessonsAskAtLeastEight() throws {
        let directory = packageRootForTests + "/Sessions"
        let lessons = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".reuse") }.sorted()
        var count = 0
        for lesson in lessons {
            let text = try String(contentsOfFile: directory + "/" + lesson, encoding: .utf8)
            count += text.split(separator: "\n").filter { $0.hasPrefix("quiz ") }.count
        }
        #expect(count >= 8, "\(count) quizzes")
    }
}

/// Sessions/INSTRUCTOR.md: its table of steps and quizzes per lesson is the
/// lessons' own, and the paths it gives add up.
@Suite struct InstructorGuideTests {
    @Test func theTableMatchesTheLessons() throws {
        let directory = packageRootForTests + "/Sessions"
        let guide = try String(contentsOfFile: directory + "/INSTRUCTOR.md", encoding: .utf8)
        let lessons = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".reuse") }.sorted()
        var minutes = 0
        for lesson in lessons {
            let number = Int(lesson.prefix(2))!
            let text = try String(contentsOfFile: directory + "/" + lesson, encoding: .utf8)
            let steps = LessonStep.steps(of: text, file: lesson)
            let quizzes = steps.flatMap(\.narration).filter { $0.line.hasPrefix("quiz ") }.count
            let row = try #require(guide.split(separator: "\n").first { $0.hasPrefix("| \(number) | ") }, "no row for \(lesson)")
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(Int(cells[2]) == steps.count, "\(lesson): the guide says \(cells[2]) steps, the lesson has \(steps.count)")
            #expect(Int(cells[3]) == quizzes, "\(lesson): the guide says \(cells[3]) quizzes, the lesson has \(quizzes)")
            minutes += Int(cells[4]) ?? 0
        }
        #expect(guide.contains("every lesson in order,\n0 to \(lessons.count - 1), about \(minutes) minutes"), "total \(minutes)")
        // The 90-minute path adds up to what it says.
        let path = guide.components(separatedBy: "**90 minutes**").last?.components(separatedBy: "That is").first ?? ""
        let pathMinutes = path.split(separator: "\n").filter { $0.first?.isNumber == true }
            .compactMap { line in line.split(separator: "(").last.flatMap { Int($0.prefix { $0.isNumber }) } }.reduce(0, +)
        #expect(guide.contains("That is \(pathMinutes) minutes"), "the 90-minute path adds up to \(pathMinutes)")
        #expect(pathMinutes <= 90)
        // The quiz table has a row per quiz.
        let quizRows = guide.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains("?") && !$0.contains("The question") }.count
        let all = try lessons.map { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }
            .flatMap { $0.split(separator: "\n") }.filter { $0.hasPrefix("quiz ") }.count
        #expect(quizRows == all, "\(quizRows) rows for \(all) quizzes")
    }
}
