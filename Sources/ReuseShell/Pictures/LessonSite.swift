import Foundation

/// Lesson scripts as web pages: one page for one script, or a small site (an
/// index linking a page per script) for several (`--export-html`).
public enum LessonSite {
    /// Why pages could not be written.
    public enum Failure: Error, CustomStringConvertible {
        case unreadable(file: String, why: String)
        case unwritable(file: String, reason: String)
        case pictures(file: String, Graphviz.Failure)

        public var description: String {
            switch self {
            case .unreadable(let file, let why): return "\(file): cannot read it: \(why)"
            case .unwritable(let file, let reason): return "\(file): cannot write it: \(reason)"
            case .pictures(let file, let failure): return "\(file): \(failure)"
            }
        }
    }

    /// One written page.
    public struct Written: Sendable {
        public var script: String
        public var title: String
        public var page: String
        public var steps: Int
        /// Commands that failed while the page was built (a broken lesson).
        public var failures: Int
    }

    /// Writes `scripts` as pages: to `output` itself when it ends in `.html`
    /// and there is one script; otherwise into the directory `output` (made
    /// if needed), a page per script named after it, and `index.html`.
    public static func write(scripts: [String], to output: String) throws(Failure) -> [Written] {
        if output.lowercased().hasSuffix(".html"), scripts.count == 1 {
            return [try page(scripts[0], to: output)]
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(file: output, reason: error.localizedDescription)
        }
        var written: [Written] = []
        var entries: [(title: String, page: String, steps: Int)] = []
        for script in scripts {
            let name = ((script as NSString).lastPathComponent as NSString).deletingPathExtension + ".html"
            let result = try page(script, to: (output as NSString).appendingPathComponent(name))
            written.append(result)
            entries.append((result.title, name, result.steps))
        }
        try save(PageTemplate.index(entries), to: (output as NSString).appendingPathComponent("index.html"))
        return written
    }

    private static func page(_ script: String, to file: String) throws(Failure) -> Written {
        let text: String
        do throws(ScriptReader.Failure) {
            text = try ScriptReader.readAll(atPath: script)
        } catch {
            throw .unreadable(file: script, why: error.description)
        }
        let page = LessonPage(script: text, file: script)
        let html: String
        do throws(Graphviz.Failure) {
            html = try page.html()
        } catch {
            throw .pictures(file: script, error)
        }
        try save(html, to: file)
        return Written(script: script, title: page.title, page: file, steps: page.steps.count, failures: page.failures)
    }

    /// Through the one safe writer: a link's target replaced (the link
    /// kept), a device, FIFO or socket refused.
    private static func save(_ text: String, to file: String) throws(Failure) {
        let expanded = (file as NSString).expandingTildeInPath
        let path = expanded.hasPrefix("/") ? expanded
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(expanded)
        do throws(FileReplacement.Failure) {
            try FileReplacement.write(Data(text.utf8), to: path)
        } catch {
            throw .unwritable(file: file, reason: error.description)
        }
    }
}
