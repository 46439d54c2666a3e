import CareSQLite
import Cryptography
import Foundation
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web

@Suite struct ConsoleRecordsTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]

    func addConsent(_ fixture: ConsoleFixture, patientID: String, name: String) throws -> ConsentRecord {
        let record = ConsentRecord(
            id: UUID().uuidString.lowercased(), patientID: patientID,
            documentHTML: Data("<h1>Consent</h1><p>I agree.</p>".utf8), documentVersion: "1.0", language: "en",
            printedName: name, signatureStrokes: Data("[]".utf8), signaturePNG: Data(Self.png),
            signedAt: fixture.clock.now, utcOffset: "+08:00", timeZoneIdentifier: "Asia/Shanghai",
            signatureMeaning: "I consent to take part in the study")
        try ConsentStore(database: fixture.database, signingKey: fixture.signingKey).add(record)
        return record
    }

    @Test func everyStaffViewOfAParticipantIsAuditedOnceAndListed() throws {
        let fixture = try ConsoleFixture()
        let staff = try fixture.addStaff("res@example.com", role: .researcher)
        let alice = try fixture.addParticipant("alice@example.com", checkins: [1: (3, 7)])
        let bob = try fixture.addParticipant("bob@example.com")
        let trail = AuditTrail(database: fixture.database)
        var client = fixture.client()
        client.signIn("res@example.com")
        client.get("/console")
        client.get("/console/participants")
        #expect(try trail.entries(forParticipant: alice, actions: [.read]).isEmpty)

        let page = client.get("/console/participants/\(alice)").text
        var reads = try trail.entries(forParticipant: alice, actions: [.read])
        #expect(reads.count == 1)
        #expect(reads.first?.actor == "account:\(staff.id)")
        #expect(reads.first?.entityType == "account")
        #expect(page.contains("<td>res@example.com</td><td>read</td>"))
        #expect(page.contains("<td>created</td>"))
        client.get("/console/participants/\(alice)")
        reads = try trail.entries(forParticipant: alice, actions: [.read])
        #expect(reads.count == 2)
        #expect(try trail.entries(forParticipant: bob, actions: [.read]).isEmpty)
        #expect(try trail.verify() == .ok(count: try trail.count()))
    }

    @Test func consentRecordShowsItsSignatureAndVerificationAndDetectsAlteration() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("admin@example.com", role: .admin)
        let alice = try fixture.addParticipant("alice@example.com")
        let bob = try fixture.addParticipant("bob@example.com")
        let record = try addConsent(fixture, patientID: alice, name: "Alice Liddell")
        let bobRecord = try addConsent(fixture, patientID: bob, name: "Bob Builder")
        var client = fixture.client()
        client.signIn("admin@example.com")

        let page = client.get("/console/participants/\(alice)").text
        #expect(page.contains("verified: unchanged since signing"))
        #expect(page.contains("Alice Liddell"))
        #expect(!page.contains("Bob Builder"))
        #expect(page.contains("/console/participants/\(alice)/consent/\(record.id)/signature.png"))

        let image = client.get("/console/participants/\(alice)/consent/\(record.id)/signature.png")
        #expect(image.status == .ok)
        #expect(image.body == Self.png)
        #expect(image.header("Content-Type") == "image/png")
        #expect(image.header("Cache-Control") == "no-store")
        let crossed = client.get("/console/participants/\(alice)/consent/\(bobRecord.id)/signature.png")
        #expect(crossed.status == .notFound)
        let reads = try AuditTrail(database: fixture.database).entries(forParticipant: alice, actions: [.read])
        #expect(reads.contains { $0.entityType == "consent_record" && $0.entityID == record.id })

        let copy = client.get("/console/participants/\(alice)/consent").text
        #expect(copy.contains("Alice Liddell"))
        #expect(copy.contains("2027-01-15 16:00:00 +08:00 (Asia/Shanghai)"))
        #expect(copy.contains("I consent to take part in the study"))
        #expect(copy.contains("sandbox=\"\""))

        try fixture.database.write { db in
            // As someone with the file can: the trigger refuses the change otherwise.
            try db.execute("DROP TRIGGER consent_record_no_update")
            try db.execute("UPDATE consent_record SET printed_name = ? WHERE id = ?", ["Mallory", record.id])
        }
        // The server's signature names the altered field; the binding hash no longer matches either.
        #expect(
            client.get("/console/participants/\(alice)").text.contains(
                "altered since signing:</span> printed name, binding hash"))
    }

    @Test func serverSignedConsentVerifiesAndNamesTheAlteredField() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("admin@example.com", role: .admin)
        let alice = try fixture.addParticipant("alice@example.com")
        let record = try addConsent(fixture, patientID: alice, name: "Alice Liddell")
        var client = fixture.client()
        client.signIn("admin@example.com")
        let page = client.get("/console/participants/\(alice)").text
        #expect(page.contains("verified: unchanged since signing"))
        #expect(page.contains("(hash-bound and signed by the server)"))
        try fixture.database.write { db in
            // As someone with the file can: the trigger refuses the change otherwise.
            try db.execute("DROP TRIGGER consent_record_no_update")
            try db.execute("UPDATE consent_record SET printed_name = ? WHERE id = ?", ["Mallory", record.id])
        }
        let altered = client.get("/console/participants/\(alice)/consent").text
        #expect(altered.contains("altered since signing:</span> printed"))
    }

    @Test func participantCannotFetchSignatureImages() throws {
        let fixture = try ConsoleFixture()
        let alice = try fixture.addParticipant("alice@example.com")
        let record = try addConsent(fixture, patientID: alice, name: "Alice Liddell")
        var client = fixture.client()
        client.signIn("alice@example.com")
        let image = client.get("/console/participants/\(alice)/consent/\(record.id)/signature.png")
        #expect(image.status == .forbidden)
        #expect(image.body != Self.png)
    }

    @Test func theSettingsPageShowsTheServerPublicKeyToStaff() throws {
        let fixture = try ConsoleFixture()
        let key = fixture.signingKey
        try fixture.addStaff("admin@example.com", role: .admin)
        try fixture.addStaff("res@example.com", role: .researcher)
        for email in ["admin@example.com", "res@example.com"] {
            var client = fixture.client()
            client.signIn(email)
            #expect(client.get("/console").text.contains("href=\"/console/settings\""))
            let settings = client.get("/console/settings")
            #expect(settings.status == .ok)
            #expect(settings.text.contains(Data(key.publicKey).base64EncodedString()))
        }
        try fixture.addParticipant("pat@example.com")
        var participant = fixture.client()
        participant.signIn("pat@example.com")
        #expect(participant.get("/console/settings").status == .forbidden)
    }
}

