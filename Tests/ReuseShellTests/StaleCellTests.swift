import Foundation
import Testing
import TestSupport
@testable import ReuseShell
import ReuseEngine

/// The late image: a load started for one row lands on the view that row's
/// cell was reused for, unless a reuse hook cancels it or the completion
/// checks the item.
@Suite struct LateLoadTests {
    static let photos = """
    component Photo view UIImageView { image: placeholder } loads image "photo{i}" after 2
    list Feed rows 100 viewport 2 cells Photo
    register Feed Photo
    """

    /// Runs the scenario (mount, scroll twice while the first loads are
    /// under way, wait for them all) and returns the leaks seen after each
    /// pass, as "view:value".
    static func leaksAfterEachPass(_ session: Session) -> [[String]] {
        var seen: [[String]] = []
        for command in ["mount Feed", "scroll Feed by 2", "scroll Feed by 2", "wait", "wait"] {
            #expect(session.line(command).ok, "\(command)")
            let leaks = document(session, "check --json")["leaks"] as? [[String: Any]] ?? []
            seen.append(leaks.map { "\($0["view"] as? String ?? "?"):\($0["shows"] as? String ?? "?")" })
        }
        return seen
    }

    /// Deliveries that landed on a view showing another item.
    static func foreignDeliveries(_ session: Session) -> [[String: Any]] {
        events(session, "--kind deliver").filter { $0["showsPath"] != nil }
    }

    @Test func theLateImageLandsOnTheReusedRow() {
        let session = Session("strategy uikit\n" + Self.photos)
        let seen = Self.leaksAfterEachPass(session)
        // Pass 3: rows 0 and 1's photos land on the cells showing rows 3 and 2,
        // which are then reused for rows 5 and 4 and set to the placeholder.
        #expect(seen[2] == [])
        let landed = events(session, "--kind deliver --pass 3")
        #expect(landed.map { $0["path"] as? String } == ["Feed/0", "Feed/1"])
        #expect(landed.map { $0["showsPath"] as? String } == ["Feed/3", "Feed/2"])
        // Pass 4: rows 2 and 3's photos land on the cells showing rows 5 and 4.
        #expect(seen[3].sorted() == ["v3:photo3", "v4:photo2"])
        // Pass 5: the rows' own photos replace them.
        #expect(seen[4] == [])
        #expect(Self.foreignDeliveries(session).count == 4)
    }

    /// Cancelling in the reuse hook: no result lands on another item; under
    /// systems that set every attribute on bind nothing is ever stale.
    @Test(arguments: [("uikit", true), ("recyclerview pool 5 cache 0 prefetch 0", true), ("componentkit", false)])
    func cancellingInTheReuseHookFixesIt(_ strategy: String, _ bindSetsEverything: Bool) {
        let session = Session("strategy \(strategy)\n" + Self.photos + "\nprepare Photo cancels loads\n")
        let seen = Self.leaksAfterEachPass(session)
        #expect(Self.foreignDeliveries(session).isEmpty, "\(strategy)")
        #expect(stat(session, "cancelled") == 4, "\(strategy)")
        #expect(events(session, "--kind deliver").count == 2, "the visible rows' own loads land")
        if bindSetsEverything { #expect(seen.allSatisfy { $0.isEmpty }, "\(strategy): \(seen)") }
    }

    /// A completion that checks the item drops exactly the results that would
    /// have landed on another item, under every strategy.
    @Test(arguments: StrategyRegistry.names)
    func aCompletionThatChecksTheItemFixesIt(_ strategy: String) {
        let unchecked = Session("strategy \(strategy)\n" + Self.photos)
        _ = Self.leaksAfterEachPass(unchecked)
        let checked = Session("strategy \(strategy)\n" + Self.photos.replacing("after 2", with: "after 2 checked"))
        _ = Self.leaksAfterEachPass(checked)
        #expect(Self.foreignDeliveries(checked).isEmpty, "\(strategy)")
        #expect(stat(checked, "discarded") == Self.foreignDeliveries(unchecked).count, "\(strategy)")
    }

    /// A diffing system does not know a late result changed the view: when
    /// the view is reused, the equal placeholder is skipped and the previous
    /// row's (rightful) photo stays until the new row's lands.
    @Test(arguments: ["theodolite", "componentkit"])
    func aDiffSkipsThePlaceholderOverALateResult(_ strategy: String) {
        let session = Session("strategy \(strategy)\n" + Self.photos.replacing("after 2", with: "after 1 checked")
                              + "\nmount Feed\nwait\nscroll Feed by 2\n")
        let leaks = document(session, "check --json")["leaks"] as? [[String: Any]] ?? []
        #expect(leaks.compactMap { $0["shows"] as? String }.sorted() == ["photo0", "photo1"], "\(strategy)")
        let why = session.line("why Feed/2 image").output
        #expect(why.contains("the load for Feed/1 landed while v4 showed it; then v4 went to Feed/2, whose configuration sets image to \"placeholder\", as the attached configuration did"), "\(why)")
    }

    @Test func withoutAHookPrepareNeverRuns() {
        let session = Session(Self.photos)
        #expect(session.line("prepare Photo cancels loads").output
                == "declared Photo's reuse hook: cancels loads (theodolite has no reuse hook and never runs it; uikit, recyclerview and componentkit do)\n")
        _ = Self.leaksAfterEachPass(session)
        #expect(stat(session, "cancelled") == 0)
        #expect(Self.foreignDeliveries(session).count == 4)
    }

