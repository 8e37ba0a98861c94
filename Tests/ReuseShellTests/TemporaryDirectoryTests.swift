import Foundation
import Testing
import TestSupport

/// `withTemporaryDirectory(prefix:_:)`, the one way the tests make scratch
/// files: a new empty directory under the system's temporary directory,
/// gone afterwards with everything in it, whether the body returned or threw.
@Suite struct TemporaryDirectoryTests {
    struct Thrown: Error {}

    /// What tests leave in their directories: a file, a subdirectory with a
    /// file, a FIFO, a link loop and a link to `outside` (a file elsewhere).
    static func fill(_ directory: URL, linkingTo outside: URL) throws {
        try Data("text\n".utf8).write(to: directory.appendingPathComponent("file.reuse"))
        let sub = directory.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: false)
        try Data("deeper\n".utf8).write(to: sub.appendingPathComponent("deeper.txt"))
        #expect(mkfifo(directory.appendingPathComponent("fifo").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("loop").path, withDestinationPath: "loop")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("outside").path,
                                                   withDestinationPath: outside.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == ["fifo", "file.reuse", "loop", "outside", "sub"])
    }

    /// Whether anything (a dangling link too) is at `url`.
    static func exists(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0
    }

    @Test func theDirectoryIsNewEmptyAndGoesWithEverythingInIt() throws {
        try withTemporaryDirectory(prefix: "reuse-outside") { outside in
            let kept = outside.appendingPathComponent("kept.txt")
            try Data("kept\n".utf8).write(to: kept)
            var used: URL?
            let answer = try withTemporaryDirectory(prefix: "reuse-scratch") { directory in
                used = directory
                #expect(directory.lastPathComponent.hasPrefix("reuse-scratch-"))
                #expect(directory.deletingLastPathComponent().standardizedFileURL.path
                        == FileManager.default.temporaryDirectory.standardizedFileURL.path)
                #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
                try Self.fill(directory, linkingTo: kept)
                return 42
            }
            #expect(answer == 42, "the body's result is returned")
            let directory = try #require(used)
            #expect(!Self.exists(directory), "\(directory.path) is still there")
            // The link to a file outside was removed, not followed.
            #expect(try String(contentsOf: kept, encoding: .utf8) == "kept\n")
        }
    }

    @Test func theDirectoryGoesWhenTheBodyThrows() throws {
        var used: URL?
        #expect(throws: Thrown.self) {
            try withTemporaryDirectory(prefix: "reuse-scratch") { directory in
                used = directory
                try Data("text\n".utf8).write(to: directory.appendingPathComponent("file.reuse"))
                throw Thrown()
            }
        }
        let directory = try #require(used)
        #expect(!Self.exists(directory), "\(directory.path) is still there")
    }

    @Test func theAwaitingFormRemovesItsDirectoryToo() async throws {
        var used: [URL] = []
        try await withTemporaryDirectory(prefix: "reuse-scratch") { directory in
            used.append(directory)
            await Task.yield()
            try Data("text\n".utf8).write(to: directory.appendingPathComponent("file.reuse"))
        }
        await #expect(throws: Thrown.self) {
            try await withTemporaryDirectory(prefix: "reuse-scratch") { directory in
                used.append(directory)
                await Task.yield()
                throw Thrown()
            }
        }
        #expect(used.count == 2 && used[0] != used[1], "each call has a directory of its own")
        #expect(used.allSatisfy { !Self.exists($0) }, "\(used.map(\.path)) still there")
    }
}
