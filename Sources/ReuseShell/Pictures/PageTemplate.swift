import Foundation

/// The HTML of lesson pages and of the index of a lesson site: everything
/// inline (styles, script, pictures), for a projector: large type, high
/// contrast, and nothing said by colour alone.
enum PageTemplate {
    /// One lesson, a section per step; the script shows one step at a time.
    static func lesson(_ page: LessonPage, pictures: [String]) -> String {
        let count = page.steps.count
        var body: [String] = []
        for (index, step) in page.steps.enumerated() {
            let number = index + 1
            let quizzing = step.quizzes.isEmpty ? "" : " quizzing"
            var parts: [String] = ["<section class=\"step\(quizzing)\" id=\"step-\(number)\" data-step=\"\(number)\" aria-label=\"Step \(number) of \(count)\">"]
            if !step.narration.isEmpty {
                parts.append("<div class=\"narration\">" + step.narration.map { "<p>\(escape($0))</p>" }.joined() + "</div>")
            }
            // Predict, then see: the output stays hidden until the reveal.
            for quiz in step.quizzes {
                parts.append("""
                    <div class="quiz" data-answer="\(escape(quiz.value))"><p class="question">Quiz: \(escape(quiz.question))</p>\
                    <label>Your answer <input type="text" class="guess" autocomplete="off"></label> \
                    <button type="button" class="reveal">Reveal</button>\
                    <p class="verdict" aria-live="polite"></p><p class="answer" hidden>Answer: \(escape(quiz.answer))</p></div>
                    """)
            }
            if let command = step.command {
                let line = step.line.map { "<span class=\"where\">line \($0)</span>" } ?? ""
                parts.append("<p class=\"command\"><span class=\"prompt\">reuse&gt;</span> <code>\(escape(command))</code>\(line)</p>")
            }
            if let held = step.expectation {
                parts.append(held
                    ? "<p class=\"check passed\"><span aria-hidden=\"true\">✔</span> expect passed</p>"
                    : "<p class=\"check failed\"><span aria-hidden=\"true\">✘</span> expect FAILED</p>")
            }
            if !step.output.isEmpty { parts.append("<pre class=\"output\">\(escape(step.output.trimmingTrailingNewlines))</pre>") }
            if !step.errors.isEmpty { parts.append("<pre class=\"errors\">\(escape(step.errors.trimmingTrailingNewlines))</pre>") }
            if !step.changes.isEmpty {
                parts.append("<details class=\"changes\" open><summary>What changed (\(step.changes.count))</summary><ul>"
                             + step.changes.map { "<li>\(escape($0))</li>" }.joined() + "</ul></details>")
            }
            parts.append("<figure class=\"picture\" data-picture=\"\(step.graph)\"><figcaption>Views and pools after this step"
                         + " (left to right as on screen; thick border: changed by it; dashed grey: waiting in a pool, framed by it;"
                         + " square dotted: in the view cache)</figcaption></figure>")
            parts.append("</section>")
            body.append(parts.joined(separator: "\n"))
        }
        let templates = pictures.enumerated().map { "<template id=\"picture-\($0.offset)\">\($0.element)</template>" }
        return document(title: "\(page.title) · reuse-shell", body: """
            <header>
            <h1>\(escape(page.title))</h1>
            <nav aria-label="Steps">
            <button id="back" type="button" aria-keyshortcuts="ArrowLeft">◀ Back</button>
            <span id="where" aria-live="polite">Step 1 of \(count)</span>
            <button id="next" type="button" aria-keyshortcuts="ArrowRight">Next ▶</button>
            </nav>
            <p class="keys">Keys: → or Space next, ← back, Home first, End last. Source: \(escape((page.file as NSString).lastPathComponent))</p>
            </header>
            \(glossary)
            <main>
            \(body.joined(separator: "\n"))
            </main>
            \(templates.joined(separator: "\n"))
            <script>\(script)</script>
            """)
    }

