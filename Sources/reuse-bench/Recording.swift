// Issue 38's recording target: "a pass of any size costs the same per view;
// no re-interning per chunk". `reuse-bench scale` counts, with callgrind, the
// instructions of the engine's `set` passes over a small screen and over a
// big one, each recording about 100,000 events (so each fills and seals the
// same number of log chunks, six of 16,384), and holds the big pass's
// instructions per instance visited to at most 1.10x the small passes'.
//
// - small: 100 `set` passes over a screen of 5 sections of 100 cards, each
//   card with a title: 1,006 instances, 1,006 events a pass;
// - big: 1 `set` pass over a screen of 500 such sections: 100,501 instances.
//
// Each runs in its own child process (`reuse-bench --recording-child
// SECTIONS PASSES`) under callgrind, collecting only inside
// `runRecordingPasses` (the screen is defined and mounted outside it), with
// checkpoints off (a checkpoint copies the state, which is not recording).
// Instructions, not time: a big pass's cache misses are not the recording's
// own cost, and instructions do not move with this shared machine's load.
// Why 1.10x: the same work per view, recorded in as many chunks, differs
// only in what depends on the pass's size (how often a hash table grows,
// how many distinct views a chunk's index orders, the pools' hashing): a
// tenth is room for that (1.05x measured), while storing the paths again in
// each chunk, which the target forbids, cost 1.39x (3,655 against 5,073
// instructions an instance before the log's path table was shared by a run
// of chunks: BENCHMARKS.md).

import ReuseEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum RecordingTarget {
    static let cardsPerSection = 100
    /// The small screen's sections and its passes; the big screen's sections (one pass).
    static let small = (sections: 5, passes: 100)
    static let big = (sections: 500, passes: 1)
    /// The most the big pass may cost per instance, in the small passes' cost per instance.
    static let limit = 1.10

    /// `runRecordingPasses(_:passes:)`'s mangled name: callgrind collects inside it alone.
    static let symbol = "$s11reuse_bench18runRecordingPasses_6passesSi11ReuseEngine0H0Vz_SitF"

    /// One run's figures.
    struct Run {
        var instructions: Int
        var events: Int
        var visits: Int
        var perVisit: Double { Double(instructions) / Double(max(visits, 1)) }
    }

    struct Figures {
        var small: Run
        var big: Run
        var ratio: Double { big.perVisit / small.perVisit }
    }

    /// The screen: `sections` sections of ``cardsPerSection`` cards, each with a title, mounted.
    static func mountedScreen(sections: Int) -> Engine {
        var engine = Engine()
        engine.keepsCheckpoints = false
        do {
            try engine.defineComponent("Title", viewClass: "UILabel", attributes: [("text", "title", false)], children: [])
            try engine.defineComponent("Card", viewClass: "UIView", attributes: [("backgroundColor", "white", false)], children: ["Title"])
            try engine.defineComponent("Section", viewClass: "UIView", attributes: [],
                                       children: Array(repeating: "Card", count: cardsPerSection))
            try engine.defineComponent("Screen", viewClass: "UIView", attributes: [], children: Array(repeating: "Section", count: sections))
            try engine.mount(["Screen"], trigger: "mount Screen")
        } catch {
            fatalError("defining the recording screen failed: \(error)")
        }
        return engine
    }

    /// In the child (`--recording-child SECTIONS PASSES`): mounts the
    /// screen, runs the passes, prints the events they recorded and the
    /// instances they visited.
    static func runChildIfAsked() {
        let arguments = CommandLine.arguments
        guard let flag = arguments.firstIndex(of: "--recording-child"), flag + 2 < arguments.count,
              let sections = Int(arguments[flag + 1]), let passes = Int(arguments[flag + 2]) else { return }
        var engine = mountedScreen(sections: sections)
        let instances = engine.instances.count
        let before = engine.log.events.endIndex
        sink &+= runRecordingPasses(&engine, passes: passes)
        let events = engine.log.events.endIndex - before
        print("events\t\(events)")
        print("visits\t\(instances * passes)")
        exit(0)
    }

    /// Counts both runs under callgrind, or says why it could not.
    static func measure() -> Swift.Result<Figures, Budget.CountFailure> {
        Budget.measuredInRelease { () throws(Budget.CountFailure) in
            Figures(small: try count(sections: small.sections, passes: small.passes),
                    big: try count(sections: big.sections, passes: big.passes))
        }
    }

    /// One child under callgrind: the instructions of its passes.
    static func count(sections: Int, passes: Int) throws(Budget.CountFailure) -> Run {
        // Counted as the budget counts (``Budget/callgrind(_:collecting:what:)``:
        // a copy without debug information, deterministic hashing).
        let (text, output) = try Budget.callgrind(["--recording-child", String(sections), String(passes)],
                                                  collecting: [symbol], what: "the recording child")
        let shown = output.split(separator: "\n").suffix(20).map { "    " + $0 }.joined(separator: "\n")
        var figures: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            if fields.count == 2, let value = Int(fields[1]) { figures[String(fields[0])] = value }
        }
        guard let events = figures["events"], let visits = figures["visits"] else {
            throw Budget.CountFailure(message: "the recording child printed no counts; its output:\n" + shown)
        }
        guard let (calls, totals) = Budget.callCosts(text) else {
            throw Budget.CountFailure(message: "cannot read callgrind's output for the recording child")
        }
        guard let instructions = calls[symbol], instructions > 0, instructions == totals else {
            throw Budget.CountFailure(message: "callgrind counted no call of runRecordingPasses(_:passes:) alone: is \(symbol) "
                                      + "still its mangled name, and is it still called rather than inlined? (Recording.swift names it)")
        }
        return Run(instructions: instructions, events: events, visits: visits)
    }
}

/// The measured passes: `set` lines on the screen's first card, red and
/// blue in turn, each running a pass over every instance. Returns a checksum.
@inline(never)
func runRecordingPasses(_ engine: inout Engine, passes: Int) -> Int {
    let path = ComponentPath([.named("Screen", index: 0), .named("Section", index: 0), .named("Card", index: 0)])
    var checksum = 0
    for pass in 0..<passes {
        do {
            let summary = try engine.set(path, attribute: "backgroundColor", raw: pass % 2 == 0 ? "red" : "blue", quoted: false,
                                         trigger: "set")
            checksum &+= summary.events.count
        } catch {
            fatalError("set failed: \(error)")
        }
    }
    return checksum
}
