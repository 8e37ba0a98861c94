@testable import ReuseEngine
@testable import ReuseShell
import Testing

/// A question about some kinds of event with no view (`log --kind create
/// --last 5`) passes over the sealed chunks of the log that hold none of
/// them (`FastPaths.kindTags`, `KindTags`): it finds the events that looking
/// at every record finds, in the same order, for every kind, whole or
/// packed, over every pass, stopping early or not.
@Suite(.enabled(if: FastPaths.areSwitchable, "fast paths are switchable in debug builds only"))
struct KindTagsTests {
    /// A feed mounted (creates), scrolled a long way (reuses, hides,
    /// applies, skips), then rows changed, states set, views moved between
    /// strategies' pools: many kinds, some kept whole, in chunks of 64; at
    /// the end, skips of one attribute (ComponentKit), whose tag they share
    /// with applies, some chunks holding no other skip.
    static let script = [
        "component Dot view UIView { backgroundColor: red }",
        "component Cell view UILabel { text: \"Row {i}\" } children Dot",
        "component Ad view UIImageView { image: \"ad{i}\" }",
        "list Feed rows 5000 viewport 6 cells Cell Cell Ad",
        "component Screen view UIView children Feed",
        "strategy recyclerview",
        "mount Screen",
    ] + Array(repeating: "scroll Screen/Feed by 1", count: 150) + [
        "set Screen/Feed/151/Dot backgroundColor blue", "state Screen/Feed/153 checked on", "reload Screen/Feed/154",
        "insert Screen/Feed at 153", "delete Screen/Feed at 155 count 2", "hide Screen/Feed/154", "show Screen/Feed/154",
        "scroll Screen/Feed to 40", "reload Screen/Feed", "strategy texture", "remount",
    ] + Array(repeating: "scroll Screen/Feed by -1", count: 30) + ["reload Screen/Feed/12", "strategy theodolite", "remount",
          // ComponentKit diffs per attribute: a skip of one attribute (tag 1, as applies are).
          "strategy componentkit", "remount", "scroll Screen/Feed by 1", "scroll Screen/Feed by 1", "remount", "remount",
          "set Screen/Feed/16 alpha 0.5", "set Screen/Feed/16 alpha 0.7",
          // A lone root: its passes fill chunks with applies and skips of one attribute alone.
          "component Lone view UILabel { text: \"x\", alpha: 1 }", "mount Lone"]
        + (0..<40).map { "set Lone alpha 0.\($0 % 2 + 2)" }

    static func session() -> Interpreter {
        let shell = Interpreter(options: .init(width: 80), write: { _ in })
        shell.engine.session.store.log.narrowChunks(to: 64)
        for (index, line) in script.enumerated() {
            shell.run(line: line, at: SourceLocation(file: "<kinds>", line: index + 1))
        }
        return shell
    }

    /// The sequence numbers a question finds, newest first (at most `limit`).
    static func found(_ log: EventLog, kinds: Set<ReuseEvent.Kind>?, pass: Int?, limit: Int = .max) -> [Int] {
        var seqs: [Int] = []
        log.forEachBackwards(pass: pass, kinds: kinds) { event in
            seqs.append(event.seq)
            return seqs.count < limit
        }
        return seqs
    }

    @Test func questionsAboutKindsFindWhatEveryRecordFinds() throws {
        let shell = Self.session()
        var skipping = shell.engine.session.store.log
        skipping.readsByKind = true
        var plain = skipping
        plain.readsByKind = false
        let held = Set(plain.events.map(\.kind))
        // Packed kinds and kinds kept whole, one chunk and many.
        #expect(held.isSuperset(of: [.create, .reuse, .hide, .detach, .reattach, .apply, .skip, .remove, .state, .move, .cache]), "\(held.sorted { $0.rawValue < $1.rawValue })")
        #expect(plain.events.count > 64 * 20)
        let questions: [Set<ReuseEvent.Kind>?] = [nil] + ReuseEvent.Kind.allCases.map { [$0] }
            + [[.create, .remove], [.apply, .unapply], [.skip], [.state, .reuse], [.cache, .cacheHit, .recycle]]
        let lastPass = plain.currentPass
        for kinds in questions {
            for pass in [nil, 1, lastPass / 2, lastPass] {
                for limit in [5, Int.max] {
                    let expected = Self.found(plain, kinds: kinds, pass: pass, limit: limit)
                    #expect(Self.found(skipping, kinds: kinds, pass: pass, limit: limit) == expected,
                            "kinds \(kinds.map { $0.map(\.rawValue).sorted() } ?? []) pass \(pass.map(String.init) ?? "-") limit \(limit)")
                }
            }
        }
        // A skip of one attribute is there, for `[.skip]` to find through tag 1.
        #expect(plain.events.contains { if case .skip(.some) = $0.step { true } else { false } })
        // The chunks skipped: creates sit in a few of them (the mount, the remounts, new cells).
        let creates = skipping.stored.chunksRead(for: [.create])
        #expect(creates.read * 2 < creates.held, "\(creates)")
        // Every chunk holds some event: asking for every kind reads them all.
        let all = skipping.stored.chunksRead(for: Set(ReuseEvent.Kind.allCases))
        #expect(all.read == all.held)
    }
}
