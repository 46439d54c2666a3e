import Cryptography
import Foundation
import SQLite

/// A signed informed consent: the exact document, who signed it, how, when, and what signing meant, bound
/// together by one hash so that a signature cannot be moved to another record unnoticed.
///
/// The binding hash is SHA-256 over ``canonicalBytes``, a length-prefixed serialisation of every field
/// including the participant id. ``isIntact`` recomputes it. A server signature over the binding hash
/// (Ed25519) can be added later in ``serverSignature``; it is not part of the binding.
///
/// ```swift
/// let record = ConsentRecord(id: runID, patientID: account.id, documentHTML: Data(html.utf8), ...)
/// try database.write { db in try ConsentStore.add(record, in: db) }
/// ```
public struct ConsentRecord: Codable, Hashable, Sendable {
    /// The client-generated id (the survey run's id), which makes storing idempotent.
    public var id: String
    /// The participant (their account id).
    public var patientID: String
    /// The exact bytes of the document shown.
    public var documentHTML: Data
    /// SHA-256 of `documentHTML`, lowercase hex.
    public var documentSHA256: String
    /// The document's version, such as `1.0`.
    public var documentVersion: String
    /// The document's language as a BCP 47 tag.
    public var language: String
    /// The name the participant typed beside the signature.
    public var printedName: String
    /// The drawn strokes as JSON (`[[{"x":..,"y":..,"t":..}, ...], ...]`).
    public var signatureStrokes: Data
    /// The signature image as PNG bytes.
    public var signaturePNG: Data
    /// The server's instant of signing (UTC, milliseconds).
    public var signedAt: Date
    /// The participant's UTC offset at signing, like `+08:00`.
    public var utcOffset: String
    /// The participant's zone identifier at signing.
    public var timeZoneIdentifier: String
    /// What signing meant, as shown beside the signature.
    public var signatureMeaning: String
    /// SHA-256 of the canonical serialisation of all the fields above, lowercase hex.
    public var bindingHash: String
    /// A server signature over the binding hash, added by the signing service when configured.
    public var serverSignature: Data?

    /// A record whose document hash and binding hash are computed from the fields.
    public init(
        id: String, patientID: String, documentHTML: Data, documentVersion: String, language: String,
        printedName: String, signatureStrokes: Data, signaturePNG: Data, signedAt: Date, utcOffset: String,
        timeZoneIdentifier: String, signatureMeaning: String, serverSignature: Data? = nil
    ) {
        self.id = id
        self.patientID = patientID
        self.documentHTML = documentHTML
        self.documentSHA256 = Crypto.hex(Crypto.sha256([UInt8](documentHTML)))
        self.documentVersion = documentVersion
        self.language = language
        self.printedName = printedName
        self.signatureStrokes = signatureStrokes
        self.signaturePNG = signaturePNG
        self.signedAt = DatabaseDate.rounded(signedAt)
        self.utcOffset = utcOffset
        self.timeZoneIdentifier = timeZoneIdentifier
        self.signatureMeaning = signatureMeaning
        self.serverSignature = serverSignature
        self.bindingHash = ""
        self.bindingHash = computedBindingHash
    }

    /// The bytes the binding hash covers: a format tag, then each field as `name`, byte length and bytes.
    public var canonicalBytes: [UInt8] {
        var bytes: [UInt8] = []
        func field(_ name: String, _ value: [UInt8]) {
            bytes += Array(name.utf8) + [0x3A] + Array(String(value.count).utf8) + [0x3A] + value + [0x0A]
        }
        field("format", Array("recover.consent.v1".utf8))
        field("id", Array(id.utf8))
        field("patientID", Array(patientID.utf8))
        field("documentSHA256", Array(documentSHA256.utf8))
        field("document", [UInt8](documentHTML))
        field("documentVersion", Array(documentVersion.utf8))
        field("language", Array(language.utf8))
        field("printedName", Array(printedName.utf8))
        field("signatureStrokes", [UInt8](signatureStrokes))
        field("signaturePNG", [UInt8](signaturePNG))
        field("signedAt", Array(DatabaseDate.string(from: signedAt).utf8))
        field("utcOffset", Array(utcOffset.utf8))
        field("timeZone", Array(timeZoneIdentifier.utf8))
        field("signatureMeaning", Array(signatureMeaning.utf8))
        return bytes
    }

    /// The binding hash recomputed from the current fields.
    public var computedBindingHash: String { Crypto.hex(Crypto.sha256(canonicalBytes)) }

    /// Whether the stored hashes still match the fields (nothing was changed after signing).
    public var isIntact: Bool {
        documentSHA256 == Crypto.hex(Crypto.sha256([UInt8](documentHTML))) && bindingHash == computedBindingHash
    }
}
