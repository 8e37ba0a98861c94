import Foundation
import Testing
import TestSupport
@testable import ReuseShell

/// ``ScriptReader`` splits lines as ``Interpreter/forEachLine(of:_:)`` does,
/// across any chunk boundary, and stops at the line limit as it reads.
@Suite struct ScriptReaderTests {
    /// A file named `name` in `directory`, holding `bytes`: its path.
    static func file(_ bytes: [UInt8], named name: String, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func lines(of path: String, limit: Int) throws(ScriptReader.Failure) -> [String] {
        var reader = try ScriptReader(path: path, lineLimit: limit)
        var lines: [String] = []
        while let line = try reader.nextLine() { lines.append(line) }
        return lines
    }

    @Test func linesAreSplitAsAWholeScriptIsWhateverTheChunks() throws {
        // Long enough to cross 64 KiB chunks, with \r\n, a byte-order mark,
        // an empty line, multi-byte characters and no final newline.
        var text = "\u{FEFF}say first\r\n\nsay é→✓\n"
        for index in 0..<20_000 { text += "set Feed/\(index) alpha 0.5\n" }
        text += "say last"
        try withTemporaryDirectory(prefix: "reader") { directory in
            let path = try Self.file(Array(text.utf8), named: "script", in: directory)
            #expect(try Self.lines(of: path, limit: 1 << 20) == Interpreter.lines(of: text))
            #expect(try ScriptReader.readAll(atPath: path) == text)
            let ended = try Self.file(Array((text + "\n").utf8), named: "ended", in: directory)
            #expect(try ScriptReader.readAll(atPath: ended) == text + "\n")
        }
    }

    @Test func aLineIsRefusedOnceItPassesTheLimitAndNotBefore() throws {
        try withTemporaryDirectory(prefix: "reader") { directory in
            let path = try Self.file(Array("12345678\n123456789\nnever read\n".utf8), named: "short", in: directory)
            #expect(throws: ScriptReader.Failure.lineTooLong(line: 2, length: 9, limit: 8)) { _ = try Self.lines(of: path, limit: 8) }
            // The reader stands after the refused line, across chunks too.
            var reader = try ScriptReader(path: path, lineLimit: 8)
            #expect(try reader.nextLine() == "12345678")
            #expect(throws: ScriptReader.Failure.lineTooLong(line: 2, length: 9, limit: 8)) { _ = try reader.nextLine() }
            #expect(throws: ScriptReader.Failure.lineTooLong(line: 3, length: 10, limit: 8)) { _ = try reader.nextLine() }
            #expect(try reader.nextLine() == nil)
            let long = try Self.file(Array(("a\n" + String(repeating: "b", count: 200_000) + "\nc").utf8), named: "long", in: directory)
            var across = try ScriptReader(path: long, lineLimit: 1_000)
            #expect(try across.nextLine() == "a")
            #expect(throws: ScriptReader.Failure.lineTooLong(line: 2, length: 200_000, limit: 1_000)) { _ = try across.nextLine() }
            #expect(try across.nextLine() == "c")
            #expect(across.lineNumber == 3)
            #expect(try Self.lines(of: path, limit: 10) == ["12345678", "123456789", "never read"])
            #expect(throws: ScriptReader.Failure.tooLarge(limit: 12)) { _ = try ScriptReader.readAll(atPath: path, limit: 12) }
        }
    }

    @Test func whatCannotBeOpenedSaysWhy() throws {
        #expect(throws: ScriptReader.Failure.noSuchFile) { _ = try ScriptReader(path: "/no/such/script.reuse") }
        #expect(throws: ScriptReader.Failure.isADirectory) { _ = try ScriptReader(path: "/tmp") }
        try withTemporaryDirectory(prefix: "loop") { directory in
            let loop = directory.appendingPathComponent("loop").path
            try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
            #expect(throws: ScriptReader.Failure.linkLoop) { _ = try ScriptReader(path: loop) }
        }
    }
}
