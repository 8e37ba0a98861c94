import Foundation
import Testing
@testable import ReuseShell

/// `why`'s fix follows each platform's guidance: content is set on every
/// bind (Apple's prepareForReuse documentation: cellForRowAt "should always
/// reset all content when reusing a cell"; Android's onBindViewHolder
/// updates the item view to show its item), the reuse hook resets what is
/// not content, and systems without a hook make the configuration say
/// everything.
@Suite struct ReuseAdviceTests {
    /// A feed of cells with a tap handler, mounted, row 1 liked.
    static let likedRow = """
    attribute liked kind bool
    component Cell view UIView { tap: like }
    list Feed rows 100 viewport 3 cells Cell
    register Feed Cell
    mount Feed
    set Feed/1 liked true
    """
    /// The same, row 1 faded too (alpha: not content).
    static let feed = likedRow + "\nset Feed/1 alpha 0.5"

    /// The `fix:` line of `why`, unwrapped.
    static func fix(_ session: Session, _ line: String) -> String {
        let text = session.line(line).output
        return text.split(separator: "\n").first { $0.hasPrefix("  fix: ") }.map { String($0.dropFirst(7)) } ?? "(no fix) \(text)"
    }

    @Test func uikitSetsContentInCellForRowAt() {
        let session = Session("strategy uikit\n" + Self.feed + "\nscroll Feed by 3")
        let fix = Self.fix(session, "why Feed/4 liked")
        #expect(fix.hasPrefix("set liked on every bind, as Apple advises for content (cellForRowAt): 'liked: false' in component Cell's configuration"),
                "\(fix)")
        #expect(fix.contains("prepareForReuse is for what is not content (alpha, editing, selection)"), "\(fix)")
        // Not content: the hook is the place.
        #expect(Self.fix(session, "why Feed/4 alpha")
                == "reset it in prepareForReuse ('prepare Cell resets alpha'): the reuse hook is the place for what is not content (alpha, editing, selection)")
        // An additive handler piles up whatever the bind does.
        #expect(Self.fix(session, "why Feed/4 tap").hasPrefix("remove the old entries where the view is handed on: 'prepare Cell resets tap' (prepareForReuse runs tap's unapplicator)"))
    }

    /// The advice, followed, fixes the row: a configuration that always sets liked.
    @Test func followingTheAdviceFixesTheRow() {
        let session = Session("strategy uikit\n" + Self.feed + "\ncomponent Cell view UIView { tap: like, liked: false }\nscroll Feed by 3")
        #expect(session.line("check").output.contains("liked") == false)
        #expect(session.line("why Feed/4 liked").output.hasPrefix("v4 liked shows false (held by Feed/4)"))
    }

    @Test func recyclerViewSetsContentInOnBindViewHolder() {
        let session = Session("strategy recyclerview\n" + Self.feed + "\n" + Array(repeating: "scroll Feed by 1", count: 6).joined(separator: "\n"))
        let fix = Self.fix(session, "why Feed/8 liked")
        #expect(fix == "set liked on every bind: onBindViewHolder updates the view to show its item, so give it 'liked: false' in component Cell's configuration and 'set' changes only the rows that differ. onViewRecycled is for releasing what the holder holds (an image request, a listener)",
                "\(fix)")
    }

    /// Systems with no hook: what their users do instead.
    @Test func withoutAHookTheConfigurationSaysEverything() {
        let session = Session("strategy naive\n" + Self.feed + "\nscroll Feed by 3")
        let fix = Self.fix(session, "why Feed/4 liked")
        #expect(fix == "naive has no reuse hook here; its users make the configuration say everything the view shows: 'liked: false' in component Cell's configuration, or give liked an unapplicator ('attribute liked kind bool unapply') so a configuration without it puts it back",
                "\(fix)")
    }
}
