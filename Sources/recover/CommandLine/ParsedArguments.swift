import Foundation

/// The arguments given to one command, split into positionals, option values and flags.
struct ParsedArguments: Sendable {
    /// Arguments that are not options, in order.
    var positionals: [String] = []
    /// Values of options, by option name; an option given twice keeps both values.
    var values: [String: [String]] = [:]
    /// Flags that were given.
    var flags: Set<String> = []

    /// The last value of an option, if given.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of a required option.
    func required(_ name: String) throws -> String {
        guard let value = value(name) else { throw UsageError("missing required option --\(name)") }
        return value
    }

    /// An integer option within `range`, or the default when absent; a usage error for anything else
    /// (not a number, too large for any integer, out of range), so later arithmetic on it cannot trap.
    func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = value(name) else { return defaultValue }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "--\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return number
    }

    /// The positional at `index`, named in the error when missing.
    func positional(_ index: Int, _ name: String) throws -> String {
        guard positionals.indices.contains(index) else { throw UsageError("missing argument <\(name)>") }
        return positionals[index]
    }

    /// Refuses positionals beyond the expected count.
    func expectPositionals(atMost count: Int) throws {
        if positionals.count > count {
            throw UsageError("unexpected argument '\(positionals[count])'")
        }
    }
}

/// Parses `arguments` against the options of `command`.
func parseArguments(_ arguments: [String], for command: CommandSpec) throws -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
            parsed.positionals.append(argument)
            continue
        }
        if argument == "--" {
            onlyPositionals = true
            continue
        }
        var name = String(argument.dropFirst(2))
        var inlineValue: String?
        if let equals = name.firstIndex(of: "=") {
            inlineValue = String(name[name.index(after: equals)...])
            name = String(name[..<equals])
        }
        guard let option = command.options.first(where: { $0.name == name }) else {
            throw UsageError("unknown option --\(name)")
        }
        if option.takesValue {
            if let inlineValue {
                parsed.values[name, default: []].append(inlineValue)
            } else if index < arguments.count {
                parsed.values[name, default: []].append(arguments[index])
                index += 1
            } else {
                throw UsageError("--\(name) needs a value (\(option.valueName))")
            }
        } else {
            if inlineValue != nil { throw UsageError("--\(name) takes no value") }
            parsed.flags.insert(name)
        }
    }
    return parsed
}
