import Foundation
import Testing

@testable import HealthImport

/// Files that are broken or built to hurt: each is refused with its own code, quickly, and no error text holds
/// a value from the file.
@Suite struct HostileExportTests {
    typealias F = ExportFixture

    private func refusal(
        _ entries: [F.Entry], limits: HealthImportLimits = HealthImportLimits(), cut: ((Data) -> Data)? = nil
    ) throws -> HealthImportError {
        let folder = try F.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "export.zip")
        try F.zip(entries, to: url)
        if let cut { try cut(try Data(contentsOf: url)).write(to: url) }
        return try #require(throws: HealthImportError.self) {
            try F.importer(limits: limits).importExport(at: url)
        }
    }

    private func refusal(ofFile bytes: [UInt8]) throws -> HealthImportError {
        let folder = try F.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "export.zip")
        try Data(bytes).write(to: url)
        return try #require(throws: HealthImportError.self) { try F.importer().importExport(at: url) }
    }

    @Test func aFileThatIsNotAZipIsRefused() throws {
        #expect(try refusal(ofFile: Array("<HealthData/>".utf8)).code == .notAZip)
        #expect(try refusal(ofFile: []).code == .notAZip)
        #expect(try refusal(ofFile: [0x50, 0x4B, 0x03]).code == .notAZip)
    }

    @Test func aMissingFileIsUnreadable() throws {
        let error = try #require(throws: HealthImportError.self) {
            try F.importer().importExport(at: URL(filePath: "/nonexistent/export.zip"))
        }
        #expect(error.code == .unreadableFile)
    }

    @Test func aZipWithoutExportXMLIsRefused() throws {
        let error = try refusal([F.Entry("apple_health_export/export_cda.xml", "<ClinicalDocument/>")])
        #expect(error.code == .missingExportXML)
    }

    @Test func aTruncatedZipIsRefused() throws {
        let body = (0..<3000).map { index in
            F.record(F.steps, start: "2025-06-01 08:00:00 +0200", value: String(index * 7919 % 9973))
        }.joined()
        let error = try refusal([F.Entry(ExportArchive.entryPath, F.document(body))]) { $0.prefix($0.count / 2) }
        #expect(error.code == .truncatedArchive)
        #expect(!error.description.contains("9973"))
    }

    @Test func anEncryptedZipIsRefusedAsDamaged() throws {
        let folder = try F.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "export.zip")
        let xml = F.document(F.record(F.steps, start: "2025-06-01 08:00:00 +0200", value: "1"))
        try F.zip([F.Entry(ExportArchive.entryPath, xml)], to: url, passphrase: "secret")
        let error = try #require(throws: HealthImportError.self) { try F.importer().importExport(at: url) }
        #expect(error.code == .damagedArchive)
    }

    @Test func aTruncatedDocumentInAWholeZipIsMalformed() throws {
        let xml = F.document(F.record(F.steps, start: "2025-06-01 08:00:00 +0200", value: "4242"))
        let error = try refusal([F.Entry(ExportArchive.entryPath, String(xml.prefix(xml.count - 30)))])
        #expect(error.code == .malformedXML)
        #expect(!error.description.contains("4242"))
    }

    @Test func anExternalEntityIsNeverResolved() throws {
        let prologue = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ENTITY xxe SYSTEM "file:///etc/passwd">
            ]>

            """
        let body =
            F.record(F.steps, source: "&xxe;", start: "2025-06-01 08:00:00 +0200", value: "1")
            + "<Record type=\"x\" sourceName=\"a\" startDate=\"b\" endDate=\"c\">&xxe;</Record>\n"
        let error = try refusal([F.Entry(ExportArchive.entryPath, F.document(body, prologue: prologue))])
        #expect(error.code == .entityDeclaration)
        #expect(!error.description.contains("root:"))
    }

    @Test func anExternalParameterEntityIsNeverLoaded() throws {
        let prologue = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ENTITY % remote SYSTEM "file:///etc/passwd">
            %remote;
            ]>

            """
        let error = try refusal([F.Entry(ExportArchive.entryPath, F.document("", prologue: prologue))])
        #expect(error.code == .entityDeclaration)
    }

    @Test func anExternalDTDIsNotLoaded() throws {
        let prologue = "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData SYSTEM \"file:///etc/passwd\">\n"
        let body = F.record(F.steps, start: "2025-06-01 08:00:00 +0200", value: "7")
        let result = try F.importing(F.document(body, prologue: prologue))
        #expect(F.day("2025-06-01", in: result)?.steps == 7)
    }

    @Test func aBillionLaughsEntityBombIsRefusedAtOnce() throws {
        var prologue = "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            prologue += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        prologue += "]>\n"
        let body =
            F.record(F.steps, source: "&lol9;", start: "2025-06-01 08:00:00 +0200", value: "1")
            + "<Record type=\"x\" sourceName=\"a\" startDate=\"b\" endDate=\"c\">&lol9;</Record>\n"
        let started = ContinuousClock.now
        let error = try refusal([F.Entry(ExportArchive.entryPath, F.document(body, prologue: prologue))])
        #expect(error.code == .entityDeclaration)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func aHighRatioZipBombIsRefusedEarly() throws {
        // 256 MiB of spaces inside the root element is valid XML and deflates about 1000:1.
        let piece = [UInt8](repeating: UInt8(ascii: " "), count: 1 << 20)
        var left = 256
        let head = Array("<?xml version=\"1.0\"?>\n<HealthData locale=\"en\">".utf8)
        let tail = Array("</HealthData>\n".utf8)
        var started = false
        let entry = F.Entry(ExportArchive.entryPath, size: Int64(head.count + tail.count + left * piece.count)) {
            if !started {
                started = true
                return head
            }
            if left > 0 {
                left -= 1
                return piece
            }
            if left == 0 {
                left = -1
                return tail
            }
            return nil
        }
        let error = try refusal([entry])
        #expect(error.code == .compressionRatioTooHigh)
    }

    @Test func anExportLargerThanTheLimitIsRefused() throws {
        let body = String(repeating: F.record(F.steps, start: "2025-06-01 08:00:00 +0200", value: "1"), count: 10_000)
        let limits = HealthImportLimits(maximumXMLBytes: 1 << 20)
        let error = try refusal([F.Entry(ExportArchive.entryPath, F.document(body))], limits: limits)
        #expect(error.code == .tooLarge)
    }

    @Test func xmlThatIsNotAHealthExportIsRefused() throws {
        let error = try refusal([F.Entry(ExportArchive.entryPath, "<?xml version=\"1.0\"?>\n<gpx/>\n")])
        #expect(error.code == .notAHealthExport)
    }
}
