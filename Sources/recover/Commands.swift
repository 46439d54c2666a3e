/// Every top-level command group of `recover`; each group is defined in its own file.
enum Commands {
    static let all: [CommandSpec] = [
        version,
        serve,
        invite,
        staff,
        survey,
        schedule,
        audit,
        consent,
        export,
        demoData,
        // Add command groups here, one line each (survey, schedule, serve, invite, staff, ...).
    ]

    static let version = CommandSpec(name: "version", abstract: "Print the version of Recover.") { _ in
        Output.standard.line("recover 0.1.0")
    }
}
