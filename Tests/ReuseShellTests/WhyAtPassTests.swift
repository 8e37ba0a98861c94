import Foundation
import Testing
@testable import ReuseShell

/// `why VIEW PROPERTY --pass N` and `why VIEW state NAME --pass N`: the
/// answer as of the end of pass N, with its PATH resolved then.
@Suite struct WhyAtPassTests {
    @Test func aPastPassTellsTheStoryAsItWasThen() {
        let session = Session("component Foo view UIView { alpha: 0.5 }\nmount Foo\nset Foo alpha 0.7\nset Foo alpha 0.9")
        let then = session.line("why Foo alpha --pass 2").output
        #expect(then.hasPrefix("v2 alpha shows 0.7 (held by Foo)\n  set by Foo in pass 2 (#3, apply)"), "\(then)")
        #expect(!then.contains("0.9"))
        #expect(session.line("why Foo alpha").output.hasPrefix("v2 alpha shows 0.9"))
        let json = document(session, "why Foo alpha --pass 1 --json")
        #expect(json["shows"] as? Double == 0.5)
        #expect((json["setters"] as? [[String: Any]])?.first?["pass"] as? Int == 1)
        #expect(session.error("why Foo alpha --pass 9") == "<stdin>:1:22: error: why: no pass 9 (passes run: 3)")
        #expect(session.error("why Foo alpha --pass x").contains("why: --pass needs a pass number, not 'x'"))
    }

    /// A PATH names the view its component held then: after a scroll, row 0
    /// is gone, and `--pass 1` still finds the cell that showed it.
    @Test func aPathIsResolvedInThePastState() {
        let session = Session("""
        component Cell view UILabel { text: "Row {i}" }
        list Feed rows 100 viewport 3 cells Cell
        mount Feed
        scroll Feed by 3
        """)
        #expect(session.error("why Feed/0 text").contains("row 0 of 'Feed' is not on screen"))
        let then = session.line("why Feed/0 text --pass 1").output
        #expect(then.hasPrefix("v3 text shows \"Row 0\" (held by Feed/0)"), "\(then)")
    }

    /// A UIKit feed whose row 1 is liked, scrolled one screen (3 passes).
    static let likedFeed = "strategy uikit\n" + ReuseAdviceTests.likedRow + "\nscroll Feed by 3"

    /// The story as of pass N lists the view's steps up to that pass, read
    /// from the session's log (a past state's own starts at its checkpoint).
    @Test func aPastPassTellsTheViewsSteps() {
        let session = Session(Self.likedFeed + "\nscroll Feed by 3")
        let then = session.line("why Feed/4 liked --pass 3").output
        #expect(then.contains("the view's steps from then on:"), "\(then)")
        #expect(then.contains("#17   pass 3   reuse           v4    Feed/4"), "\(then)")
        #expect(!then.contains("pass 4"), "steps after pass 3: \(then)")
        // The same as asking at the end of pass 3 itself.
        #expect(then == Session(Self.likedFeed).line("why Feed/4 liked").output)
    }

    /// The state form answers as of pass N too.
    @Test func stateAsOfAPastPass() {
        let session = Session("""
        component Cell view UILabel { text: "Row {i}" }
        list Feed rows 100 viewport 3 cells Cell
        register Feed Cell
        strategy uikit
        mount Feed
        state Feed/0 liked true
        scroll Feed by 3
        """)
        let now = session.line("why Feed/5 state liked").output
        #expect(now.contains("Feed/0"), "\(now)")
        let before = session.line("why Feed/0 state liked --pass 2").output
        #expect(!before.isEmpty && !before.contains("error"), "\(before)")
        #expect(session.error("why Feed/5 state liked --pass 2").contains("row 5 of 'Feed' is not on screen (rows 0-2 are)"))
    }

    /// A pass whose events `log keep` dropped: the story is empty, and
    /// the shell answers (the index-based story once trapped on the range
    /// from the first kept event back to the end of that pass).
    @Test func aPassWhoseEventsWereDropped() {
        let session = Session("""
        component Foo view UIView { alpha: 0.5 }
        mount Foo
        set Foo alpha 0.7
        set Foo alpha 0.9
        log keep 1
        """)
        let answer = session.line("why Foo alpha --pass 1")
        #expect(answer.ok && answer.output.hasPrefix("v2 alpha shows 0.5 (held by Foo)"), "\(answer.output)")
        #expect(answer.output.contains("'log keep' dropped the rest"), "\(answer.output)")
    }
}
