import Foundation
import Recover
import RecoverData
import SQLite
import Testing

/// Consent document versions and where participants stand with them, on every backend.
@Suite struct ConsentLibraryTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func version(
        _ number: String, document: String = ConsentLibrary.participation, required: Bool = true,
        at date: Date = start, texts: [String: ConsentDocumentVersion.Text]? = nil
    ) -> ConsentDocumentVersion {
        ConsentDocumentVersion(
            documentID: document, version: number, isRequired: required,
            texts: texts ?? [
                "en": .init(title: "Taking part", html: "<p>\(document) \(number)</p>", signatureMeaning: "I agree."),
                "zh-Hans": .init(title: "参与", html: "<p>\(document) \(number) 中文</p>", signatureMeaning: "我同意。"),
            ], publishedAt: date)
    }

    static func record(_ id: String, patient: String, html: String, at date: Date) -> ConsentRecord {
        ConsentRecord(
            id: id, patientID: patient, documentHTML: Data(html.utf8), documentVersion: "x", language: "en",
            printedName: "Ada", signatureStrokes: Data("[]".utf8), signaturePNG: Data([0x89, 0x50]), signedAt: date,
            utcOffset: "+00:00", timeZoneIdentifier: "UTC", signatureMeaning: "I agree.")
    }

    @Test(arguments: StudyBackend.allCases) func theShippedDocumentsAreCurrentUntilANewVersionIsPublished(
        backend: StudyBackend
    ) throws {
        let storage = try backend.storages(1)[0]
        let shipped = try storage.read { db in try ConsentLibrary.current(in: db) }
        #expect(shipped.map(\.documentID) == [ConsentLibrary.participation, StudyConsents.videoSharing])
        #expect(shipped.map(\.isRequired) == [true, false])
        #expect(shipped[0].texts["en"]?.html == ConsentDocuments.consent(language: .english).html)

        try storage.write { db in
            db.auditActor = "cli:test"
            try ConsentLibrary.publish(Self.version("1.1", at: Self.start), in: db)
        }
        let current = try storage.read { db in try ConsentLibrary.current(in: db) }
        #expect(current.map(\.version) == ["1.1", "1.0"])
        let all = try storage.read { db in try ConsentLibrary.versions(in: db) }
        #expect(
            all.map { "\($0.documentID) \($0.version)" } == [
                "participation 1.0", "video-sharing 1.0", "participation 1.1",
            ])
        let entries = try AuditTrail(database: storage).entries(
            entityType: "consent_document", entityID: "participation/1.1/en")
        #expect(entries.map(\.actor) == ["cli:test"])
        let found = try storage.read { db in
            try ConsentLibrary.version(containing: Self.version("1.1").texts["zh-Hans"]!.sha256, in: db)
        }
        #expect(found?.version.version == "1.1")
        #expect(found?.language == "zh-Hans")
    }

    @Test(arguments: StudyBackend.allCases) func everyProblemIsNamedAndNothingIsStored(backend: StudyBackend) throws {
        let storage = try backend.storages(1)[0]
        var bad = Self.version("1.0", document: "Bad Id!", at: Self.start)
        bad.texts["fr"] = .init(title: " ", html: "", signatureMeaning: "")
        bad.texts["zh-Hans"] = nil
        let error = try #require(throws: ConsentLibraryError.self) {
            try storage.write { db in try ConsentLibrary.publish(bad, in: db) }
        }
        #expect(
            error.problems == [
                "document: 'Bad Id!' must be 1 to 64 lowercase letters, digits or hyphens",
                "languages.zh-Hans: missing (the study offers it)", "languages.fr: not a language of the study",
                "languages.fr.title: empty", "languages.fr.html: empty", "languages.fr.signatureMeaning: empty",
            ])
        let duplicate = try #require(throws: ConsentLibraryError.self) {
            try storage.write { db in try ConsentLibrary.publish(Self.version("1.0"), in: db) }
        }
        #expect(duplicate.problems == ["version: participation 1.0 is already published"])
        let optional = try #require(throws: ConsentLibraryError.self) {
            try storage.write { db in
                try ConsentLibrary.publish(Self.version("2.0", required: false, at: Self.start), in: db)
            }
        }
        #expect(optional.problems == ["required: version 1.0 is required; a document cannot change this"])
        let earlier = try #require(throws: ConsentLibraryError.self) {
            try storage.write { db in
                try ConsentLibrary.publish(Self.version("2.0", at: Date(timeIntervalSince1970: 0)), in: db)
            }
        }
        #expect(earlier.problems == ["publishedAt: before version 1.0 took effect"])
        #expect(try storage.read { db in try ConsentLibrary.publishedVersions(in: db) }.isEmpty)
        #expect(
            try AuditTrail(database: storage).entries(entityType: "consent_document", entityID: "participation/2.0/en")
                .isEmpty)
    }

    @Test(arguments: StudyBackend.allCases) func standingsFollowTheNewestRecordOfEachDocument(backend: StudyBackend)
        throws
    {
        let storage = try backend.storages(1)[0]
        let patient = "p-1"
        let shipped = ConsentDocuments.consent(language: .english).html
        try storage.write { db in
            db.auditActor = "system"
            try ConsentStore.add(
                Self.record("r1", patient: patient, html: shipped, at: Self.start), signingKey: nil, in: db)
        }
        var standings = try storage.read { db in try ConsentLibrary.standings(patientID: patient, in: db) }
        #expect(standings.map(\.signedVersion) == ["1.0", nil])
        #expect(standings.filter(\.isPending).isEmpty)

        let next = Self.version("1.1", at: Self.start.addingTimeInterval(60))
        try storage.write { db in
            db.auditActor = "cli:test"
            try ConsentLibrary.publish(next, in: db)
        }
        standings = try storage.read { db in try ConsentLibrary.standings(patientID: patient, in: db) }
        #expect(standings.filter(\.isPending).map(\.current.documentID) == [ConsentLibrary.participation])
        #expect(standings[0].signedVersion == "1.0")

        try storage.write { db in
            db.auditActor = "system"
            let html = next.texts["zh-Hans"]!.html
            try ConsentStore.add(
                Self.record("r2", patient: patient, html: html, at: Self.start.addingTimeInterval(120)),
                signingKey: nil,
                in: db)
        }
        standings = try storage.read { db in try ConsentLibrary.standings(patientID: patient, in: db) }
        #expect(standings[0].isCurrent)
        #expect(standings[0].recordID == "r2")
        #expect(standings.filter(\.isPending).isEmpty)
        #expect(try storage.read { db in try ConsentScope.participationRecord(patientID: patient, in: db) } == "r2")
    }

    @Test func theFileFormatNamesEveryProblemByItsLocation() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "consent-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("<p>from a file</p>".utf8).write(to: folder.appending(path: "en.html"))
        let good = """
            {"document": "participation", "version": "1.1", "required": true, "languages": {
              "en": {"title": "Taking part", "htmlFile": "en.html", "signatureMeaning": "I agree."},
              "zh-Hans": {"title": "参与", "html": "<p>中文</p>", "signatureMeaning": "我同意。"}}}
            """
        let parsed = try ConsentDocumentFile.parse(Data(good.utf8), directory: folder, publishedAt: Self.start).get()
        #expect(parsed.texts["en"]?.html == "<p>from a file</p>")
        #expect(parsed.isRequired)
        let bad = """
            {"document": 3, "required": "yes", "colour": "red", "languages": {
              "en": {"title": "T", "htmlFile": "../secret", "signatureMeaning": "M"},
              "zh-Hans": {"html": "<p>x</p>", "htmlFile": "en.html", "extra": 1}, "fr": []}}
            """
        let refused = ConsentDocumentFile.parse(Data(bad.utf8), directory: folder, publishedAt: Self.start)
        guard case .failure(let error) = refused else {
            Issue.record("the bad file was accepted")
            return
        }
        #expect(
            error.problems == [
                "colour: unknown field", "document: must be a string", "version: missing",
                "required: must be true or false", "languages.en.htmlFile: must name a file beside the JSON file",
                "languages.fr: must be an object", "languages.zh-Hans.extra: unknown field",
                "languages.zh-Hans.title: missing", "languages.zh-Hans.signatureMeaning: missing",
                "languages.zh-Hans.html: give html or htmlFile, not both",
            ])
        guard case .failure = ConsentDocumentFile.parse(Data("[1]".utf8), directory: folder, publishedAt: Self.start)
        else {
            Issue.record("a JSON array was accepted")
            return
        }
    }
}
