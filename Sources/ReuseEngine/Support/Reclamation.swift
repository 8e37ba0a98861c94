import Dispatch
import Synchronization

/// Frees what an `undo` cut away on a background thread, so the prompt
/// comes back before the memory is freed.
///
/// Going back half of a 10^6-pass session drops about 12,000 log chunks
/// (a dozen buffers each) and a few hundred checkpoints (each a copy of
/// every view's tables). Freeing them in place took about a third of the
/// `undo`'s time. Handed over here instead, they are freed on a serial
/// utility queue while the shell waits for its next line.
///
/// Safe because what is handed over is unreachable from the engine: it was
/// moved out of the log and the history, and nothing reads it again. A
/// buffer it still shares with live state (copy-on-write) is only released
/// there, and Swift's reference counts are atomic. The general path
/// (``FastPaths/releaseInBackground`` off) frees it in place.
package enum Reclamation {
    private static let queue = DispatchQueue(label: "ReuseEngine.reclamation", qos: .utility)
    /// Parcels handed over since the process started (tests read it).
    private static let handedOver = Atomic<Int>(0)
    /// Parcels freed so far.
    private static let freed = Atomic<Int>(0)

    /// Owns a value until the queue lets it go.
    ///
    /// Only the queue touches `value` once the parcel is handed over (the
    /// caller keeps no other reference to what is inside), which is what
    /// makes `@unchecked Sendable` hold.
    private final class Parcel<Value: Sendable>: @unchecked Sendable {
        var value: Value?
        init(_ value: consuming Value) { self.value = value }
    }

    /// Frees `value` on the background queue. The caller must hold no other
    /// reference to the buffers inside it, or they are merely released there.
    static func release<Value: Sendable>(_ value: consuming Value) {
        let parcel = Parcel(value)
        handedOver.add(1, ordering: .relaxed)
        queue.async {
            // Freed here, whichever thread lets go of the closure last.
            parcel.value = nil
            freed.add(1, ordering: .relaxed)
        }
    }

    /// Waits until everything handed over so far has been freed; returns
    /// how many parcels were handed over in all (tests and benchmarks that
    /// measure memory call it first).
    @discardableResult
    package static func drain() -> (handedOver: Int, freed: Int) {
        queue.sync {}
        return (handedOver.load(ordering: .relaxed), freed.load(ordering: .relaxed))
    }
}
