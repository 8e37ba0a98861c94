// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "reuse-shell",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ReuseEngine", targets: ["ReuseEngine"]),
        .library(name: "ReuseShell", targets: ["ReuseShell"]),
        .executable(name: "reuse-shell", targets: ["reuse-shell"]),
        .executable(name: "reuse-bench", targets: ["reuse-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
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
            dependencies: [.product(name: "Collections", package: "swift-collections")],
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
        .executableTarget(
            name: "reuse-bench",
            dependencies: ["ReuseEngine", "ReuseShell"]
        ),
        // A libFuzzer target over the interpreter (Tests/Fuzz/run-libfuzzer.sh).
        .executableTarget(
            name: "reuse-fuzz",
            dependencies: ["ReuseShell"]
        ),
        // What more than one test target uses (a seeded random generator, a
        // JSON parser and the JSON Schema validator the documents are held to).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ReuseEngineTests", dependencies: ["ReuseEngine", "TestSupport"]),
        .testTarget(name: "ReuseShellTests", dependencies: ["ReuseShell", "TestSupport"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["ReuseShell", "TestSupport"],
            exclude: ["Transcripts", "Pictures"]
        ),
    ]
)
