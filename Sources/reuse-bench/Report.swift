// What a run of reuse-bench prints: its text as each section goes, or, with
// `--json`, the same figures as one JSON document at the end.

import ReuseShell
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The run's output: text lines as they come, or, in JSON mode, the figures
/// each section records, printed as one document by ``finish()``.
///
/// The document is an object: `"benchmark": "reuse-bench"`, the section
/// run (`"all"`, `"floors"`, `"replay"`, `"budget"`), the build, then one
/// key per part measured, in the order they ran (`lists`, `floors`,
/// `timeTravel`, `replay`, `budget`, `totalSeconds`). Times are in the units
/// their keys name; a figure that could not be measured is null.
///
/// Touched once per measurement, never inside one: the benchmark runs on
/// one thread, hence `nonisolated(unsafe)`.
enum Report {
    /// Set by `--json`: the document's entries so far, else nil (text).
    nonisolated(unsafe) private static var document: [(key: String, value: JSON)]?

    static var isJSON: Bool { document != nil }

    /// Starts the run: JSON when `json`, naming the section that runs.
    static func begin(section: String, json: Bool) {
        guard json else { return }
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        document = [("benchmark", .string("reuse-bench")), ("section", .string(section)), ("build", .string(build))]
    }

    /// A line of the text report (nothing in JSON mode).
    static func text(_ line: String = "") {
        guard document == nil else { return }
        print(line)
    }

    /// Something went wrong: on standard output with the text (where it
    /// always was), on standard error in JSON mode (the document stays JSON).
    static func problem(_ line: String) {
        guard document != nil else { return print(line) }
        fflush(nil)
        let text = line + "\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
    }

    /// Records `value` under `key` (JSON mode).
    static func record(_ key: String, _ value: JSON) {
        guard var entries = document else { return }
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].value = value
        } else {
            entries.append((key, value))
        }
        document = entries
    }

    /// Appends `item` to the array under `key` (JSON mode).
    static func append(to key: String, _ item: JSON) {
        guard let document else { return }
        var items: [JSON] = []
        if let existing = document.first(where: { $0.key == key }), case .array(let earlier) = existing.value { items = earlier }
        record(key, .array(items + [item]))
    }

    /// Prints the document (JSON mode), on one line.
    static func finish() {
        guard let document else { return }
        print(JSON.object(document.map { ($0.key, $0.value) }).rendered)
        fflush(nil)
    }

    /// Finishes and exits with `status`.
    static func exit(_ status: Int32) -> Never {
        finish()
        #if canImport(Glibc)
        Glibc.exit(status)
        #else
        Darwin.exit(status)
        #endif
    }
}
