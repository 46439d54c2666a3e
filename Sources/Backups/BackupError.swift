/// Why a backup could not be made, verified or restored.
///
/// The message names the archive, the folder and paths inside the backup, never file contents, so it can
/// be shown and logged. Match on ``code``:
///
/// ```swift
/// do { try BackupArchive.verify(at: file) }
/// catch let error as BackupError where error.code == .missingArchive { ... }
/// ```
public struct BackupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is.
    public struct Code: Hashable, Sendable {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The archive file does not exist.
        public static let missingArchive = Code("missingArchive")
        /// The file is not a readable Recover backup: not an archive, truncated, corrupt, or an entry the
        /// manifest does not list.
        public static let damagedArchive = Code("damagedArchive")
        /// The manifest is missing, malformed, or names a path that could leave the target folder.
        public static let badManifest = Code("badManifest")
        /// A file's bytes do not match its size or SHA-256 in the manifest.
        public static let mismatch = Code("mismatch")
        /// The database in the backup does not open or fails SQLite's integrity check.
        public static let damagedDatabase = Code("damagedDatabase")
        /// The restore target is not an empty folder.
        public static let targetNotEmpty = Code("targetNotEmpty")
        /// Reading the data folder or writing the archive or the restored files failed.
        public static let fileSystem = Code("fileSystem")
    }

    /// What kind of failure it is.
    public let code: Code
    /// What went wrong, for people.
    public let description: String

    /// A failure of kind `code`.
    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
