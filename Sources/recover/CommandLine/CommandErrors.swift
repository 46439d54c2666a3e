import Foundation

/// Exit codes of the `recover` tool (sysexits.h).
enum ExitCode: Int32 {
    case success = 0
    case failure = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case cannotCreate = 73
}

/// The command line was wrong: exit 64 with the command's usage.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// The input data was wrong: exit 65 with the message.
struct DataError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// The command ran and decided on a non-zero exit code after printing its own output (for example
/// a verification that found a problem).
struct CommandExit: Error {
    let code: ExitCode
}

/// The input the command needs does not exist (a data folder, a file): exit 66 with the message.
struct NoInputError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// The output cannot be created (a file that cannot be written): exit 73 with the message.
struct CannotCreateError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