    @Test func configAndWhyNameTheItemTheResultWasFor() {
        let session = Session("strategy uikit\n" + Self.photos + "\nmount Feed\nscroll Feed by 2\nwait\n")
        let config = session.line("config Feed/3").output
        #expect(config.contains(#"image                     "photo0"  (set by the load for Feed/0 (started in pass 1), delivered in pass 3)"#))
        #expect(config.contains(#"loading     image: "photo3" for Feed/3, arrives in pass 4 (load #4)"#))
        let why = session.line("why Feed/3 image").output
        #expect(why.contains("set by the load for Feed/0 (started in pass 1), delivered in pass 3 (#20, delivery of load #1)"))
        #expect(why.contains("the load for Feed/0 outlived its item: v3 showed Feed/3 when the result landed, and nothing cancelled the load or checked the item"))
        #expect(why.contains("fix: cancel it in prepareForReuse ('prepare Photo cancels loads'), or make the completion check the item"))
        let json = document(session, "why Feed/3 image --json")
        let setters = json["setters"] as? [[String: Any]] ?? []
        #expect(setters.first?["means"] as? String == "delivery" && setters.first?["path"] as? String == "Feed/0")
        #expect((json["since"] as? [[String: Any]])?.first?["kind"] as? String == "load", "the story starts where the load started")
    }

    /// A cell bound to a row binds the components inside it: scrolling a row
    /// back into view, or showing it again, starts its child's load anew.
    @Test(arguments: ["uikit", "theodolite", "recyclerview cache 0 prefetch 0"])
    func aBoundCellBindsItsChildren(_ strategy: String) {
        let session = Session("strategy \(strategy)\n" + """
        component Thumb view UIImageView { image: none } loads image "t{i}" after 1
        component Row view UIView children Thumb
        list Feed rows 10 viewport 2 cells Row
        register Feed Row
        mount Feed
        scroll Feed by 2
        scroll Feed by -2
        hide Feed/1
        show Feed/1
        """)
        let started = events(session, "--kind load").compactMap { $0["path"] as? String }
        let scrolled = ["Feed/0/Thumb", "Feed/1/Thumb", "Feed/2/Thumb", "Feed/3/Thumb", "Feed/0/Thumb", "Feed/1/Thumb"]
        // UIKit's full passes configure every visible cell again (cellForRowAt):
        // row 0 is bound by the hide and the show too.
        let hiddenAndShown = strategy == "uikit" ? ["Feed/0/Thumb", "Feed/0/Thumb", "Feed/1/Thumb"] : ["Feed/1/Thumb"]
        #expect(started == scrolled + hiddenAndShown, "\(strategy)")
    }

