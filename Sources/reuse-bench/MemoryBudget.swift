// The memory budget (issue 39): the peak resident memory of workloads that
// once grew without bound, each replayed through the shell in a child
// process of this benchmark (`reuse-bench --replay FILE`, Replay.swift), so
// each peak is the script's own.
//
// - `memory-jumps`: 40 jumps (`scroll Feed to N`) of a 35,000-instance
//   window, each changing every view, so no checkpoint shares anything with
//   the one before: MB at the peak. It took 2.6 GB when checkpoints were
//   bounded only in number.
// - `memory-mixed`: the mixed workload (scrolls both ways, `set` on rows,
//   payload reloads, waits for late images, jumps) at 200,000 lines, the
//   log kept whole: KB a line above an empty run's peak.
// - `memory-growth`: that figure at 200,000 lines over the same at 20,000:
//   1 when memory grows linearly (it was 1.6 when checkpoints copied a
//   state that grew with the session).

import ReuseEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum MemoryBudget {
    /// A measured figure, checked against `NAME VALUE -` in the budget file.
    struct Figure {
        var name: String
        var unit: String
        var value: Double
    }

    static let names = ["memory-jumps", "memory-mixed", "memory-growth"]

    /// `count` jumps of a window of `viewport` rows of two instances each.
    static func jumps(_ count: Int, viewport: Int) -> String {
        var random = SplitMix(state: 3)
        var text = """
            component Label view UILabel { text: "Row {i}" }
            component Row view UIView { alpha: 1 } children Label
            list Feed rows 1000000 viewport \(viewport) cells Row
            mount Feed

            """
        for _ in 0..<count { text += "scroll Feed to \(random.next() % 900_000)\n" }
        return text
    }

    /// The mixed workload of `lines` lines, the same for every run.
    static func mixed(_ lines: Int) -> String {
        var random = SplitMix(state: 1)
        var text = """
            component Image view UIImageView loads image photo after 2
            component Row view UIView { alpha: 1 } children Image
            list Feed rows 1000000 viewport 20 cells Row
            mount Feed

            """
        var top = 0
        for _ in 0..<lines {
            let kind = random.next() % 100
            let row = top + Int(random.next() % 20)
            switch kind {
            case 0..<45:
                let step = Int(random.next() % 5) + 1
                top += step
                text += "scroll Feed by \(step)\n"
            case 45..<55:
                let step = min(top, Int(random.next() % 5) + 1)
                top -= step
                text += "scroll Feed by -\(step)\n"
            case 55..<75: text += "set Feed/\(row) alpha 0.\(random.next() % 9 + 1)\n"
            case 75..<85: text += "reload Feed/\(row) payload\n"
            case 85..<95: text += "wait\n"
            default:
                top = Int(random.next() % 999_000)
                text += "scroll Feed to \(top)\n"
            }
        }
        return text
    }

    /// Runs each workload in a child process; its figures.
    static func measure() -> [Figure] {
        var directoryBytes = Array("/tmp/reuse-memory-XXXXXX".utf8CString)
        guard mkdtemp(&directoryBytes) != nil else { Budget.fail("cannot make a directory in /tmp") }
        let directory = String(decoding: directoryBytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { rmdir(directory) }
        func peak(_ name: String, _ text: String) -> Double {
            let path = "\(directory)/\(name).reuse"
            guard let file = fopen(path, "w") else { Budget.fail("cannot write \(path)") }
            fputs(text, file)
            fclose(file)
            defer { unlink(path) }
            guard let (output, status) = ReplayBenchmark.runChild(["--replay", path]), status == 0 else {
                Budget.fail("the \(name) workload failed")
            }
            let fields = output.split(whereSeparator: \.isWhitespace)
            guard fields.count == 4, let kilobytes = Double(fields[3]) else { Budget.fail("the \(name) workload said `\(output)`") }
            return kilobytes
        }
        let empty = peak("empty", "")
        let small = (peak("mixed-20000", mixed(20_000)) - empty) / 20_000
        let large = (peak("mixed-200000", mixed(200_000)) - empty) / 200_000
        let jumped = peak("jumps", jumps(40, viewport: 17_500))
        return [
            Figure(name: "memory-jumps", unit: "MB", value: jumped / 1024),
            Figure(name: "memory-mixed", unit: "KB/line", value: large),
            Figure(name: "memory-growth", unit: "x", value: large / small),
        ]
    }
}
