import Foundation
import ReuseEngine
import Testing
import TestSupport
@testable import ReuseShell

/// `insert`, `delete`, `list ... key index|id` and component `state`
/// (issue 32), read through the shell's JSON.
@Suite struct ItemChangeTests {
    static let feed = """
    component Cell view UILabel { text: "Row {i}" }
    list Feed rows 10 viewport 3 cells Cell
    """

    /// UIKit's `insertRows(at:)`: the cells of the other rows move with
    /// their items, unconfigured; the new row dequeues (prepareForReuse).
    @Test func uikitCellsFollowTheirItems() {
        let session = Session(Self.feed + "\nstrategy uikit\nregister Feed Cell\nmount Feed")
        let before = treeRoot(session)
        _ = before
        _ = session.line("insert Feed at 0")
        let moves = events(session, "--kind move")
        #expect(moves.count == 2)
        #expect(moves.map { $0["path"] as? String } == ["Feed/1", "Feed/2"])
        // Moved rows are not configured: the pass applied only the new row's text.
        #expect(document(session, "stats --pass 2 --json").isEmpty == false)
        let applies = events(session, "--kind apply").filter { ($0["pass"] as? Int) == 2 }
        #expect(applies.count == 1)
        #expect(document(session, "config Feed/0 --json")["attributes"].map { "\($0)" }?.contains("Row 10") == true)
        #expect(document(session, "config Feed/1 --json")["attributes"].map { "\($0)" }?.contains("Row 0") == true)
        #expect(session.line("check").ok)
    }

    /// A system that keys rows by position (theodolite, `key index`): each
    /// row keeps its view and shows the item now there.
    @Test func positionalRowsAreConfiguredWithTheItemNowThere() {
        let session = Session(Self.feed + "\nmount Feed")
        _ = session.line("insert Feed at 0")
        #expect(events(session, "--kind move").isEmpty)
        #expect(stat(session, "created") == 4)
        #expect(document(session, "config Feed/1 --json")["attributes"].map { "\($0)" }?.contains("Row 0") == true)
        #expect(session.line("check").ok)
    }

    /// An item keeps its data and its cell type: `set` values move with it,
    /// and Post/Ad alternate by item, not by row.
    @Test func itemDataAndCellTypeMoveWithTheItem() {
        let session = Session("""
        component Post view UILabel { text: "Post {i}" }
        component Ad view UILabel { text: "Ad {i}" }
        list Feed rows 10 viewport 4 cells Post Ad
        mount Feed
        set Feed/2 text "Pinned"
        insert Feed at 1
        """)
        #expect(document(session, "config Feed/3 --json")["component"] as? String == "Post")
        #expect(document(session, "config Feed/3 --json")["attributes"].map { "\($0)" }?.contains("Pinned") == true)
        #expect(document(session, "config Feed/2 --json")["component"] as? String == "Ad")
        _ = session.line("delete Feed at 3")
        #expect(document(session, "config Feed/3 --json")["attributes"].map { "\($0)" }?.contains("Ad 3") == true)
        #expect(session.line("check").ok)
    }

    /// A load in flight belongs to its item: when the item moves, so does
    /// the path the load was started for. Under uikit the cell moved with
    /// its item and the result lands where it should; under flashlist with
    /// index keys the component stayed on its position, now another item's,
    /// and the result is reported as landing there.
    @Test func loadsInFlightFollowTheirItems() {
        let script = """
        component Cell view UIImageView { image: placeholder } loads image photo{i} after 2
        list Feed rows 10 viewport 3 cells Cell
        register Feed Cell

        """
        let uikit = Session(script + "strategy uikit\nmount Feed\ninsert Feed at 0\nwait 2")
        let delivered = events(uikit, "--pass 3 --kind deliver")
        #expect(delivered.compactMap { $0["path"] as? String } == ["Feed/1", "Feed/2", "Feed/3"])
        // Item 2, pushed off screen, gave its cell to the new row 0: only that result is another item's.
        #expect(delivered.map { $0["showsPath"] as? String } == [nil, nil, "Feed/0"])
        let flashlist = Session(script + "strategy flashlist\nmount Feed\ninsert Feed at 0\nwait 2")
        let landed = events(flashlist, "--pass 3 --kind deliver")
        #expect(landed.compactMap { $0["path"] as? String } == ["Feed/1", "Feed/2", "Feed/3"])
        #expect(landed.compactMap { $0["showsPath"] as? String } == ["Feed/0", "Feed/1", "Feed/2"])
        #expect((document(flashlist, "check --json")["leaks"] as? [[String: Any]])?.count == 3)
    }

