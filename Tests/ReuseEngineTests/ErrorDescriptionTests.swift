import Testing
import ReuseEngine

/// An ``EngineError`` reads as the sentence the shell prints for it: the
/// wording lives in the engine, and a program that prints an error it
/// caught shows what a shell user reads.
@Suite struct ErrorDescriptionTests {
    @Test(arguments: [
        (EngineError.unknownComponent("Crad", suggestion: "Card"), "unknown component 'Crad'; did you mean 'Card'?"),
        (.unknownViewClass("UIThing", suggestion: nil), "unknown view class 'UIThing' (declare it with 'view UIThing')"),
        (.unknownAttribute("colour", suggestion: nil), "unknown attribute 'colour' (declare it with 'attribute colour')"),
        (.invalidValue(attribute: "backgroundColor", ValueError(kind: .color, raw: "redd", suggestion: "red")),
         "'redd' is not a valid value for backgroundColor: expected a colour name or #rrggbb; did you mean 'red'?"),
        (.outOfRange(attribute: "alpha", value: "2", range: 0...1), "alpha must be between 0 and 1, not 2"),
        (.outOfRange(attribute: "cornerRadius", value: "-1", range: 0...Double.greatestFiniteMagnitude),
         "cornerRadius must be at least 0, not -1"),
        (.duplicateAttribute("alpha"), "attribute 'alpha' is given twice"),
        (.recursiveDefinition(["A", "B", "A"]), "recursive definition: A -> B -> A"),
        (.noSuchPath("Fed", suggestion: "Feed"), "no mounted component at 'Fed'; did you mean 'Feed'?"),
        (.rowNotVisible(list: "Feed", row: 9, visible: 0..<3), "row 9 of 'Feed' is not on screen (rows 0-2 are); scroll to it first"),
        (.notHidden("Card[1]", hidden: ["Card[0]"]), "'Card[1]' is not hidden (hidden: Card[0])"),
        (.unknownView(ViewID(9)), "no view 'v9'"),
        (.nothingMounted, "nothing is mounted; use 'mount NAME' first"),
        (.unknownOption(strategy: "naive", option: "cache", known: []), "strategy naive takes no options, not 'cache'"),
        (.interrupted, "interrupted: the command was taken back, nothing changed"),
        (.invalidListSize(.noCells), "a list needs at least one cell component"),
        (.registrationInCellProvider(list: "Feed", cell: "Post"),
         "NSInternalInconsistencyException: Attempted to dequeue a cell using a registration that was created inside "
         + "-collectionView:cellForItemAtIndexPath: or inside a UICollectionViewDiffableDataSource cell provider "
         + "(list 'Feed', cell Post; make the registration once, up front: write 'register Feed Post', or 'os 14' for the silent pile-up)"),
    ])
    func readsAsTheShellPrintsIt(_ error: EngineError, _ sentence: String) {
        #expect(error.description == sentence)
        #expect("\(error)" == sentence)
        #expect(String(describing: error as any Error) == sentence)
    }

    /// A long chain of types shows its first and last five.
    @Test func longChainsAreShortened() {
        let names = (0..<20).map { "T\($0)" }
        #expect(EngineError.tooDeep(names, limit: 1_000).description
            == "'T0' nests 20 levels deep (T0 -> T1 -> T2 -> T3 -> T4 -> ... 10 more ... -> T15 -> T16 -> T17 -> T18 -> T19); "
            + "a mounted tree may nest at most 1000 levels")
    }

    /// A caught error prints as its sentence.
    @Test func aCaughtErrorPrintsItsSentence() {
        var engine = Engine()
        do {
            try engine.mount("Nothing")
            Issue.record("mounting an undefined type succeeded")
        } catch {
            #expect("\(error)" == "unknown component 'Nothing'")
        }
    }
}
