import Cryptography
import Foundation
import HealthExportFixture
import RecoverData
import Testing
import Web

@testable import RecoverWeb

/// The Apple Health pages in process: the upload streamed, queued and imported in the background, its state,
/// steps on insights, the permissions a participant changes, and every refusal changing nothing.
@Suite struct HealthPagesTests {
    typealias Zip = HealthExportZip

    /// A participant who joined at the fixture's start (2027-01-15 08:00 UTC) and granted every type asked.
    static func onboarded() throws -> StudyClient {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding()
        return client
    }

    /// An export with 4,321 steps on the join day (phone) and some resting energy (not asked for).
    static func export() throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appending(path: "health-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "export.zip")
        let records =
            Zip.record(Zip.steps, start: "2027-01-15 08:30:00 +0000", value: "4000")
            + Zip.record(Zip.steps, start: "2027-01-15 09:30:00 +0000", value: "321")
            + Zip.record(
                "HKQuantityTypeIdentifierBasalEnergyBurned", unit: "kcal", start: "2027-01-15 09:00:00 +0000",
                value: "60")
        try Zip.write(Zip.document(records), to: url)
        return Array(try Data(contentsOf: url))
    }

    /// A researcher signed in on another browser of the same app.
    static func researcher(sharing client: StudyClient) throws -> StudyClient {
        let clock = client.fixture.clock
        let enrollment = Enrollment(
            directory: client.fixture.directory, hasher: PasswordHasher(strength: .minimum), now: { clock.now })
        _ = try enrollment.addStaff(
            email: "res@example.com", role: .researcher, password: "correct horse battery", timeZone: "UTC")
        var staff = StudyClient(sharing: client)
        staff.get("/sign-in")
        staff.post("/sign-in", form: ["email": "res@example.com", "password": "correct horse battery"])
        return staff
    }

