import Foundation

/// The package root, found by walking up from this file to `Package.swift`.
let packageRoot: URL = {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
        directory = directory.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()

/// What one run of the `reuse-shell` binary printed and how it ended.
struct ShellRun {
    /// stdout and stderr through one pipe, in the order they were written.
    var output: String
    var status: Int32
}

/// The built `reuse-shell` with `arguments`, set up as the tests run it:
/// colour off, history kept out of the user's, in `directory`; not started.
func shellProcess(_ arguments: [String], directory: URL = packageRoot,
                  environment extra: [String: String] = [:]) throws -> Process {
    let process = Process()
    process.executableURL = try reuseShellBinary()
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["REUSE_SHELL_HISTORY"] = FileManager.default.temporaryDirectory.appendingPathComponent("reuse-e2e-history-unused").path
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    return process
}

/// Runs the built `reuse-shell` with `arguments`, `input` on stdin (not a
/// terminal), colour off, in the package root unless told otherwise.
func runShell(_ arguments: [String], input: String = "", directory: URL = packageRoot,
              environment extra: [String: String] = [:]) throws -> ShellRun {
    let process = try shellProcess(arguments, directory: directory, environment: extra)
    let output = Pipe()
    let stdin = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = stdin
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ShellRun(output: String(decoding: data, as: UTF8.self), status: process.terminationStatus)
}

/// A readable line diff: each differing line with its number, expected then actual.
func lineDiff(expected: String, actual: String, context: Int = 2) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    var shown = 0
    for i in 0..<max(old.count, new.count) {
        let a = i < old.count ? String(old[i]) : nil
        let b = i < new.count ? String(new[i]) : nil
        guard a != b else { continue }
        if shown == 0 {
            for j in max(0, i - context)..<i { out.append("  \(j + 1)  \(old[j])") }
        }
        if let a { out.append("- \(i + 1)  \(a)") }
        if let b { out.append("+ \(i + 1)  \(b)") }
        shown += 1
        if shown >= 20 { out.append("  … (more differences)"); break }
    }
    return out.joined(separator: "\n")
}