    /// A diffable data source with index identifiers: an insert at the top
    /// diffs as an append at the end (the identifiers on screen are the
    /// same), so the rows keep their cells and show their old items
    /// (Documentation/research/diffable-iglistkit-texture-litho.md, UIKit
    /// rule 1); with id identifiers the cells follow their items.
    @Test func diffableIndexIdentifiersLeaveRowsStale() {
        let script = "\nregister Feed Cell\nstrategy uikit-diffable prefetch 0\nmount Feed\ninsert Feed at 0"
        let index = Session(Self.feed + script)
        #expect(events(index, "--kind move").isEmpty)
        #expect(document(index, "config Feed/0 --json")["attributes"].map { "\($0)" }?.contains("Row 0") == true)
        // Never silent: check lists the rows left showing their old items.
        let stale = document(index, "check --json")["staleRows"] as? [String] ?? []
        #expect(stale.count == 3)
        #expect(stale.first == #"v3 Feed/0: shows UILabel { text: "Row 0" }, its item asks for UILabel { text: "Row 10" }"#)
        #expect(index.run("check").contains("stale rows  3 (the system was not told of the change)"))
        let byID = Session(Self.feed.replacingOccurrences(of: "cells Cell", with: "cells Cell key id") + script)
        #expect(events(byID, "--kind move").count == 2)
        #expect(document(byID, "config Feed/0 --json")["attributes"].map { "\($0)" }?.contains("Row 10") == true)
        #expect(byID.line("check").ok)
    }

    @Test func outOfRangeChangesAreRefusedAndChangeNothing() {
        let session = Session(Self.feed + "\nmount Feed")
        #expect(session.error("insert Feed at 11").contains("has 10 rows: insert at 0 to 10, not 11"))
        #expect(session.error("delete Feed at 9 count 2").contains("reaches row 10"))
        #expect(session.error("insert Feed/1 at 0").contains("not a list") || session.error("insert Feed/1 at 0").contains("list"))
        #expect(stat(session, "created") == 4)
        _ = session.line("insert Feed at 10 count 3")
        _ = session.line("scroll Feed to 100")
        #expect(document(session, "config Feed/12 --json")["attributes"].map { "\($0)" }?.contains("Row 12") == true)
    }

    /// Undo and time travel see the items as they were.
    @Test func undoAndTimeTravelRestoreTheItems() {
        let session = Session(Self.feed + "\nstrategy uikit\nregister Feed Cell\nmount Feed\ninsert Feed at 0\ndelete Feed at 2")
        let now = session.run("config Feed/2")
        _ = session.line("undo")
        #expect(session.run("config Feed/2") != now)
        _ = session.line("delete Feed at 2")
        #expect(session.run("config Feed/2") == now)
        // The state after pass 3, rebuilt from the history, is the live one.
        #expect(session.run("config Feed/2 --pass 3") == now)
        #expect(session.line("check").ok)
    }
}

@Suite struct ComponentStateTests {
    static let feed = ItemChangeTests.feed

    /// `diff` shows state apart from properties wherever it is kept: on the
    /// view (uikit), or with the item (theodolite, litho) or its node
    /// (texture), put on the view the item's instance holds.
    @Test(arguments: ["uikit", "theodolite", "litho", "texture", "compose", "flashlist"])
    func diffShowsStateWhereverItIsKept(_ strategy: String) throws {
        let session = Session(Self.feed + "\nregister Feed Cell\nstrategy \(strategy)\nmount Feed\nstate Feed/1 liked true")
        let view = try #require(document(session, "config Feed/1 --json")["view"] as? String)
        let diff = document(session, "diff --json")
        let views = diff["views"] as? [[String: Any]] ?? []
        let changes = views.first { $0["view"] as? String == view }?["changes"] as? [[String: Any]] ?? []
        #expect(changes.count == 1, "\(diff)")
        #expect(changes.first?["change"] as? String == "state")
        #expect(changes.first?["name"] as? String == "liked")
        #expect(changes.first?["new"] as? String == "true")
        #expect(views.count == 1)
        #expect(session.line("diff").output.contains("\(view) UILabel Feed/1  state liked: not set -> true (set by Feed/1)"))
    }