    func status(_ client: inout StudyClient) throws -> [String: Any] {
        let response = client.send(
            Request(method: .get, path: "/account/health/status", headers: ["Accept": "application/json"]))
        #expect(response.status == .ok)
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test func anUploadedExportIsImportedInTheBackgroundAndItsStepsShowOnInsights() throws {
        var client = try Self.onboarded()
        let page = client.get("/account/health")
        #expect(page.status == .ok)
        #expect(page.text.contains("How to export your data"))
        #expect(page.text.contains("You have not shared an export yet."))
        #expect(client.get("/insights").text.contains("Share your Apple Health data to see your steps here."))

        let answer = client.upload("/account/health/upload", bytes: try Self.export(), type: "application/zip")
        #expect(answer.status == HTTPStatus(202))
        let accepted = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
        #expect(accepted?["status"] as? String == "/account/health/status")
        #expect(try status(&client)["state"] as? String == "queued")
        #expect(try status(&client)["pending"] as? Bool == true)

        #expect(client.fixture.recover.health.importer.importWaiting() == 1)
        let done = try status(&client)
        #expect(done["state"] as? String == "done")
        #expect(
            done["message"] as? String
                == "Done: 3 records read and 2 kept; days with data: 1. Not kept: 1 of types not shared with the study. "
                + "Last shared on 2027-01-15.")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: client.fixture.recover.health.waiting.path).isEmpty,
            "the export is removed once imported")

        let download = try JSONSerialization.jsonObject(with: Data(client.get("/account/data.json").body))
        let days = (download as? [String: Any])?["healthDays"] as? [[String: Any]]
        #expect(days?.count == 1, "the participant's own download holds the imported day")
        #expect(days?.first?["day"] as? String == "2027-01-15")
        #expect(days?.first?["total"] as? Double == 4321)

        let insights = client.get("/insights").text
        #expect(insights.contains("Steps and pain, last four weeks"))
        #expect(insights.components(separatedBy: "class=\"chart-bar--steps\"").count == 2, "one day with steps")
        #expect(insights.contains("<td>4,321</td>"))
        #expect(
            insights.contains("Over the last 7 days you walked 4,321 steps a day on average (days with steps: 1)."))
    }

    @Test func theFeedInvitesToShareUntilAnUploadOrNotNow() throws {
        var client = try StudyClient()
        try client.join()
        #expect(!client.get("/").text.contains("health-card-title"), "not before onboarding")
        client.completeOnboarding()
        let feed = client.get("/").text
        #expect(feed.contains("<h3 id=\"health-card-title\">Share your Apple Health data</h3>"))
        #expect(feed.contains("href=\"/account/health\""))
        #expect(!client.get("/", query: ["day": "2027-01-16"]).text.contains("health-card-title"), "today only")

        let notNow = client.post("/account/health/not-now", form: [:])
        #expect(notNow.status == .seeOther)
        #expect(!client.get("/").text.contains("health-card-title"), "put away on this browser")

        var other = try Self.onboarded()
        other.upload("/account/health/upload", bytes: try Self.export(), type: "application/zip")
        #expect(!other.get("/").text.contains("health-card-title"), "an upload is on its way")
    }

    @Test func whatWasNotKeptIsSaidInGroupsAParticipantCanActOn() {
        let t = Localizer(.english)
        let skipped = [
            "not-granted": 4, "unknown-type": 1, "before-start": 2, "invalid-date": 3, "value-not-a-number": 1,
            "repeated-inside-correlation": 0,
        ]
        #expect(
            HealthPage.skippedText(skipped, t)
                == " Not kept: 5 of types not shared with the study; 2 from before you joined the study; "
                + "4 that could not be read.")
        #expect(HealthPage.skippedText([:], t) == "")
        #expect(
            HealthPage.skippedText(["before-start": 1_234_567], Localizer(.simplifiedChinese))
                == "未保留：1,234,567 条早于您加入研究。")
    }

    @Test func refusedUploadsStoreNothing() throws {
        var client = try Self.onboarded()
        let waiting = client.fixture.recover.health.waiting
        let cases: [(bytes: [UInt8], type: String, status: Int)] = [
            (Array("not a zip at all".utf8), "application/zip", 415),
            (try Self.export(), "text/plain", 415),
            ([], "application/zip", 400),
        ]
        for (bytes, type, status) in cases {
            let answer = client.upload("/account/health/upload", bytes: bytes, type: type)
            #expect(answer.status.code == status, "\(type) \(bytes.count)")
        }
        // A wrong CSRF header is refused before the body is read.
        let forged = client.send(
            Request(
                method: .post, path: "/account/health/upload",
                headers: ["Content-Type": "application/zip", "X-CSRF-Token": "forged", "Accept": "application/json"],
                body: try Self.export()))
        #expect(forged.status == .forbidden)
        #expect(
            try client.fixture.recover.study.records.healthUploads(participantID: try participantID(client)).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: waiting.path).isEmpty)

        // One upload at a time: a second while the first waits is a 409.
        #expect(
            client.upload("/account/health/upload", bytes: try Self.export(), type: "application/zip").status.code
                == 202)
        let second = client.upload("/account/health/upload", bytes: try Self.export(), type: "application/zip")
        #expect(second.status == .conflict)
        #expect(try FileManager.default.contentsOfDirectory(atPath: waiting.path).count == 1)
    }

    @Test func anExportOverTheOperatorsLimitIsRefusedWith413() throws {
        var client = try StudyClient(
            folder: FileManager.default.temporaryDirectory.appending(path: "recover-study-tests")
                .appending(path: UUID().uuidString),
            configure: { $0.healthUploadLimit = 1024 })
        try client.join()
        client.completeOnboarding()
        let big = try Self.export() + [UInt8](repeating: 0, count: 2048)
        #expect(client.upload("/account/health/upload", bytes: big, type: "application/zip").status.code == 413)
        #expect(
            try client.fixture.recover.study.records.healthUploads(participantID: try participantID(client)).isEmpty)
    }

    @Test func aDamagedExportEndsFailedWithWordsThatSayWhatToDo() throws {
        var client = try Self.onboarded()
        // A zip signature followed by garbage: accepted as a zip, refused by the importer.
        let damaged: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0x41, count: 200)
        #expect(client.upload("/account/health/upload", bytes: damaged, type: "application/zip").status.code == 202)
        client.fixture.recover.health.importer.importWaiting()
        let failed = try status(&client)
        #expect(failed["state"] as? String == "failed")
        let message = try #require(failed["message"] as? String)
        #expect(message.hasPrefix("Your export could not be read: "))
        #expect(message.contains("Export it again"))
        #expect(
            try client.fixture.recover.study.records.healthImports(participantID: try participantID(client)).isEmpty)
    }

    @Test func aParticipantStopsSharingATypeAndDeletesWhatWasShared() throws {
        var client = try Self.onboarded()
        client.upload("/account/health/upload", bytes: try Self.export(), type: "application/zip")
        client.fixture.recover.health.importer.importWaiting()
        let id = try participantID(client)
        let records = client.fixture.recover.study.records
        #expect(try records.healthDays(participantID: id, from: nil, through: nil).map(\.type) == [.stepCount])

        client.get("/account/health")
        let stop = client.post("/account/health/grants", form: ["type": "stepCount", "granted": "0", "delete": "1"])
        #expect(stop.status == .seeOther)
        #expect(stop.headers["Location"] == "/account/health?saved=stepCount&deleted=1")
        #expect(try records.healthDays(participantID: id, from: nil, through: nil).isEmpty)
        let page = client.get("/account/health", query: ["saved": "stepCount", "deleted": "1"]).text
        #expect(page.contains("Saved. Step count is no longer shared; days of it deleted: 1."))
        #expect(page.contains("<strong>Step count</strong>: <span data-grant-state>Not allowed</span>"))
        #expect(!(try records.grantedHealthTypes(participantID: id)).contains(.stepCount))

        let allow = client.post("/account/health/grants", form: ["type": "stepCount", "granted": "1"])
        #expect(allow.headers["Location"] == "/account/health?saved=stepCount&state=1")
        #expect(try records.grantedHealthTypes(participantID: id).contains(.stepCount))

        // Bad forms change nothing: an unknown type, a type not asked about, a wrong flag.
        for form in [
            ["type": "bloodSugar", "granted": "0"], ["type": "basalEnergyBurned", "granted": "0"],
            ["type": "stepCount", "granted": "maybe"], ["type": "stepCount", "granted": "0", "delete": "yes"],
        ] {
            #expect(client.post("/account/health/grants", form: form).status == .badRequest, "\(form)")
        }
        #expect(try records.grantedHealthTypes(participantID: id).contains(.stepCount))
    }

    @Test func theConsoleParticipantPageShowsTheirHealthFiguresAndPermissions() throws {
        var client = try Self.onboarded()
        client.upload("/account/health/upload", bytes: try Self.export(), type: "application/zip")
        client.fixture.recover.health.importer.importWaiting()
        var staff = try Self.researcher(sharing: client)
        let page = staff.get("/console/participants/\(try participantID(client))").text
        #expect(page.contains("<h2 id=\"health-heading\">Apple Health</h2>"))
        #expect(
            page.contains(
                "Allows the study to read: Step count, Walking and running distance, Active energy burned, Heart rate, Sleep."
            ))
        #expect(page.contains("3 records read, 2 kept; days stored: 1."))
        #expect(page.contains("<th scope=\"col\">Steps</th>"))
        #expect(page.contains("<tr><th scope=\"row\">2027-01-15</th><td>4,321</td></tr>"))
        #expect(!page.contains("Resting energy"), "a type the study does not read is neither stored nor shown")
    }

    @Test func staffVisitorsAndWithdrawnParticipantsCannotReachTheHealthPages() throws {
        var pat = try Self.onboarded()
        let staff = try Self.researcher(sharing: pat)
        var visitor = StudyClient(sharing: pat)
        visitor.get("/sign-in")

        // A withdrawn participant keeps sign-in for their records, but shares nothing any more.
        pat.get("/account/withdraw")
        #expect(pat.post("/account/withdraw", form: [:]).status == .seeOther)

        let export = try Self.export()
        for (name, client) in [("researcher", staff), ("withdrawn", pat)] {
            var client = client
            #expect(client.get("/account/health").status == .forbidden, "\(name)")
            #expect(client.get("/account/health/status").status == .forbidden, "\(name)")
            #expect(
                client.post("/account/health/grants", form: ["type": "stepCount", "granted": "1"]).status
                    == .forbidden, "\(name)")
            #expect(
                client.upload("/account/health/upload", bytes: export, type: "application/zip").status == .forbidden)
        }
        #expect(visitor.get("/account/health").status == .seeOther, "visitors are sent to sign in")
        let upload = visitor.upload("/account/health/upload", bytes: export, type: "application/zip")
        #expect(upload.status == .unauthorized)
        let health = pat.fixture.recover.health
        #expect(try FileManager.default.contentsOfDirectory(atPath: health.waiting.path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: health.incoming.path).isEmpty)
        #expect(try pat.fixture.recover.study.records.healthUploads(participantID: try participantID(pat)).isEmpty)
    }

    @Test func anExportFileNoUploadWaitsForIsRemovedAfterAnHour() throws {
        let client = try Self.onboarded()
        let health = client.fixture.recover.health
        let orphan = health.waiting.appending(path: "\(UUID().uuidString.lowercased()).zip")
        let fresh = health.waiting.appending(path: "\(UUID().uuidString.lowercased()).zip")
        try Data(try Self.export()).write(to: orphan)
        try Data(try Self.export()).write(to: fresh)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: orphan.path)
        health.importer.importWaiting()
        #expect(!FileManager.default.fileExists(atPath: orphan.path), "two hours old, no upload: removed")
        #expect(FileManager.default.fileExists(atPath: fresh.path), "a file just received may be being recorded")
    }

    func participantID(_ client: StudyClient) throws -> String {
        try #require(try client.fixture.directory.account(email: "pat@example.com")).id
    }
}
