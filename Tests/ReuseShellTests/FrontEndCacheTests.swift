import Testing
@testable import ReuseShell
import ReuseEngine

/// The shell's front-end shortcuts (`FastPaths.lineCache`, `FastPaths.pathCache`:
/// `TextCache`) and the byte-keyed table of recorded commands: what they
/// give is what the general path gives, byte for byte. `String` equality
/// is canonical equivalence (`\u{212A}`, KELVIN SIGN, equals `K`), so the
/// outputs are compared as bytes, which `FastPathEquivalenceTests` (comparing
/// strings) would not tell apart.
@Suite struct FrontEndCacheTests {
    /// The output of each line, run in one new shell taking `paths`, as bytes.
    static func outputs(_ lines: [String], paths: FastPaths) -> (outputs: [[UInt8]], shell: Interpreter) {
        var output = ""
        let shell = Interpreter(options: .init(width: 80), write: { output += $0 }, writeError: { output += $0 })
        shell.fastPaths = paths
        let outputs = lines.enumerated().map { index, line in
            output = ""
            shell.run(line: line, at: SourceLocation(file: "<front end>", line: index + 1))
            return Array(output.utf8)
        }
        return (outputs, shell)
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count else { return false }
        return (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }

    static let withoutCaches = FastPaths.all.subtracting([.lineCache, .pathCache])

    @Test func anotherSpellingOfALineIsReadAgain() {
        let lines = ["component Box view UILabel { text: \"x\" }", "mount Box", "set Box text K", "set Box text \u{212A}",
                     "set Box text K", "set Box text \u{212A}"]
        let cached = Self.outputs(lines, paths: .all)
        let plain = Self.outputs(lines, paths: Self.withoutCaches)
        #expect(cached.outputs == plain.outputs)
        // The pass line names the value as typed, each time.
        #expect(Self.contains(cached.outputs[3], "(set Box text \u{212A})"))
        #expect(!Self.contains(cached.outputs[3], "(set Box text K)"))
        #expect(Self.contains(cached.outputs[4], "(set Box text K)"))
        #expect(Self.contains(cached.outputs[5], "(set Box text \u{212A})"))
    }

    @Test func anotherSpellingOfAPathIsParsedAgain() {
        let shell = Interpreter(write: { _ in })
        guard case .success(let ascii) = shell.parsedPath("Screen/BoK[2]"),
              case .success(let kelvin) = shell.parsedPath("Screen/Bo\u{212A}[2]"),
              case .success(let again) = shell.parsedPath("Screen/BoK[2]") else {
            Issue.record("the paths did not parse")
            return
        }
        #expect(Array(ascii.description.utf8) == Array("Screen/BoK[2]".utf8))
        #expect(Array(kelvin.description.utf8) == Array("Screen/Bo\u{212A}[2]".utf8))
        #expect(Array(again.description.utf8) == Array("Screen/BoK[2]".utf8))
    }

    /// More distinct lines than the cache keeps, then the first ones again,
    /// and lines repeated: the same bytes as read afresh, and every line run
    /// counts once as tokenized.
    @Test func manyLinesAndRepeats() {
        var lines = ["component Title view UILabel { text: \"title\" }",
                     "component Card view UIView { backgroundColor: white } children Title",
                     "component Screen view UIView children " + Array(repeating: "Card", count: 4).joined(separator: " "),
                     "mount Screen"]
        let values = (0..<(TextCache<LexedLine>.capacity / 4 + 20)).map { "#\(String($0, radix: 16, uppercase: false).padding(6))" }
        for (index, value) in values.enumerated() { lines.append("set Screen/Card[\(index % 4)] backgroundColor \(value)") }
        lines += lines.suffix(from: 4).prefix(30)
        lines += Array(repeating: "set Screen/Card[1]/Title text \"again\"", count: 5)
        lines += ["set Screen/Card[9] backgroundColor red", "set Screen/Card[1 backgroundColor red", "sett Screen", "  ", "# note"]
        let cached = Self.outputs(lines, paths: .all)
        let plain = Self.outputs(lines, paths: Self.withoutCaches)
        #expect(cached.outputs == plain.outputs)
        #expect(cached.shell.linesTokenized == lines.count)
        #expect(plain.shell.linesTokenized == lines.count)
    }

    @Test func theCacheIsBounded() {
        var cache = TextCache<Int>()
        for index in 0..<(TextCache<Int>.capacity * 3) {
            cache.keep(index, for: "line \(index)")
            #expect(cache.count <= TextCache<Int>.capacity)
            #expect(cache["line \(index)"] == index)
        }
        // Not kept: a text past the longest.
        let long = String(repeating: "x", count: TextCache<Int>.longest + 1)
        cache.keep(1, for: long)
        #expect(cache[long] == nil)
        // A text is found under its own bytes only: not under another
        // spelling of it (equal as strings), in either direction.
        cache.keep(3, for: "Kelvin")
        #expect(cache["\u{212A}elvin"] == nil)
        cache.keep(4, for: "\u{212A}elvin")
        #expect(cache["Kelvin"] == 3)
        #expect(cache["\u{212A}elvin"] == 4)
        cache.keep(5, for: "caf\u{E9}")
        #expect(cache["cafe\u{301}"] == nil)
        #expect(cache["caf\u{E9}"] == 5)
        // Kept again: the new value.
        cache.keep(6, for: "Kelvin")
        #expect(cache["Kelvin"] == 6)
        cache.removeAll()
        #expect(cache.count == 0 && cache["Kelvin"] == nil)
    }

    /// The record of commands a session keeps (what `save` writes and
    /// `undo` takes back) is the same, byte for byte, whether a line read
    /// before records through its hint (`LexedLine.recorded`) or is
    /// trimmed and searched afresh: through repeats, other spellings,
    /// `undo`, and `reset`, after which the hints name another record's
    /// texts (each checked, none taken on trust).
    @Test func recordedCommandsAlike() {
        let define = ["component Box view UILabel { text: \"x\" }", "component Screen view UIView children Box Box", "mount Screen"]
        var lines = define
        for round in 0..<3 {
            lines += ["set Screen/Box[0] text K", "  set Screen/Box[0] text \u{212A}", "set Screen/Box[1] text K  ",
                      "set Screen/Box[1] text \"\(round)\"", "set Screen/Box[0] text K"]
            lines += ["undo 2", "set Screen/Box[0] text K", "tree"]
        }
        // A fresh session: the same lines again, the hints pointing into the old record.
        lines += ["reset"] + define + ["set Screen/Box[1] text K", "set Screen/Box[0] text \u{212A}", "set Screen/Box[0] text K"]
        let cached = Self.outputs(lines, paths: .all)
        let plain = Self.outputs(lines, paths: Self.withoutCaches)
        #expect(cached.outputs == plain.outputs)
        func record(_ shell: Interpreter) -> [[UInt8]] { shell.recorded.map { Array(($0.command + "|" + $0.line).utf8) } }
        #expect(record(cached.shell) == record(plain.shell))
        #expect(record(cached.shell).count == define.count + 3)
        #expect(record(cached.shell).last == Array("set|set Screen/Box[0] text K".utf8))
        #expect(record(cached.shell)[define.count + 1] == Array("set|set Screen/Box[0] text \u{212A}".utf8))
        // Within one record, a hint whose text is not the one it holds is not taken.
        var recorded = RecordedCommands()
        var stored: RecordedCommands.Stored?
        let kelvin = RecordedCommand(command: "set", line: "set Box text \u{212A} and more than fifteen bytes")
        let plainK = RecordedCommand(command: "set", line: "set Box text K and more than fifteen bytes")
        recorded.append(kelvin, operationsBefore: 0, stored: &stored)
        var other = stored.map { RecordedCommands.Stored(command: plainK, index: $0.index) }
        recorded.append(plainK, operationsBefore: 1, stored: &other)
        #expect(recorded.map { Array($0.line.utf8) } == [Array(kelvin.line.utf8), Array(plainK.line.utf8)])
        #expect(other?.index == 1)
    }

    /// Recorded commands are told apart by their bytes: `save` writes each
    /// as typed.
    @Test func recordedCommandsKeepTheirSpelling() {
        var recorded = RecordedCommands()
        let spellings = ["set Box backgroundColor K", "set Box backgroundColor \u{212A}"]
        var expected: [String] = []
        for round in 0..<3 {
            for index in 0..<40 {
                let line = index < 2 ? spellings[index] : "scroll Feed by \(index + round)"
                recorded.append(RecordedCommand(command: index < 2 ? "set" : "scroll", line: line), operationsBefore: expected.count)
                expected.append(line)
            }
        }
        #expect(recorded.map { Array($0.line.utf8) } == expected.map { Array($0.utf8) })
        #expect(recorded.map(\.command) == (0..<3).flatMap { _ in (0..<40).map { $0 < 2 ? "set" : "scroll" } })
        #expect(RecordedCommand(command: "set", line: spellings[0]).spellingHash
                == RecordedCommand(command: "set", line: String(spellings[0])).spellingHash)
        #expect(!TextBytes.same(spellings[0], spellings[1]))
    }
}

private extension String {
    /// The text padded with `0` on the left to `width` characters.
    func padding(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