@Suite struct ConsoleExportTests {
    @Test func researcherDownloadsTheStudyAsCSVJSONAndFHIRAndTheDownloadIsAudited() throws {
        let fixture = try ConsoleFixture()
        let researcher = try fixture.addStaff("res@example.com", role: .researcher)
        let alice = try fixture.addParticipant("alice@example.com", checkins: [1: (4, 7)])
        var client = fixture.client()
        client.signIn("res@example.com")
        #expect(client.get("/console/export").text.contains("href=\"/console/export/fhir\""))
        let csv = client.get("/console/export/csv")
        #expect(csv.status == .ok)
        #expect(csv.header("Content-Disposition") == "attachment; filename=\"recover-study.csv\"")
        #expect(csv.header("Cache-Control") == "no-store")
        #expect(csv.text.contains("checkin.form.pain"))
        #expect(!csv.text.contains("alice@example.com"))
        #expect(!csv.text.contains(alice))
        for format in ["json", "fhir"] {
            let download = client.get("/console/export/\(format)")
            #expect(download.status == .ok, "\(format)")
            #expect(download.text.hasPrefix("{"), "\(format)")
        }
        #expect(client.get("/console/export/xml").status == .notFound)
        // One read of the study's export and one on each participant's data.
        let reads = try AuditTrail(database: fixture.database).entries(entityType: "study_export", entityID: "csv")
        #expect(reads.map(\.actor) == Array(repeating: "account:\(researcher.id)", count: 2))
        #expect(reads.map(\.participantID) == [nil, alice])
    }

    @Test func participantCannotDownloadTheStudy() throws {
        let fixture = try ConsoleFixture()
        try fixture.addParticipant("alice@example.com", checkins: [1: (4, 7)])
        var client = fixture.client()
        client.signIn("alice@example.com")
        let download = client.get("/console/export/csv")
        #expect(download.status == .forbidden)
        #expect(!download.text.contains("checkin.form.pain"))
    }
}
