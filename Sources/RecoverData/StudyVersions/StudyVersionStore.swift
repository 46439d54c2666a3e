import Cryptography
import Foundation
import Recover
import SQLite
import Synchronization

/// One applied version of the study (`study_version`): the file as given, from when it applies, who applied it and
/// what it changed. Append-only: a study's history is never rewritten.
public struct StudyVersionRecord: Hashable, Sendable {
    /// The version number (`studyVersion` of the file).
    public let version: Int
    /// The first day it applies, on each participant's wall clock.
    public let effectiveOn: String
    /// When it was applied.
    public let appliedAt: Date
    /// Who applied it (`cli:<os user>`, `account:<id>`, `system`).
    public let appliedBy: String
    /// What it changed, one plain line each.
    public let changes: [String]
    /// The SHA-256 of the file, hex.
    public let sha256: String
}

/// The stored study versions and the definition in force.
enum StudyVersionStore {
    /// Definitions by file hash: a file is read and checked once per process.
    private static let cache = Mutex<[String: StudyDefinition]>([:])

    /// The study in force: the highest stored version, or the shipped study when none is stored.
    static func inForce(in db: StoreConnection) throws -> StudyDefinition {
        guard let row = try db.queryOne("SELECT sha256 FROM study_version ORDER BY version DESC LIMIT 1") else {
            StudyTaskTexts.register(RecoverStudy.shipped)
            return RecoverStudy.shipped
        }
        return try definition(sha256: try row.string("sha256"), in: db)
    }

    /// The stored version `version`, or nil.
    static func definition(version: Int, in db: StoreConnection) throws -> StudyDefinition? {
        guard let row = try db.queryOne("SELECT sha256 FROM study_version WHERE version = ?", [version]) else {
            return version == RecoverStudy.shipped.version ? RecoverStudy.shipped : nil
        }
        return try definition(sha256: try row.string("sha256"), in: db)
    }

    private static func definition(sha256: String, in db: StoreConnection) throws -> StudyDefinition {
        if let cached = cache.withLock({ $0[sha256] }) { return cached }
        guard let row = try db.queryOne("SELECT file FROM study_version WHERE sha256 = ?", [sha256]) else {
            throw StoreMisuse("study version \(sha256) vanished")
        }
        let study = try StudyFile.read(try row.data("file"), importQuestionnaire: RecoverStudy.questionnaireImporter)
        cache.withLock { $0[sha256] = study }
        StudyTaskTexts.register(study)
        return study
    }

    /// Every stored version, newest first.
    static func records(in db: StoreConnection) throws -> [StudyVersionRecord] {
        try db.query(
            "SELECT version, effective_on, applied_at, applied_by, changes, sha256 FROM study_version ORDER BY version DESC"
        ).map { row in
            StudyVersionRecord(
                version: try row.int("version"), effectiveOn: try row.string("effective_on"),
                appliedAt: try row.date("applied_at"), appliedBy: try row.string("applied_by"),
                changes: try row.string("changes").split(separator: "\n").map(String.init),
                sha256: try row.string("sha256"))
        }
    }

    /// Stores a version, audited.
    static func insert(
        file: Data, version: Int, effectiveOn: String, changes: [String], at now: Date, in db: StoreConnection
    ) throws {
        let sha = Crypto.sha256(Array(file)).map { String(format: "%02x", $0) }.joined()
        let row = AuditedRow(table: "study_version", keyColumn: "version", key: String(version))
        try AuditTrail.recordChange(.create, of: row, participantID: nil, in: db) {
            try db.execute(
                """
                INSERT INTO study_version (version, effective_on, applied_at, applied_by, changes, sha256, file)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [version, effectiveOn, now, db.auditActor, changes.joined(separator: "\n"), sha, file])
        }
    }
}
