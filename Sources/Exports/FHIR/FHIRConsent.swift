import ExportFormats
import Foundation
import RecoverData

/// A Consent per consent record, with a Provenance whose signatures carry the participant's drawn signature
/// (the PNG) and the server's Ed25519 signature of the record.
enum FHIRConsent {
    /// The extension on a resource collected under consent record `recordID`.
    static func collectedUnder(_ recordID: String) -> (String, JSONNode) {
        (
            "extension",
            .array([
                .object([
                    ("url", .string(FHIRCodes.collectedUnderConsent)),
                    ("valueReference", FHIRReference.reference(FHIRReference.id("Consent", recordID))),
                ])
            ])
        )
    }

    /// A Provenance's `agent`: the participant as its author.
    static func authorAgent(_ patientID: String) -> (String, JSONNode) {
        (
            "agent",
            .array([
                .object([
                    (
                        "type",
                        FHIRCodes.concept([
                            FHIRCodes.coding(
                                "http://terminology.hl7.org/CodeSystem/provenance-participant-type", "author", "Author")
                        ])
                    ),
                    ("who", FHIRReference.reference(patientID)),
                ])
            ])
        )
    }

    /// The Provenance of a participant's withdrawal: it ended their active Consents at `withdrawnAt`.
    static func withdrawal(consentRecordIDs: [String], withdrawnAt: Date, patientID: String)
        -> JSONNode
    {
        .object([
            ("resourceType", .string("Provenance")),
            ("id", .string(FHIRReference.id("Provenance", "withdrawal/\(patientID)"))),
            ("target", .array(consentRecordIDs.map { FHIRReference.reference(FHIRReference.id("Consent", $0)) })),
            ("recorded", .string(StoredInstant.text(of: withdrawnAt))),
            (
                "activity",
                FHIRCodes.concept(
                    [FHIRCodes.coding("http://terminology.hl7.org/CodeSystem/v3-DataOperation", "UPDATE", "revise")],
                    text: "Withdrawal from the study")
            ),
            authorAgent(patientID),
        ])
    }

    /// A Consent per record: `active` while it is the participant's newest record of its document and they
    /// have not withdrawn; `inactive` once withdrawn or superseded by a newer version they signed.
    static func consent(_ record: ConsentRecord, patientID: String, isActive: Bool = true) -> JSONNode {
        var attachment: [(String, JSONNode)] = [
            ("contentType", .string("text/html")), ("language", .string(record.language)),
        ]
        if !record.documentHTML.isEmpty {
            attachment.append(("data", .string(record.documentHTML.base64EncodedString())))
        }
        attachment.append(("title", .string("Consent document version \(record.documentVersion)")))
        return .object([
            ("resourceType", .string("Consent")), ("id", .string(FHIRReference.id("Consent", record.id))),
            ("status", .string(isActive ? "active" : "inactive")),
            (
                "scope",
                FHIRCodes.concept([
                    FHIRCodes.coding("http://terminology.hl7.org/CodeSystem/consentscope", "research", "Research")
                ])
            ),
            (
                "category",
                .array([FHIRCodes.concept([FHIRCodes.coding(FHIRCodes.loinc, "59284-0", "Consent Document")])])
            ),
            ("patient", FHIRReference.reference(patientID)),
            ("dateTime", .string(StoredInstant.text(of: record.signedAt))),
            ("sourceAttachment", .object(attachment)),
            (
                "policyRule",
                FHIRCodes.concept([
                    FHIRCodes.coding("http://terminology.hl7.org/CodeSystem/v3-ActCode", "OPTIN", "opt-in")
                ])
            ),
        ])
    }

    static func provenance(
        _ record: ConsentRecord, server: ConsentSigning.StoredSignature?, patientID: String
    ) -> JSONNode {
        let consentID = FHIRReference.id("Consent", record.id)
        let signedAt = StoredInstant.text(of: record.signedAt)
        var participant: [(String, JSONNode)] = [
            (
                "type",
                .array([FHIRCodes.coding(FHIRCodes.signatureType, "1.2.840.10065.1.12.1.7", "Consent Signature")])
            ),
            ("when", .string(signedAt)), ("who", FHIRReference.reference(patientID)),
            ("sigFormat", .string("image/png")),
        ]
        if !record.signaturePNG.isEmpty {
            participant.append(("data", .string(record.signaturePNG.base64EncodedString())))
        }
        var signatures: [JSONNode] = [.object(participant)]
        if let server {
            signatures.append(
                .object([
                    (
                        "type",
                        .array([
                            FHIRCodes.coding(FHIRCodes.signatureType, "1.2.840.10065.1.12.1.14", "Source Signature")
                        ])
                    ),
                    ("when", .string(StoredInstant.text(of: server.signedAt))),
                    (
                        "who",
                        .object([
                            (
                                "identifier",
                                .object([("system", .string(FHIRCodes.signingKey)), ("value", .string(server.keyID))])
                            ),
                            ("display", .string("Recover server (Ed25519)")),
                        ])
                    ),
                    ("targetFormat", .string("text/plain")), ("sigFormat", .string("application/octet-stream")),
                    ("data", .string(server.signature.base64EncodedString())),
                ]))
        }
        return .object([
            ("resourceType", .string("Provenance")), ("id", .string(FHIRReference.id("Provenance", record.id))),
            ("target", .array([FHIRReference.reference(consentID)])), ("recorded", .string(signedAt)),
            authorAgent(patientID),
            ("signature", .array(signatures)),
        ])
    }
}
