import Foundation

/// Reads a script's lines from a file, a device, a pipe or standard input
/// in bounded chunks, so no input can make the shell hold more than one
/// line (at most ``Interpreter/maximumLineLength`` bytes) beyond a chunk.
///
/// What it guarantees, whatever the input is:
/// - memory: a line longer than the limit is refused as soon as its bytes
///   pass it (``Failure/lineTooLong(line:length:limit:)``): the rest of it
///   is read and dropped, and the next call goes on after it. A line that
///   goes on for ``skipLimit`` bytes more ends the read
///   (``Failure/lineNeverEnds(line:)``), so `/dev/zero`, which never ends
///   a line, costs 1 MiB of memory and 17 MiB of reading, not all of memory;
/// - waiting: the open never blocks (a FIFO with no writer opens), and
///   every wait for input is a `poll` of at most ``waitSlice``
///   milliseconds between two looks at ``Interruption``, so Ctrl-C ends it
///   (``Failure/interrupted``); `onWait` runs once before each wait, to
///   flush output that someone may be waiting for before they write more;
/// - text: each line must be UTF-8 (``Failure/notUTF8(line:)``), the first
///   line's byte-order mark and every line's `\r` before `\n` are dropped,
///   as ``Interpreter/line(_:number:)`` says.
///
/// The descriptor is only polled and read: O_NONBLOCK is never left on
/// it, since standard input's file description is shared with the
/// process that started the shell.
public struct ScriptReader: ~Copyable {
    /// Why a script could not be read (on), with a sentence for each.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case isADirectory
        case noSuchFile
        case permissionDenied
        case linkLoop
        /// Line `line` was `length` bytes long, past `limit`: refused, and
        /// the reader moved past it.
        case lineTooLong(line: Int, length: Int, limit: Int)
        /// Line `line` went on past the limit and ``skipLimit`` more bytes
        /// without ending (a device, not a script): nothing more is read.
        case lineNeverEnds(line: Int)
        /// The whole input passed `limit` bytes (``readAll(atPath:limit:)``).
        case tooLarge(limit: Int)
        case notUTF8(line: Int)
        /// Ctrl-C while waiting for input.
        case interrupted
        case system(String)

        /// The line it stopped at, when it names one.
        public var line: Int? {
            switch self {
            case .lineTooLong(let line, _, _), .lineNeverEnds(let line), .notUTF8(let line): line
            default: nil
            }
        }

