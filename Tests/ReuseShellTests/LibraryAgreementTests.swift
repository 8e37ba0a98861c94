import Testing
import TestSupport
import ReuseEngine
import ReuseShell

/// A Swift program using ReuseEngine's typed API and a shell user typing
/// the same commands get the same engine: the same events, the same passes
/// under the same triggers (the command lines), the same definitions; and
/// a refused command prints the engine's own sentence for its error.
@Suite struct LibraryAgreementTests {
    static let script = """
    attribute score kind number
    view Badge { text: "new", textColor: red }
    component Dot view UIView { backgroundColor: red, alpha: 0.5 }
    component Title view UILabel { text: "Row {i}", isUserInteractionEnabled: false, score: {i} }
    component Photo view UIImageView { image: "placeholder" } loads image "photo{i}" after 2 checked
    component Cell view UIView { cornerRadius: 4 } children Title Dot Photo
    component Header view Badge
    component Group children Dot Dot
    list Feed rows 100 viewport 4 cells Cell header Header
    mount Feed Group
    scroll Feed by 2
    scroll Feed to 10
    set Feed/11/Title text "hello there"
    set Feed/11 backgroundColor #00FF00
    set Feed/12/Dot alpha 0.25
    hide Group/Dot[1]
    wait
    show Group/Dot[1]
    reload Feed/12 payload
    strategy recyclerview cache 1
    reload Feed
    strategy theodolite-2019 bug27 on
    remount
    """

    @Test func theTypedAPIAndTheShellAgree() throws {
        let session = Session()
        let output = session.run(Self.script)
        #expect(!output.contains("error"), "the script failed:\n\(output)")
        let shell = session.interpreter.engine
        let typed = try TypedSession.engine()
        #expect(typed.log.passes == shell.log.passes)
        #expect(Array(typed.log.events) == Array(shell.log.events))
        #expect(typed.catalog.components == shell.catalog.components)
        #expect(typed.catalog.viewClasses.values.map(\.defaults) == shell.catalog.viewClasses.values.map(\.defaults))
        #expect(typed.instances.map(\.path) == shell.instances.map(\.path))
        #expect(typed.views.all.map(\.properties) == shell.views.all.map(\.properties))
        #expect(typed.strategy.name == shell.strategy.name && typed.strategy.optionsDescription == shell.strategy.optionsDescription)
    }

    /// The shell's message for an engine error is the error's description.
    @Test(arguments: [
        ("mount Crad", EngineError.unknownComponent("Crad", suggestion: "Card")),
        ("scroll Fed by 1", .noSuchPath("Fed", suggestion: "Feed")),
        ("component X view UIView { alpha: 2 }", .outOfRange(attribute: "alpha", value: "2", range: 0...1)),
        ("set Feed/1 alpha high", .invalidValue(attribute: "alpha", ValueError(kind: .number, raw: "high", suggestion: nil))),
    ])
    func theShellPrintsTheEnginesSentence(_ line: String, _ error: EngineError) {
        let session = Session(seed + "\nmount Feed")
        #expect(session.error(line).hasSuffix("error: " + error.description), "\(line)")
    }

    /// A malformed PATH reads the same from the shell and from `ComponentPath(parsing:)`.
    @Test func pathErrorsAgree() {
        let session = Session(seed + "\nmount Feed")
        let error = PathSyntaxError(segment: "3x", offset: 5)
        #expect(session.error("scroll Feed/3x by 1").hasSuffix("error: " + error.description))
        #expect(throws: error) { try ComponentPath(parsing: "Feed/3x") }
    }
}
