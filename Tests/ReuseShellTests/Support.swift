import ReuseShell

/// An interpreter whose output is collected in memory.
final class Session {
    var output = ""
    lazy var interpreter = Interpreter(options: .init()) { [unowned self] text in self.output += text }

    init(_ setup: String = "") {
        if !setup.isEmpty { run(setup) }
        output = ""
    }

    /// Runs `script` as `<test>` lines; returns the output of just this call.
    @discardableResult
    func run(_ script: String) -> String {
        let before = output.endIndex
        interpreter.run(script: script, file: "<test>")
        return String(output[before...])
    }

    /// Runs one line and returns (ok, output).
    func line(_ text: String) -> (ok: Bool, output: String) {
        let start = output.count
        let ok = interpreter.run(line: text, at: .init(file: "<stdin>", line: 1))
        return (ok, String(output.dropFirst(start)))
    }

    /// The error message of a line that must fail (first line of the report).
    func error(_ text: String) -> String {
        let (ok, out) = line(text)
        guard !ok else { return "(succeeded) " + out }
        return out.split(separator: "\n").first.map(String.init) ?? out
    }
}

let seed = """
component Title view UILabel { text: "Hi" }
component Card view UIView { backgroundColor: white } children Title
component Foo view UIView { backgroundColor: red }
component Bar view UIView { alpha: 0.5 }
list Feed rows 1000 viewport 3 cells Card
"""
