import Foundation

/// Writes a whole file the way an editor saves one: to a temporary file
/// beside it, then renamed over it, so a reader never sees half a file.
///
/// What the user named is respected:
/// - a symbolic link is followed, and its target is replaced (the link stays);
/// - an existing file keeps its permissions (and, when run as root, its owner);
/// - a file with several hard links is rewritten in place, so every name
///   still shows the new text (at the cost of atomicity);
/// - a directory, a device, a FIFO or a socket is refused, and so is a name
///   ending in `/` or a loop of links (``openForStreaming(_:)``, for output
///   that streams, writes to a character device as it is);
/// - the temporary file is removed on any failure.
public enum FileReplacement {
    /// Why a file could not be written.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case isADirectory
        case endsInSlash
        case notARegularFile
        case linkLoop
        case noSuchDirectory(String)
        case system(String)

        public var description: String {
            switch self {
            case .isADirectory: "it is a directory"
            case .endsInSlash: "a file name cannot end in '/'"
            case .notARegularFile: "it is not a regular file (a device, FIFO or socket)"
            case .linkLoop: "its symbolic links loop (or go more than 40 deep)"
            case .noSuchDirectory(let directory): "no such directory '\(directory)'"
            case .system(let message): message
            }
        }
    }

    /// Replaces the file at `path` (absolute) with `data`.
    public static func write(_ data: Data, to path: String) throws(Failure) {
        let (target, found) = try checkedTarget(path)
        guard var existing = found else { return try create(data, at: target, replacing: nil) }
        if existing.st_nlink > 1 { return try overwrite(data, at: target) }
        return try create(data, at: target, replacing: &existing)
    }

    /// The file `path` names, its links followed, and its status when it
    /// exists: refused when the name ends in '/', when the links loop, when
    /// it is a directory, a device, a FIFO or a socket, or when its
    /// directory does not exist.
    static func checkedTarget(_ path: String) throws(Failure) -> (target: String, existing: stat?) {
        if path.hasSuffix("/") { throw .endsInSlash }
        let target = resolvingLinks(path)
        var existing = stat()
        if lstat(target, &existing) == 0 {
            switch existing.st_mode & S_IFMT {
            case S_IFREG: return (target, existing)
            case S_IFDIR: throw .isADirectory
            case S_IFLNK: throw .linkLoop
            default: throw .notARegularFile
            }
        }
        let directory = (target as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.isEmpty ? "/" : directory, isDirectory: &isDirectory),
              isDirectory.boolValue else {
            throw .noSuchDirectory(directory)
        }
        return (target, nil)
    }

    /// Opens the file `path` names for output that streams (`output`,
    /// `once`): the same checks as ``write(_:to:)``, then the file emptied
    /// in place (a link's target, the link kept), or made. A character
    /// device (`/dev/null`, a terminal) is written to as it is, never
    /// replaced. Opened without blocking, so a FIFO that slipped in after
    /// the check is refused, not waited on.
    public static func openForStreaming(_ path: String) throws(Failure) -> FileHandle {
        if !path.hasSuffix("/") {
            var device = stat()
            let target = resolvingLinks(path)
            if lstat(target, &device) == 0, device.st_mode & S_IFMT == S_IFCHR {
                let descriptor = open(target, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw .system(String(cString: strerror(errno))) }
                return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            }
        }
        let (target, _) = try checkedTarget(path)
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard descriptor >= 0 else {
            throw errno == ELOOP ? .linkLoop : errno == ENXIO ? .notARegularFile : .system(String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notARegularFile
        }
        // Back to blocking writes: a regular file never blocks anyway.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Writes `data` to a temporary file beside `target` and renames it over
    /// it, with the mode (and, as root, the owner) of `replacing` when given.
    private static func create(_ data: Data, at target: String, replacing existing: UnsafeMutablePointer<stat>?) throws(Failure) {
        let exists = existing != nil
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var template = Array((directory as NSString).appendingPathComponent(".\(name).XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .system(String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        defer { close(descriptor) }
        // The mode a new file would get (0666 less the umask), or the old file's.
        let mode: mode_t
        if exists, let existing {
            mode = existing.pointee.st_mode & 0o7777
            if getuid() == 0 { _ = fchown(descriptor, existing.pointee.st_uid, existing.pointee.st_gid) }
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        guard fchmod(descriptor, mode) == 0 else { throw .system(String(cString: strerror(errno))) }
        try writeAll(data, to: descriptor)
        guard fsync(descriptor) == 0 else { throw .system(String(cString: strerror(errno))) }
        guard rename(temporary, target) == 0 else { throw .system(String(cString: strerror(errno))) }
        renamed = true
    }

    /// The path a chain of symbolic links ends at (the path itself when it is
    /// not a link; a dangling link's target is where the file will be made).
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/") ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }

    /// Truncates and rewrites a file in place (hard links keep sharing it).
    static func overwrite(_ data: Data, at path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        guard descriptor >= 0 else { throw .system(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor)
    }

    static func writeAll(_ data: Data, to descriptor: Int32) throws(Failure) {
        var failure: Failure?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = .system(String(cString: strerror(errno)))
                    return
                }
                offset += written
            }
        }
        if let failure { throw failure }
    }
}
