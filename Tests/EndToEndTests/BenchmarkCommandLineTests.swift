// reuse-bench's command line: its sections as argument-parser subcommands,
// the invocations the recipes use, and `--json`.

import Foundation
import Testing

@Suite struct BenchmarkCommandLineTests {
    /// The built `reuse-bench`, beside `reuse-shell`.
    static func binary() throws -> URL {
        try reuseShellBinary().deletingLastPathComponent().appendingPathComponent("reuse-bench")
    }

    /// Runs `reuse-bench` with `arguments`: standard output, standard error, status.
    static func run(_ arguments: [String]) throws -> (output: String, errors: String, status: Int32) {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Small outputs: read one, then the other.
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self), process.terminationStatus)
    }

    @Test("--help lists the sections the recipes name; a wrong one is a usage error")
    func sections() throws {
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        for section in ["all (default)", "floors", "replay", "budget"] {
            #expect(help.output.contains("  " + section), "\(section) missing from:\n\(help.output)")
        }
        let budget = try Self.run(["budget", "--help"])
        #expect(budget.output.contains("USAGE: reuse-bench budget [<FILE>] [--json]"), "\(budget.output)")
        let scale = try Self.run(["scale", "--help"])
        #expect(scale.output.contains("--no-floor"), "\(scale.output)")
        let wrong = try Self.run(["flors"])
        #expect(wrong.status == 64)
        #expect(wrong.errors.contains("flors"), "\(wrong.errors)")
        #expect(try Self.run(["floors", "--steps", "0"]).status == 64)
    }

    @Test("floors prints its text, with the counts the budget reads")
    func floorsText() throws {
        let run = try Self.run(["floors", "--steps", "100", "--sets", "10"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("Same-semantics floor (viewport 20, 300 one-row steps, theodolite):"))
        #expect(run.output.contains("of which the pass alone"))
        #expect(run.output.contains("tight floor (the same pass in C, flat arrays, no reference counting)"))
        #expect(run.output.contains("(50 cards, 101 instances, 30 sets, theodolite)"))
        #expect(!run.output.contains("{"))
    }

    @Test("floors --json prints one JSON document with every figure, the counts agreeing")
    func floorsJSON() throws {
        let run = try Self.run(["floors", "--json", "--steps", "100", "--sets", "10"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasSuffix("}\n"))
        #expect(run.output.split(separator: "\n").count == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(document["benchmark"] as? String == "reuse-bench")
        #expect(document["section"] as? String == "floors")
        #expect(["debug", "release"].contains(document["build"] as? String))
        let floors = try #require(document["floors"] as? [[String: Any]])
        #expect(floors.map { $0["workload"] as? String } == ["scroll-step", "pass-alone", "set-pass"])
        for floor in floors {
            #expect((floor["engineNs"] as? Double ?? 0) > 0, "\(floor)")
            if let engine = floor["engineCounts"] as? [Int] {
                #expect(engine == floor["floorCounts"] as? [Int])
                #expect(engine == floor["tightFloorCounts"] as? [Int])
                #expect(engine == floor["writtenOutCounts"] as? [Int])
            }
        }
        #expect((floors[0]["engineCounts"] as? [Int])?[3] == 300)  // one row hidden a step
    }

    @Test("budget --json in a debug build: exits 2 and says why on standard error")
    func budgetNeedsARelease() throws {
        let run = try Self.run(["budget", "--json", "Benchmarks/budget.txt"])
        #if DEBUG
        #expect(run.status == 2)
        #expect(run.errors.contains("a debug build"), "\(run.errors)")
        #expect(run.output.isEmpty)
        #endif
    }
}