    /// UIKit: state on the cell goes with it to its next row, a leak with
    /// its origin; `prepare ... resets-state` in prepareForReuse fixes it.
    @Test func uikitStateTravelsWithTheCell() {
        let session = Session(Self.feed + "\nstrategy uikit\nregister Feed Cell\nmount Feed\nstate Feed/0 liked true\nscroll Feed by 3")
        let leaks = document(session, "check --json")["stateLeaks"] as? [[String: Any]] ?? []
        #expect(leaks.count == 1)
        #expect(leaks.first?["origin"] as? String == "Feed/0")
        // The queue is a stack: row 0's cell, pushed first, went to row 5.
        #expect(session.line("expect Feed/5 state liked true").ok)
        _ = session.line("prepare Cell resets-state liked")
        _ = session.line("state Feed/3 liked true")
        _ = session.line("scroll Feed by 3")
        #expect(session.line("expect Feed/6 state liked none").ok)
        #expect(events(session, "--kind state").contains { ($0["note"] as? String)?.contains("reset") == true })
        #expect(session.line("expect leaks 0").ok)
    }

    /// `why VIEW state NAME` tells the value's story and the system's fix.
    @Test func whyTellsWhereStateCameFrom() {
        let session = Session(Self.feed + "\nstrategy uikit\nregister Feed Cell\nmount Feed\nstate Feed/0 liked true\nscroll Feed by 3")
        let text = session.run("why Feed/5 state liked")
        #expect(text.contains("set by Feed/0; kept on the view"))
        // (The kind column fits prepareForReuse, listed in the same story.)
        #expect(text.contains("reuse           v3    Feed/5"), "\(text)")
        #expect(text.contains("'prepare Cell resets-state liked' (prepareForReuse)"))
        let json = document(session, "why Feed/5 state liked --json")
        #expect(json["fromAnotherItem"] as? Bool == true && json["keptWith"] as? String == "view")
        #expect(session.error("why Feed/5 state likd").contains("did you mean 'liked'?"))
        let positional = Session(Self.feed + "\nmount Feed\nstate Feed/1 liked true\ninsert Feed at 0")
        #expect(positional.run("why Feed/1 state liked").contains("'list LIST ... key id'"))
    }

    /// A state value carried through more than 2,000 steps: `why VIEW state
    /// NAME` keeps the story's first and last 1,000 steps (each the step the
    /// whole story, filtered as the view's full event list is, has there)
    /// and counts the rest, read from the view's own events, not every event
    /// of the view read back whole.
    @Test func aLongStateStoryKeepsItsEnds() throws {
        let rounds = Array(repeating: "scroll Feed by 3\nscroll Feed by -3", count: 700).joined(separator: "\n")
        let session = Session(Self.feed + "\nstrategy uikit\nregister Feed Cell\nmount Feed\nstate Feed/0 liked true\n" + rounds)
        let engine = session.interpreter.engine
        let view = try #require(engine.resolve(ComponentPath([.named("Feed", index: 0), .row(0)])).view)
        // The story as it was read before: every event of the view, filtered.
        let all = engine.log.query(view: view)
        let named = try #require(all.lastIndex { if case .state(let change) = $0.step { change.name == "liked" } else { false } })
        let start = all[...named].lastIndex { if case .state(.set(let set, _, _)) = $0.step { set == "liked" } else { false } } ?? named
        let whole = all[start...].filter { event in
            switch event.step {
            case .state(let change): change.name == "liked"
            case .reuse, .hide, .unhide, .detach, .reattach, .prepareForReuse, .recycle, .move, .insert, .enterPool: true
            default: false
            }
        }
        #expect(whole.count > 2 * Provenance.storyEnds)
        let story = engine.stateStory(of: view, name: "liked")
        #expect(story.steps.map(\.seq) == (whole.prefix(Provenance.storyEnds) + whole.suffix(Provenance.storyEnds)).map(\.seq))
        #expect(story.omitted == whole.count - 2 * Provenance.storyEnds)
        let text = session.run("why \(view) state liked")
        #expect(text.contains("    … \(story.omitted) more steps ('log \(view)' lists them)"), "\(text.prefix(300))")
        let json = document(session, "why \(view) state liked --json")
        #expect(json["omittedSteps"] as? Int == story.omitted)
        #expect((json["since"] as? [Any])?.count == 2 * Provenance.storyEnds)
        // A short story holds every step and omits none.
        let short = Session(Self.feed + "\nstrategy uikit\nregister Feed Cell\nmount Feed\nstate Feed/0 liked true\nscroll Feed by 3")
        #expect(document(short, "why Feed/5 state liked --json")["omittedSteps"] as? Int == 0)
    }

