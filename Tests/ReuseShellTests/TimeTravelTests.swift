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

    /// What a session shows of itself: every inspection, the whole log and
    /// what `save` writes.
    static func everything(_ session: Session, saveTo file: String) -> [String] {
        var result = ["tree --json", "pools --json", "components --json", "stats --json", "log --json --last 1000000"]
            .map { session.line($0).output }
        session.line("save \(file)")
        result.append((try? String(contentsOfFile: file, encoding: .utf8)) ?? "(not saved)")
        return result
    }

    /// Undoing the last commands of a lesson leaves the session exactly as if
    /// they had never been typed: state, log, view ids, `save` output, and
    /// what the next command does.
    @Test(arguments: lessons())
    func undoEqualsNeverHavingTyped(_ lesson: String) throws {
        let lines = Interpreter.lines(of: try String(contentsOf: Self.sessions.appendingPathComponent(lesson), encoding: .utf8))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("undo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func replay(_ session: Session, stoppingAt recorded: Int? = nil) {
            session.interpreter.workingDirectory = Self.sessions.path
            for (index, line) in lines.enumerated() {
                if let recorded, session.interpreter.recorded.count >= recorded { return }
                session.interpreter.run(line: line, at: SourceLocation(file: lesson, line: index + 1))
            }
        }
        let full = Session()
        replay(full)
        let total = full.interpreter.recorded.count
        for kept in Set([total / 2, total - 1]).sorted() where kept >= 0 && kept < total {
            let undone = Session()
            replay(undone)
            let output = undone.line("undo \(total - kept)")
            #expect(output.ok, "\(lesson): \(output.output)")
            let never = Session()
            replay(never, stoppingAt: kept)
            let file = directory.appendingPathComponent("saved.reuse").path
            #expect(Self.everything(undone, saveTo: file) == Self.everything(never, saveTo: file),
                    "\(lesson): undo of \(total - kept) differs from a session that stopped there")
            // The next command takes the same ids and sequence numbers
            // (`explain` is a display setting, not state: undo leaves it).
            undone.line("explain off")
            never.line("explain off")
            let next = undone.engineHasMounts ? "remount" : "component Extra view UIView"
            #expect(undone.line(next).output == never.line(next).output)
            #expect(undone.line("log --json --last 1000000").output == never.line("log --json --last 1000000").output)
        }
    }
}

extension Session {
    var engineHasMounts: Bool { !interpreter.engine.mounted.isEmpty }
}
