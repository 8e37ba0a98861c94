extension ComponentPath: ExpressibleByStringLiteral {
    /// A path written as a literal: `"Feed"`, `"Feed/3/Title"`, `"Card[1]"`.
    ///
    /// The literal is read by ``parse(_:)``, as the shell reads a PATH. It
    /// must be well formed, as a literal in the program's own text is: one
    /// that is not stops the program, naming the segment. Text from
    /// elsewhere (a file, a user) goes through ``init(parsing:)``, which
    /// throws instead.
    ///
    /// A bare name is the first of its namesakes (`Card` is `Card[0]`); the
    /// shell refuses a bare name where namesakes are mounted, the library
    /// takes the first.
    public init(stringLiteral text: String) {
        switch ComponentPath.parse(text) {
        case .success(let path): self = path
        case .failure(let error): preconditionFailure("ComponentPath literal \"\(text)\": \(error)")
        }
    }

    /// Reads a path as the shell reads a PATH argument: names joined by `/`,
    /// `Name[i]` among same-named siblings, row numbers inside lists.
    ///
    /// - Throws: ``PathSyntaxError`` naming the first segment that is
    ///   neither a name, `Name[index]` nor a row number.
    public init(parsing text: String) throws(PathSyntaxError) {
        self = try ComponentPath.parse(text).get()
    }
}

extension PathSyntaxError: CustomStringConvertible {

    /// The sentence `reuse-shell` prints for it: `'3x' is not a path
    /// segment (write Name, Name[index] or a row number, joined by '/')`.
    public var description: String {
        "'\(segment)' is not a path segment (write Name, Name[index] or a row number, joined by '/')"
    }
}