    /// For a view inside a cell, `why` names the cell's hook (UIKit and
    /// RecyclerView run theirs on cells), and `prepare` on a component no
    /// list shows says its hook never runs there.
    @Test func adviceNamesTheCellThatTheHookRunsOn() {
        let session = Session("strategy uikit\n" + """
        component Avatar view UIImageView { image: blank } loads image "a{i}" after 2
        component Post view UIView { backgroundColor: white } children Avatar
        list Feed rows 50 viewport 2 cells Post
        register Feed Post
        mount Feed
        scroll Feed by 2
        scroll Feed by 2
        wait
        """)
        #expect(session.line("why Feed/4/Avatar image").output.contains("fix: cancel it in prepareForReuse ('prepare Post cancels loads')"))
        #expect(session.line("prepare Avatar cancels loads").output.contains(
            "note: prepareForReuse runs on list cells, headers and footers, and no list shows Avatar: declare it on the cell that contains it"))
        let before = Self.foreignDeliveries(session).count
        _ = session.run("prepare Post cancels loads\nscroll Feed by 2\nscroll Feed by 2\nwait\n")
        #expect(stat(session, "cancelled") == 2)
        #expect(Self.foreignDeliveries(session).count == before, "no result lands on another row")
        // cellForRowAt sets the avatar's placeholder on every bind (a cell's
        // own subview is bound with it, not diffed): a rightful late result
        // is replaced when the cell moves on, and nothing stale is left.
        #expect(session.line("why Feed/8/Avatar image").output.contains("a load under way will set it"))
        #expect((document(session, "check --json")["leaks"] as? [Any])?.isEmpty == true)
    }

    /// A hook's reset takes the attribute out of the attached configuration,
    /// so a diffing configure applies it again instead of skipping it.
    @Test(arguments: ["componentkit", "uikit"])
    func aResetIsAppliedAgain(_ strategy: String) {
        let session = Session("strategy \(strategy)\n" + """
        attribute liked kind bool
        component Heart view UIButton { liked: true }
        component Cell view UIView children Heart
        list Feed rows 100 viewport 2 cells Cell
        register Feed Cell
        prepare \(strategy == "uikit" ? "Cell" : "Heart") resets liked
        mount Feed
        scroll Feed by 2
        """)
        #expect(stat(session, "resets") == 2, "\(strategy)")
        #expect((document(session, "check --json")["leaks"] as? [Any])?.isEmpty == true, "\(strategy)")
        #expect(events(session, "--pass 2 --kind apply").count == 2, "\(strategy)")
    }

    /// DivKit configures an equal block again: every value is set back,
    /// whatever a late result put there.
    @Test func divKitReconfigureOverwritesALateResult() {
        let session = Session("strategy divkit\ncomponent P view UIImageView { image: b } loads image \"p{i}\" after 1\n"
                              + "list L rows 10 viewport 2 cells P\nmount L\nwait\nscroll L by 2\n")
        #expect((document(session, "check --json")["leaks"] as? [Any])?.isEmpty == true)
        #expect(document(session, "config L/2 --json")["properties"].flatMap { ($0 as? [String: Any])?["image"] as? String } == "b")
    }

    /// A removed view drops the result; a strategy switch drops pending loads.
    @Test func loadsOutliveNothing() {
        let session = Session("strategy uikit\n" + Self.photos + "\nmount Feed\nstrategy theodolite\nmount Feed\nwait 2\n")
        #expect(events(session, "--kind deliver").count == 2, "only the loads started after the switch land")
    }

    @Test func loadsAreSavedAndReplayed() throws {
        let session = Session(Self.photos + "\nprepare Photo resets image cancels loads\nmount Feed\nwait\n")
        try withTemporaryDirectory(prefix: "loads") { directory in
            let file = directory.appendingPathComponent("loads.reuse").path
            #expect(session.line("save \(file)").ok)
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains(#"component Photo view UIImageView { image: placeholder } loads image "photo{i}" after 2"#))
            #expect(text.contains("prepare Photo resets image cancels loads\n"))
            #expect(text.contains("wait\n"))
            let replay = Session("source \(file)\n")
            #expect(stat(replay, "passes") == 2 && stat(replay, "loads") == 2)
        }
    }
}

