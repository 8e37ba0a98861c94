import Foundation
import ReuseShell
import Testing

/// The version is written once (``ReuseShellVersion/current``) and agrees
/// with CHANGELOG.md, whose newest released entry names it.
@Suite struct VersionTests {
    /// The newest `## [X.Y.Z] - YYYY-MM-DD` heading of CHANGELOG.md
    /// (`[Unreleased]` is skipped: it has no number yet).
    static func newestReleased() throws -> (version: String, date: String) {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            directory = directory.deletingLastPathComponent()
            try #require(directory.path != "/", "no Package.swift above the tests")
        }
        let text = try String(contentsOf: directory.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("## [") && !line.hasPrefix("## [Unreleased]") {
            let parts = line.dropFirst(4).split(separator: "]", maxSplits: 1)
            let date = parts.count == 2 ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " -")) : ""
            return (String(parts[0]), date)
        }
        Issue.record("CHANGELOG.md has no released version")
        return ("", "")
    }

    @Test func versionIsTheNewestChangelogEntry() throws {
        let newest = try Self.newestReleased()
        #expect(newest.version == ReuseShellVersion.current)
        #expect(newest.date.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil, "a released entry has a date: \(newest.date)")
    }

    @Test func versionIsSemantic() {
        let parts = ReuseShellVersion.current.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    }
}
