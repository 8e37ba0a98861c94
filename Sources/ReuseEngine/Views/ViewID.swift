/// A simulated view's identity: `v1`, `v2`, ... in creation order.
///
/// The root host view is always `v1`. Ids are never reused, so a log line that
/// names `v7` names the same view for the whole session.
public struct ViewID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 1-based creation number.
    public let number: Int

    /// The id of the `number`-th view created (`ViewID(3)` is `v3`).
    public init(_ number: Int) { self.number = number }

    /// The root host view, created with the engine.
    public static let root = ViewID(1)

    public var description: String { "v\(number)" }

    public static func < (lhs: ViewID, rhs: ViewID) -> Bool { lhs.number < rhs.number }

    /// Parses `v12` (or `root`); `nil` for anything else.
    public init?(parsing text: String) {
        // Most words are not view ids (`Feed`, `Screen/Card[7]`): told by
        // their first byte, before any comparison or `Character`.
        guard let first = text.utf8.first, first == UInt8(ascii: "v") || first == UInt8(ascii: "r") else { return nil }
        if text == "root" { self = .root; return }
        guard text.first == "v", let number = Int(text.dropFirst()), number > 0,
              String(number) == text.dropFirst() else { return nil }
        self.number = number
    }
}
