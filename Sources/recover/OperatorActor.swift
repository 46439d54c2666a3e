import Foundation

/// The audit trail's actor for an operator's command: `cli:<command>:<user>`, the operating-system user the
/// command runs as (getpwuid(geteuid())), or `uid<number>` when that user has no name.
enum OperatorActor {
    static func actor(command: String) -> String { "cli:\(command):\(userName())" }

    static func userName() -> String {
        let uid = geteuid()
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid\(uid)" }
        let text = String(cString: name)
        // A user name is short and plain; anything else is named by its number rather than copied.
        guard !text.isEmpty, text.utf8.count <= 64, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != 0x3A })
        else { return "uid\(uid)" }
        return text
    }
}
