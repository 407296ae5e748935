/// A hand-written argument scanner: `--flag value`, `--flag=value`, boolean
/// flags and positionals, with clear errors for unknown or incomplete flags.
struct Arguments {
    /// Values of the options given, by name without dashes (last one wins).
    private(set) var options: [String: String] = [:]
    /// Boolean flags given, by name without dashes.
    private(set) var flags: Set<String> = []
    /// Positional arguments, in order (`-` counts as a positional).
    private(set) var positionals: [String] = []

    /// Scans `arguments`. `valued` lists the options that take a value,
    /// `boolean` the flags that take none; anything else starting with `-`
    /// is an error.
    init(
        _ arguments: [String], valued: Set<String>, boolean: Set<String> = [],
        maxPositionals: Int = 1, command: String
    ) throws(ArgumentError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = String(argument.drop { $0 == "-" })
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if valued.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                } else if index < arguments.count {
                    options[name] = arguments[index]
                    index += 1
                } else {
                    throw ArgumentError("menagerie \(command): option '--\(name)' needs a value")
                }
            } else if boolean.contains(name), inlineValue == nil {
                flags.insert(name)
            } else {
                throw ArgumentError(
                    "menagerie \(command): unknown option '\(argument)'. See 'menagerie \(command) --help'.")
            }
        }
        if positionals.count > maxPositionals {
            throw ArgumentError("menagerie \(command): unexpected argument '\(positionals[maxPositionals])'")
        }
    }

    subscript(option name: String) -> String? { options[name] }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The integer value of an option, or `defaultValue` when absent.
    func integer(_ name: String, default defaultValue: Int, command: String) throws(ArgumentError) -> Int {
        guard let text = options[name] else { return defaultValue }
        guard let value = Int(text) else {
            throw ArgumentError("menagerie \(command): '--\(name)' needs an integer, got '\(text)'")
        }
        return value
    }
}

struct ArgumentError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
