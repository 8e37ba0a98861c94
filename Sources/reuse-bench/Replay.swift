// Shell replay: what a long script costs through the whole shell (lexing,
// commands, the engine, the printed reports), and its peak memory.

import ReuseShell
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Two 100,000-line scripts (one of them also after `log keep`) and a
/// `compare --script` of a 10,000-line one, generated here, each replayed
/// by the interpreter in a child process of this benchmark (`reuse-bench
/// --replay FILE`), so the peak resident memory (the child's own `VmHWM`)
/// is the script's own. Output is produced and thrown away, as with `> /dev/null`.
enum ReplayBenchmark {
    struct Script {
        var name: String
        var text: String
        var lines: Int
        /// Issue 13's targets for 100,000 lines.
        var targetSeconds: Double
        var targetMegabytes: Double
        /// A second script the first one reads (`compare --script`), written
        /// beside it; `{session}` in `text` names it.
        var session: String? = nil
    }

    static func scripts(lines count: Int) -> [Script] {
        let scrollHead = """
            component Title view UILabel { text: "row {i}" }
            component Row view UIView { backgroundColor: white } children Title
            list Feed rows 1000000 viewport 20 cells Row
            mount Feed

            """
        // Then two questions about the latest events: each reads back only
        // the events it looks at, so neither adds to the peak.
        let scroll = scrollHead + String(repeating: "scroll Feed by 1\n", count: count) + "log --last 5\nwhy v4 text\n"
        let screen = """
            component Title view UILabel { text: "title" }
            component Card view UIView { backgroundColor: white } children Title
            component Screen view UIView children \(Array(repeating: "Card", count: 50).joined(separator: " "))
            mount Screen

            """
        // Each line changes one card (red, then blue on the next round).
        var sets = ""
        sets.reserveCapacity(count * 48)
        for line in 0..<count {
            sets += "set Screen/Card[\(line % 50)] backgroundColor \((line / 50) % 2 == 0 ? "red" : "blue")\n"
        }
        return [
            Script(name: "scroll Feed by 1 (then 'log --last 5', 'why v4 text')", text: scroll, lines: count, targetSeconds: 1, targetMegabytes: 60),
            Script(name: "set on a 50-card screen", text: screen + sets, lines: count, targetSeconds: 10, targetMegabytes: 600),
            Script(name: "the same, after 'log keep 100000'", text: screen + "log keep 100000\n" + sets, lines: count,
                   targetSeconds: 10, targetMegabytes: 600),
            // Issue 13: `compare` of a 10,000-line session under all nine strategies in under 2 s.
            Script(name: "compare --script (10,000 scrolls, nine strategies)", text: "compare --script {session}\n",
                   lines: count / 10, targetSeconds: 2, targetMegabytes: .infinity,
                   session: scrollHead + String(repeating: "scroll Feed by 1\n", count: count / 10)),
        ]
    }

    /// In the child (`--replay FILE`): runs FILE and prints its seconds.
    static func runChildIfAsked() {
        let arguments = CommandLine.arguments
        guard let flag = arguments.firstIndex(of: "--replay"), flag + 1 < arguments.count else { return }
        var written = 0
        let interpreter = Interpreter(options: .init(width: 80), write: { written &+= $0.utf8.count }, writeError: { _ in })
        let start = now()
        let ok = interpreter.run(file: arguments[flag + 1])
        let seconds = Double(now() - start) / 1e9
        // The child's own peak: VmHWM belongs to the memory image exec made,
        // while wait4's ru_maxrss carries over the parent's (posix_spawn
        // shares its memory until exec).
        print("\(seconds) \(written) \(ok) \(memory().hwm)")
        exit(ok ? 0 : 1)
    }

    static func measure(lines count: Int) {
        Report.text()
        Report.text("Shell replay (\(count) lines each, the compare \(count / 10); through the interpreter, output thrown away; a child process per script):")
        let directory = "/tmp/reuse-bench-\(getpid())"
        mkdir(directory, 0o700)
        defer { rmdir(directory) }
        for (index, script) in scripts(lines: count).enumerated() {
            let path = "\(directory)/replay-\(index).reuse"
            let sessionPath = "\(directory)/replay-\(index)-session.reuse"
            var text = script.text
            if let session = script.session {
                guard write(session, to: sessionPath) else { Report.problem("  cannot write \(sessionPath)"); Report.exit(1) }
                text = text.replacing("{session}", with: sessionPath)
            }
            defer { if script.session != nil { unlink(sessionPath) } }
            guard write(text, to: path) else { Report.problem("  cannot write \(path)"); Report.exit(1) }
            defer { unlink(path) }
            let fields = runChild(["--replay", path]).flatMap { output, status in
                status == 0 ? output.split(whereSeparator: \.isWhitespace) : nil
            }
            guard let fields, fields.count == 4, let seconds = Double(fields[0]), let peakKB = Int(fields[3]) else {
                Report.problem("  \(script.name): the replay failed")
                Report.exit(1)
            }
            let megabytes = Double(peakKB) / 1024
            let perLine = seconds / Double(script.lines) * 1e9
            Report.text("  \(script.name): \(fixed(seconds, 2)) s (\(fixed(Double(script.lines) / seconds / 1000, 1))k lines/s, "
                  + "\(fixed(perLine / 1000, 1)) us/line), peak \(fixed(megabytes, 0)) MB; "
                  + "target \(fixed(script.targetSeconds, 0)) s"
                  + (script.targetMegabytes.isFinite ? " and \(fixed(script.targetMegabytes, 0)) MB: " : ": ")
                  + (seconds <= script.targetSeconds && megabytes <= script.targetMegabytes ? "met" : "not met"))
            Report.append(to: "replay", .object([
                ("script", .string(script.name)), ("lines", .int(script.lines)), ("seconds", .double(seconds)),
                ("microsecondsPerLine", .double(perLine / 1000)), ("peakMB", .double(megabytes)),
                ("targetSeconds", .double(script.targetSeconds)),
                ("targetMB", script.targetMegabytes.isFinite ? .double(script.targetMegabytes) : .null),
                ("met", .bool(seconds <= script.targetSeconds && megabytes <= script.targetMegabytes)),
            ]))
        }
    }

    private static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        fputs(text, file)
        return fclose(file) == 0
    }

    /// Runs this executable again with `arguments`; its standard output and
    /// its exit status.
    static func runChild(_ arguments: [String]) -> (String, Int32)? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let executable = "/proc/self/exe"
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        guard posix_spawn(&child, executable, &actions, nil, argv, environ) == 0 else { return nil }
        close(pipeEnds[1])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        guard waitpid(child, &status, 0) == child else { return nil }
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (String(decoding: bytes, as: UTF8.self), exitStatus)
    }
}
