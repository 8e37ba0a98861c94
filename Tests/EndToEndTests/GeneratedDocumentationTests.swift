// The committed manual page and completion scripts are what the built
// binary generates, byte for byte, so they cannot drift from the flags, the
// command table or argument-parser.
//
// Regenerate them all with
//     REGENERATE_DOCUMENTATION=1 swift test --filter GeneratedDocumentationTests
// (.ci/run runs these tests with the rest of the suite).

import Foundation
import Testing

@Suite struct GeneratedDocumentationTests {
    static var regenerating: Bool { ProcessInfo.processInfo.environment["REGENERATE_DOCUMENTATION"] == "1" }
    static let regenerate = "REGENERATE_DOCUMENTATION=1 swift test --filter GeneratedDocumentationTests"

    /// Each committed file and the arguments that print it.
    static let generated: [(path: String, arguments: [String])] = [
        ("Documentation/reuse-shell.1", ["--generate-manual"]),
        ("Completions/reuse-shell.bash", ["--generate-completion-script", "bash"]),
        ("Completions/_reuse-shell", ["--generate-completion-script", "zsh"]),
        ("Completions/reuse-shell.fish", ["--generate-completion-script", "fish"]),
    ]

    @Test(arguments: generated.map(\.path))
    func committedFileIsCurrent(_ path: String) throws {
        let arguments = Self.generated.first { $0.path == path }!.arguments
        let run = try runShell(arguments)
        #expect(run.status == 0, "\(arguments) exited with \(run.status):\n\(run.output)")
        let url = packageRoot.appendingPathComponent(path)
        if Self.regenerating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(run.output.utf8).write(to: url, options: .atomic)
            return
        }
        guard let committed = try? Data(contentsOf: url) else {
            Issue.record("\(path) is missing: generate it with \(Self.regenerate)")
            return
        }
        let current = String(decoding: committed, as: UTF8.self)
        #expect(committed == Data(run.output.utf8), """
            \(path) is not what `reuse-shell \(arguments.joined(separator: " "))` prints now; \
            regenerate it with \(Self.regenerate) (- committed, + generated):
            \(lineDiff(expected: current, actual: run.output))
            """)
    }

    static func manual() throws -> String {
        let run = try runShell(["--generate-manual"])
        #expect(run.status == 0)
        return run.output
    }

    /// The page's sections, in order: `.SH "NAME"` and so on.
    static func sections(_ page: String) -> [String] {
        page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { $0.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
    }

    /// The text of one section, up to the next.
    static func section(_ name: String, of page: String) -> String {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring(".SH \"\(name)\"")) else { return "" }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix(".SH ") } ?? lines.endIndex
        return lines[(start + 1)..<end].joined(separator: "\n")
    }

    @Test func manualHasTheSectionsOfAManualPage() throws {
        let page = try Self.manual()
        #expect(Self.sections(page) == ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "ENVIRONMENT",
                                        "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"])
        #expect(page.hasPrefix(".\\\""))
        #expect(page.contains("\n.TH REUSE\\-SHELL 1 "))
        // argument-parser's own page has a stray "subcommand"; this one has none.
        #expect(!page.lowercased().contains("subcommand"))
    }

    /// Only the man(7) requests it uses, each on a line of its own; no line
    /// starts with `'` (a request too); only ASCII (the rest escaped).
    @Test func manualIsPlainMan7Roff() throws {
        let page = try Self.manual()
        let requests: Set<String> = [".\\\"", ".TH", ".SH", ".SS", ".PP", ".TP", ".IP", ".B", ".br", ".nf", ".fi", ".RS", ".RE"]
        for line in page.split(separator: "\n") {
            #expect(!line.hasPrefix("'"), "a line starting with ' is a request: \(line)")
            if line.hasPrefix(".") {
                let request = String(line.prefix { $0 != " " })
                #expect(requests.contains(request), "unexpected request \(request) in: \(line)")
            }
        }
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII }, "non-ASCII left unescaped")
    }

    @Test("Every flag --help lists has an entry in OPTIONS")
    func everyFlagIsDocumented() throws {
        let page = try Self.manual()
        let options = Self.section("OPTIONS", of: page)
        let help = try runShell(["--help"]).output
        // The flags are the first column of OPTIONS (`  -q, --quiet   Print ...`):
        // a flag's description may quote a command with flags of its own.
        let flags = Set(help.split(separator: "\n").flatMap { line -> [String] in
            let trimmed = line.drop { $0 == " " }
            // A description's wrapped lines are indented past the flags' column.
            guard line.count - trimmed.count <= 4, trimmed.hasPrefix("-"), let column = trimmed.range(of: "  ").map({ trimmed[..<$0.lowerBound] }) ?? Optional(trimmed) else { return [] }
            return column.split(whereSeparator: { " ,<>".contains($0) }).map(String.init).filter { $0.hasPrefix("-") && $0.count > 1 }
        })
        #expect(flags.count >= 14, "\(flags)")
        for flag in flags.sorted() + ["--generate-completion-script"] {
            let entry = "\\fB" + flag.replacingOccurrences(of: "-", with: "\\-") + "\\fR"
            let headings = options.split(separator: "\n").enumerated().filter { $0.offset > 0 }.map(\.element)
            #expect(zip(options.split(separator: "\n"), headings).contains { $0.0 == ".TP" && $0.1.contains(entry) },
                    "\(flag) has no entry in OPTIONS")
        }
    }

    @Test("Every command the shell's help lists has an entry in COMMANDS")
    func everyCommandIsDocumented() throws {
        let page = try Self.manual()
        let commands = Self.section("COMMANDS", of: page)
        let help = try runShell(["-c", "help"]).output
        // `help` lists each command as "  NAME  summary" under its group.
        let names = help.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names.count >= 30, "\(names)")
        for name in names {
            #expect(commands.contains(".TP\n\\fB\(name)\\fR"), "\(name) has no entry in COMMANDS")
        }
    }

    /// Every variable the program reads (`environment["NAME"]` in its
    /// sources) is in ENVIRONMENT.
    @Test func everyEnvironmentVariableIsDocumented() throws {
        let environment = Self.section("ENVIRONMENT", of: try Self.manual())
        var names: Set<String> = ["EDITRC"]  // read by libedit's el_source
        for directory in ["Sources/reuse-shell", "Sources/ReuseShell"] {
            let url = packageRoot.appendingPathComponent(directory)
            for case let file as URL in FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)! where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in text.matches(of: /environment\["([A-Z_]+)"\]|getenv\("([A-Z_]+)"\)/) {
                    names.insert(String(match.output.1 ?? match.output.2 ?? ""))
                }
            }
        }
        #expect(names.count >= 8, "\(names)")
        for name in names.sorted() {
            #expect(environment.contains(name), "\(name) is read but not in ENVIRONMENT")
        }
        #expect(Self.section("FILES", of: try Self.manual()).contains("~/.editrc"))
    }

    /// groff reads the page without a warning (all of them on).
    @Test func manualRendersWithoutWarnings() throws {
        guard let groff = ["/usr/bin/groff", "/usr/local/bin/groff"].first(where: FileManager.default.isExecutableFile) else {
            Issue.record("groff is not installed (bash .ci/setup installs it)")
            return
        }
        let page = packageRoot.appendingPathComponent("Documentation/reuse-shell.1")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: groff)
        process.arguments = ["-man", "-Tutf8", "-ww", page.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let rendered = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(rendered.contains("reuse-shell - explore how UI frameworks reuse views"))
    }
}
