// `save` (and `export`) write a file the way an editor does, and respect
// what the user named: links, permissions, special files.

import Foundation
import Testing

@Suite struct SaveFileTests {
    static func entries(of directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func aSymbolicLinkIsFollowedAndKept() throws {
        let directory = try temporaryDirectory()
        try Data("old\n".utf8).write(to: directory.appendingPathComponent("real.reuse"))
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("link.reuse").path,
                                                   withDestinationPath: "real.reuse")
        let run = try runShell(["-c", "component A view UIView", "-c", "save link.reuse"], directory: directory)
        #expect(run.status == 0, "\(run.output)")
        let link = directory.appendingPathComponent("link.reuse").path
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.reuse")
        let text = try String(contentsOf: directory.appendingPathComponent("real.reuse"), encoding: .utf8)
        #expect(text.hasSuffix("component A view UIView\n"), "\(text)")
        #expect(try Self.entries(of: directory) == ["link.reuse", "real.reuse"], "no temporary file left")
    }

    @Test func anExistingFileKeepsItsPermissionsAndHardLinks() throws {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent("s.reuse").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(chmod(file, 0o640) == 0)
        let run = try runShell(["-c", "component A view UIView", "-c", "save s.reuse"], directory: directory)
        #expect(run.status == 0, "\(run.output)")
        var info = stat()
        #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o640)
        // A second name for the same file sees the new text.
        #expect(link(file, directory.appendingPathComponent("other.reuse").path) == 0)
        _ = try runShell(["-c", "component B view UIView", "-c", "save s.reuse"], directory: directory)
        let other = try String(contentsOf: directory.appendingPathComponent("other.reuse"), encoding: .utf8)
        #expect(other.hasSuffix("component B view UIView\n"), "\(other)")
        #expect(try Self.entries(of: directory) == ["other.reuse", "s.reuse"])
    }

    @Test func directoriesSpecialFilesAndATrailingSlashAreRefused() throws {
        let directory = try temporaryDirectory()
        #expect(mkfifo(directory.appendingPathComponent("fifo").path, 0o644) == 0)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: false)
        let run = try runShell(["-c", "component A view UIView", "-c", "save fifo", "-c", "save sub", "-c", "save x.reuse/",
                                "-c", "save nodir/x.reuse", "-c", "export fifo.dot"], directory: directory)
        #expect(run.status == 1)
        #expect(run.output.contains("error: save: cannot write 'fifo': it is not a regular file (a device, FIFO or socket)"), "\(run.output)")
        #expect(run.output.contains("error: save: cannot write 'sub': it is a directory"))
        #expect(run.output.contains("error: save: cannot write 'x.reuse/': a file name cannot end in '/'"))
        #expect(run.output.contains("error: save: cannot write 'nodir/x.reuse': no such directory"))
        #expect(try Self.entries(of: directory) == ["fifo", "fifo.dot", "sub"], "nothing else written, no temporary file")
    }
}
