// `save` (and `export`) write a file the way an editor does, and respect
// what the user named: links, permissions, special files.

import Foundation
import Testing
import TestSupport

@Suite struct SaveFileTests {
    static func entries(of directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func aSymbolicLinkIsFollowedAndKept() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
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
    }

    @Test func anExistingFileKeepsItsPermissionsAndHardLinks() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
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
    }

    @Test func directoriesSpecialFilesAndATrailingSlashAreRefused() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
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

    /// `output` and `once` go through the same checks (issue 39, items 2
    /// and 9): a link's target is written and the link kept; a FIFO, a link
    /// loop and a name ending in '/' are refused, each saying why, and
    /// nothing waits; a character device (`/dev/null`) is written to as it
    /// is, never replaced.
    @Test func outputAndOnceRespectWhatTheyWriteTo() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            try Data("old\n".utf8).write(to: directory.appendingPathComponent("real.txt"))
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("link.txt").path, withDestinationPath: "real.txt")
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("loop1").path, withDestinationPath: "loop2")
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("loop2").path, withDestinationPath: "loop1")
            #expect(mkfifo(directory.appendingPathComponent("fifo").path, 0o644) == 0)
            let run = try runShell(["-c", "once link.txt", "-c", "help quit", "-c", "once fifo", "-c", "output loop1",
                                    "-c", "output x.txt/", "-c", "output /dev/null", "-c", "help quit", "-c", "output", "-c", "say back"],
                                   directory: directory)
            #expect(run.output.contains("error: once: cannot write 'fifo': it is not a regular file (a device, FIFO or socket)"), "\(run.output)")
            #expect(run.output.contains("error: output: cannot write 'loop1': its symbolic links loop (or go more than 40 deep)"))
            #expect(run.output.contains("error: output: cannot write 'x.txt/': a file name cannot end in '/'"))
            #expect(run.output.contains("back\n") && !run.output.contains("leave the shell"), "help went to the files: \(run.output)")
            let link = directory.appendingPathComponent("link.txt").path
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.txt")
            #expect(try String(contentsOf: directory.appendingPathComponent("real.txt"), encoding: .utf8).hasPrefix("quit\n"))
            var device = stat()
            #expect(stat("/dev/null", &device) == 0 && device.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a device")
            #expect(try Self.entries(of: directory) == ["fifo", "link.txt", "loop1", "loop2", "real.txt"])
        }
    }

    /// A session started under another strategy saves it first, with its
    /// options, so a replay in a fresh process runs its first passes under
    /// it (issue 39, item 1).
    @Test func saveStartsWithTheStartingStrategy() throws {
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            let session = ["-c", "component A view UIView { alpha: 0.5 }", "-c", "component B view UIView { alpha: 0.5 }",
                           "-c", "mount A B", "-c", "mount B A", "-c", "strategy uikit", "-c", "mount A"]
            let run = try runShell(["--strategy", "recyclerview"] + session + ["-c", "save s.reuse", "-c", "stats --json"], directory: directory)
            #expect(run.status == 0, "\(run.output)")
            let saved = try String(contentsOf: directory.appendingPathComponent("s.reuse"), encoding: .utf8)
            #expect(saved.split(separator: "\n").dropFirst().first == "strategy recyclerview", "\(saved)")
            let replay = try runShell(["s.reuse", "-q", "-c", "stats --json"], directory: directory)
            #expect(replay.output.split(separator: "\n").last == run.output.split(separator: "\n").last)
            // With options, when the record starts with the switch: written as typed.
            _ = try runShell(["-c", "strategy recyclerview cache 0", "-c", "component A view UIView", "-c", "mount A", "-c", "save o.reuse"],
                             directory: directory)
            #expect(try String(contentsOf: directory.appendingPathComponent("o.reuse"), encoding: .utf8).contains("\nstrategy recyclerview cache 0\n"))
        }
    }

    /// `--export-html` writes its pages through the same writer: a link is
    /// followed and kept, a device refused (issue 39, item 3).
    @Test func exportHTMLFollowsALinkAndRefusesADevice() throws {
        _ = try requireTool("dot", install: "graphviz")
        try withTemporaryDirectory(prefix: "reuse-e2e") { directory in
            try Data("old\n".utf8).write(to: directory.appendingPathComponent("real.html"))
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("page.html").path, withDestinationPath: "real.html")
            try Data("component A view UIView\nmount A\n".utf8).write(to: directory.appendingPathComponent("a.reuse"))
            let run = try runShell(["--export-html", "page.html", "a.reuse"], directory: directory)
            #expect(run.status == 0, "\(run.output)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("page.html").path) == "real.html")
            #expect(try String(contentsOf: directory.appendingPathComponent("real.html"), encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
            #expect(mkfifo(directory.appendingPathComponent("fifo.html").path, 0o644) == 0)
            let refused = try runShell(["--export-html", "fifo.html", "a.reuse"], directory: directory)
            #expect(refused.status != 0)
            #expect(refused.output.contains("it is not a regular file (a device, FIFO or socket)"), "\(refused.output)")
        }
    }
}
