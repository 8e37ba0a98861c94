import Foundation
import Testing

/// Every lesson in `Sessions/` replays with exit status 0 and prints exactly
/// its golden transcript (`reuse-shell --echo LESSON`).
///
/// Re-record with `RECORD_TRANSCRIPTS=1 swift test --filter LessonTranscriptTests`.
@Suite struct LessonTranscriptTests {
    static let sessions = packageRoot.appendingPathComponent("Sessions")
    static let transcripts = packageRoot.appendingPathComponent("Tests/EndToEndTests/Transcripts")
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_TRANSCRIPTS"] == "1" }

    static func lessons() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sessions.path)) ?? []
        return names.filter { $0.hasSuffix(".reuse") }.sorted()
    }

    static func transcriptURL(for lesson: String) -> URL {
        transcripts.appendingPathComponent(String(lesson.dropLast(".reuse".count)) + ".txt")
    }

    @Test func thereAreLessons() {
        #expect(Self.lessons().count >= 9)
    }

    /// Lessons are read on projectors: no transcript line is wider than 80
    /// columns (the shell wraps to 80 when not on a terminal).
    @Test(arguments: lessons())
    func transcriptFitsEightyColumns(_ lesson: String) throws {
        let transcript = try String(contentsOf: Self.transcriptURL(for: lesson), encoding: .utf8)
        for (number, line) in transcript.split(separator: "\n").enumerated() where line.displayColumns > 80 {
            Issue.record("\(lesson) transcript line \(number + 1) is \(line.displayColumns) columns wide: \(line)")
        }
    }

    @Test(arguments: lessons())
    func lessonMatchesTranscript(_ lesson: String) throws {
        let run = try runShell(["--echo", "Sessions/" + lesson])
        #expect(run.status == 0, "\(lesson) exited with \(run.status):\n\(run.output)")
        let url = Self.transcriptURL(for: lesson)
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.transcripts, withIntermediateDirectories: true)
            try Data(run.output.utf8).write(to: url, options: .atomic)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no transcript for \(lesson): record it with RECORD_TRANSCRIPTS=1 swift test --filter LessonTranscriptTests")
            return
        }
        #expect(run.output == expected, "\(lesson) differs from its transcript (- expected, + actual):\n\(lineDiff(expected: expected, actual: run.output))")
    }

    @Test func everyTranscriptHasALesson() throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.transcripts.path)) ?? []
        let lessons = Set(Self.lessons().map { String($0.dropLast(".reuse".count)) })
        let orphans = names.filter { $0.hasSuffix(".txt") && !lessons.contains(String($0.dropLast(4))) }
        #expect(orphans.isEmpty, "transcripts without a lesson: \(orphans)")
    }

    @Test func replayIsByteForByteStable() throws {
        for lesson in Self.lessons().prefix(3) {
            let first = try runShell(["--echo", "Sessions/" + lesson])
            let second = try runShell(["--echo", "Sessions/" + lesson])
            #expect(first.output == second.output)
        }
    }
}

extension StringProtocol {
    /// Terminal columns, counted independently of the shell's own measure:
    /// wide East Asian characters and emoji take two, combining marks none.
    var displayColumns: Int {
        unicodeScalars.reduce(0) { width, scalar in
            let value = scalar.value
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFF00...0xFF60).contains(value) || (0x1F300...0x1FAFF).contains(value)
            let zero = (0x0300...0x036F).contains(value) || (0xFE00...0xFE0F).contains(value) || value == 0x200D
            return width + (zero ? 0 : wide ? 2 : 1)
        }
    }
}
