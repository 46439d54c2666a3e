import CArchive
import Foundation

/// Streams `apple_health_export/export.xml` out of an `export.zip` with libarchive, block by block, never
/// touching the disk, and refuses a zip bomb while it streams: by total size and by compression ratio, counted
/// from the bytes actually produced and consumed, not from the headers.
///
/// Only the zip format is enabled, so none of libarchive's other readers is exposed to the file.
final class ExportArchive {
    /// libarchive's read handle.
    typealias Handle = OpaquePointer

    /// The entry read, compared without regard to case (some locales write `Export.xml`).
    static let entryPath = "apple_health_export/export.xml"

    private let handle: Handle
    private let limits: HealthImportLimits
    /// The file's size, for progress and to tell a cut-short file from a damaged one.
    let fileSize: Int64
    /// Uncompressed bytes of the entry produced so far.
    private(set) var producedBytes: Int64 = 0
    private var entryStart: Int64 = 0

    /// Opens the file at `url` and positions the reader at the start of `export.xml`.
    init(url: URL, limits: HealthImportLimits) throws {
        self.limits = limits
        let path = url.path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.int64Value
        else { throw HealthImportError(.unreadableFile, "there is no readable file at the export's path") }
        fileSize = size
        guard Self.startsLikeAZip(path) else {
            throw HealthImportError(
                .notAZip, "the file is not a zip archive; upload the export.zip the Health app made")
        }
        guard let handle = archive_read_new() else {
            throw HealthImportError(.unreadableFile, "cannot start reading the export (out of memory)")
        }
        self.handle = handle
        guard archive_read_support_format_zip(handle) == ARCHIVE_OK,
            archive_read_open_filename(handle, path, 128 * 1024) == ARCHIVE_OK
        else { throw failure(reading: "the zip") }
        try seekExportXML()
    }

    deinit {
        archive_read_free(handle)
    }

    /// Compressed bytes consumed so far (the reader's position in the file).
    var consumedBytes: Int64 { min(fileSize, max(0, archive_filter_bytes(handle, -1))) }

    /// The entry's next uncompressed block, valid until the next call; nil at the entry's end.
    func nextBlock() throws -> UnsafeRawBufferPointer? {
        var buffer: UnsafeRawPointer?
        var size = 0
        var offset: la_int64_t = 0
        let result = archive_read_data_block(handle, &buffer, &size, &offset)
        if result == ARCHIVE_EOF { return nil }
        guard result == ARCHIVE_OK || result == ARCHIVE_WARN, size >= 0 else { throw failure(reading: "export.xml") }
        let (total, overflow) = producedBytes.addingReportingOverflow(Int64(size))
        guard !overflow, total <= limits.maximumXMLBytes else { throw tooLarge() }
        producedBytes = total
        try checkRatio()
        guard let buffer, size > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: buffer, count: size)
    }

    private func seekExportXML() throws {
        var entry: OpaquePointer?
        while true {
            let result = archive_read_next_header(handle, &entry)
            if result == ARCHIVE_EOF {
                throw HealthImportError(
                    .missingExportXML,
                    "the zip holds no \(Self.entryPath); upload the export.zip the Health app made, unchanged")
            }
            guard result == ARCHIVE_OK || result == ARCHIVE_WARN, let entry else { throw failure(reading: "the zip") }
            let path = archive_entry_pathname_utf8(entry).map { String(cString: $0) } ?? ""
            guard path.lowercased() == Self.entryPath,
                archive_entry_filetype(entry) == UInt32(recover_archive_regular_file())
            else { continue }
            if archive_entry_size_is_set(entry) != 0, archive_entry_size(entry) > limits.maximumXMLBytes {
                throw tooLarge()
            }
            entryStart = consumedBytes
            return
        }
    }

    /// Past the first bytes, uncompressed output may not exceed the ratio times the compressed input consumed.
    private func checkRatio() throws {
        guard producedBytes > limits.ratioCheckAfterBytes else { return }
        let compressed = max(1, consumedBytes - entryStart)
        let (allowed, overflow) = compressed.multipliedReportingOverflow(by: limits.maximumCompressionRatio)
        guard !overflow, producedBytes > allowed else { return }
        throw HealthImportError(
            .compressionRatioTooHigh,
            "export.xml expands more than \(limits.maximumCompressionRatio) times from its compressed bytes, "
                + "far beyond any real export: the file is refused as a zip bomb")
    }

    private func tooLarge() -> HealthImportError {
        HealthImportError(
            .tooLarge, "export.xml is larger than the import's limit of \(limits.maximumXMLBytes) bytes uncompressed")
    }

    /// A libarchive failure: cut short when the reader had reached the end of the file, damaged otherwise.
    /// libarchive's own message is left out: it may quote names from the file.
    private func failure(reading what: String) -> HealthImportError {
        if consumedBytes >= fileSize {
            return HealthImportError(
                .truncatedArchive,
                "\(what) ends before its data does (the file is cut short); export again or copy the whole file")
        }
        return HealthImportError(
            .damagedArchive, "\(what) is damaged or encrypted and cannot be read; export again from the Health app")
    }

    /// A zip starts with a local file header (`PK\3\4`) or, empty, with the end of its directory (`PK\5\6`).
    private static func startsLikeAZip(_ path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        guard let head = try? file.read(upToCount: 4), head.count == 4 else { return false }
        let bytes = [UInt8](head)
        return bytes[0] == 0x50 && bytes[1] == 0x4B
            && ((bytes[2], bytes[3]) == (3, 4) || (bytes[2], bytes[3]) == (5, 6))
    }
}
