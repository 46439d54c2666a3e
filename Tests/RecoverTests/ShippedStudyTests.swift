import Foundation
import Testing

@testable import Recover

/// The shipped study file is what the Swift builders make, so the two cannot drift apart. To regenerate the file
/// after changing a builder: `RECOVER_WRITE_STUDY_FILE=1 swift test --filter ShippedStudyTests`. The KOOS is written
/// only in the file (the builders carry it over as it is), so here it is compared with itself: KOOSTests checks it.
@Suite struct ShippedStudyTests {
    @Test func shippedFileIsWhatTheBuildersMake() throws {
        let built = try RecoverStudy.builtFile()
        if ProcessInfo.processInfo.environment["RECOVER_WRITE_STUDY_FILE"] == "1" {
            let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Sources/Recover/Study/recover.study.json").standardizedFileURL
            try built.write(to: path)
        }
        #expect(String(decoding: RecoverStudy.shippedFile, as: UTF8.self) == String(decoding: built, as: UTF8.self))
    }

    @Test func shippedStudyReadsBackToTheBuildersDefinition() throws {
        let read = try StudyFile.read(try RecoverStudy.builtFile())
        #expect(read == RecoverStudyBuilder.definition())
        #expect(read.tasks.map(\.id) == RecoverSurveys.ids + ["koos"])
    }
}
