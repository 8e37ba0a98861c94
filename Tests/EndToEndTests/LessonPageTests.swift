// Lesson pages opened in a real headless browser (Debian's chromium): the
// rendered DOM at a step shows that step, and a screenshot has pixels.

import Foundation
import Testing
import TestSupport

@Suite struct LessonPageTests {
    /// Runs `body` with lesson 3 as one page, written for this test in a
    /// temporary directory of its own (removed after `body`).
    static func withLessonPage<Result>(_ body: (URL) throws -> Result) throws -> Result {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let page = directory.appendingPathComponent("lesson3.html")
            let run = try runShell(["--export-html", page.path, "Sessions/03-unapply-before-apply.reuse"])
            guard run.status == 0 else { throw ToolMissing(description: "--export-html failed:\n\(run.output)") }
            return try body(page)
        }
    }

    /// The DOM after the page's script ran, opened at `fragment`.
    static func renderedDOM(_ page: URL, fragment: String) throws -> String {
        let browser = try requireTool("chromium", "chromium-browser", "google-chrome", install: "chromium")
        let run = try withTemporaryDirectory(prefix: "reuse-e2e") { profile in
            try runTool(browser, Self.browserFlags(profile) + ["--dump-dom", page.absoluteString + fragment])
        }
        #expect(run.status == 0, "chromium failed:\n\(run.errors)")
        return run.output
    }

    static func browserFlags(_ profile: URL) -> [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
         "--user-data-dir=\(profile.path)"]
    }

    /// The step the page shows: the one section marked current.
    static func currentStep(in dom: String) -> String? {
        let sections = dom.components(separatedBy: "<section ").dropFirst().map { String($0.prefix { _ in true }) }
        let current = sections.filter { $0.prefix(while: { $0 != ">" }).contains("aria-current=\"step\"") }
        guard current.count == 1, let section = current.first, let end = section.range(of: "</section>") else { return nil }
        return String(section[..<end.lowerBound])
    }

    @Test func firstStepShowsItsCommandNarrationAndPicture() throws {
        try Self.withLessonPage { page in
            let dom = try Self.renderedDOM(page, fragment: "#step=1")
            let step = try #require(Self.currentStep(in: dom), "no single current step in:\n\(dom.prefix(2000))")
            #expect(step.contains("id=\"step-1\""))
            #expect(step.contains("Lesson 3: some attributes are additive"), "narration")
            // (A serialized DOM writes quotes in text as they are.)
            #expect(step.contains("<code>component Button view UIButton { title: \"Follow\", tap: follow }</code>"), "command:\n\(step)")
            #expect(step.contains("<svg"), "picture")
            #expect(dom.contains("Step 1 of "))
            // Every other step is hidden (a quiz's answer is hidden too, inside its step).
            let sections = dom.components(separatedBy: "<section ").dropFirst()
            #expect(sections.count - 1 == sections.filter { $0.prefix { $0 != ">" }.contains(" hidden=\"\"") }.count)
        }
    }

    /// Lesson 3's quiz in a browser: the step's output stays hidden, the
    /// learner types an answer and reveals it: marked, the answer and the
    /// output shown. (A script added to a copy of the page types and clicks.)
    @Test func aQuizRevealsAndMarksTheAnswer() throws {
        try Self.withLessonPage { page in
            let html = try String(contentsOf: page, encoding: .utf8)
            let quizStep = try #require(html.range(of: "<section class=\"step quizzing\" id=\"step-"))
            let number = html[quizStep.upperBound...].prefix { $0.isNumber }
            #expect(html.contains("<input type=\"text\" class=\"guess\""))
            let before = try Self.renderedDOM(page, fragment: "#step=\(number)")
            let shown = try #require(Self.currentStep(in: before))
            #expect(shown.contains("Quiz: The tap changes from follow to unfollow"), "\(shown)")
            #expect(!shown.contains("revealed"))
            let copy = page.deletingLastPathComponent().appendingPathComponent("lesson3-answered.html")
            let typing = """
                <script>var quiz = document.querySelector("section[aria-current] .quiz");
                quiz.querySelector(".guess").value = "[follow, unfollow]"; quiz.querySelector(".reveal").click();</script></body>
                """
            try Data(html.replacingOccurrences(of: "</body>", with: typing).utf8).write(to: copy)
            let after = try Self.renderedDOM(copy, fragment: "#step=\(number)")
            let answered = try #require(Self.currentStep(in: after))
            #expect(answered.hasPrefix("class=\"step quizzing revealed\""), "\(answered.prefix(200))")
            #expect(answered.contains("✘ not quite (you answered [follow, unfollow])"), "\(answered)")
            #expect(answered.contains("<p class=\"answer\">Answer: v2 tap is [\"unfollow\"]</p>"), "\(answered)")
            // The picture, hidden until the reveal, is sized once shown.
            #expect(answered.contains("<svg width=") && answered.contains("style=\"width: "), "the revealed picture was never sized")
            // Written without quotes, the right answer is right.
            try Data(html.replacingOccurrences(of: "</body>", with: typing.replacingOccurrences(of: "[follow, unfollow]", with: "[unfollow]")).utf8)
                .write(to: copy)
            let right = try #require(Self.currentStep(in: try Self.renderedDOM(copy, fragment: "#step=\(number)")))
            #expect(right.contains("✔ right"), "\(right)")
        }
    }

    /// Where a step's picture lands in a 1024x768 window, and how small its
    /// text is: a script added to a copy of the page measures the current
    /// step and leaves the figures in an attribute of the body.
    static func measure(_ page: URL, step: Int) throws -> [String: Double] {
        let html = try String(contentsOf: page, encoding: .utf8)
        let measuring = """
            <script>(function () {
              var step = document.querySelector("section[aria-current]");
              var figure = step.querySelector("figure.picture").getBoundingClientRect();
              var command = step.querySelector(".command").getBoundingClientRect();
              var smallest = 1e9;
              step.querySelectorAll("figure.picture svg text").forEach(function (text) {
                var height = text.getBoundingClientRect().height;
                if (height > 0 && height < smallest) { smallest = height; }
              });
              document.body.setAttribute("data-measure", [figure.top, figure.left, command.right, smallest, innerWidth, innerHeight].join(" "));
            })();</script></body>
            """
        let copy = page.deletingLastPathComponent().appendingPathComponent("measured-" + page.lastPathComponent)
        try Data(html.replacingOccurrences(of: "</body>", with: measuring).utf8).write(to: copy)
        let browser = try requireTool("chromium", "chromium-browser", "google-chrome", install: "chromium")
        let run = try withTemporaryDirectory(prefix: "reuse-e2e") { profile in
            try runTool(browser, Self.browserFlags(profile) + ["--window-size=1024,768", "--dump-dom", copy.absoluteString + "#step=\(step)"])
        }
        let attribute = try #require(run.output.range(of: "data-measure=\""), "no measure:\n\(run.output.suffix(500))")
        let numbers = run.output[attribute.upperBound...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
        try #require(numbers.count == 6)
        return ["top": numbers[0], "left": numbers[1], "commandRight": numbers[2], "text": numbers[3], "width": numbers[4], "height": numbers[5]]
    }

    /// At 1024x768, on three lessons: the picture is beside the output and on
    /// screen when the step opens, and its text is at least 11 px high.
    @Test(arguments: [("01-first-mount.reuse", 4), ("08-scrolling-feed.reuse", 5), ("10-strategies-compared.reuse", 12)])
    func thePictureIsBesideTheOutputAndReadable(_ lesson: String, _ step: Int) throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let page = directory.appendingPathComponent(lesson.replacingOccurrences(of: ".reuse", with: ".html"))
            let run = try runShell(["--export-html", page.path, "Sessions/" + lesson])
            try #require(run.status == 0, "\(run.output)")
            let measured = try Self.measure(page, step: step)
            #expect(measured["width"] == 1024, "\(measured)")
            #expect((measured["top"] ?? 1e9) < 400, "the picture starts below the first half of the screen: \(measured)")
            #expect((measured["left"] ?? 0) >= (measured["commandRight"] ?? 1e9), "the picture is not beside the output: \(measured)")
            #expect((measured["text"] ?? 0) >= 11, "picture text under 11 px: \(measured)")
        }
    }

    @Test func lastStepOpensFromTheAddress() throws {
        try Self.withLessonPage { page in
            let html = try String(contentsOf: page, encoding: .utf8)
            let count = html.components(separatedBy: "<section class=\"step").count - 1
            #expect(count > 5)
            let dom = try Self.renderedDOM(page, fragment: "#step=\(count)")
            let step = try #require(Self.currentStep(in: dom))
            #expect(step.contains("id=\"step-\(count)\""))
            #expect(dom.contains("Step \(count) of \(count)"))
            #expect(step.contains("expect passed"), "the lesson ends with a check:\n\(step)")
            #expect(step.contains("<svg"))
            #expect(dom.contains("id=\"next\" type=\"button\" aria-keyshortcuts=\"ArrowRight\" disabled"), "Next is disabled at the end")
        }
    }

    @Test func aScreenshotOfAStepHasPixels() throws {
        try Self.withLessonPage { page in
            let browser = try requireTool("chromium", "chromium-browser", "google-chrome", install: "chromium")
            try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
                let shot = directory.appendingPathComponent("step.png")
                let run = try runTool(browser, Self.browserFlags(directory.appendingPathComponent("profile"))
                                      + ["--screenshot=\(shot.path)", "--window-size=1280,900", page.absoluteString + "#step=5"])
                #expect(run.status == 0, "\(run.errors)")
                let png = try Data(contentsOf: shot)
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
                // A blank 1280x900 page compresses to a few kilobytes; text and a picture do not.
                #expect(png.count > 20_000, "only \(png.count) bytes")
            }
        }
    }

    @Test func everyLessonBuildsToAnOfflineSite() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let lessons = LessonTranscriptTests.lessons()
            let run = try runShell(["--export-html", directory.path] + lessons.map { "Sessions/" + $0 })
            #expect(run.status == 0, "a lesson has a failing step:\n\(run.output)")
            let index = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
            for lesson in lessons {
                let name = String(lesson.dropLast(".reuse".count)) + ".html"
                #expect(index.contains("href=\"\(name)\""), "index links \(name)")
                let page = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                #expect(!page.contains("http://") && !page.contains("https://"), "\(name) names an address")
                #expect(!page.contains("src=") && !page.contains("<link"), "\(name) loads something")
                #expect(!page.contains("expect FAILED"), "\(name) shows a failed expect")
                // One numbering: the page has as many steps as presenter mode (`--step`) announces.
                let sections = page.components(separatedBy: "<section class=\"step").count - 1
                let presenter = try runShell(["--step", "Sessions/" + lesson], input: "q\n")
                let announced = presenter.output.split(separator: "\n").first { $0.hasPrefix("Presenting ") }
                #expect(announced == "Presenting \(lesson): \(sections) step\(sections == 1 ? "" : "s").", "\(lesson): page \(sections), \(String(describing: announced))")
            }
        }
    }

    @Test func aSessionExportsFromTheShell() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let run = try runShell(["-"], input: """
                component Foo view UIView { backgroundColor: red }
                mount Foo
                set Foo backgroundColor blue
                export session.html
                """, directory: directory)
            #expect(run.status == 0, "\(run.output)")
            let page = try String(contentsOf: directory.appendingPathComponent("session.html"), encoding: .utf8)
            #expect(page.contains("<code>set Foo backgroundColor blue</code>"))
            #expect(page.contains("backgroundColor: red -&gt; blue"), "what changed")
            #expect(page.components(separatedBy: "<section class=\"step\"").count - 1 == 3)
        }
    }
}
