import Foundation

/// The text of a PDF as poppler's `pdftotext` extracts it (what a reader copying text from it gets), and its
/// page count from `pdfinfo`.
public enum PDFText {
    public static func text(of pdf: Data) throws -> String { try run("/usr/bin/pdftotext", pdf, ["-enc", "UTF-8"]) }

    public static func pages(of pdf: Data) throws -> Int? {
        let info = try run("/usr/bin/pdfinfo", pdf, [])
        let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
        return line.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
    }

    /// The names of the fonts embedded in the PDF, from `pdffonts`.
    public static func fonts(of pdf: Data) throws -> [String] {
        try run("/usr/bin/pdffonts", pdf, []).split(separator: "\n").dropFirst(2).compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
    }

    /// The text as one line with single spaces (lines and columns joined as a reader reads them).
    public static func words(of pdf: Data) throws -> String {
        try text(of: pdf).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func run(_ tool: String, _ pdf: Data, _ arguments: [String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.pdf")
        try pdf.write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        if tool.hasSuffix("pdftotext") {
            process.arguments = arguments + [input.path, "-"]
        } else {
            process.arguments = arguments + [input.path]
        }
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: bytes, as: UTF8.self)
    }
}
