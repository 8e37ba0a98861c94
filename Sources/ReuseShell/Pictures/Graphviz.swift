import Foundation
import Synchronization

/// The termination signal (SIGTERM, SIGHUP) that came while `dot` ran, or 0.
private let terminationSignal = Atomic<Int32>(0)

/// Async-signal-safe: notes the signal; the waiting loop acts on it.
private func noteTermination(_ signal: Int32) {
    terminationSignal.store(signal, ordering: .relaxed)
}

/// Graphviz's `dot`, run to turn DOT text into SVG (`export FILE.svg`, lesson pages).
public enum Graphviz {
    /// Why a picture could not be drawn.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// No `dot` on PATH.
        case notInstalled
        /// `dot` ran and failed.
        case failed(status: Int32, message: String)
        /// `dot` could not be started.
        case couldNotRun(String)
        /// Ctrl-C while `dot` ran: it was stopped, and nothing was written.
        case interrupted

        public var description: String {
            switch self {
            case .notInstalled:
                return "Graphviz's 'dot' is not on PATH; install Graphviz (Debian: apt install graphviz), "
                    + "or export FILE.dot and draw it elsewhere"
            case .failed(let status, let message):
                let detail = message.split(separator: "\n").first.map { ": \($0)" } ?? ""
                return "Graphviz's 'dot' failed (status \(status))\(detail)"
            case .couldNotRun(let reason):
                return "could not run Graphviz's 'dot': \(reason)"
            case .interrupted:
                return "interrupted: Graphviz's 'dot' was stopped, and nothing was written"
            }
        }
    }

    /// The `dot` executable on PATH, if any.
    public static func executable(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Draws each graph as an SVG document, in one run of `dot`.
    public static func svg(_ graphs: [String]) throws(Failure) -> [String] {
        guard !graphs.isEmpty else { return [] }
        let output = try run(graphs.joined(), arguments: ["-Tsvg"])
        let documents = output.components(separatedBy: "<?xml").dropFirst().map { "<?xml" + $0 }
        guard documents.count == graphs.count else {
            throw .failed(status: 0, message: "expected \(graphs.count) pictures, got \(documents.count)")
        }
        return documents
    }

    /// What `dot` with `arguments` writes for `input` (one graph or several).
    static func run(_ input: String, arguments: [String]) throws(Failure) -> String {
        guard let dot = executable() else { throw .notInstalled }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("reuse-shell-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        let inputFile = scratch.appendingPathExtension("dot")
        let output = scratch.appendingPathExtension("out")
        let errors = scratch.appendingPathExtension("err")
        func removeScratch() {
            for file in [inputFile, output, errors] { try? FileManager.default.removeItem(at: file) }
        }
        defer { removeScratch() }
        let process = Process()
        do {
            try Data(input.utf8).write(to: inputFile)
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            let errorHandle = try FileHandle(forWritingTo: errors)
            defer { try? errorHandle.close() }
            process.executableURL = URL(fileURLWithPath: dot)
            // Several graphs in one input come out as SVG documents one
            // after another. Into a file, not a pipe: nothing has to drain
            // it while the shell waits.
            // (`-o` would keep only the last graph.)
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            let outputHandle = try FileHandle(forWritingTo: output)
            defer { try? outputHandle.close() }
            process.arguments = arguments + [inputFile.path]
            process.standardOutput = outputHandle
            process.standardError = errorHandle
            process.standardInput = FileHandle.nullDevice
            try process.run()
        } catch {
            throw .couldNotRun(error.localizedDescription)
        }
        try waitInterruptibly(for: process, cleanup: removeScratch)
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw .failed(status: process.terminationStatus, message: message)
        }
        return String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
    }

    /// Waits for `process` to end, looking at ``Interruption`` every 20 ms:
    /// on Ctrl-C it is stopped (``stop(_:)``) and ``Failure/interrupted``
    /// thrown, so a picture that would take minutes never outlives the
    /// command that asked for it. SIGTERM or SIGHUP (a closed terminal)
    /// meanwhile stops it too, runs `cleanup` (the scratch files), and
    /// then ends the shell by that signal as it would have.
    static func waitInterruptibly(for process: Process, cleanup: () -> Void) throws(Failure) {
        // Signals started ignored (`nohup`) stay ignored.
        var previous: [(Int32, sighandler_t?)] = []
        for signal in [SIGTERM, SIGHUP] {
            let old = Foundation.signal(signal, noteTermination)
            if let old, unsafeBitCast(old, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                _ = Foundation.signal(signal, old)
            } else {
                previous.append((signal, old))
            }
        }
        defer { for (signal, old) in previous { _ = Foundation.signal(signal, old) } }
        // A mask inherited blocked (a program started from a worker thread)
        // would hold the signals until `dot` ended: unblocked while waiting.
        var unblocked = sigset_t()
        var mask = sigset_t()
        sigemptyset(&unblocked)
        for (signal, _) in previous { sigaddset(&unblocked, signal) }
        sigprocmask(SIG_UNBLOCK, &unblocked, &mask)
        defer { sigprocmask(SIG_SETMASK, &mask, nil) }
        while process.isRunning {
            let terminated = terminationSignal.exchange(0, ordering: .relaxed)
            if terminated != 0 {
                stop(process)
                cleanup()
                for (signal, old) in previous { _ = Foundation.signal(signal, old) }
                previous = []
                // Still unblocked here: the signal's own action ends the shell.
                raise(terminated)
            }
            if Interruption.isRequested {
                stop(process)
                throw .interrupted
            }
            usleep(20_000)
        }
        process.waitUntilExit()
    }

    /// Stops `process`: SIGTERM, then SIGKILL after half a second; reaped.
    private static func stop(_ process: Process) {
        process.terminate()
        let deadline = Date().addingTimeInterval(0.5)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// An SVG document made fit to sit inside an HTML page: no XML prolog,
    /// document type or comments, and no namespace URLs (HTML knows `<svg>`),
    /// so the page names no address at all.
    static func inlined(_ document: String) -> String {
        // One pass over the bytes, comment by comment: a picture has a
        // comment per node and edge, and Foundation's `range(of:)` on the
        // rest of a big picture each time made a page of 3,000-view trees
        // take minutes.
        let bytes = Array(document.utf8)
        func find(_ pattern: String, from start: Int) -> Int? {
            let needle = Array(pattern.utf8)
            guard needle.count <= bytes.count else { return nil }
            var at = start
            while at + needle.count <= bytes.count {
                if bytes[at] == needle[0], bytes[at..<(at + needle.count)].elementsEqual(needle) { return at }
                at += 1
            }
            return nil
        }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var at = find("<svg", from: 0) ?? 0
        while let open = find("<!--", from: at), let close = find("-->", from: open + 4) {
            kept += bytes[at..<open]
            at = close + 3
        }
        kept += bytes[at...]
        var text = String(decoding: kept, as: UTF8.self)
        for namespace in [#" xmlns="http://www.w3.org/2000/svg""#, #" xmlns:xlink="http://www.w3.org/1999/xlink""#] {
            text = text.replacingOccurrences(of: namespace, with: "")
        }
        return text.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "\n")
    }
}
