import Cryptography
import Foundation
import RecoverData
import Testing
import Web

@testable import RecoverWeb

@Suite struct MediaStaffVideoTests {
    @Test func byteRangesAreReadWithinTheFile() {
        #expect(StaffVideo.byteRange("bytes=0-99", count: 1000) == 0...99)
        #expect(StaffVideo.byteRange("bytes=900-", count: 1000) == 900...999)
        #expect(StaffVideo.byteRange("bytes=-100", count: 1000) == 900...999)
        #expect(StaffVideo.byteRange("bytes=990-2000", count: 1000) == 990...999)
        #expect(StaffVideo.byteRange("bytes=1000-", count: 1000) == nil)
        #expect(StaffVideo.byteRange("bytes=0-1,5-6", count: 1000) == nil)
        #expect(StaffVideo.byteRange("items=0-1", count: 1000) == nil)
    }

    @Test func participantsCannotFetchVideosAndMalformedHashesAreNotFiles() throws {
        var client = try StudyClient(mediaFolder: TestVideo.folder())
        try client.openCameraStep()
        let video = TestVideo.webm()
        #expect(client.upload("/survey/kneeBendVideo/0/upload", bytes: video, type: "video/webm").status == .ok)
        let hash = String(client.lastPage.split(separator: "\"").last { $0.count == 64 } ?? "")
        #expect(client.get("/console/videos/\(hash)").status == .forbidden)
        #expect(FileStore(dataFolder: URL(fileURLWithPath: "/tmp")).url(sha256: "../../etc/passwd") == nil)
    }

    @Test func mediaTypesAreRecognisedByTheirFirstBytes() {
        #expect(MediaType.webm.matches(head: TestVideo.webm(12)))
        #expect(!MediaType.mp4.matches(head: TestVideo.webm(12)))
        #expect(MediaType.mp4.matches(head: TestVideo.mp4(12)))
        #expect(MediaType(declared: "video/webm; codecs=vp9") == .webm)
        #expect(MediaType(declared: "video/quicktime") == nil)
    }
}

@Suite struct MediaStaffPlaybackTests {
    @Test func staffGetTheVideoWithItsTypeNoStoreAndRanges() throws {
        var participant = try StudyClient(mediaFolder: TestVideo.folder())
        try participant.openCameraStep()
        let video = TestVideo.mp4(5000)
        #expect(participant.upload("/survey/kneeBendVideo/0/upload", bytes: video, type: "video/mp4").status == .ok)
        let hash = Crypto.hex(Crypto.sha256(video))

        let enrollment = Enrollment(
            directory: participant.directory, hasher: PasswordHasher(strength: .minimum),
            now: { [clock = participant.clock] in clock.now })
        _ = try enrollment.addStaff(
            email: "staff@example.com", role: .researcher, password: "correct horse battery", timeZone: "UTC")
        var staff = participant
        staff.cookies = [:]
        staff.get("/sign-in")
        staff.post("/sign-in", form: ["email": "staff@example.com", "password": "correct horse battery"])
        let whole = staff.get("/console/videos/\(hash)")
        #expect(whole.status == .ok)
        #expect(whole.body == video)
        #expect(whole.header("Content-Type") == "video/mp4")
        #expect(whole.header("Cache-Control") == "no-store")
        let part = staff.send(
            Request(method: .get, path: "/console/videos/\(hash)", headers: ["Range": "bytes=100-199"]))
        #expect(part.status == HTTPStatus(206))
        #expect(part.body == Array(video[100...199]))
        #expect(part.header("Content-Range") == "bytes 100-199/5000")
        #expect(staff.get("/console/videos/\(String(repeating: "0", count: 64))").status == .notFound)
    }
}
