/// Terminal styling; every method returns its text unchanged when colour is off.
public struct Style: Sendable {
    public var color: Bool

    public init(color: Bool) { self.color = color }

    public static let plain = Style(color: false)

    func wrap(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func error(_ text: String) -> String { wrap(text, "1;31") }
    public func caret(_ text: String) -> String { wrap(text, "32") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func accent(_ text: String) -> String { wrap(text, "36") }
    public func good(_ text: String) -> String { wrap(text, "32") }
    public func warn(_ text: String) -> String { wrap(text, "33") }
}
