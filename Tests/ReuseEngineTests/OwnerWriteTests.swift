import Testing
@testable import ReuseEngine

/// How a view's owner is compared and written in one access
/// (``ComponentPath/becomeComparing(_:)``, ``SimulatedView/becomeOwned(by:)``):
/// the answer is `==` before the write, and the path is identical to the
/// new one afterwards, whatever storage the two had.
@Suite struct OwnerWriteTests {
    private static let feed = ComponentPath([.named("Feed", index: 0)])

    /// Paths of one storage in other rows, paths elsewhere, equal paths
    /// of other storage, shown another way, and the root.
    private static var paths: [ComponentPath] {
        let row = feed.appending(.row(3))
        let dot = row.appending(.named("Dot", index: 0))
        return [
            row, row.inRow(8), dot, dot.inRow(8), dot.inRow(3), ComponentPath.root,
            ComponentPath([.named("Card", index: 1)]), feed.appending(.row(3)),
            ComponentPath([.named("Feed", index: 0), .row(3)]),
            feed.appending(.row(3)).appending(.named("Dot", index: 0), namesakes: true),
        ].compactMap { $0 }
    }

    @Test func becomingComparingAnswersEqualityAndBecomesIdentical() {
        for start in Self.paths {
            for target in Self.paths {
                var path = start
                let equal = path.becomeComparing(target)
                #expect(equal == (start == target))
                #expect(path.isIdentical(to: target))
                #expect(path.display == target.display)
            }
        }
    }

    @Test func aViewTakesItsOwnerInPlace() {
        for start in Self.paths + [nil] {
            for target in Self.paths {
                var view = SimulatedView(id: ViewID(2), viewClass: ViewClass(name: "UIView", defaults: [:]), superview: .root)
                view.owner = start
                let kept = view.becomeOwned(by: target)
                #expect(kept == (start == target))
                #expect(view.owner?.isIdentical(to: target) == true)
            }
        }
    }
}
