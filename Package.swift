// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first (DESIGN.md): an arrow only points down.
let package = Package(
    name: "Recover",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Research", targets: ["Research"]),
        .library(name: "Care", targets: ["Care"]),
        .library(name: "SQLite", targets: ["SQLite"]),
        .library(name: "CareSQLite", targets: ["CareSQLite"]),
        .library(name: "Recover", targets: ["Recover"]),
        .library(name: "RecoverData", targets: ["RecoverData"]),
        .library(name: "RecoverWeb", targets: ["RecoverWeb"]),
        .library(name: "Exports", targets: ["Exports"]),
        .executable(name: "recover", targets: ["recover"]),
        .executable(name: "recover-bench", targets: ["RecoverBench"]),
    ],
    targets: [
        // System libraries: module map + shim header only.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        // zxcvbn's password strength estimate (Debian ships no pkg-config file for it).
        .systemLibrary(name: "CZxcvbn", providers: [.apt(["libzxcvbn-dev"])]),
        // Our own tiny C shim for libmicrohttpd's variadic start call.
        .target(name: "MHDShim", dependencies: ["CMicroHTTPD"]),

        // libsodium behind a small Swift API: CSPRNG, SHA-256, Argon2id, Ed25519; zxcvbn's strength estimate.
        .target(name: "Cryptography", dependencies: ["CSodium", "CZxcvbn"]),

        // The engine.
        .target(name: "Research"),
        .target(name: "Care"),
        // The database core (knows no domain) and the care store on it.
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        .target(name: "CareSQLite", dependencies: ["Care", "SQLite"]),

        // The study, its records and use cases.
        .target(name: "Recover", dependencies: ["Research", "Care"]),
        .target(
            name: "RecoverData", dependencies: ["Recover", "Research", "Care", "SQLite", "CareSQLite", "Cryptography"]),
        // Study data out: CSV, JSON, FHIR R4, the audit trail's JSON lines; streamed, written atomically.
        .target(
            name: "Exports", dependencies: ["Care", "RecoverData", "SQLite", "Research", "Recover", "Cryptography"]),
        .target(
            name: "RecoverWeb",
            dependencies: [
                "Research", "Care", "RecoverData", "Recover", "CMicroHTTPD", "MHDShim", "Cryptography",
                "Exports",
            ],
            resources: [.copy("Assets")]
        ),
        // The composition root: stores, services and routes from a configuration.
        .target(
            name: "RecoverApp",
            dependencies: ["RecoverWeb", "RecoverData", "SQLite", "Recover", "Cryptography", "Exports"]),
        .executableTarget(
            name: "recover",
            dependencies: [
                "Research", "Care", "SQLite", "CareSQLite", "RecoverData", "Recover", "RecoverWeb", "RecoverApp",
                "Cryptography", "Exports",
            ]
        ),
        .executableTarget(
            name: "RecoverBench",
            dependencies: [
                "Research", "Care", "SQLite", "CareSQLite", "RecoverData", "Recover", "RecoverWeb", "RecoverApp",
                "Cryptography", "Exports",
            ]
        ),

        .testTarget(name: "ResearchTests", dependencies: ["Research"]),
        .testTarget(name: "CareTests", dependencies: ["Care"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"]),
        .testTarget(name: "CareSQLiteTests", dependencies: ["CareSQLite", "SQLite", "Care"]),
        .testTarget(
            name: "RecoverDataTests",
            dependencies: ["RecoverData", "SQLite", "CareSQLite", "Care", "Recover", "Research", "Cryptography"]),
        .testTarget(name: "RecoverTests", dependencies: ["Recover", "Research", "Care"]),
        .testTarget(
            name: "RecoverWebTests",
            dependencies: [
                "RecoverWeb", "RecoverApp", "RecoverData", "SQLite", "CareSQLite", "Recover", "Cryptography", "Exports",
            ]),
        .testTarget(name: "RecoverCLITests", dependencies: ["recover"]),
        .testTarget(name: "CryptographyTests", dependencies: ["Cryptography"]),
        .testTarget(
            name: "ExportsTests",
            dependencies: ["Exports", "RecoverData", "SQLite", "CareSQLite", "Care", "Recover", "Cryptography"]),
    ],
    swiftLanguageModes: [.v6]
)
