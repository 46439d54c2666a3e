import Foundation
import Research
import Testing

@testable import Recover

/// The study file's consent documents, monitoring (daily task and alert rules) and contact card: read, written
/// back, and every problem named by its location.
@Suite struct StudyFilePartsTests {
    /// The shipped file as JSON and the problems of a broken one, as ``StudyFileTests`` reads them.
    let files = StudyFileTests()

    func shipped() throws -> [String: JSONValue] { try files.shipped() }

    func problems(_ object: [String: JSONValue]) throws -> [String] { try files.problems(object) }

    func read(_ object: [String: JSONValue]) throws -> StudyDefinition {
        try StudyFile.read(try JSONEncoder().encode(JSONValue.object(object)))
    }

    var contact: JSONValue {
        .object([
            "name": .string("Recover study desk"),
            "role": .object(["en": .string("Study nurse"), "zh-Hans": .string("研究护士")]),
            "phone": .string("+41 44 000 00 00"), "notes": .object(["en": .string("Weekdays 9:00-17:00")]),
        ])
    }

    @Test func consentsMonitoringAndContactReadAndWriteBack() throws {
        var file = try shipped()
        file["contact"] = contact
        let study = try read(file)
        #expect(study.contact?.role["zh-Hans"] == "研究护士")
        #expect(study.contact?.email == "")
        #expect(study.consent("video-sharing")?.languages["zh-Hans"]?.title == "同意将膝关节视频用于教学")
        #expect(try StudyFile.read(try StudyFile.write(study)) == study)
    }

    @Test func aConsentWithoutAStudyLanguageOrTwiceIsNamed() throws {
        var file = try shipped()
        var consents = try #require(file["consents"]?.arrayValue)
        guard case .object(var sharing) = consents[1], case .object(var texts) = sharing["languages"] else {
            Issue.record("the shipped video-sharing document is not an object")
            return
        }
        texts["zh-Hans"] = nil
        sharing["languages"] = .object(texts)
        consents[1] = .object(sharing)
        consents.append(consents[0])
        file["consents"] = .array(consents)
        #expect(
            try problems(file) == [
                "consents[1].languages: has no text in \"zh-Hans\"", "consents[2].id: \"participation\" is used twice",
            ])
    }

    @Test func aConsentWithABadIdVersionOrTextIsNamed() throws {
        var file = try shipped()
        file["consents"] = .array([
            .object([
                "id": .string("Video Sharing"), "version": .string("1 0"),
                "languages": .object(["en": .object(["title": .string("T"), "html": .string("")])]),
            ])
        ])
        #expect(
            try problems(file) == [
                "consents[0].id: use 1 to 64 lowercase letters, digits or \"-\"",
                "consents[0].version: use 1 to 32 lowercase letters, digits, \".\" or \"-\"",
                "consents[0].required: missing (true or false)",
                "consents[0].languages.en.html: expected a non-empty string",
                "consents[0].languages.en.signatureMeaning: missing",
            ])
    }

    @Test func consentsWithoutTheRequiredParticipationDocumentAreNamed() throws {
        var file = try shipped()
        let consents = try #require(file["consents"]?.arrayValue)
        file["consents"] = .array([consents[1]])
        #expect(
            try problems(file) == [
                "consents: onboarding signs the document \"participation\": give it, with \"required\": true"
            ])
    }

    @Test func monitoringNamingUnknownTasksOrKindsIsNamed() throws {
        var file = try shipped()
        file["monitoring"] = .object([
            "dailyTask": .string("nope"), "missedDays": .number(0),
            "alerts": .array([
                .object([
                    "id": .string("a"), "task": .string("checkin"), "kind": .string("checkin.form.mood"),
                    "atLeast": .number(8), "message": .object(["en": .string("Mood {value}")]),
                ]),
                .object([
                    "id": .string("b"), "task": .string("nope"), "kind": .string("x"), "atLeast": .number(1),
                    "atMost": .number(2), "message": .object(["en": .string("x")]),
                ]),
            ]),
        ])
        #expect(
            try problems(file) == [
                "monitoring.missedDays: expected a whole number from 1 to 30",
                "monitoring.alerts[1]: give either \"atLeast\" or \"atMost\" (a number)",
            ])
        file["monitoring"] = .object([
            "dailyTask": .string("nope"),
            "alerts": .array([
                .object([
                    "id": .string("a"), "task": .string("checkin"), "kind": .string("checkin.form.mood"),
                    "atMost": .number(2), "message": .object(["en": .string("Mood {value}")]),
                ]),
                .object([
                    "id": .string("a"), "task": .string("nope"), "kind": .string("x"), "atLeast": .number(1),
                    "message": .object(["en": .string("x")]),
                ]),
            ]),
        ])
        #expect(
            try problems(file) == [
                "monitoring.dailyTask: no task \"nope\"",
                "monitoring.alerts[0].kind: the survey \"checkin\" records no \"checkin.form.mood\"",
                "monitoring.alerts[1].id: \"a\" is used twice", "monitoring.alerts[1].task: no task \"nope\"",
            ])
    }

    @Test func anAlertOnAScoreOrAMappedKindIsAccepted() throws {
        var file = try shipped()
        file["monitoring"] = .object([
            "dailyTask": .string("checkin"),
            "alerts": .array([
                .object([
                    "id": .string("low-koos-pain"), "task": .string("koos"), "kind": .string("koos.pain"),
                    "atMost": .number(40), "message": .object(["en": .string("KOOS pain {value} ({date})")]),
                ])
            ]),
        ])
        let rule = try #require(try read(file).monitoring.alerts.first)
        #expect(rule.direction == .atMost && rule.raises(40) && !rule.raises(40.5))
        #expect(rule.message(language: "zh-Hans", fallback: "en") == "KOOS pain {value} ({date})")
    }

    @Test func aContactWithoutAWayToReachOrWithUnknownMembersIsNamed() throws {
        var file = try shipped()
        file["contact"] = .object(["name": .string("Desk"), "fax": .string("1"), "role": .object(["fr": .string("x")])])
        #expect(
            try problems(file) == [
                "contact.fax: unknown member", "contact: give a phone number, an e-mail address or both",
            ])
        file["contact"] = .object([
            "name": .string("Desk"), "email": .string("desk@example.org"), "role": .object(["fr": .string("x")]),
        ])
        #expect(try problems(file) == ["contact.role.fr: not one of the study's languages"])
    }

    @Test func anAmendmentGivingAChangedConsentNeedsANewVersion() throws {
        var next = RecoverStudy.shipped
        next.version = 2
        next.consents[1].languages["en"]?.title = "Videos for teaching"
        #expect(throws: StudyFileError.self) { try StudyAmendment(from: RecoverStudy.shipped, to: next) }
        next.consents[1].version = "1.1"
        next.monitoring.alerts[0].threshold = 7
        next.contact = StudyContactCard(name: "Desk", role: [:], phone: "", email: "desk@example.org", notes: [:])
        let amendment = try StudyAmendment(from: RecoverStudy.shipped, to: next)
        #expect(
            amendment.lines == [
                "consent document: video-sharing version 1.1",
                "monitoring changed (daily task, missed days or alert rules)", "contact card changed",
            ])
    }
}
