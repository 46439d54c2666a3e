import Exports
import Foundation
import Testing

@Suite struct ExportFileTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "recover-export-tests")
            .appending(path: UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func theFileAppearsOnlyWhenComplete() throws {
        let url = folder.appending(path: "out.csv")
        try ExportFile.write(to: url) { file in
            try file.write("a,b\n")
            #expect(!FileManager.default.fileExists(atPath: url.path))
            for index in 0..<50_000 { try file.write("\(index),x\n") }
        }
        #expect(try listing() == ["out.csv"])
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.hasPrefix("a,b\n0,x\n") && text.hasSuffix("49999,x\n"))
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    struct Interrupted: Error {}

    @Test func aFailedExportLeavesNoFileAndKeepsAnOlderOne() throws {
        let url = folder.appending(path: "out.json")
        try Data("previous".utf8).write(to: url)
        #expect(throws: Interrupted.self) {
            try ExportFile.write(to: url) { file in
                for _ in 0..<10_000 { try file.write("partial data partial data\n") }
                throw Interrupted()
            }
        }
        #expect(try listing() == ["out.json"])
        #expect(try String(contentsOf: url, encoding: .utf8) == "previous")
    }

    @Test func aMissingFolderIsAClearError() {
        let url = folder.appending(path: "missing/out.csv")
        #expect(throws: ExportError.self) { try ExportFile.write(to: url) { try $0.write("x") } }
    }
}
