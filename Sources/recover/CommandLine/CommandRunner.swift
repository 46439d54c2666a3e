import Foundation

/// Finds the command an argument list names, prints help, runs it, and maps errors to exit codes.
struct CommandRunner {
    let root: CommandSpec

    /// Runs `arguments` (without the program name) and returns the process exit code.
    func run(_ arguments: [String]) async -> Int32 {
        var command = root
        var path = [root.name]
        var rest = arguments[...]
        while let next = rest.first, let sub = command.subcommands.first(where: { $0.name == next }) {
            command = sub
            path.append(sub.name)
            rest = rest.dropFirst()
        }
        if rest.contains("--help") || rest.contains("-h") || (rest.first == "help" && command.action == nil) {
            Output.standard.write(help(for: command, path: path))
            return ExitCode.success.rawValue
        }
        guard let action = command.action else {
            if let word = rest.first {
                return fail(.usage, "unknown command '\(word)'", help: help(for: command, path: path))
            }
            return fail(.usage, "missing subcommand", help: help(for: command, path: path))
        }
        do {
            let parsed = try parseArguments(Array(rest), for: command)
            try await action(parsed)
            return ExitCode.success.rawValue
        } catch let error as UsageError {
            return fail(.usage, error.description, help: "Usage: \(path.joined(separator: " ")) \(command.synopsis)\n")
        } catch let error as DataError {
            return fail(.dataError, error.description)
        } catch let error as NoInputError {
            return fail(.noInput, error.description)
        } catch let error as CannotCreateError {
            return fail(.cannotCreate, error.description)
        } catch let exit as CommandExit {
            return exit.code.rawValue
        } catch {
            return fail(.failure, String(describing: error))
        }
    }

    private func fail(_ code: ExitCode, _ message: String, help: String = "") -> Int32 {
        Output.error.write("error: \(message)\n" + help)
        return code.rawValue
    }

    /// The `--help` text of a command.
    func help(for command: CommandSpec, path: [String]) -> String {
        var text = "OVERVIEW: \(command.abstract)\n\n"
        text += "USAGE: \(path.joined(separator: " ")) \(command.synopsis)\n"
        if !command.discussion.isEmpty { text += "\n\(command.discussion)\n" }
        if !command.options.isEmpty {
            text += "\nOPTIONS:\n"
            for option in command.options {
                let left = option.takesValue ? "--\(option.name) <\(option.valueName)>" : "--\(option.name)"
                text += "  \(left.padding(toLength: max(left.count, 26), withPad: " ", startingAt: 0)) \(option.help)\n"
            }
        }
        text += "  --help, -h                 Show help information.\n"
        if !command.subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n"
            for sub in command.subcommands {
                text +=
                    "  \(sub.name.padding(toLength: max(sub.name.count, 26), withPad: " ", startingAt: 0)) \(sub.abstract)\n"
            }
            text += "\n  See '\(path.joined(separator: " ")) <subcommand> --help' for detailed help.\n"
        }
        return text
    }
}

/// Unbuffered writes to standard output and standard error.
struct Output: Sendable {
    let handle: FileHandle

    static let standard = Output(handle: .standardOutput)
    static let error = Output(handle: .standardError)

    func write(_ text: String) {
        handle.write(Data(text.utf8))
    }

    func line(_ text: String) {
        write(text + "\n")
    }
}