    /// `on item` resets when the view shows another item, under any strategy.
    @Test func onItemResetsWhenTheItemChanges() {
        let session = Session(Self.feed + "\nstrategy recyclerview cache 0 prefetch 0\nmount Feed\nprepare Cell resets-state liked on item\nstate Feed/0 liked true\nscroll Feed by 3")
        #expect(session.line("expect Feed/3 state liked none").ok)
        #expect(session.line("expect leaks 0").ok)
    }

    /// Theodolite keeps state with the item it believes it is: by position
    /// under `key index`, so an insert shows it on another item.
    @Test func theodoliteStateStaysWithThePositionUnderIndexKeys() {
        let session = Session(Self.feed + "\nmount Feed\nstate Feed/1 liked true\ninsert Feed at 0")
        #expect(session.line("expect Feed/1 state liked true").ok)
        let leaks = document(session, "check --json")["stateLeaks"] as? [[String: Any]] ?? []
        #expect(leaks.first?["item"] as? String == "Feed/1 (item 0)")
        #expect(leaks.first?["origin"] as? String == "Feed/1")
    }

    /// With `key id` it follows its item.
    @Test func theodoliteStateFollowsItsItemUnderIdKeys() {
        let session = Session("""
        component Cell view UILabel { text: "Row {i}" }
        list Feed rows 10 viewport 3 cells Cell key id
        mount Feed
        state Feed/1 liked true
        insert Feed at 0
        """)
        #expect(session.line("expect Feed/2 state liked true").ok)
        #expect(session.line("expect Feed/1 state liked none").ok)
        #expect(session.line("expect leaks 0").ok)
        _ = session.line("delete Feed at 2")
        #expect(session.line("expect Feed/2 state liked none").ok)
    }

    @Test func stateNeedsAMountedInstance() {
        let session = Session(Self.feed + "\nstrategy uikit\nregister Feed Cell\nmount Feed")
        #expect(session.error("state Feed/7 liked true").contains("row 7 of 'Feed' is not on screen"))
        #expect(session.line("state Feed/2 liked true saveable").ok)
        #expect(document(session, "config Feed/2 --json")["state"].map { "\($0)" }?.contains("liked") == true)
    }

    /// `save` writes the new commands back, and the replay agrees.
    @Test func saveReplaysItemsAndState() throws {
        let session = Session(Self.feed + """

        strategy uikit
        register Feed Cell
        prepare Cell resets-state liked on item
        mount Feed
        state Feed/1 liked true saveable
        insert Feed at 0 count 2
        delete Feed at 1
        """)
        try withTemporaryDirectory(prefix: "items") { directory in
            let file = directory.appendingPathComponent("items.reuse")
            _ = session.line("save \(file.path)")
            let replay = Session(try String(contentsOf: file, encoding: .utf8))
            #expect(replay.run("tree") == session.run("tree"))
            #expect(replay.run("stats") == session.run("stats"))
        }
    }
}
