// Issue 39, item 5: input is read in bounded chunks, so the line limit
// applies as it reads, and every wait for input can be interrupted
// (ScriptReader). `source /dev/zero` used to read until memory ran out.

import Foundation
import Testing
import TestSupport

@Suite struct BoundedReadTests {
    /// Runs `command` under /bin/sh with at most 300 MB of address space,
    /// `$SHELL_BINARY` naming the built reuse-shell: reading a device
    /// whole fails there, reading it a line at a time does not.
    static func runLimited(_ command: String, directory: URL = packageRoot) throws -> ShellRun {
        let process = try shellProcess([], directory: directory)
        let binary = try reuseShellBinary().path
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -v 300000; " + command]
        process.environment?["SHELL_BINARY"] = binary
        let output = try Self.start(process)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ShellRun(output: String(decoding: data, as: UTF8.self), status: process.terminationStatus)
    }

    /// Starts `process` with nothing on stdin and its stdout and stderr
    /// into one pipe, which it returns.
    static func start(_ process: Process) throws -> Pipe {
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return output
    }

    static let tooLong = "line 1 goes on for more than 17 MiB without ending; the rest is not read"

    @Test func aDeviceThatNeverEndsALineIsReadOnlyAsFarAsTheLineLimit() throws {
        let script = try Self.runLimited(#""$SHELL_BINARY" /dev/zero"#)
        #expect(script.status == 1)
        #expect(script.output == "/dev/zero:1: error: \(Self.tooLong)\n", "\(script.output.prefix(500))")

        let piped = try Self.runLimited(#"cat /dev/zero | "$SHELL_BINARY" -"#)
        #expect(piped.output == "<stdin>:1: error: \(Self.tooLong)\n", "\(piped.output.prefix(500))")

        // `source` fails, and the session goes on with what it had.
        let sourced = try Self.runLimited(
            #""$SHELL_BINARY" -c 'component A view UIView' -c 'source /dev/zero' -c 'mount A' -c 'tree'"#)
        #expect(sourced.output.contains("/dev/zero:1: error: \(Self.tooLong)\n"), "\(sourced.output.prefix(500))")
        #expect(sourced.output.hasSuffix("└─ v2 UIView A (A, UIView, [])\n"), "\(sourced.output.suffix(500))")

        // What needs a script whole reads it the same way.
        let compared = try Self.runLimited(#""$SHELL_BINARY" -c 'compare --script /dev/zero'"#)
        #expect(compared.output.contains("error: compare: cannot read '/dev/zero': \(Self.tooLong)"), "\(compared.output.prefix(500))")
    }

    /// A line past the limit is refused, and the script goes on after it.
    @Test func anOverlongLineInAFileIsRefusedAndTheLinesAfterItRun() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let script = "component A view UIView\nsay " + String(repeating: "x", count: 3 << 20) + "\nmount A\ntree\n"
            try Data(script.utf8).write(to: directory.appendingPathComponent("long.reuse"))
            let run = try runShell(["long.reuse"], directory: directory)
            #expect(run.status == 1)
            #expect(run.output.contains("long.reuse:2:1: error: this line is 3145732 bytes long; a line may hold at most 1048576 bytes\n"),
                    "\(run.output.prefix(500))")
            #expect(run.output.hasSuffix("└─ v2 UIView A (A, UIView, [])\n"), "\(run.output.suffix(300))")
        }
    }

    @Test func aLineThatIsNotUTF8StopsTheScriptThereAndTheLinesBeforeItStay() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            var bytes = Array("component A view UIView\nmount A\n".utf8)
            bytes += [0xFF, 0xFE, 0x0A] + Array("tree\n".utf8)
            try Data(bytes).write(to: directory.appendingPathComponent("bad.reuse"))
            let run = try runShell(["bad.reuse", "-c", "stats --json"], directory: directory)
            #expect(run.status == 1)
            #expect(run.output.contains("bad.reuse:3: error: line 3 is not UTF-8 text; the rest is not read\n"), "\(run.output)")
            #expect(!run.output.contains("v1 UIView root"), "the line after it never ran")
        }
    }

    /// A FIFO with no writer opens at once; the read waits, says so after a
    /// second, and Ctrl-C ends it.
    @Test func aFIFONothingWritesToIsAWaitThatCtrlCEnds() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let fifo = directory.appendingPathComponent("lesson.fifo").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let process = try shellProcess([fifo], directory: directory)
            let output = try Self.start(process)
            let collected = Collected()
            output.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
            defer { if process.isRunning { process.terminate() } }
            let deadline = Date().addingTimeInterval(10)
            while !collected.text.contains("waiting for input"), Date() < deadline { usleep(20_000) }
            #expect(collected.text == "\(fifo): waiting for input (nothing written yet); Ctrl-C stops\n")
            kill(process.processIdentifier, SIGINT)
            let pressed = Date()
            process.waitUntilExit()
            #expect(Date().timeIntervalSince(pressed) < 1, "ended \(Date().timeIntervalSince(pressed)) s after Ctrl-C")
            output.fileHandleForReading.readabilityHandler = nil
            collected.append(output.fileHandleForReading.readDataToEndOfFile())
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
            let text = collected.text
            #expect(text.hasSuffix("\(fifo):1: interrupted; nothing ran\n"), "\(text)")
        }
    }

    /// A FIFO whose writer comes later is read when it writes: `source`
    /// waits for it, as `source <(...)` waits for its command.
    @Test func aFIFOIsReadWhenItsWriterComes() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let fifo = directory.appendingPathComponent("lesson.fifo").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let process = try shellProcess(["-c", "source lesson.fifo", "-c", "tree"], directory: directory)
            let output = try Self.start(process)
            defer { if process.isRunning { process.terminate() } }
            // The shell has the FIFO open for reading once a writer can open it.
            var writer: Int32 = -1
            let deadline = Date().addingTimeInterval(10)
            while writer < 0, Date() < deadline {
                writer = open(fifo, O_WRONLY | O_NONBLOCK)
                if writer < 0 { usleep(20_000) }
            }
            try #require(writer >= 0)
            usleep(300_000)
            let script = Array("component A view UIView\nmount A\n".utf8)
            #expect(write(writer, script, script.count) == script.count)
            close(writer)
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self)
            #expect(process.terminationStatus == 0, "\(text)")
            #expect(text.hasSuffix("└─ v2 UIView A (A, UIView, [])\n"), "\(text)")
        }
    }

    /// A write to an `output` file that fails (a full disk: /dev/full) sent
    /// the shell down with SIGILL; the output now goes back to the screen,
    /// the failure is said once, and the command fails.
    @Test func aFailedWriteToAnOutputFileSendsTheOutputBackToTheScreen() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let run = try runShell(["-c", "output /dev/full", "-c", "say lost", "-c", "say back"])
        #expect(run.status == 1)
        #expect(run.output == "output: error: cannot write on: no space left; the output goes back to the screen\nlost\nback\n",
                "\(run.output)")
    }
}
