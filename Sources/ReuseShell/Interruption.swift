import Synchronization

/// Ctrl-C while a command runs: a request to stop, checked between the lines
/// of a script (`source`), between the replays of `compare`, and between the
/// steps of long commands.
///
/// The flag is an atomic, so a signal handler may set it; call ``prepare()``
/// before installing one (a Swift global is initialised lazily, on first
/// use, which a signal handler must not be the one to do).
public enum Interruption {
    private static let flag = Atomic<Bool>(false)

    /// Initialises the flag (cleared); call before a handler may set it.
    public static func prepare() {
        flag.store(false, ordering: .relaxed)
    }

    /// Asks the running command to stop (async-signal-safe once prepared).
    public static func request() {
        flag.store(true, ordering: .relaxed)
    }

    /// Whether a stop was asked for and not yet handled.
    public static var isRequested: Bool {
        flag.load(ordering: .relaxed)
    }

    /// Forgets a request: before each command, and once it has been handled.
    public static func clear() {
        flag.store(false, ordering: .relaxed)
    }
}
