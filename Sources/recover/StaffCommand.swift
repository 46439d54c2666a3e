import Foundation
import RecoverData
import RecoverWeb

extension Commands {
    static let staff = CommandSpec(
        name: "staff",
        abstract: "Manage study-team accounts.",
        subcommands: [staffAdd]
    )

    static let staffAdd = CommandSpec(
        name: "add",
        abstract: "Add a staff account (admin or researcher).",
        synopsis: "--email EMAIL --role admin|researcher [--generate-password] [--data-dir DIR] [--database URL]",
        discussion: """
            The password is read from standard input (one line; prompted when it is a terminal), or \
            generated and printed once with --generate-password.
            """,
        options: [
            .option("email", value: "EMAIL", help: "The staff member's email address."),
            .option("role", value: "ROLE", help: "admin or researcher."),
            .flag("generate-password", help: "Generate a password and print it once."),
        ] + StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let email = try arguments.required("email")
        let roleName = try arguments.required("role")
        guard let role = AccountRole(rawValue: roleName), role.isStaff else {
            throw UsageError("--role must be admin or researcher, got '\(roleName)'")
        }
        let generated = arguments.flag("generate-password")
        let password: String
        if generated {
            password = Enrollment.generatedPassword()
        } else {
            guard let line = readPassword(prompt: "Password for \(email): ") else {
                throw UsageError("no password on standard input (or use --generate-password)")
            }
            password = line
        }
        let directory = try StudyLocation.open(arguments).directory
        let account: Account
        do {
            account = try Enrollment(directory: directory).addStaff(
                email: email, role: role, password: password, timeZone: TimeZone.current.identifier)
        } catch let error as EnrollmentError {
            throw DataError(error.description)
        }
        Output.standard.line("Added \(account.role.rawValue) \(account.email)")
        if generated { Output.standard.line("Password (shown only now): \(password)") }
    }
}

/// One line from standard input; on a terminal, prompts and turns echo off while typing.
func readPassword(prompt: String) -> String? {
    guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true) }
    Output.error.write(prompt)
    var saved = termios()
    tcgetattr(STDIN_FILENO, &saved)
    var silent = saved
    silent.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(STDIN_FILENO, TCSANOW, &silent)
    defer {
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        Output.error.write("\n")
    }
    return readLine(strippingNewline: true)
}