/// `prepare CELL resets ATTR ...`: what the reuse hook resets, honoured
/// where the system runs such a hook, with unapplicators where they exist.
@Suite struct PrepareTests {
    static let feed = """
    attribute liked
    component Cell view UIView { tap: like }
    list Feed rows 100 viewport 3 cells Cell
    register Feed Cell
    """

    /// The liked-heart bug and its fix under UIKit.
    @Test func prepareForReuseResetsWhatItNames() {
        let session = Session("strategy uikit\n" + Self.feed + "\nmount Feed\nset Feed/1 liked true\nscroll Feed by 3\n")
        #expect(document(session, "tap Feed/4 --json")["ran"] as? [String] == ["like", "like", "like"])
        #expect(session.line("prepare Cell resets liked tap").ok)
        _ = session.line("scroll Feed by 3")
        #expect(document(session, "tap Feed/7 --json")["ran"] as? [String] == ["like"])
        #expect((document(session, "check --json")["leaks"] as? [Any])?.isEmpty == true)
        // tap has an unapplicator: each entry is unapplied; liked has none: reset to its default.
        let pass = events(session, "--pass 4")
        #expect(pass.filter { $0["kind"] as? String == "unapply" }.count == 7)
        #expect(pass.filter { $0["kind"] as? String == "reset" }.map { $0["note"] as? String } == ["prepareForReuse resets liked"])
    }

    @Test func onViewRecycledRunsWhenAHolderEntersThePool() {
        let session = Session("strategy recyclerview cache 0 prefetch 0\n" + Self.feed + "\nprepare Cell resets liked\nmount Feed\nset Feed/1 liked true\nscroll Feed by 3\n")
        let recycled = events(session, "--kind recycle,reset")
        // Three rows scrolled out, and the holder the `set` flicker replaced.
        #expect(recycled.filter { $0["kind"] as? String == "recycle" }.count == 4)
        #expect(recycled.filter { $0["kind"] as? String == "reset" }.map { $0["path"] as? String } == ["Feed/1"])
    }

    @Test func didEnterReusePoolRunsPerView() {
        let session = Session("strategy componentkit\n" + Self.feed + "\nprepare Cell cancels loads resets liked\nmount Feed\nset Feed/1 liked true\nscroll Feed by 3\n")
        #expect(events(session, "--kind reset").map { $0["note"] as? String } == ["didEnterReusePool resets liked"])
    }

    @Test func errors() {
        let session = Session(Self.feed)
        #expect(session.error("prepare Cell") == "<stdin>:1:9: error: prepare: say what Cell's reuse hook does: 'resets ATTR ...', 'resets-state NAME ...', 'cancels loads' ('nothing' removes it)")
        #expect(session.error("prepare Cell nothing more") == "<stdin>:1:22: error: prepare: unexpected 'more'")
        #expect(session.error("prepare Cell resets likd") == "<stdin>:1:21: error: unknown attribute 'likd'; did you mean 'liked'?")
        #expect(session.error("prepare Cell resets") == "<stdin>:1:20: error: prepare: expected attribute names after 'resets'")
        #expect(session.error("prepare Cell cancels images") == "<stdin>:1:22: error: prepare: expected 'loads', found 'images'")
        #expect(session.error("prepare Cell reset liked") == "<stdin>:1:14: error: prepare: unexpected 'reset'; did you mean 'resets'?")
        #expect(session.error("component P loads image a after 2").hasPrefix("<stdin>:1:13: error: component: a load sets an attribute of the component's view"))
        #expect(session.error("component P view UIImageView loads image a after 0") == "<stdin>:1:50: error: component: passes must be between 1 and 1000000, not 0")
        #expect(session.error("component P view UIImageView loads imag a after 1") == "<stdin>:1:36: error: unknown attribute 'imag'; did you mean 'image'?")
        #expect(session.error("component P view UIImageView loads alpha 7 after 1") == "<stdin>:1:42: error: alpha must be between 0 and 1, not 7")
        #expect(session.error("wait 0") == "<stdin>:1:6: error: wait: passes must be between 1 and 10000, not 0")
    }
}

