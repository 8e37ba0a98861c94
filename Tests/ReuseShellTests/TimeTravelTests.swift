import Foundation
import ReuseEngine
import ReuseShell
import Testing

/// Time travel: past states equal what was shown live, undo equals never
/// having typed, and strategy switches keep history.
@Suite struct TimeTravelTests {
    static let sessions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sessions")

    static func lessons() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sessions.path)) ?? []
        return names.filter { $0.hasSuffix(".reuse") }.sorted()
    }

    /// The inspections compared, as typed.
    static let inspections = ["tree --json", "pools --json", "components --json", "check --json"]

    /// Replays a lesson line by line; after every line that ran a pass,
    /// captures the inspections live. At the end, each `--pass N` form must
    /// print exactly what was captured right after pass N.
    @Test(arguments: lessons())
    func pastStatesEqualWhatWasShownLive(_ lesson: String) throws {
        let text = try String(contentsOf: Self.sessions.appendingPathComponent(lesson), encoding: .utf8)
        let session = Session()
        session.interpreter.workingDirectory = Self.sessions.path
        var live: [Int: [String]] = [:]
        for (index, line) in Interpreter.lines(of: text).enumerated() {
            let before = session.interpreter.engine.log.currentPass
            session.interpreter.run(line: line, at: SourceLocation(file: lesson, line: index + 1))
            let after = session.interpreter.engine.log.currentPass
            if after > before { live[after] = Self.inspections.map { session.line($0).output } }
        }
        #expect(!live.isEmpty, "\(lesson) ran no pass")
        for pass in live.keys.sorted() {
            let captured = live[pass] ?? []
            for (inspection, expected) in zip(Self.inspections, captured) {
                let past = session.line(inspection.replacingOccurrences(of: " --json", with: " --pass \(pass) --json")).output
                #expect(past == expected, "\(lesson): '\(inspection)' after pass \(pass) differs from what it showed then")
            }
        }
    }
}
