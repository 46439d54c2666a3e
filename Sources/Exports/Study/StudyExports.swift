import Cryptography
import Foundation
import RecoverData

/// The whole study's exports with pseudonymous participant ids: what the console's download links write.
///
/// ```swift
/// let exports = StudyExports(records: records, signingKey: key)
/// try exports.write(.csv, to: file)                          // a file, atomically
/// try exports.write(.csv, to: ExportWriter { try body.write($0) })   // a download, streamed
/// ```
public struct StudyExports: Sendable {
    /// The study's records.
    public let records: StudyDatabase
    /// The key the pseudonyms are derived from.
    public let signingKey: SigningKey

    /// The exports of `records`, with pseudonyms derived from `signingKey`.
    public init(records: StudyDatabase, signingKey: SigningKey) {
        self.records = records
        self.signingKey = signingKey
    }

    /// Writes the export of every participant in `format` to `destination` atomically; returns its count.
    /// JSON and FHIR carry a signed audit checkpoint made (and stored) just before.
    @discardableResult
    public func write(_ format: ExportFormat, to destination: URL) throws -> Int {
        try ExportFile.write(to: destination) { file in try write(format, to: file.writer) }
    }

    /// Streams the export of every participant in `format` to `output` (a download's body) and flushes it;
    /// returns its count. JSON and FHIR carry a signed audit checkpoint made (and stored) just before.
    @discardableResult
    public func write(_ format: ExportFormat, to output: ExportWriter) throws -> Int {
        let checkpoint = try AuditCheckpoint.make(signingKey: signingKey, in: records.database)
        return try format.write(
            from: records.database, filter: try ExportFilter(), pseudonyms: Pseudonyms(signingKey: signingKey),
            to: output, checkpoint: checkpoint)
    }
}
