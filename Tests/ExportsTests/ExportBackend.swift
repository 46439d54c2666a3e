import Foundation
import Postgres
import PostgresTestSupport
import RecoverData
import SQLite
import Testing

/// The databases an export test runs on: a fresh SQLite file, and a fresh schema of the PostgreSQL test
/// cluster when there is one (`scripts/postgres-test-cluster.sh run`).
enum ExportBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    static var allCases: [ExportBackend] { TestCluster.isAvailable ? [.sqlite, .postgres] : [.sqlite] }

    /// An empty study database with the full schema.
    func open() throws -> StudyStorage {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appending(path: "recover-exports-tests")
                .appending(path: UUID().uuidString)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return StudyStorage(
                try RecoverSchema.open(dataDirectory: folder, configuration: DatabaseConfiguration(durability: .normal))
            )
        case .postgres:
            return try RecoverSchema.open(
                postgres: try TestDatabase.newSchemaURL(), configuration: PostgresConfiguration(maximumConnections: 2))
        }
    }
}
