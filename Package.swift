// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first (DESIGN.md): an arrow only points down.
/// pango's headers, for the targets that import CPangoCairo (Package.swift's CPangoCairo entry says why).
let pangoIncludes = SwiftSetting.unsafeFlags(["-Xcc", "-I/usr/include/pango-1.0"])

let package = Package(
    name: "Recover",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Research", targets: ["Research"]),
        .library(name: "Care", targets: ["Care"]),
        .library(name: "SQLite", targets: ["SQLite"]),
        .library(name: "Postgres", targets: ["Postgres"]),
        .library(name: "CareSQLite", targets: ["CareSQLite"]),
        .library(name: "CarePostgres", targets: ["CarePostgres"]),
        .library(name: "Recover", targets: ["Recover"]),
        .library(name: "RecoverData", targets: ["RecoverData"]),
        .library(name: "Web", targets: ["Web"]),
        .library(name: "WebTesting", targets: ["WebTesting"]),
        .library(name: "RecoverWeb", targets: ["RecoverWeb"]),
        .library(name: "ExportFormats", targets: ["ExportFormats"]),
        .library(name: "Exports", targets: ["Exports"]),
        .library(name: "HealthImport", targets: ["HealthImport"]),
        .library(name: "Printing", targets: ["Printing"]),
        .executable(name: "recover", targets: ["recover"]),
        .executable(name: "recover-bench", targets: ["RecoverBench"]),
        .executable(name: "recover-fuzz", targets: ["RecoverFuzz"]),
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
        .systemLibrary(
            name: "CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        .systemLibrary(
            name: "CXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // OpenSSL 3's libcrypto: P-256, HKDF, AES-GCM for Web Push (Debian ships libssl-dev).
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // zxcvbn's password strength estimate (Debian ships no pkg-config file for it).
        .systemLibrary(name: "CZxcvbn", providers: [.apt(["libzxcvbn-dev"])]),
        // Compression of responses: gzip (zlib) for every browser, brotli where the browser offers it.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
        // cairo's PDF surface and pango's text layout over fontconfig's fonts, for printed records. pango's own
        // pkg-config file pulls in glib's `-pthread` (through gio), a flag SwiftPM refuses with a warning, so the
        // include paths come from cairo, gobject and harfbuzz (arch-specific glibconfig.h included) and pango's
        // headers from `pangoIncludes` on the two targets that import the module.
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CGObject", pkgConfig: "gobject-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // Our own tiny C shim for libmicrohttpd's variadic start call.
        .target(name: "MHDShim", dependencies: ["CMicroHTTPD"]),

        // libsodium behind a small Swift API: CSPRNG, SHA-256, Argon2id, Ed25519; zxcvbn's strength estimate;
        // OpenSSL's P-256, HKDF and AES-128-GCM for Web Push.
        .target(name: "Cryptography", dependencies: ["CSodium", "CZxcvbn", "COpenSSL"]),

        // The engine.
        .target(name: "Research"),
        .target(name: "Care"),
        // What a store tells either database core it changes (a row, a kind of change): shared by both cores.
        .target(name: "RowChanges"),
        // The database core (knows no domain) and the care store on it.
        .target(name: "SQLite", dependencies: ["RowChanges", "CSQLite"]),
        .target(name: "CareSQLite", dependencies: ["Care", "SQLite", "RowChanges"]),
        // The PostgreSQL core (knows no domain): a connection pool, transactions with retry, migrations; the care
        // store on it.
        .target(name: "Postgres", dependencies: ["RowChanges", "CPostgres"]),
        .target(name: "CarePostgres", dependencies: ["Care", "Postgres", "RowChanges"]),

        // The study, its records and use cases.
        .target(name: "Recover", dependencies: ["Research", "Care"], resources: [.copy("Study")]),
        .target(
            name: "RecoverData",
            dependencies: [
                "Recover", "Research", "Care", "SQLite", "CareSQLite", "Postgres", "CarePostgres", "RowChanges",
                "Cryptography", "HealthImport",
            ]),
        // CSV cells and JSON values written byte for byte (knows no study): what the exports and the participant's
        // download write, and what the fuzz targets check without building the data layer.
        .target(name: "ExportFormats"),
        // Study data out: CSV, JSON, FHIR R4, the audit trail's JSON lines; streamed, written atomically.
        .target(
            name: "Exports",
            dependencies: [
                "ExportFormats", "Care", "RecoverData", "Research", "Recover", "Cryptography", "HealthImport",
            ]),
        // The HTTP framework, knowing no study: transport, router with groups and access rules, middleware,
        // requests and responses, HTML, localisation machinery.
        .target(name: "Web", dependencies: ["CMicroHTTPD", "MHDShim", "CZlib", "CBrotli"]),
        // Testing an app on the framework: an in-process test client and a raw HTTP connection to a live server
        // (as HummingbirdTesting is to Hummingbird); for tests and benchmarks, never the server.
        .target(name: "WebTesting", dependencies: ["Web"]),
        // Backups of a data folder: the database's online copy, the files, a manifest, in one archive (libarchive).
        .target(name: "Backups", dependencies: ["CArchive", "SQLite", "Cryptography"]),
        // Apple Health export.zip in, daily aggregates out: libarchive's zip reader into libxml2's push parser,
        // streamed (docs/health-import.md). Knows no database.
        .target(name: "HealthImport", dependencies: ["CArchive", "CXML2"]),
        // Printed records: a small A4 layout over pango and cairo, and the signed consent PDF on it (docs/consent.md).
        .target(
            name: "Printing", dependencies: ["CPangoCairo", "CGObject", "CHarfBuzz", "CXML2", "RecoverData"],
            swiftSettings: [pangoIncludes]),
        // Messages out: the SMTP mailer and the Web Push sender over libcurl, and the outbox's sender
        // (docs/messages.md, docs/web-push.md).
        .target(name: "Delivery", dependencies: ["CCurl", "RecoverData", "Cryptography"]),
        // The participant pages and the research console, on the framework.
        .target(
            name: "RecoverWeb",
            dependencies: [
                "Web", "Research", "Care", "RecoverData", "Recover", "Cryptography", "Exports", "ExportFormats",
                "HealthImport", "Printing",
            ],
            resources: [.copy("Assets")]
        ),
        // The composition root: stores, services and routes from a configuration.
        .target(
            name: "RecoverApp",
            dependencies: [
                "Web", "RecoverWeb", "RecoverData", "SQLite", "Postgres", "Recover", "Cryptography", "Exports",
                "Backups", "Delivery",
            ]),
        .executableTarget(
            name: "recover",
            dependencies: [
                "Research", "Care", "SQLite", "CareSQLite", "RecoverData", "Recover", "Web", "RecoverWeb",
                "RecoverApp", "Cryptography", "Exports", "Backups", "Postgres", "HealthImport", "Delivery",
                "Printing",
            ]
        ),
        .executableTarget(
            name: "RecoverBench",
            dependencies: [
                "Research", "Care", "SQLite", "CareSQLite", "RecoverData", "Recover", "Web", "RecoverWeb",
                "RecoverApp", "Cryptography", "Exports", "Postgres", "HealthImport", "ParticipantJourney", "Delivery",
                "CCurl", "CSQLite", "WebTesting",
            ]
        ),

        // Fuzzing: the targets (parsers with the properties they keep) and their driver (docs/robustness.md).
        .target(
            name: "FuzzTargets",
            dependencies: [
                "Web", "Research", "Care", "Recover", "ExportFormats", "HealthImport", "HealthExportFixture",
            ]),
        .executableTarget(name: "RecoverFuzz", dependencies: ["FuzzTargets"]),

        .testTarget(name: "ResearchTests", dependencies: ["Research"]),
        .testTarget(name: "CareTests", dependencies: ["Care"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"]),
        // The test server for every suite that needs PostgreSQL: one throwaway cluster per test process, a schema
        // per test.
        .target(name: "PostgresTestSupport", dependencies: ["Postgres"], path: "Tests/PostgresTestSupport"),
        // A participant's onboarding answers as the pages take them: the live tests' and the benchmarks'.
        .target(name: "ParticipantJourney", path: "Tests/ParticipantJourney"),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres", "PostgresTestSupport"]),
        .testTarget(
            name: "CareSQLiteTests",
            dependencies: ["CareSQLite", "SQLite", "Care", "CarePostgres", "Postgres", "PostgresTestSupport"]),
        .testTarget(
            name: "CarePostgresTests",
            dependencies: ["CarePostgres", "Postgres", "Care", "PostgresTestSupport", "CareSQLite", "SQLite"]),
        .testTarget(
            name: "RecoverDataTests",
            dependencies: [
                "RecoverData", "SQLite", "CareSQLite", "Care", "Recover", "Research", "Cryptography", "Postgres",
                "CarePostgres", "PostgresTestSupport", "HealthImport", "HealthExportFixture",
            ]),
        // A real SMTP server for the mail tests (aiosmtpd) and a local Web Push service that decrypts with
        // http-ece, from the test environment, on free ports.
        .target(
            name: "MailTestSupport", path: "Tests/MailTestSupport", exclude: ["smtp_capture.py", "push_endpoint.py"]),
        .testTarget(
            name: "DeliveryTests",
            dependencies: [
                "Delivery", "RecoverData", "MailTestSupport", "PostgresTestSupport", "Postgres", "SQLite",
                "Cryptography", "Care",
            ]),
        .testTarget(name: "RecoverTests", dependencies: ["Recover", "Research", "Care"]),
        .testTarget(name: "WebTests", dependencies: ["Web", "WebTesting", "CBrotli"]),
        .testTarget(
            name: "RecoverWebTests",
            dependencies: [
                "Web", "WebTesting", "RecoverWeb", "RecoverApp", "RecoverData", "SQLite", "CareSQLite", "Recover",
                "Cryptography", "Exports", "ExportFormats", "HealthImport", "HealthExportFixture", "MailTestSupport",
                "Delivery", "PDFTestSupport", "PostgresTestSupport",
            ]),
        .testTarget(
            name: "RecoverCLITests",
            dependencies: [
                "recover", "SQLite", "Postgres", "PostgresTestSupport", "HealthExportFixture", "ParticipantJourney",
                "MailTestSupport", "PDFTestSupport", "RecoverData", "Cryptography",
            ]),
        .testTarget(name: "CryptographyTests", dependencies: ["Cryptography"]),
        // poppler's pdftotext and pdffonts on a PDF in memory: what a reader of a printed record gets.
        .target(name: "PDFTestSupport", path: "Tests/PDFTestSupport"),
        .testTarget(
            name: "PrintingTests",
            dependencies: [
                "Printing", "RecoverData", "Recover", "CPangoCairo", "CGObject", "CHarfBuzz", "PDFTestSupport",
            ],
            swiftSettings: [pangoIncludes]),
        .testTarget(name: "FuzzTests", dependencies: ["FuzzTargets", "HealthImport"]),
        .testTarget(name: "BackupsTests", dependencies: ["Backups", "SQLite"]),
        // Small Apple Health exports written in Swift (libarchive's zip writer), for every suite that imports one.
        .target(name: "HealthExportFixture", dependencies: ["CArchive"], path: "Tests/HealthExportFixture"),
        .testTarget(name: "HealthImportTests", dependencies: ["HealthImport", "CArchive", "HealthExportFixture"]),
        .testTarget(
            name: "ExportsTests",
            dependencies: [
                "Exports", "ExportFormats", "RecoverData", "SQLite", "CareSQLite", "Care", "Recover", "Cryptography",
                "HealthImport", "Postgres", "PostgresTestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
