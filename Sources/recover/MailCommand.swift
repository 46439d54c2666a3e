import Delivery
import Foundation
import RecoverApp
import RecoverData

extension Commands {
    static let mail = CommandSpec(
        name: "mail",
        abstract: "Check the SMTP relay and the message outbox.",
        subcommands: [mailTest, mailStatus]
    )

    static let mailTest = CommandSpec(
        name: "test",
        abstract: "Send one test message now, through the relay, and say whether it was accepted.",
        synopsis: "--to ADDRESS [--smtp-url URL] [--mail-from ADDRESS] [--language en|zh-Hans]",
        discussion: """
            Sends directly, not through the outbox. Exit 0 when the relay accepted the message, 69 when it \
            could not be reached or refused it (the message says why, by category), 64 for a malformed option.
            """,
        options: [
            .option("to", value: "ADDRESS", help: "The recipient."),
            .option("language", value: "LANG", help: "en (default) or zh-Hans."),
        ] + MailSettings.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let to = try arguments.required("to")
        guard MailAddress.isValid(to) else { throw UsageError("--to must be an e-mail address (name@example.org)") }
        let language = arguments.value("language") ?? "en"
        guard ["en", "zh-Hans"].contains(language) else { throw UsageError("--language is en or zh-Hans") }
        let settings = try MailSettings(arguments)
        guard let relay = settings.relay, let from = settings.from else {
            throw UsageError("mail test needs --smtp-url and --mail-from (or RECOVER_SMTP_URL and RECOVER_MAIL_FROM)")
        }
        let message = MessageComposer(from: from).test(to: to, language: language)
        do {
            try SMTPMailer(relay: relay).send(message)
        } catch let error as MailError {
            Output.error.line("not sent: \(error)")
            throw CommandExit(code: .unavailable)
        }
        Output.standard.line("sent a test message to \(to) through \(relay)")
    }

    static let mailStatus = CommandSpec(
        name: "status",
        abstract: "Count the outbox's messages by state and say whether a relay is configured.",
        synopsis: "[--data-dir DIR] [--database URL] [--smtp-url URL] [--mail-from ADDRESS] [--recent N]",
        options: StudyLocation.options + MailSettings.options + [
            .option("recent", value: "N", help: "Also list the N most recent messages (to whom, kind, when, state).")
        ]
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let settings = try MailSettings(arguments)
        let recent = try arguments.integer("recent", default: 0, in: 0...1000)
        let outbox = MessageOutbox(database: try StudyLocation.openExisting(arguments).records.database)
        let summary = try outbox.summary()
        Output.standard.line(settings.configuration.summary)
        let counts = OutboxMessage.State.allCases.map { "\($0.rawValue) \(summary.count($0))" }
        Output.standard.line("outbox: \(counts.joined(separator: ", ")); due now \(summary.due)")
        if let oldest = summary.oldestWaitingSince {
            Output.standard.line("oldest waiting since \(oldest.formatted(.iso8601))")
        }
        guard recent > 0 else { return }
        for entry in try outbox.log(MessageLogQuery(limit: recent)) {
            let sent = entry.sentAt.map { " sent \($0.formatted(.iso8601))" } ?? ""
            let error = entry.lastError.map { " last error \($0)" } ?? ""
            Output.standard.line(
                "\(entry.createdAt.formatted(.iso8601)) \(entry.kind) to "
                    + "\(entry.channel == .push ? "push subscription " : "")\(entry.recipient): \(entry.state.rawValue), "
                    + "\(entry.attempts) attempts\(sent)\(error)")
        }
    }
}
