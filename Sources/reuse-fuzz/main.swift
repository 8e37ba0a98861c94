// A libFuzzer target over the interpreter: each input is a script, run line
// by line in a fresh interpreter (output discarded, files in a scratch
// directory) with every invariant checked after every line. A crash, a
// trap or a broken invariant is a finding.
//
// Built only by Tests/Fuzz/run-libfuzzer.sh, which compiles with
// `-sanitize=fuzzer,address -D FUZZING`: SwiftPM links an executable's
// entry point as `reuse_fuzz_main` (`--defsym main=...`), so this top-level
// code runs first and hands control to libFuzzer's driver. In a plain
// `swift build` it only says how to run it.

import Foundation
import ReuseEngine
import ReuseShell

/// Runs one input; traps on a broken invariant so libFuzzer keeps the input.
func runScript(_ data: UnsafeRawBufferPointer, in directory: String) {
    let text = String(decoding: data, as: UTF8.self)
    let interpreter = Interpreter(options: .init(width: 80), write: { _ in }, writeError: { _ in })
    interpreter.workingDirectory = directory
    Interpreter.forEachCommand(of: text, file: "<fuzz>") { line, location in
        interpreter.run(line: line, at: location)
        let violations = interpreter.engine.checkInvariants()
        if !violations.isEmpty {
            fatalError("line \(location.line) '\(line)' under \(interpreter.engine.strategy.name): \(violations.map(\.description))")
        }
        return !interpreter.wantsToQuit
    }
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("reuse-fuzz-\(getpid())").path
try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
setenv("REUSE_FUZZ_SCRATCH", scratch, 1)

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    let directory = ProcessInfo.processInfo.environment["REUSE_FUZZ_SCRATCH"] ?? "/tmp"
    runScript(UnsafeRawBufferPointer(start: data, count: size), in: directory)
    return 0
}
exit(status)
#else
FileHandle.standardError.write(Data("reuse-fuzz is built and run by Tests/Fuzz/run-libfuzzer.sh (it needs -sanitize=fuzzer)\n".utf8))
exit(2)
#endif
