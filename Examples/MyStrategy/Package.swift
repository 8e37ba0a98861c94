// swift-tools-version: 6.2
import PackageDescription

// A strategy of your own, built on ReuseEngine's strategy SDK and checked by
// its conformance kit: `swift run my-strategy` (from this folder).
let package = Package(
    name: "MyStrategy",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The reuse-shell package, by path (from a release: its URL and a version).
        .package(name: "reuse-shell", path: "../.."),
    ],
    targets: [
        // The strategy: its policies and its descriptor.
        .target(
            name: "MyStrategy",
            dependencies: [.product(name: "ReuseEngine", package: "reuse-shell")]
        ),
        // Runs the conformance kit on it, then a session under it beside theodolite.
        .executableTarget(
            name: "my-strategy",
            dependencies: [
                "MyStrategy",
                .product(name: "ReuseConformance", package: "reuse-shell"),
                .product(name: "ReuseShell", package: "reuse-shell"),
            ]
        ),
    ]
)
