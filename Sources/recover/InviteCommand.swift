import Foundation
import RecoverData
import RecoverWeb

extension Commands {
    static let invite = CommandSpec(
        name: "invite",
        abstract: "Create single-use invitation links for participants.",
        synopsis: "[--count N] [--data-dir DIR] [--database URL] [--base-url URL]",
        options: [
            .option("count", value: "N", help: "How many invitations (default 1).")
        ] + StudyLocation.options + [
            .option(
                "base-url", value: "URL", help: "The server's address for the links (default http://127.0.0.1:8080).")
        ]
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let count = try arguments.integer("count", default: 1, in: 1...10_000)
        var base = arguments.value("base-url") ?? "http://127.0.0.1:8080"
        while base.hasSuffix("/") { base.removeLast() }
        let directory = try StudyLocation.open(arguments).directory
        for code in try Enrollment(directory: directory).invite(count: count, createdBy: nil) {
            Output.standard.line("\(base)/join/\(code)")
        }
    }
}