        public var description: String {
            switch self {
            case .isADirectory: "it is a directory"
            case .noSuchFile: "no such file"
            case .permissionDenied: "permission denied"
            case .linkLoop: "its symbolic links loop (or go more than 40 deep)"
            case .lineTooLong(_, let length, let limit): Interpreter.overlong(bytes: length, limit: limit)
            case .lineNeverEnds(let line):
                "line \(line) goes on for more than \((Interpreter.maximumLineLength + ScriptReader.skipLimit) >> 20) MiB without ending; the rest is not read"
            case .tooLarge(let limit): "it is larger than \(limit >> 20) MiB"
            case .notUTF8(let line): "line \(line) is not UTF-8 text; the rest is not read"
            case .interrupted: "interrupted (Ctrl-C) while reading it"
            case .system(let message): message
            }
        }
    }

    /// How far past the limit an overlong line is read (and dropped) in
    /// search of its end: 16 MiB.
    public static let skipLimit = 16 << 20
    /// How long one wait lasts before Ctrl-C is looked at again (ms).
    static let waitSlice: Int32 = 100
    /// How much one `read` takes.
    static let chunk = 1 << 16

    private let descriptor: Int32
    private let closesDescriptor: Bool
    private let limit: Int
    /// Bytes read and not yet returned as lines: `pending[start...]`.
    private var pending: [UInt8] = []
    private var start = 0
    /// Where the search for `\n` resumes in `pending` (bytes before it have none).
    private var scanned = 0
    private var atEnd = false
    /// The number of the last line returned.
    public private(set) var lineNumber = 0
    /// Runs before each wait for input that is not there yet.
    public var onWait: () -> Void = {}
    /// Runs once a wait has lasted a second (a FIFO with no writer yet),
    /// told whether any byte came before.
    public var onLongWait: (_ anyRead: Bool) -> Void = { _ in }
    /// Whether any byte was read yet.
    private var anyRead = false

    /// Reads from `descriptor`, which stays open afterwards (standard input).
    public init(descriptor: Int32, lineLimit: Int = Interpreter.maximumLineLength) {
        self.descriptor = descriptor
        closesDescriptor = false
        limit = lineLimit
    }

    /// Opens `path` for reading without waiting: a directory, a missing
    /// file, one that may not be read and a loop of links are refused.
    public init(path: String, lineLimit: Int = Interpreter.maximumLineLength) throws(Failure) {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { throw .isADirectory }
        // Non-blocking, so a FIFO with no writer opens; blocking again
        // once open, since reads wait in `poll`, never in `read`.
        let opened = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard opened >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .noSuchFile
            case EACCES, EPERM: throw .permissionDenied
            case ELOOP: throw .linkLoop
            case EISDIR: throw .isADirectory
            default: throw .system(String(cString: strerror(errno)))
            }
        }
        let flags = fcntl(opened, F_GETFL)
        if flags >= 0 { _ = fcntl(opened, F_SETFL, flags & ~O_NONBLOCK) }
        descriptor = opened
        closesDescriptor = true
        limit = lineLimit
    }

    deinit {
        if closesDescriptor { close(descriptor) }
    }

    /// The next line without its `\n` (nil at the end of the input).
    public mutating func nextLine() throws(Failure) -> String? {
        guard let bytes = try nextRawLine() else { return nil }
        // An ASCII line (the usual one) is valid UTF-8 as it is: made by the
        // decoding initializer, whose ASCII path is far cheaper than
        // `String(validating:as:)`'s generic one, which any other line
        // still takes.
        let text: String
        if bytes.withUnsafeBufferPointer({ $0.allSatisfy { $0 < 0x80 } }) {
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            guard let valid = String(validating: bytes, as: UTF8.self) else { throw .notUTF8(line: lineNumber) }
            text = valid
        }
        return Interpreter.line(string: text, number: lineNumber)
    }

    /// The next line's bytes, `\n` left out, nothing else changed.
    mutating func nextRawLine() throws(Failure) -> ArraySlice<UInt8>? {
        while true {
            if let newline = pending[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                return try take(upTo: newline, ended: true)
            }
            scanned = pending.count
            if atEnd {
                return start < pending.count ? try take(upTo: pending.count, ended: false) : nil
            }
            // Checked as the bytes come: the line is refused once past the limit.
            if pending.count - start > limit { try skipOverlongLine() }
            try fill()
        }
    }

    /// Reads on to the end of the line under way, past the limit, dropping
    /// its bytes; then refuses it (the reader stands after it), or gives
    /// up once it has gone on ``skipLimit`` bytes more.
    private mutating func skipOverlongLine() throws(Failure) {
        var length = pending.count - start
        let line = lineNumber + 1
        while true {
            pending.removeAll(keepingCapacity: true)
            start = 0
            scanned = 0
            guard length - limit <= ScriptReader.skipLimit else { throw .lineNeverEnds(line: line) }
            try fill()
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                length += newline
                start = newline + 1
                lastLineEnded = true
                break
            }
            length += pending.count
            if atEnd {
                start = pending.count
                lastLineEnded = false
                break
            }
        }
        scanned = start
        lineNumber = line
        throw .lineTooLong(line: line, length: length, limit: limit)
    }

    /// Whether the last line returned ended with `\n` (the input's last
    /// line may not).
    private(set) var lastLineEnded = false

    /// Returns `pending[start..<end]` as line `lineNumber + 1`, and moves past it.
    private mutating func take(upTo end: Int, ended: Bool) throws(Failure) -> ArraySlice<UInt8> {
        let line = pending[start..<end]
        lineNumber += 1
        lastLineEnded = ended
        start = ended ? end + 1 : end
        scanned = start
        guard line.count <= limit else { throw .lineTooLong(line: lineNumber, length: line.count, limit: limit) }
        return line
    }

    /// Reads one more chunk, after waiting for it as long as it takes (or
    /// until Ctrl-C); sets ``atEnd`` at the end of the input.
    private mutating func fill() throws(Failure) {
        // Drop the lines already returned before the buffer grows: at
        // most one partial line (under the limit) is carried over.
        if start > 0 {
            pending.removeFirst(start)
            scanned -= start
            start = 0
        }
        var probe = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&probe, 1, 0) == 0 {
            onWait()
            var waited: Int32 = 0
            while true {
                let ready = poll(&probe, 1, ScriptReader.waitSlice)
                // Ready, or an error `read` will report.
                if ready > 0 || (ready < 0 && errno != EINTR) { break }
                if Interruption.isRequested { throw .interrupted }
                waited += ScriptReader.waitSlice
                if waited == 1_000 { onLongWait(anyRead) }
            }
        }
        if Interruption.isRequested { throw .interrupted }
        let old = pending.count
        pending.append(contentsOf: repeatElement(0, count: ScriptReader.chunk))
        var count = 0
        repeat {
            count = pending.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + old, ScriptReader.chunk) }
        } while count < 0 && errno == EINTR && !Interruption.isRequested
        pending.removeLast(ScriptReader.chunk - max(count, 0))
        if count < 0 {
            if Interruption.isRequested { throw .interrupted }
            throw errno == EISDIR ? .isADirectory : .system(String(cString: strerror(errno)))
        }
        if count == 0 { atEnd = true } else { anyRead = true }
    }

    /// The whole text of `path`, read as ``nextLine()`` reads (bounded,
    /// interruptible), refused past `limit` bytes in all or past the line
    /// limit in one line; for what needs a script whole (`compare
    /// --script`, lesson pages). Lines keep their `\r` and byte-order mark.
    public static func readAll(atPath path: String, limit: Int = ScriptReader.wholeLimit) throws(Failure) -> String {
        // Each line checked as it came: the bytes are UTF-8.
        String(decoding: try readBytes(atPath: path, limit: limit, checksUTF8: true), as: UTF8.self)
    }

    /// The bytes of `path`, read in chunks as ``nextLine()`` reads, refused
    /// past `limit` bytes in all or `lineLimit` in one line, and with
    /// `checksUTF8` at the first line that is not UTF-8.
    static func readBytes(atPath path: String, limit: Int, lineLimit: Int = Interpreter.maximumLineLength,
                          checksUTF8: Bool = false) throws(Failure) -> [UInt8] {
        var reader = try ScriptReader(path: path, lineLimit: min(lineLimit, limit))
        var bytes: [UInt8] = []
        while let line = try reader.nextRawLine() {
            guard bytes.count + line.count < limit else { throw .tooLarge(limit: limit) }
            if checksUTF8, String(validating: line, as: UTF8.self) == nil { throw .notUTF8(line: reader.lineNumber) }
            if reader.lineNumber > 1 { bytes.append(UInt8(ascii: "\n")) }
            bytes.append(contentsOf: line)
        }
        if reader.lastLineEnded { bytes.append(UInt8(ascii: "\n")) }
        return bytes
    }

    /// The most ``readAll(atPath:limit:)`` reads: 128 MiB, over four
    /// million lines of a saved session.
    public static let wholeLimit = 128 << 20
}
