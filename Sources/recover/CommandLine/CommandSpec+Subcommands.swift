extension CommandSpec {
    /// A command that does something itself and also has subcommands (`recover backup --out FILE` beside
    /// `recover backup verify FILE`): a first argument naming a subcommand selects it.
    init(
        name: String,
        abstract: String,
        synopsis: String,
        discussion: String = "",
        options: [OptionSpec],
        subcommands: [CommandSpec],
        action: @escaping @Sendable (ParsedArguments) async throws -> Void
    ) {
        self.name = name
        self.abstract = abstract
        self.synopsis = synopsis
        self.discussion = discussion
        self.options = options
        self.subcommands = subcommands
        self.action = action
    }
}
