import Foundation
import Printing
import RecoverData

extension Commands {
    static let consentPDF = CommandSpec(
        name: "pdf",
        abstract: "Write a participant's signed consent as a PDF (docs/consent.md).",
        synopsis: "--participant ID --out FILE [--record ID] [--data-dir DIR] [--database URL]",
        discussion: """
            The PDF holds the exact consent document, the drawn signature, the printed name, the date and time \
            of signing with the participant's UTC offset, the meaning of the signature, the document's version \
            and SHA-256, the record's binding hash and the server's signature with its key id. Without \
            --record it is the participant's newest record. The file appears only when complete (temporary \
            file, then rename). The audit trail records the read as cli:consent-pdf:<user>.
            """,
        options: [
            .option("participant", value: "ID", help: "The participant (their account id)."),
            .option("out", value: "FILE", help: "The PDF file to write."),
            .option("record", value: "ID", help: "This consent record of theirs (default: the newest)."),
        ] + StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let participant = try arguments.required("participant")
        let out = URL(fileURLWithPath: try arguments.required("out"))
        let data = try StudyLocation.openExisting(arguments)
        guard let account = try data.records.participantAccount(id: participant) else {
            throw NoInputError("no participant with id '\(participant)' in \(data.url.path)")
        }
        let records = try data.records.consentRecords(patientID: account.id)
        let chosen: ConsentRecord
        if let recordID = arguments.value("record") {
            guard let record = records.first(where: { $0.id == recordID }) else {
                throw NoInputError("participant '\(participant)' has no consent record with id '\(recordID)'")
            }
            chosen = record
        } else {
            guard let newest = records.max(by: { ($0.signedAt, $0.id) < ($1.signedAt, $1.id) }) else {
                throw NoInputError("participant '\(participant)' has no signed consent record")
            }
            chosen = newest
        }
        let pdf = try ConsentPDF.render(chosen, keyID: try data.records.consentKeyID(recordID: chosen.id))
        try data.records.recordStaffRead(
            actor: OperatorActor.actor(command: "consent-pdf"),
            of: AuditedRow(table: "consent_record", key: chosen.id), participantID: account.id, at: Date())
        do {
            try pdf.write(to: out, options: .atomic)
        } catch {
            throw CannotCreateError("cannot write \(out.path): \(error.localizedDescription)")
        }
        Output.standard.line("wrote consent record \(chosen.id) (\(pdf.count) bytes) to \(out.path)")
    }
}
