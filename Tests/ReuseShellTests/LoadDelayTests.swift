import Foundation
import Testing
import TestSupport
@testable import ReuseShell

/// `loads ATTR VALUE after N,M,...`: row i waits the (i mod k)-th delay, so
/// results land out of order and the persistent wrong image can be built
/// (Skeets #3, SDWebImage #968 in ../shared/dumps/REAL_BUGS.md).
@Suite struct LoadDelayTests {
    static func feed(_ loads: String) -> String {
        """
        component Photo view UIImageView { image: placeholder } loads image "photo{i}" \(loads)
        list Feed rows 100 viewport 1 cells Photo
        register Feed Photo
        strategy uikit
        mount Feed
        scroll Feed by 3
        wait 4
        """
    }

    /// Row 0's load takes 4 passes, row 3's one: row 3 reuses row 0's cell,
    /// its own photo3 lands first, then row 0's photo0 lands on top, for good.
    @Test func aSlowLoadOverwritesTheRowsOwnResult() {
        let session = Session(Self.feed("after 4,1"))
        #expect(session.line("expect Feed/3 image photo0").ok)
        let delivered = events(session, "--kind deliver").map { ($0["pass"] as? Int ?? 0, $0["value"] as? String ?? "") }
        #expect(delivered.map(\.1) == ["photo3", "photo0"], "\(delivered)")
        #expect(delivered.map(\.0) == [3, 5])
        let check = session.line("check").output
        #expect(check.contains("it landed after Feed/3's own result (load #2, pass 3)"), "\(check)")
        let why = session.line("why Feed/3 image").output
        #expect(why.contains("it landed after Feed/3's own result (load #2, delivered in pass 3): the slower load, started earlier, had the last word"), "\(why)")
    }

    /// The overtaken result is the item's own result for the same
    /// property: row 3's alpha landing first says nothing about its image
    /// (the index-based story once named it).
    @Test func anotherAttributesResultIsNotTheOneOvertaken() {
        let session = Session(Self.feed(#"after 4,9 loads alpha "0.5" after 1"#))
        let why = session.line("why Feed/3 image").output
        #expect(why.contains("the load for Feed/0 outlived its item"), "\(why)")
        #expect(!why.contains("own result"), "\(why)")
    }

    /// A completion that checks the item drops row 0's result: row 3 keeps photo3.
    @Test func aCheckedCompletionPreventsIt() {
        let session = Session(Self.feed("after 4,1 checked"))
        #expect(session.line("expect Feed/3 image photo3").ok)
        #expect(session.line("expect leaks 0").ok)
        #expect(events(session, "--kind discard").count == 1)
    }

    /// The delays are written back as given, and each is checked.
    @Test func delaysAreWrittenBackAndChecked() throws {
        let session = Session(Self.feed("after 4,1"))
        try withTemporaryDirectory(prefix: "delays") { directory throws in
            let file = directory.appendingPathComponent("delays.reuse").path
            #expect(session.line("save \(file)").ok)
            #expect(try String(contentsOfFile: file, encoding: .utf8).contains("loads image \"photo{i}\" after 4,1\n"))
        }
        let bad = Session().error("component P view UIImageView loads image x after 2,0")
        #expect(bad.contains("passes must be between 1 and 1000000, not 0"), "\(bad)")
        #expect(Session().error("component P view UIImageView loads image x after 2,").contains("expected"))
    }
}
