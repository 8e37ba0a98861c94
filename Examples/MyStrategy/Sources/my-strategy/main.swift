import Foundation
import MyStrategy
import ReuseConformance
import ReuseEngine
import ReuseShell

// 1. The conformance kit: promises, random sessions, leaks.
let sessions = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 100
let report = ConformanceKit.check(.ownerFirst, sessions: sessions)
print(report)

// 2. A session under it, in a shell that knows it, beside theodolite's.
let shell = Interpreter(options: .init(width: 80), strategies: StrategyRegistry.all + [.ownerFirst]) { print($0, terminator: "") }
let script = """
    component Dot view UIView { alpha: 0.5 }
    component Row view UIView children Dot Dot Dot
    mount Row
    strategy owner-first
    hide Row/Dot[0]
    compare theodolite owner-first
    """
for (number, line) in script.split(separator: "\n").enumerated() {
    _ = shell.run(line: String(line), at: SourceLocation(file: "<example>", line: number + 1))
}
exit(report.passed ? 0 : 1)
