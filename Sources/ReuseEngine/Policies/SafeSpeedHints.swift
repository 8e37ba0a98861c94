/// Conform a policy to this to take the safe answer to every speed hint
/// its protocol asks, instead of stating each.
///
/// A few policy requirements are promises the engine's shortcuts trust
/// rather than behaviour: ``Keying/isPure`` and ``Keying/readsValues``
/// (whether a key may be kept from pass to pass, or made once per pass),
/// ``ParentReuse/plansChildren`` (whether ``ParentReuse/plan(_:into:store:pass:)``
/// must be called) and ``CellReuse/keying`` (whether a row may keep its
/// cell's key). A wrong promise makes the engine skip work the policy
/// needed; the safe answer only costs time: every key made afresh, every
/// parent planned. The built-in policies state every answer (none conforms
/// to this protocol), and the conformance kit holds a policy's answers to
/// its behaviour.
public protocol SafeSpeedHints {}

extension Keying where Self: SafeSpeedHints {
    /// Safe: the key may read the values, so it is made for each instance.
    public var readsValues: Bool { true }
    /// Safe: the key is never kept from one pass to the next.
    public var isPure: Bool { false }
}

extension ParentReuse where Self: SafeSpeedHints {
    /// Safe: ``ParentReuse/plan(_:into:store:pass:)`` sees every parent's blocks.
    public var plansChildren: Bool { true }
}

extension CellReuse where Self: SafeSpeedHints {
    /// Safe: the cell key is asked of ``CellReuse/key(_:_:list:catalog:)`` every time.
    public var keying: (any Keying)? { nil }
}
