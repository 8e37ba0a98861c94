import Foundation
import Testing
import TestSupport

/// Output to a file or pipe is gathered in blocks: nothing may be lost,
/// reordered against errors, or held back from a program waiting for it.
@Suite struct GatheredOutputTests {
    @Test func outputLongerThanABlockStaysWholeAndInOrderWithErrors() throws {
        try withTemporaryDirectory(prefix: "reuse-gather") { directory in
            // ~190 KB of output, an error in the middle and one at the end.
            var lines = (1...2_000).map { "say line \($0) \(String(repeating: "x", count: 80))" }
            lines.insert("mount Middle", at: 1_000)
            lines.append("mount End")
            let script = directory.appendingPathComponent("long.reuse")
            try (lines.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)

            let run = try runShell(["--width", "0", script.path])
            let printed = run.output.split(separator: "\n", omittingEmptySubsequences: false)
            let says = printed.filter { $0.hasPrefix("line ") }
            #expect(says.count == 2_000)
            #expect(says.enumerated().allSatisfy { $1.hasPrefix("line \($0 + 1) ") })
            let middle = try #require(printed.firstIndex { $0.contains("unknown component 'Middle'") })
            #expect(printed[middle - 1].hasPrefix("line 1000 "), "the error comes where it happened")
            #expect(printed[middle + 3].hasPrefix("line 1001 "))
            #expect(run.output.hasSuffix("  mount End\n        ^~~\n"))
            #expect(run.status == 1)
        }
    }

    @Test func aProgramWaitingForAnAnswerGetsItBeforeSendingMore() throws {
        let process = Process()
        process.executableURL = try reuseShellBinary()
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // Each answer must arrive while stdin stays open and silent.
        let exchanges = [("component A view UIView\n", "defined A"), ("mount A\n", "pass 1 (mount A)"), ("tree\n", "└─ v2 UIView A")]
        var received = ""
        for (line, answer) in exchanges {
            input.fileHandleForWriting.write(Data(line.utf8))
            let deadline = Date().addingTimeInterval(10)
            while !received.contains(answer), Date() < deadline {
                received += try readAvailable(from: output.fileHandleForReading, waitingAtMost: 0.2)
            }
            #expect(received.contains(answer), "no answer to '\(line.dropLast())' within 10 s; got:\n\(received)")
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// What the pipe holds now, waiting up to `seconds` for something.
    private func readAvailable(from handle: FileHandle, waitingAtMost seconds: Double) throws -> String {
        var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(seconds * 1000)) > 0 else { return "" }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = read(handle.fileDescriptor, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
    }
}

/// Ctrl-C (SIGINT) in a script run: the command stops, the output so far is
/// written, and the process ends by SIGINT.
@Suite struct ScriptInterruptTests {
    @Test func ctrlCInAScriptRunWritesWhatWasPrintedAndEndsBySIGINT() throws {
        try withTemporaryDirectory(prefix: "reuse-sigint") { directory in
            let head = "component Row view UIView { alpha: 0.5 }\nlist Feed rows 1000000 viewport 50 cells Row\nmount Feed\n"
            let script = directory.appendingPathComponent("long.reuse")
            try (head + String(repeating: "scroll Feed by 1\n", count: 500_000)).write(to: script, atomically: true, encoding: .utf8)

            let process = Process()
            process.executableURL = try reuseShellBinary()
            process.arguments = [script.path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            // Read as it comes, so a full pipe never stalls the shell.
            let collected = Collected()
            output.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
            try process.run()
            defer { if process.isRunning { process.terminate() } }

            let started = Date().addingTimeInterval(20)
            while collected.text.components(separatedBy: "pass ").count < 200, Date() < started { usleep(20_000) }
            kill(process.processIdentifier, SIGINT)
            let pressed = Date()
            while process.isRunning, Date().timeIntervalSince(pressed) < 5 { usleep(10_000) }
            #expect(!process.isRunning, "still running 5 s after Ctrl-C")
            #expect(Date().timeIntervalSince(pressed) < 1, "ended \(Date().timeIntervalSince(pressed)) s after Ctrl-C")
            process.waitUntilExit()
            output.fileHandleForReading.readabilityHandler = nil
            let rest = output.fileHandleForReading.readDataToEndOfFile()
            collected.append(rest)
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
            let text = collected.text
            #expect(text.contains("interrupted"), "says it was interrupted:\n\(text.suffix(300))")
            // The pass lines printed before are all there, numbered without a gap.
            let passes = text.split(separator: "\n").filter { $0.hasPrefix("pass ") }
            #expect(passes.count >= 200)
            #expect(passes.enumerated().allSatisfy { $1.hasPrefix("pass \($0 + 1) (") })
        }
    }
}

/// Bytes gathered from a pipe's readability handler.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ more: Data) { lock.lock(); data.append(more); lock.unlock() }
    var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
}
