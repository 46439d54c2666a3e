import Foundation
import RecoverData

/// The `recover` command tree. Each command group lives in its own file as a `static let`.
let root = CommandSpec(
    name: "recover",
    abstract: "Recover: a research-and-care study platform.",
    subcommands: Commands.all
)

let code = await CommandRunner(root: root).run(Array(CommandLine.arguments.dropFirst()))
exit(code)
