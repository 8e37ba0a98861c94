import ArgumentParser
import Foundation
import ReuseShell

/// The manual page's OPTIONS, read from the flag declarations themselves
/// (argument-parser's description of the command, as `--experimental-dump-help`
/// prints it), so the page cannot drift from `--help`.
enum ManualOptions {
    /// The page for `--generate-manual`.
    static func page() throws -> String {
        let (arguments, options) = try read()
        return ManualPage(version: ReuseShellCommand.configuration.version, arguments: arguments, options: options).rendered
    }

    /// What argument-parser says of one argument (a subset of its ToolInfo).
    private struct Argument: Decodable {
        struct Name: Decodable {
            var kind: String
            var name: String
        }
        var kind: String
        var names: [Name]?
        var valueName: String?
        var allValues: [String]?
        var defaultValue: String?
        var isRepeating: Bool
        var abstract: String?
        var discussion: String?
    }

    private struct Description: Decodable {
        struct Command: Decodable { var arguments: [Argument] }
        var command: Command
    }

    /// The positional arguments and the options, in declaration order; then
    /// the flags argument-parser adds that its description leaves out.
    static func read() throws -> (arguments: [ManualPage.Option], options: [ManualPage.Option]) {
        guard let described = try? JSONDecoder().decode(Description.self, from: Data(ReuseShellCommand._dumpHelp().utf8)) else {
            throw UnreadableDescription()
        }
        var arguments: [ManualPage.Option] = []
        var options: [ManualPage.Option] = []
        for argument in described.command.arguments {
            var help = argument.abstract ?? ""
            if let values = argument.allValues, !values.isEmpty, let value = argument.defaultValue {
                help += " The default is \(value)."
            }
            if argument.kind == "positional" {
                arguments.append(.init(names: [(argument.valueName ?? "file").uppercased()], help: help,
                                       discussion: argument.discussion ?? "", repeats: argument.isRepeating))
                continue
            }
            let names = (argument.names ?? []).sorted { $0.kind == "short" && $1.kind != "short" }
                .map { ($0.kind == "short" ? "-" : "--") + $0.name }
            var value: String? = nil
            if argument.kind == "option" {
                value = argument.allValues.map { $0.joined(separator: "|") } ?? (argument.valueName ?? "value").uppercased()
            }
            options.append(.init(names: names, value: value, help: help, discussion: argument.discussion ?? "",
                                 repeats: argument.kind == "option" && argument.isRepeating))
        }
        options.append(.init(names: ["--generate-completion-script"], value: "bash|zsh|fish",
                             help: "Print a completion script for the shell named (by default $SHELL's) and exit; see Completions/ in the source."))
        return (arguments, options)
    }
}

/// argument-parser's description of the flags (its underscored
/// `_dumpHelp()`) could not be decoded: `--generate-manual` fails with this
/// message and exit status 1 rather than trapping.
struct UnreadableDescription: Error, CustomStringConvertible {
    var description: String {
        "argument-parser's description of reuse-shell's flags could not be read (did its format change?)"
    }
}
