import CareSQLite
import Cryptography
import Foundation
import Recover
import RecoverData
import RecoverWeb
import SQLite
import Web

extension StudyClient {
    /// A participant client whose app also has the media routes, over a data folder of its own.
    init(mediaFolder folder: URL, uploadLimit: Int = MediaServices.defaultUploadLimit) throws {
        try self.init(folder: folder, uploadLimit: uploadLimit)
    }

    /// Posts raw bytes with the session's CSRF token in the header (and a recording length of 8.5 s unless
    /// `headers` say otherwise).
    @discardableResult
    mutating func upload(_ path: String, bytes: [UInt8], type: String, headers: [String: String] = [:]) -> Response {
        var all = ["X-Recording-Duration": "8.5"].merging(headers) { $1 }
        all["Content-Type"] = type
        all["X-CSRF-Token"] = lastCSRF
        all["Accept"] = "application/json"
        return send(Request(method: .post, path: path, headers: all, body: bytes))
    }

    /// Joins, onboards and opens the knee-bend video at its camera step.
    mutating func openCameraStep() throws {
        try join()
        completeOnboarding()
        get("/survey/kneeBendVideo/0")
        post(
            "/survey/kneeBendVideo/0",
            form: ["step": RecoverSurveys.KneeBendVideo.instruction, "action": "next"])
        get("/survey/kneeBendVideo/0")
    }
}

/// Test videos: the EBML header of WebM or an MP4 `ftyp` box, then filler.
enum TestVideo {
    static func webm(_ count: Int = 4096) -> [UInt8] {
        [0x1A, 0x45, 0xDF, 0xA3] + (0..<max(0, count - 4)).map { UInt8(truncatingIfNeeded: $0 &* 13) }
    }

    static func mp4(_ count: Int = 4096) -> [UInt8] {
        [0, 0, 0, 0x18] + Array("ftypisom".utf8) + (0..<max(0, count - 12)).map { UInt8(truncatingIfNeeded: $0) }
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "recover-media-tests").appending(
            path: UUID().uuidString)
    }

    /// Every file under the data folder's `files/` (stored videos and leftovers).
    static func filesUnder(_ folder: URL) -> [String] {
        let root = folder.appending(path: "files")
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { path in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root.appending(path: path).path, isDirectory: &isFolder)
            return !isFolder.boolValue
        }
    }
}
