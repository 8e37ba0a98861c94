// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "reuse-shell",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ReuseEngine", targets: ["ReuseEngine"]),
        .library(name: "ReuseShell", targets: ["ReuseShell"]),
        .library(name: "ReuseConformance", targets: ["ReuseConformance"]),
        .executable(name: "reuse-shell", targets: ["reuse-shell"]),
        .executable(name: "reuse-bench", targets: ["reuse-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // `swift package generate-documentation` (.ci/docs): ReuseEngine's DocC catalogue.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // libedit (histedit.h), bound through pkg-config.
        .systemLibrary(
            name: "CLibEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // The reuse algorithm over a simulated view system.
        .target(
            name: "ReuseEngine",
            // Only the two modules it uses (not the whole Collections umbrella,
            // whose other modules would build for every package that depends on this one).
            dependencies: [
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            // The fast paths' switches (FastPaths, FAST_PATHS.md) are variables
            // in debug builds, where the tests turn them off one by one, and a
            // constant in release builds, where every guard folds away.
            swiftSettings: [.define("FAST_PATH_SWITCHES", .when(configuration: .debug))],
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        // The command language: parsing, commands, rendering. No terminal code.
        .target(
            name: "ReuseShell",
            dependencies: ["ReuseEngine"]
        ),
        // The thin executable: flags, libedit line editing, script replay.
        .executableTarget(
            name: "reuse-shell",
            dependencies: [
                "ReuseShell",
                "CLibEdit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The tight floor (issue 38): PassFloor's pass in plain C over flat
        // arrays, which reuse-bench measures beside PassFloor.
        .target(name: "TightFloor"),
        .executableTarget(
            name: "reuse-bench",
            dependencies: [
                "ReuseEngine",
                "ReuseShell",
                "TightFloor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A libFuzzer target over the interpreter (Tests/Fuzz/run-libfuzzer.sh).
        .executableTarget(
            name: "reuse-fuzz",
            dependencies: ["ReuseShell"]
        ),
        // The conformance kit: any strategy through the promise checker,
        // random sessions (invariants, determinism, save round trip, shrunk
        // failures) and the leak detector.
        .target(
            name: "ReuseConformance",
            dependencies: ["ReuseEngine", "ReuseShell"]
        ),
        // What more than one test target uses: a JSON parser, the JSON
        // Schema validator the documents are held to, a typed-API session.
        .target(name: "TestSupport", dependencies: ["ReuseEngine"], path: "Tests/TestSupport"),
        .testTarget(name: "ReuseEngineTests", dependencies: ["ReuseEngine", "TestSupport"]),
        .testTarget(name: "TightFloorTests", dependencies: ["TightFloor", "ReuseEngine"]),
        .testTarget(name: "ReuseShellTests", dependencies: ["ReuseShell", "ReuseConformance", "TestSupport"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["ReuseShell", "ReuseConformance", "TestSupport"],
            exclude: ["Transcripts", "Pictures"]
        ),
    ]
)
