/// The version of reuse-shell and its libraries: the one place it is written.
///
/// `reuse-shell --version` prints it, and `VersionTests` holds it equal to
/// the newest released entry of CHANGELOG.md (`## [X.Y.Z] - DATE`), so a
/// release changes both in the same commit, and the tag names the same.
public enum ReuseShellVersion {
    /// `MAJOR.MINOR.PATCH` (Semantic Versioning).
    public static let current = "0.8.0"
}
