import Foundation

/// Runs `body` with a new empty directory of its own under the system's
/// temporary directory (`$TMPDIR`, else `/tmp`), named `PREFIX-UUID`, and
/// removes the directory, with everything in it, once `body` has returned
/// or thrown: a test leaves nothing behind. What a test checks about the
/// files in it, it checks inside `body`.
public func withTemporaryDirectory<Result>(prefix: String, _ body: (URL) throws -> Result) throws -> Result {
    let directory = try makeTemporaryDirectory(prefix: prefix)
    defer { removeTemporaryDirectory(directory) }
    return try body(directory)
}

/// `withTemporaryDirectory(prefix:_:)` for a body that awaits; the body runs
/// in the caller's isolation.
public func withTemporaryDirectory<Result>(prefix: String, isolation: isolated (any Actor)? = #isolation,
                                           _ body: (URL) async throws -> Result) async throws -> Result {
    let directory = try makeTemporaryDirectory(prefix: prefix)
    defer { removeTemporaryDirectory(directory) }
    return try await body(directory)
}

private func makeTemporaryDirectory(prefix: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    return directory
}

/// Removes `directory` and everything in it (links are removed, not
/// followed; a FIFO is unlinked, never opened). A failure is ignored: a test
/// passes or fails on what it checked, not on its clean-up.
private func removeTemporaryDirectory(_ directory: URL) {
    try? FileManager.default.removeItem(at: directory)
}