/// `why VIEW PROPERTY`: the chain of events behind a value.
@Suite struct WhyTests {
    @Test func theLikedHeartNamesTheRowAndPassThatSetIt() {
        let session = Session("strategy uikit\n" + PrepareTests.feed + "\nmount Feed\nset Feed/1 liked true\nscroll Feed by 3\n")
        let text = session.line("why Feed/4 liked").output
        #expect(text == """
        v4 liked shows "true" (held by Feed/4)
          stale: a fresh view for Feed/4 would show nothing
          set by Feed/1 in pass 2 (#9, apply)
          the view's steps from then on:
            #9    pass 2   apply           v4    Feed/1  liked: "true"
            #11   pass 3   hide            v4    Feed/1  into v2 (identifier Cell)
            #17   pass 3   reuse           v4    Feed/4  from v2 (identifier Cell)  was Feed/1
            #18   pass 3   unhide          v4    Feed/4
            #19   pass 3   prepareForReuse v4    Feed/4  prepareForReuse
          nothing reset liked since: Feed/4's configuration does not set liked, and prepareForReuse does not reset it
          fix: set liked on every bind, as Apple advises for content (cellForRowAt): 'liked: ""' in component Cell's configuration, so every row sets it and 'set' changes only the rows that differ. prepareForReuse is for what is not content (alpha, editing, selection); 'prepare Cell resets liked' would clear it there, but the bind should set it

        """)
        let json = document(session, "why v4 liked --json")
        #expect(json["stale"] as? Bool == true)
        #expect((json["setters"] as? [[String: Any]])?.map { "\($0["path"] ?? "") \($0["pass"] ?? "") \($0["seq"] ?? "")" } == ["Feed/1 2 9"])
        #expect(document(session, "config v4 --json")["sourcesByProperty"].flatMap { ($0 as? [String: Any])?["liked"] as? [[String: Any]] }?.first?["path"] as? String == "Feed/1")
    }

    @Test func entriesEachNameTheirOwnSetter() {
        let session = Session("strategy uikit\n" + PrepareTests.feed + "\nmount Feed\nset Feed/1 liked true\nscroll Feed by 3\n")
        let text = session.line("why v4 tap").output
        #expect(text.contains("entry 1 added by Feed/1 in pass 1 (#5, apply)\n  entry 2 added by Feed/1 in pass 2 (#8, apply)\n  entry 3 added by Feed/4 in pass 3 (#20, apply)"))
    }

    @Test func aDefaultNamesWhatPutItBack() {
        let session = Session("strategy uikit\n" + PrepareTests.feed + "\nprepare Cell resets liked\nmount Feed\nset Feed/1 liked true\nscroll Feed by 3\n")
        #expect(session.line("why v4 liked").output.contains("the class default, put back in pass 3 (#20, reset)"))
        #expect(session.line("why v4 alpha").output == "v4 alpha shows 1 (held by Feed/4)\n  the class default: nothing set it since the view was made\n")
    }

    @Test func errors() {
        let session = Session("strategy uikit\n" + PrepareTests.feed + "\nmount Feed\n")
        #expect(session.error("why v4 likd") == "<stdin>:1:8: error: why: v4 has no property 'likd'; did you mean 'liked'?")
        #expect(session.error("why v4") == "<stdin>:1:7: error: why: expected a PROPERTY of v4 (e.g. backgroundColor)")
        #expect(session.error("why v99 alpha") == "<stdin>:1:5: error: no view 'v99' (views are v1-v5)")
        #expect(session.error("why v4 alpha extra") == "<stdin>:1:14: error: why: unexpected 'extra'")
    }
}
