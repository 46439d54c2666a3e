/// The paths a backup may hold: relative, inside the folder being restored, in plain characters.
///
/// A manifest or archive entry naming anything else (`../x`, `/etc/passwd`, `a//b`, `./a`, a backslash,
/// a control character) is refused before anything is written, so a restore never writes outside its
/// target folder.
enum BackupPath {
    static let maximumLength = 1024
    static let maximumComponentLength = 255

    /// Whether `path` is a relative path of safe components (`files/ab/cdef`).
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, path.utf8.count <= maximumLength else { return false }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        return components.allSatisfy { component in
            !component.isEmpty && component != "." && component != ".."
                && component.utf8.count <= maximumComponentLength
                && component.utf8.allSatisfy { byte in
                    (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                }
        }
    }
}
