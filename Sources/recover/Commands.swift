/// Every top-level command group of `recover`; each group is defined in its own file.
enum Commands {
    static let all: [CommandSpec] = [
        version,
        serve,
        invite,
        staff,
        survey,
        study,
        schedule,
        audit,
        consent,
        export,
        demoData,
        backup,
        restore,
        database,
        importData,
        mail,
        // Add command groups here, one line each (survey, schedule, serve, invite, staff, ...).
    ]

    /// The program and its version, as `version` prints it and backups record it.
    static let recoverVersion = "recover 0.1.0"

    static let version = CommandSpec(name: "version", abstract: "Print the version of Recover.") { _ in
        Output.standard.line(recoverVersion)
    }
}
