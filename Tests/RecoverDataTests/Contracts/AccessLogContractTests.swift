import Cryptography
import Foundation
import RecoverData
import Testing

/// ``ParticipantStore/accessLog(participantID:limit:before:)`` and ``ParticipantStore/consentKeyID(recordID:)``
/// on every backend.
@Suite struct AccessLogContractTests {
    @Test(arguments: StudyBackend.allCases)
    func othersReadsAreListedNewestFirstByWhoWithoutOwnOrOtherParticipantsEntries(backend: StudyBackend) throws {
        let stores = try backend.make()
        let pat = try stores.participant("pat@example.com")
        let bob = try stores.participant("bob@example.com")
        let researcher = try stores.staff("li.wei@example.org", role: .researcher)
        let audit = stores.seed.audit
        let start = StudyStores.start
        func read(_ actor: String, _ table: String, of participant: Account = pat, after seconds: Double) throws {
            try audit.recordRead(
                actor: actor, of: AuditedRow(table: table, key: participant.id), participantID: participant.id,
                at: start.addingTimeInterval(seconds))
        }
        try read("account:\(researcher.id)", "account", after: 0)
        try read("account:\(pat.id)", "account", after: 10)
        try read("cli:export:root", "study_export", after: 20)
        try read("cli:demo-data", "account", after: 30)
        try read("account:no-such-account", "consent_record", after: 40)
        try read("system", "account", after: 50)
        try read("account:\(researcher.id)", "account", of: bob, after: 60)

        let page = try stores.participants.accessLog(participantID: pat.id, limit: 10, before: nil)
        #expect(
            page.entries.map(\.accessor) == [
                .system, .formerStaff, .commandLine(command: "demo-data", user: nil),
                .commandLine(command: "export", user: "root"), .staff(role: .researcher, email: "li.wei@example.org"),
            ])
        #expect(page.entries.map(\.entityType) == ["account", "consent_record", "account", "study_export", "account"])
        #expect(page.entries.last?.recordedAt == start)
        #expect(page.olderBefore == nil)

        let first = try stores.participants.accessLog(participantID: pat.id, limit: 2, before: nil)
        #expect(first.entries.map(\.accessor) == [.system, .formerStaff])
        let cursor = try #require(first.olderBefore)
        let second = try stores.participants.accessLog(participantID: pat.id, limit: 2, before: cursor)
        #expect(
            second.entries.map(\.accessor) == [
                .commandLine(command: "demo-data", user: nil), .commandLine(command: "export", user: "root"),
            ])
        let next = try #require(second.olderBefore)
        let third = try stores.participants.accessLog(participantID: pat.id, limit: 2, before: next)
        // The participant's own read fills a place of the page but is never shown.
        #expect(third.entries.map(\.accessor) == [.staff(role: .researcher, email: "li.wei@example.org")])
        #expect(third.olderBefore == nil)
        #expect(try stores.participants.accessLog(participantID: "nobody", limit: 10, before: nil).entries.isEmpty)
    }

    @Test(arguments: StudyBackend.allCases)
    func theConsentKeyIDNamesTheKeyThatSignedTheRecord(backend: StudyBackend) throws {
        let signed = try backend.make()
        let pat = try signed.participant("pat@example.com")
        let record = ConsentRecord(
            id: "run-1", patientID: pat.id, documentHTML: Data("<p>I agree.</p>".utf8), documentVersion: "1.0",
            language: "en", printedName: "Pat Lee", signatureStrokes: Data("[]".utf8), signaturePNG: Data([1]),
            signedAt: StudyStores.start, utcOffset: "+01:00", timeZoneIdentifier: "Europe/Zurich",
            signatureMeaning: "I agree")
        try signed.seed.addConsent(record)
        let key = try SigningKey(seed: Array(repeating: 3, count: 32))
        #expect(try signed.participants.consentKeyID(recordID: "run-1") == SigningKey.keyID(of: key.publicKey))
        #expect(try signed.console.consentKeyID(recordID: "run-1") == SigningKey.keyID(of: key.publicKey))
        #expect(try signed.participants.consentKeyID(recordID: "run-2") == nil)

        let unsigned = try backend.make(signed: false)
        let sam = try unsigned.participant("sam@example.com")
        try unsigned.seed.addConsent(
            ConsentRecord(
                id: "run-3", patientID: sam.id, documentHTML: record.documentHTML, documentVersion: "1.0",
                language: "en",
                printedName: "Sam", signatureStrokes: Data("[]".utf8), signaturePNG: Data([1]),
                signedAt: StudyStores.start, utcOffset: "+01:00", timeZoneIdentifier: "Europe/Zurich",
                signatureMeaning: "I agree"))
        #expect(try unsigned.participants.consentKeyID(recordID: "run-3") == nil)
    }
}