    /// The words the lessons use (`help glossary`), folded away under the
    /// header of every lesson page.
    static var glossary: String {
        let entries = Glossary.entries.map { "<dt>\(escape($0.title))</dt><dd>\(escape($0.definition))</dd>" }
        return "<details class=\"glossary\"><summary>Glossary: the words these lessons use</summary><dl>"
            + entries.joined() + "</dl></details>"
    }

    /// The index of a lesson site: each lesson's title, linked to its page.
    static func index(_ lessons: [(title: String, page: String, steps: Int)]) -> String {
        let items = lessons.map { "<li><a href=\"\(escape($0.page))\">\(escape($0.title))</a> <span class=\"where\">\($0.steps) steps</span></li>" }
        return document(title: "reuse-shell lessons", body: """
            <header><h1>reuse-shell lessons</h1>
            <p class="keys">How UI frameworks reuse views, one step at a time. Open a lesson; → and ← step through it.</p></header>
            <main><ol class="lessons">
            \(items.joined(separator: "\n"))
            </ol></main>
            """)
    }

    /// A whole page: the head every page shares (styles inline), then `body`.
    static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="reuse-shell">
        <title>\(escape(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    static func escape(_ text: String) -> String {
        text.markupEscaped(keepingLineBreaks: true)
    }

    static let style = """
        :root { font-size: 22px; color: #111; background: #fff; }
        body { font-family: "DejaVu Sans", system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 0 1rem 3rem; line-height: 1.4; }
        header { position: sticky; top: 0; background: #fff; border-bottom: 3px solid #111; padding: .5rem 0; z-index: 1; }
        h1 { font-size: 1.5rem; margin: .2rem 0; }
        nav { display: flex; align-items: center; gap: 1rem; }
        button { font: inherit; font-weight: bold; padding: .3rem 1rem; border: 3px solid #111; border-radius: .4rem; background: #fff; color: #111; cursor: pointer; }
        button:focus-visible { outline: 4px solid #0b57d0; outline-offset: 2px; }
        button:disabled { border-style: dashed; color: #666; cursor: default; }
        #where { font-weight: bold; }
        .keys, .where { font-size: .75rem; color: #333; }
        .where { margin-left: 1rem; }
        .narration { font-size: 1.15rem; border-left: 6px solid #111; padding: .1rem 1rem; margin: 1rem 0; }
        .narration p { margin: .4rem 0; }
        .command { font-size: 1.1rem; margin: 1rem 0 .4rem; }
        .prompt { color: #333; }
        code, pre { font-family: "DejaVu Sans Mono", ui-monospace, monospace; }
        code { font-weight: bold; background: #f0f0f0; padding: .1rem .3rem; border-radius: .2rem; }
        pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: .8rem; background: #f6f6f6; border: 2px solid #999; padding: .5rem .7rem; margin: .4rem 0; }
        pre.errors { border: 3px solid #b00020; }
        .check { font-weight: bold; font-size: 1.05rem; padding: .2rem .6rem; display: inline-block; border: 3px solid; border-radius: .3rem; }
        .check.passed { color: #0a6b2a; }
        .check.failed { color: #b00020; }
        .changes { font-size: .8rem; margin: .4rem 0; }
        .changes summary { font-weight: bold; cursor: pointer; }
        .changes ul { margin: .2rem 0; padding-left: 1.4rem; font-family: "DejaVu Sans Mono", ui-monospace, monospace; }
        figure.picture { margin: .8rem 0; }
        figure.picture .canvas { overflow: auto; max-height: calc(100vh - 10rem); border: 2px solid #999; background: #fff; }
        figure.picture svg { display: block; max-width: none; height: auto; }
        .zoom { display: flex; gap: .4rem; align-items: center; margin: .2rem 0; font-size: .7rem; }
        .zoom button { font-size: .8rem; padding: .05rem .6rem; border-width: 2px; }
        figcaption { font-size: .7rem; color: #333; }
        /* A projector at 1024 px or wider: the picture beside the output, on
           screen at the step's start; the text column keeps the narration,
           the command and its output. */
        @media (max-width: 1400px) { :root { font-size: 18px; } .narration { font-size: 1rem; } }
        @media (min-width: 1000px) {
          body { max-width: none; }
          section.step:not([hidden]) { display: grid; grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); column-gap: 1.2rem; align-items: start; }
          section.step > * { grid-column: 1; }
          section.step > figure.picture { grid-column: 2; grid-row: 1 / span 40; position: sticky; top: 7.5rem; margin-top: 1rem; }
        }
        .quiz { border: 3px dashed #111; border-radius: .4rem; padding: .4rem .8rem; margin: .8rem 0; }
        .quiz .question { font-weight: bold; font-size: 1.1rem; margin: .2rem 0; }
        .quiz input { font: inherit; width: 12rem; border: 2px solid #111; padding: .1rem .4rem; }
        .quiz .verdict { font-weight: bold; margin: .3rem 0; }
        section.quizzing:not(.revealed) .output, section.quizzing:not(.revealed) .changes,
        section.quizzing:not(.revealed) figure.picture, section.quizzing:not(.revealed) .check { display: none; }
        ol.lessons li { margin: .5rem 0; font-size: 1.1rem; }
        details.glossary { font-size: .75rem; margin: .4rem 0; }
        details.glossary summary { font-weight: bold; cursor: pointer; }
        details.glossary dt { font-weight: bold; margin-top: .4rem; }
        details.glossary dd { margin-left: 1rem; }
        a { color: #0b3d91; }
        @media print {
          header { position: static; }
          nav { display: none; }
          section.step[hidden] { display: block; }
          section.step { break-inside: avoid; border-top: 2px solid #111; }
        }
        """

    /// Shows one step at a time: buttons, arrow keys (and a clicker's Page
    /// keys), and `#step=N` in the address; pictures come from templates.
    static let script = """
        (function () {
          var steps = Array.prototype.slice.call(document.querySelectorAll("section.step"));
          var where = document.getElementById("where");
          var back = document.getElementById("back");
          var next = document.getElementById("next");
          // Each picture in a scrolling canvas, with zoom: it opens as large as
          // fits, but never so small that its text is under 12 px.
          document.querySelectorAll("figure.picture").forEach(function (figure) {
            var template = document.getElementById("picture-" + figure.getAttribute("data-picture"));
            if (!template) { return; }
            var canvas = document.createElement("div");
            canvas.className = "canvas";
            canvas.appendChild(template.content.cloneNode(true));
            var zoom = document.createElement("div");
            zoom.className = "zoom";
            zoom.innerHTML = '<button type="button" class="smaller" aria-label="Zoom out">−</button>' +
              '<button type="button" class="larger" aria-label="Zoom in">+</button>' +
              '<button type="button" class="fit">Fit</button>';
            figure.insertBefore(canvas, figure.firstChild);
            figure.insertBefore(zoom, canvas);
            zoom.querySelector(".smaller").addEventListener("click", function () { scale(figure, figure.scale / 1.25); });
            zoom.querySelector(".larger").addEventListener("click", function () { scale(figure, figure.scale * 1.25); });
            zoom.querySelector(".fit").addEventListener("click", function () { scale(figure, fit(figure)); });
          });
          function natural(figure) {
            var svg = figure.querySelector("svg");
            if (!svg) { return null; }
            // Graphviz writes sizes in points: 4/3 px each.
            var text = svg.querySelector("text");
            return { svg: svg, width: parseFloat(svg.getAttribute("width")) * 4 / 3,
                     font: (text ? parseFloat(text.getAttribute("font-size")) : 14) * 4 / 3 };
          }
          function fit(figure) {
            var size = natural(figure);
            var room = figure.querySelector(".canvas").clientWidth - 4;
            return size && room > 0 ? Math.min(1, room / size.width) : 1;
          }
          function scale(figure, factor) {
            var size = natural(figure);
            if (!size) { return; }
            figure.scale = factor;
            size.svg.style.width = Math.round(size.width * factor) + "px";
          }
          function readable(figure) {
            var size = natural(figure);
            // Sized once, when shown: a picture hidden until a quiz's reveal has no width yet.
            if (!size || figure.scale || figure.querySelector(".canvas").clientWidth === 0) { return; }
            scale(figure, Math.max(fit(figure), 12 / size.font));
            // A tree wider than its canvas opens on its root, at the top middle.
            var canvas = figure.querySelector(".canvas");
            canvas.scrollLeft = Math.max(0, (canvas.scrollWidth - canvas.clientWidth) / 2);
          }
          var current = 0;
          function fromHash() {
            var match = /step=(\\d+)/.exec(location.hash);
            var number = match ? parseInt(match[1], 10) : 1;
            return Math.min(Math.max(number, 1), Math.max(steps.length, 1)) - 1;
          }
          function show(index, push) {
            if (steps.length === 0) { where.textContent = "No steps"; return; }
            current = Math.min(Math.max(index, 0), steps.length - 1);
            steps.forEach(function (step, i) {
              if (i === current) { step.removeAttribute("hidden"); step.setAttribute("aria-current", "step"); }
              else { step.setAttribute("hidden", ""); step.removeAttribute("aria-current"); }
            });
            where.textContent = "Step " + (current + 1) + " of " + steps.length;
            steps[current].querySelectorAll("figure.picture").forEach(readable);
            back.disabled = current === 0;
            next.disabled = current === steps.length - 1;
            var hash = "#step=" + (current + 1);
            if (push && location.hash !== hash) { history.replaceState(null, "", hash); }
          }
          back.addEventListener("click", function () { show(current - 1, true); });
          next.addEventListener("click", function () { show(current + 1, true); });
          // A quiz: the answer, marked against the step's true value, then the output.
          document.querySelectorAll(".quiz").forEach(function (quiz) {
            var input = quiz.querySelector(".guess");
            function reveal() {
              var guess = input.value.trim();
              var truth = quiz.getAttribute("data-answer");
              var verdict = quiz.querySelector(".verdict");
              // As the shell matches an answer: quotes and spaces aside, any case.
              function plain(text) { return text.replace(/["\\s]/g, "").toLowerCase(); }
              // Entries may be answered without their brackets.
              var given = truth.charAt(0) === "[" && guess.charAt(0) !== "[" ? "[" + guess + "]" : guess;
              if (guess !== "") {
                verdict.textContent = plain(given) === plain(truth)
                  ? "✔ right" : "✘ not quite (you answered " + guess + ")";
              }
              quiz.querySelector(".answer").removeAttribute("hidden");
              var step = quiz.closest("section.step");
              step.classList.add("revealed");
              step.querySelectorAll("figure.picture").forEach(readable);
            }
            quiz.querySelector(".reveal").addEventListener("click", reveal);
            input.addEventListener("keydown", function (event) {
              if (event.key === "Enter") { reveal(); event.preventDefault(); }
              event.stopPropagation();
            });
          });
          document.addEventListener("keydown", function (event) {
            if (event.altKey || event.ctrlKey || event.metaKey) { return; }
            if (event.target && event.target.tagName === "INPUT") { return; }
            var key = event.key;
            if (key === "ArrowRight" || key === "PageDown" || key === " ") { show(current + 1, true); }
            else if (key === "ArrowLeft" || key === "PageUp") { show(current - 1, true); }
            else if (key === "Home") { show(0, true); }
            else if (key === "End") { show(steps.length - 1, true); }
            else { return; }
            event.preventDefault();
          });
          window.addEventListener("hashchange", function () { show(fromHash(), false); });
          show(fromHash(), false);
        })();
        """
}

extension String {
    /// The text with `&`, `<`, `>` and `"` as entities, for HTML and XML.
    /// Control characters are shown, never sent: `^[` for ESC.
    func markupEscaped(keepingLineBreaks: Bool) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n" where keepingLineBreaks, "\t" where keepingLineBreaks: result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "^" + String(UnicodeScalar(UInt8(scalar.value ^ 0x40)))
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last?.isNewline == true { text = text.dropLast() }
        return String(text)
    }
}
