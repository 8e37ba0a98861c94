import Foundation

/// The built `reuse-shell` executable, for end-to-end tests.
///
/// Looked up, in order:
/// 1. `$REUSE_SHELL_BINARY`, if set;
/// 2. next to the running test bundle (`swift test` puts the products and the
///    test bundle in the same `.build/<triple>/<configuration>/` directory);
/// 3. `<package root>/.build/debug/reuse-shell`, the package root being found
///    by walking up from this source file to `Package.swift`.
///
/// `swift test` builds the executable along with the tests; if it is missing,
/// run `swift build` first.
func reuseShellBinary() throws -> URL {
    let fileManager = FileManager.default
    var candidates: [URL] = []

    if let override = ProcessInfo.processInfo.environment["REUSE_SHELL_BINARY"], !override.isEmpty {
        candidates.append(URL(fileURLWithPath: override))
    }

    // The test bundle: on Linux an executable `<name>PackageTests.xctest`,
    // on macOS a `.xctest` bundle directory. Its directory holds the products.
    var starts = [URL(fileURLWithPath: CommandLine.arguments[0])]
    starts += Bundle.main.executableURL.map { [$0] } ?? []
    starts += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
    for start in starts {
        var directory = start.resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.pathComponents.contains(where: { $0.hasSuffix(".xctest") }), directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        candidates.append(directory.appendingPathComponent("reuse-shell"))
    }

    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
        if fileManager.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            candidates.append(directory.appendingPathComponent(".build/debug/reuse-shell"))
            break
        }
        directory = directory.deletingLastPathComponent()
    }

    var seen = Set<String>()
    candidates = candidates.filter { seen.insert($0.path).inserted }
    for candidate in candidates {
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
           !isDirectory.boolValue,
           fileManager.isExecutableFile(atPath: candidate.path) {
            return candidate.standardizedFileURL
        }
    }
    throw BinaryNotFound(searched: candidates.map(\.path))
}

struct BinaryNotFound: Error, CustomStringConvertible {
    let searched: [String]
    var description: String {
        "reuse-shell executable not found (run `swift build`); looked at:\n"
            + searched.map { "  \($0)" }.joined(separator: "\n")
    }
}
