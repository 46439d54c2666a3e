import Care
import CareSQLite
import Cryptography
import Foundation
import Recover
import RecoverData
import RecoverWeb
import Research
import SQLite
import Testing
import Web

@Suite struct UploadVideoTests {
    let path = "/survey/kneeBendVideo/0/upload"

    @Test func acceptedVideoIsStoredUnderItsSHA256AndRecordedInTheRun() throws {
        let folder = TestVideo.folder()
        var client = try StudyClient(mediaFolder: folder)
        try client.openCameraStep()
        let video = TestVideo.webm(10_000)
        let response = client.upload(
            path, bytes: video, type: "video/webm;codecs=vp9,opus",
            headers: ["X-Recording-Retries": "2", "X-Recording-Duration": "8.5"])
        #expect(response.status == .ok)
        let hash = Crypto.hex(Crypto.sha256(video))
        #expect(client.lastPage.contains(hash))
        let store = FileStore(dataFolder: folder)
        #expect(store.storedHashes() == [hash])
        #expect(store.contents(sha256: hash) == Data(video))
        #expect(TestVideo.filesUnder(folder) == ["\(hash.prefix(2))/\(hash.dropFirst(2))"])
        // The recording was the last answer: stored before "sent" shows; the outcome records the hash, never the
        // bytes.
        #expect(
            client.lastPage.contains("\"next\":\"\\/survey\\/kneeBendVideo\\/0\\/done\"")
                || client.lastPage.contains("/done"))
        #expect(client.get("/survey/kneeBendVideo/0/done").status == .ok)
        let outcomes = try client.database.read { db in try SQLiteCareStore.outcomes(OutcomeQuery(), in: db) }
        let video0 = outcomes.first { $0.taskID.hasSuffix(".kneeBendVideo") }
        #expect(video0?.values.first?.kind == KneeBendVideoOutcomeMapping.kind)
        #expect(video0?.values.first?.content == .text(hash))
        let patientID = String(video0?.taskID.dropLast(".kneeBendVideo".count) ?? "")
        let results = try StudyStorage(client.database).read { db in
            try SurveyDataStore.results(patientID: patientID, in: db)
        }
        let json = String(decoding: results.first { $0.surveyID == "kneeBendVideo" }?.json ?? Data(), as: UTF8.self)
            .filter { !$0.isWhitespace }
        #expect(json.contains("\"retryCount\":2"))
        #expect(json.contains(hash))
    }

    @Test func mp4IsAcceptedByItsFtypBox() throws {
        var client = try StudyClient(mediaFolder: TestVideo.folder())
        try client.openCameraStep()
        #expect(client.upload(path, bytes: TestVideo.mp4(), type: "video/mp4").status == .ok)
    }

    @Test func tooLargeUploadIs413AndStoresNothing() throws {
        let folder = TestVideo.folder()
        var client = try StudyClient(mediaFolder: folder, uploadLimit: 1000)
        try client.openCameraStep()
        #expect(client.upload(path, bytes: TestVideo.webm(1001), type: "video/webm").status == .contentTooLarge)
        #expect(TestVideo.filesUnder(folder).isEmpty)
    }

    @Test func wrongDeclaredTypeIs415AndStoresNothing() throws {
        let folder = TestVideo.folder()
        var client = try StudyClient(mediaFolder: folder)
        try client.openCameraStep()
        #expect(client.upload(path, bytes: TestVideo.webm(), type: "image/png").status == HTTPStatus(415))
        #expect(client.upload(path, bytes: TestVideo.webm(), type: "text/html").status == HTTPStatus(415))
        #expect(TestVideo.filesUnder(folder).isEmpty)
    }

    @Test func bytesThatDoNotMatchTheDeclaredTypeAre415AndStoreNothing() throws {
        let folder = TestVideo.folder()
        var client = try StudyClient(mediaFolder: folder)
        try client.openCameraStep()
        #expect(client.upload(path, bytes: TestVideo.mp4(), type: "video/webm").status == HTTPStatus(415))
        #expect(client.upload(path, bytes: Array("<html>".utf8), type: "video/mp4").status == HTTPStatus(415))
        #expect(client.lastPage.contains("not the video type"))
        #expect(TestVideo.filesUnder(folder).isEmpty)
    }

    @Test func truncatedUploadStoresNothing() throws {
        let folder = TestVideo.folder()
        var client = try StudyClient(mediaFolder: folder)
        try client.openCameraStep()
        let response = client.upload(
            path, bytes: TestVideo.webm(500), type: "video/webm", headers: ["Content-Length": "5000"])
        #expect(response.status == .badRequest)
        #expect(client.lastPage.contains("incomplete"))
        #expect(TestVideo.filesUnder(folder).isEmpty)
    }

    @Test func uploadWithoutCSRFTokenIsRefused() throws {
        let folder = TestVideo.folder()
        var client = try StudyClient(mediaFolder: folder)
        try client.openCameraStep()
        client.lastCSRF = "forged"
        #expect(client.upload(path, bytes: TestVideo.webm(), type: "video/webm").status == .forbidden)
        #expect(TestVideo.filesUnder(folder).isEmpty)
    }

    @Test func anotherParticipantsEventOrAGatedSurveyIsRefused() throws {
        let folder = TestVideo.folder()
        var client = try StudyClient(mediaFolder: folder)
        try client.join()
        // Not onboarded: the video survey is gated.
        #expect(client.upload(path, bytes: TestVideo.webm(), type: "video/webm").status == .forbidden)
        client.completeOnboarding()
        // An occurrence this participant does not have, and a care task id of someone else.
        let later = client.upload("/survey/kneeBendVideo/9999/upload", bytes: TestVideo.webm(), type: "video/webm")
        #expect([.forbidden, .notFound].contains(later.status))
        #expect(
            client.upload("/survey/someone.kneeBendVideo/0/upload", bytes: TestVideo.webm(), type: "video/webm")
                .status == .notFound)
        // Not at the camera step yet (still on the instructions).
        #expect(client.upload(path, bytes: TestVideo.webm(), type: "video/webm").status == .conflict)
        #expect(TestVideo.filesUnder(folder).isEmpty)
    }

    @Test func aMissingOrAbsurdDeclaredDurationIsRefusedAndStoresNothing() throws {
        let folder = TestVideo.folder()
        var client = try StudyClient(mediaFolder: folder)
        try client.openCameraStep()
        let missing = client.send(
            Request(
                method: .post, path: path,
                headers: ["Content-Type": "video/webm", "X-CSRF-Token": client.lastCSRF, "Accept": "application/json"],
                body: TestVideo.webm()))
        #expect(missing.status == .badRequest)
        #expect(client.lastPage.contains("length is missing"))
        for absurd in ["", "NaN", "nan", "inf", "-1", "-0.5", "0", "1e3", "0x10", "8,5", " 8", "8.", ".5", "100000"] {
            let response = client.upload(
                path, bytes: TestVideo.webm(), type: "video/webm", headers: ["X-Recording-Duration": absurd])
            #expect(response.status == .badRequest, "\(absurd)")
        }
        // Longer than the step's 15 seconds (with a second's grace): the engine refuses what the headers declare.
        let long = client.upload(
            path, bytes: TestVideo.webm(), type: "video/webm", headers: ["X-Recording-Duration": "16.5"])
        #expect(long.status == .unprocessableContent)
        #expect(TestVideo.filesUnder(folder).isEmpty)
        #expect(
            client.upload(path, bytes: TestVideo.webm(), type: "video/webm", headers: ["X-Recording-Duration": "15.9"])
                .status == .ok)
    }

    @Test func aWebMIsJudgedByItsOwnLengthWhenThatIsLongerThanDeclared() throws {
        let folder = TestVideo.folder()
        var client = try StudyClient(mediaFolder: folder)
        try client.openCameraStep()
        let long = client.upload(path, bytes: TestVideo.liveWebM(seconds: 30), type: "video/webm")
        #expect(long.status == .unprocessableContent)
        #expect(TestVideo.filesUnder(folder).isEmpty)
        let fine = client.upload(path, bytes: TestVideo.liveWebM(seconds: 10), type: "video/webm")
        #expect(fine.status == .ok)
        #expect(client.get("/survey/kneeBendVideo/0/done").status == .ok)
        let outcomes = try client.database.read { db in try SQLiteCareStore.outcomes(OutcomeQuery(), in: db) }
        let patientID = String(
            outcomes.first { $0.taskID.hasSuffix(".kneeBendVideo") }?.taskID.dropLast(".kneeBendVideo".count) ?? "")
        let results = try StudyStorage(client.database).read { db in
            try SurveyDataStore.results(patientID: patientID, in: db)
        }
        let json = String(decoding: results.first { $0.surveyID == "kneeBendVideo" }?.json ?? Data(), as: UTF8.self)
            .filter { !$0.isWhitespace }
        // Declared 8.5 s, measured 10 s: the longer is recorded.
        #expect(json.contains("\"duration\":10"))
    }

    @Test func aMalformedRetryCountIsRefused() throws {
        let folder = TestVideo.folder()
        var client = try StudyClient(mediaFolder: folder)
        try client.openCameraStep()
        for retries in ["-1", "x", "1.5", "99999999999999999999"] {
            let response = client.upload(
                path, bytes: TestVideo.webm(), type: "video/webm", headers: ["X-Recording-Retries": retries])
            #expect(response.status == .badRequest, "\(retries)")
        }
        #expect(TestVideo.filesUnder(folder).isEmpty)
    }

    @Test func aSignedOutOrForgedUploadIsRefusedOnItsHeaders() throws {
        let folder = TestVideo.folder()
        var client = try StudyClient(mediaFolder: folder)
        try client.openCameraStep()
        var stranger = StudyClient(sharing: client)
        stranger.get("/sign-in")
        stranger.cookies[SessionMiddleware.sessionCookie] = String(repeating: "x", count: 43)
        #expect(stranger.upload(path, bytes: TestVideo.webm(), type: "video/webm").status == .unauthorized)
        stranger.lastCSRF = client.lastCSRF
        #expect(stranger.upload(path, bytes: TestVideo.webm(), type: "video/webm").status == .forbidden)
        // The token must come in the header: a form field in an upload is never read.
        let fieldOnly = client.send(
            Request(
                method: .post, path: path,
                headers: ["Content-Type": "application/x-www-form-urlencoded", "X-Recording-Duration": "8.5"],
                body: Array("csrf=\(client.lastCSRF)".utf8)))
        #expect(fieldOnly.status == .forbidden)
        #expect(TestVideo.filesUnder(folder).isEmpty)
    }
}

@Suite struct UploadLeftoverTests {
    @Test func spoolFilesLeftByACrashAreRemovedWhenTheAppStarts() throws {
        let folder = TestVideo.folder()
        let incoming = FileStore(dataFolder: folder).incoming
        try FileManager.default.createDirectory(at: incoming, withIntermediateDirectories: true)
        let leftover = incoming.appending(path: "upload-\(UUID().uuidString).part")
        try Data(TestVideo.webm(1000)).write(to: leftover)
        let unrelated = incoming.appending(path: "notes.txt")
        try Data("keep".utf8).write(to: unrelated)
        _ = try StudyClient(mediaFolder: folder)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
    }
}
