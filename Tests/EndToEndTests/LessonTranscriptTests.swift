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
