import Foundation
import Testing
@testable import ReuseShell

/// Reads the JSON document a command printed.
func document(_ session: Session, _ command: String) -> [String: Any] {
    let (_, output) = session.line(command)
    return (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any] ?? [:]
}

/// The events of `log --json` (optionally filtered by kind), as dictionaries.
func events(_ session: Session, _ filter: String = "") -> [[String: Any]] {
    document(session, "log --json --last 1000 " + filter)["events"] as? [[String: Any]] ?? []
}

/// A running total from `stats --json`.
func stat(_ session: Session, _ name: String) -> Int {
    document(session, "stats --json")[name] as? Int ?? -1
}

/// One rule of each strategy, as `../shared/REFERENCE.md` states it, pinned
/// by a scenario of its own and read through the shell's JSON output.
@Suite struct Theodolite2019FidelityTests {
    @Test func poolKeyIsTheWholeConfigurationWithoutTheComponentType() {
        let session = Session("""
        component A view UIView { backgroundColor: red }
        component B view UIView { backgroundColor: red }
        component C view UIView { backgroundColor: blue }
        strategy theodolite-2019
        mount A
        """)
        // B asks for the same configuration A had: it takes A's view.
        _ = session.line("mount B")
        #expect(stat(session, "created") == 1)
        let reuse = events(session, "--kind reuse").last
        #expect(reuse?["component"] as? String == "B")
        let key = reuse?["key"] as? [String: Any]
        #expect(key?["component"] is NSNull)
        #expect(key?["qualifier"] as? String == "{backgroundColor=red}")
        // Another value is another pool: C gets a new view.
        _ = session.line("mount C")
        #expect(stat(session, "created") == 2)
    }

    @Test func everyPoolIsResetAtTheEndOfTheMount() {
        let session = Session("""
        component Foo view UIView { backgroundColor: red }
        component Card view UIView { alpha: 0.5 } children Foo
        strategy theodolite-2019
        mount Card
        hide Card/Foo
        """)
        // Nothing mounts into Card's view any more; its pool is reset anyway.
        #expect(document(session, "config v3 --json")["visibility"] as? String == "hidden")
        #expect(session.line("check").ok)
    }

    @Test func bug27OptionKeepsViewsOfALeavingComponentVisible() {
        let session = Session("""
        component Foo view UIView { backgroundColor: red }
        component Card view UIView { alpha: 0.5 } children Foo
        strategy theodolite-2019 bug27 on
        mount Card
        hide Card/Foo
        """)
        #expect(document(session, "config v3 --json")["visibility"] as? String == "visible")
        let check = session.line("check")
        #expect(!check.ok)
        #expect(check.output.contains("v3: is visible but no component holds it"))
        #expect(session.line("strategy").output.contains("* theodolite-2019  full-configuration pools; own view first; bug #27 restored"))
    }

    @Test func subviewsAreNotReordered() {
        let script = """
        component Foo view UIView { backgroundColor: red }
        component Bar view UIView { alpha: 0.5 }
        strategy theodolite-2019
        mount Foo Bar
        mount Bar Foo
        """
        let fixed = Session(script)
        #expect(events(fixed, "--kind reorder").isEmpty)
        let tree = document(fixed, "tree --json")["children"] as? [[String: Any]] ?? []
        #expect(tree.compactMap { $0["id"] as? String } == ["v2", "v3"])
        // Before the fix, the reset of a parent reordered it.
        let buggy = Session(script.replacingOccurrences(of: "theodolite-2019", with: "theodolite-2019 bug27 on"))
        #expect(events(buggy, "--kind reorder").count == 1)
    }
}

@Suite struct UIKitFidelityTests {
    static let feed = """
    component Title view UILabel { text: "Post {i}" }
    component Post view UIView { backgroundColor: white } children Title
    component Ad view UIImageView { image: "ad{i}" }
    component Top view UILabel { text: Top }
    list Feed rows 100 viewport 4 cells Post Ad header Top
    strategy uikit
    """

    /// Registering another cell type under an identifier replaces its entry:
    /// later dequeues make the new class, and `check` reports the rows that
    /// got a cell of the wrong class, saying why.
    @Test func oneIdentifierIsOneClass() throws {
        let session = Session(Self.feed + "\nregister Feed Post as Cell\nregister Feed Ad as AdCell\nmount Feed\n")
        let note = session.line("register Feed Ad as Cell").output
        #expect(note.contains("note: \"Cell\" was Post's identifier: one identifier is one class, so Post rows now get Ad cells"))
        _ = session.line("scroll Feed by 4")
        let check = document(session, "check --json")
        let wrong = try #require(check["wrongClasses"] as? [[String: Any]])
        let post = try #require(wrong.first { $0["component"] as? String == "Post" })
        #expect(post["asks"] as? String == "UIView")
        #expect(post["is"] as? String == "UIImageView")
        #expect((post["why"] as? String)?.contains("identifier \"Cell\" makes Ad cells") == true)
        #expect((check["invariants"] as? [Any])?.isEmpty == true)
        #expect(session.line("check").output.contains("wrong class "))
    }

    /// `dequeueReusableHeaderFooterView(withIdentifier:)` returns nil for an
    /// identifier nobody registered: the header is absent, the list mounts.
    @Test func unregisteredHeaderFooterIdentifierLeavesTheHeaderOut() throws {
        let session = Session(Self.feed + "\nregister Feed Post\nregister Feed Ad\n")
        #expect(session.line("mount Feed").ok)
        let tree = document(session, "tree --json")
        let host = try #require((tree["children"] as? [[String: Any]])?.first)
        let classes = (host["children"] as? [[String: Any]] ?? []).compactMap { $0["viewClass"] as? String }
        #expect(classes == ["UIView", "UIImageView", "UIView", "UIImageView"])
        #expect(session.line("check").ok)
    }

    /// Dequeuing a cell identifier nobody registered raises, with UIKit's message.
    @Test func unregisteredCellIdentifierIsRefused() {
        let session = Session(Self.feed + "\nregister Feed Post\n")
        #expect(session.error("mount Feed").contains("unable to dequeue a cell with identifier Ad - must register a nib or a class for the identifier"))
    }
}
