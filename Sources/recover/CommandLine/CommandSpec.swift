import Foundation

/// One command of the `recover` tool: its name, help text, options and either subcommands or an action.
///
/// Shaped like swift-argument-parser's `CommandConfiguration`, written by hand because no outside package
/// can be fetched here:
///
/// ```swift
/// let list = CommandSpec(name: "list", abstract: "List built-in surveys.") { arguments in
///     print(...)
/// }
/// ```
struct CommandSpec: Sendable {
    /// The word that selects this command.
    let name: String
    /// One line shown in the parent's command list and at the top of `--help`.
    let abstract: String
    /// The argument synopsis after the command path, for example `<id> [--json]`.
    let synopsis: String
    /// Longer help shown under the synopsis.
    let discussion: String
    /// Options this command accepts.
    let options: [OptionSpec]
    /// Subcommands; a command has either subcommands or an action.
    let subcommands: [CommandSpec]
    /// What the command does once its arguments are parsed.
    let action: (@Sendable (ParsedArguments) async throws -> Void)?

    /// A command that groups subcommands.
    init(name: String, abstract: String, discussion: String = "", subcommands: [CommandSpec]) {
        self.name = name
        self.abstract = abstract
        self.synopsis = "<subcommand>"
        self.discussion = discussion
        self.options = []
        self.subcommands = subcommands
        self.action = nil
    }

    /// A command that does something.
    init(
        name: String,
        abstract: String,
        synopsis: String = "",
        discussion: String = "",
        options: [OptionSpec] = [],
        action: @escaping @Sendable (ParsedArguments) async throws -> Void
    ) {
        self.init(
            name: name, abstract: abstract, synopsis: synopsis, discussion: discussion, options: options,
            subcommands: [], action: action)
    }
}

/// An option (`--name VALUE`) or a flag (`--name`) of a command.
struct OptionSpec: Sendable {
    /// The long name without dashes.
    let name: String
    /// Whether the option takes a value.
    let takesValue: Bool
    /// The value's placeholder in help text.
    let valueName: String
    /// One line of help.
    let help: String

    /// An option that takes a value: `--out FILE`.
    static func option(_ name: String, value: String = "VALUE", help: String) -> OptionSpec {
        OptionSpec(name: name, takesValue: true, valueName: value, help: help)
    }

    /// A flag without a value: `--json`.
    static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, takesValue: false, valueName: "", help: help)
    }
}
