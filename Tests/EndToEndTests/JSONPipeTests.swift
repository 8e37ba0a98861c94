// JSON through pipes, in the real binary: `-q` leaves only the documents on
// standard output, each valid against its schema; a failed `--json` command
// writes a JSON error on standard error.

import Foundation
import Testing
import TestSupport

@Suite struct JSONPipeTests {
    /// What one run wrote on each stream, apart, and how it ended.
    struct SeparateRun {
        var out: String
        var err: String
        var status: Int32
    }

    /// Runs the built `reuse-shell` with stdout and stderr on two pipes (colour off, no input).
    static func run(_ arguments: [String], input: String = "", directory: URL = packageRoot) async throws -> SeparateRun {
        let process = try shellProcess(arguments, directory: directory)
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Standard error is read on the side, so neither pipe fills while the other is read.
        let errors = Task.detached { err.fileHandleForReading.readDataToEndOfFile() }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errorOutput = await errors.value
        process.waitUntilExit()
        return SeparateRun(out: String(decoding: output, as: UTF8.self), err: String(decoding: errorOutput, as: UTF8.self),
                           status: process.terminationStatus)
    }

    static let schemas: SchemaValidator = {
        do { return try SchemaValidator.packageSchemas() } catch { fatalError("Schemas/ unreadable: \(error)") }
    }()

    /// A session as `save` writes it: definitions and changes, no inspection.
    static let session = """
    # reuse-shell session, written by 'save'
    component Title view UILabel { text: "Item {i}" }
    list Carousel rows 20 viewport 3 cells Title
    component Head view UILabel { text: Top }
    list Feed rows 100 viewport 2 cells Carousel header Head
    register Carousel Title
    register Feed Carousel
    register Feed Head
    mount Feed
    scroll Feed/0 by 2
    scroll Feed by 1
    scroll Feed by 2
    set Feed/3/2 backgroundColor red
    """

    /// ``session`` written to `session.reuse` in `directory`.
    static func sessionFile(in directory: URL) throws -> URL {
        let file = directory.appendingPathComponent("session.reuse")
        try session.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The issue's pipe: `reuse-shell s.reuse -q -c 'tree --json' | jq .` reads one document.
    @Test(arguments: ["theodolite", "uikit", "recyclerview", "valdi-rebind"])
    func quietLeavesOneDocumentPerInspection(strategy: String) async throws {
        try await withTemporaryDirectory(prefix: "reuse-json") { directory in
            let file = try Self.sessionFile(in: directory)
            let commands = ["tree", "tree --all --changes", "components", "pools", "config v3", "log", "log --last 2", "stats",
                            "stats --pass 2", "diff", "check", "why Feed/3 backgroundColor", "compare theodolite uikit"]
            let run = try await Self.run([file.path, "--strategy", strategy, "-q"] + commands.flatMap { ["-c", $0 + " --json"] })
            #expect(run.status == 0, "\(run.err)")
            #expect(run.err.isEmpty, "\(run.err)")
            let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == commands.count + 1 && lines.last == "", "one line per document:\n\(run.out.prefix(3000))")
            for (command, line) in zip(commands, lines) {
                let name = String(command.prefix { $0 != " " })
                let failures = try Self.schemas.validate(text: String(line), against: name + ".schema.json")
                #expect(failures.isEmpty, "\(strategy), \(command): \(failures.prefix(5))")
            }
            // Without -q the same run mixes pass lines in.
            let loud = try await Self.run([file.path, "--strategy", strategy, "-c", "tree --json"])
            #expect(loud.out.hasPrefix("defined "), "\(loud.out.prefix(200))")
            #expect(loud.out.contains("\npass 1 "))
        }
    }

    @Test func quietDropsChatterAndEchoButNotHelpOrErrors() async throws {
        let run = try await Self.run(["-q", "--echo", "-c", "component A view UIView", "-c", "mount A", "-c", "say hello",
                                "-c", "expect stat passes 1", "-c", "help say", "-c", "mount Nope", "-c", "tree"])
        let help = try await Self.run(["-c", "help say"])
        #expect(run.out == help.out + "v1 UIView root\n└─ v2 UIView A (A, UIView, [])\n")
        #expect(run.err.hasPrefix("<input>:6:7: error: unknown component 'Nope'"), "\(run.err)")
        #expect(run.status == 1)
        // Piped stdin reads the same.
        let piped = try await Self.run(["-q", "-"], input: "component A view UIView\nmount A\ncomponents --json\n")
        #expect(piped.out == #"{"pass":1,"components":[{"path":"A","component":"A","view":"v2","hidden":false}]}"# + "\n")
        #expect(piped.status == 0)
    }

    @Test func aFailedJSONCommandWritesAJSONErrorOnStandardError() async throws {
        let run = try await Self.run(["-q", "-c", "component A view UIView", "-c", "mount A", "-c", "config v9 --json", "-c", "config v2 --json"])
        #expect(run.status == 1)
        let errors = run.err.split(separator: "\n")
        #expect(errors.count == 1, "\(run.err)")
        #expect(try Self.schemas.validate(text: String(errors[0]), against: "error.schema.json").isEmpty)
        #expect(errors.first == #"{"error":{"message":"no view 'v9' (views are v1-v2)","file":"<input>","line":3,"column":8,"length":2,"input":"config v9 --json"}}"#)
        // The commands after it still answer on standard output.
        #expect(try Self.schemas.validate(text: run.out, against: "config.schema.json").isEmpty, "\(run.out)")
        // Without --json, the text report, unchanged.
        let text = try await Self.run(["-c", "config v9"])
        #expect(text.err == "<input>:1:8: error: no view 'v9' (views are v1-v1)\n  config v9\n         ^~\n")
    }

    /// `--export-html` under `-q` writes its pages and says nothing.
    @Test func quietExportSaysNothing() async throws {
        try await withTemporaryDirectory(prefix: "reuse-json") { directory in
            let file = try Self.sessionFile(in: directory)
            let page = directory.appendingPathComponent("page.html").path
            let run = try await Self.run(["--export-html", page, file.path, "-q"])
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.isEmpty, "\(run.out)")
            #expect(FileManager.default.fileExists(atPath: page))
        }
    }
}
