import ArgumentParser
import PaywallFoundation

/// The `paywall-sim` command line: `run` (the default), `play`, `store` and `copy`. The root is
/// asynchronous so `serve` awaits its server; every other command runs synchronously.
public struct PaywallSimCommand: AsyncParsableCommand {
    public static let version = "0.1.0"
    /// The git commit this binary was built from (`unknown` outside a git checkout); the BuildCommit plugin writes it.
    public static let commit = BuildCommit.id
    /// What `--version` prints: the version, then the commit.
    public static let versionText = "\(version)\ncommit \(commit)"

    public static let configuration = CommandConfiguration(
        commandName: "paywall-sim",
        abstract: "A terminal paywall simulator: onboarding, paywall, purchase and restore against a simulated StoreKit 2 store.",
        version: versionText,
        subcommands: [RunCommand.self, PlayCommand.self, StoreCommand.self, ServeCommand.self, CopyCommand.self, DebugCommand.self],
        defaultSubcommand: RunCommand.self)

    public init() {}

    /// Runs the command line `arguments` as `paywall-sim` does, writing to `console`, and returns
    /// the exit status: a misspelled command or root flag or a negative duration is refused (64); otherwise the
    /// command they name runs on the caller's actor, and an error ends it with ArgumentParser's
    /// message and code. `main.swift` calls it from the main actor, so the synchronous commands run
    /// on the main thread, as with a synchronous root (`run`'s ncurses loop and its terminal
    /// restoring stay there); an asynchronous command (`serve`) is awaited. (ArgumentParser's own
    /// `main() async` is nonisolated: it would run the synchronous commands on a thread of the
    /// concurrency pool instead.) Tests run the command line in process through it.
    @MainActor public static func run(_ arguments: [String], console: Console = .standard) async -> Int32 {
        if let message = misspelledCommand(in: arguments) ?? misspelledRootFlag(in: arguments) ?? negativeDuration(in: arguments) {
            console.write(message + "\n", .error)
            return 64
        }
        return await Console.$current.withValue(console) {
            do {
                var command = try parseAsRoot(arguments)
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
                return 0
            } catch {
                let error = unknownOption(hiddenBy: error, in: arguments) ?? error
                let code = exitCode(for: error).rawValue
                let message = fullMessage(for: error)
                // As ArgumentParser's `exit(withError:)`: help and the version on standard output, errors on standard error.
                if !message.isEmpty { console.write(message + "\n", code == 0 ? .output : .error) }
                return code
            }
        }
    }

    /// The parser names a missing argument before an unknown option (`play --bogus`): the option
    /// is the mistake to name, so the words are parsed again with a stand-in argument to find it.
    static func unknownOption(hiddenBy error: any Error, in arguments: [String]) -> (any Error)? {
        guard arguments.contains(where: { $0.hasPrefix("-") }), message(for: error).hasPrefix("Missing expected argument") else { return nil }
        do { _ = try parseAsRoot(arguments + ["_"]) } catch {
            if message(for: error).hasPrefix("Unknown option") { return error }
        }
        return nil
    }

    /// A first (or `store`/`copy` second) word that is no command but close to one: the line that
    /// says so, instead of the default command's usage (`paywall-sim sotre` → did you mean `store`?).
    public static func misspelledCommand(in arguments: [String]) -> String? {
        // `help WORDS` names a command: one that is not there is refused like the command itself.
        if arguments.first == "help", arguments.count > 1 { return misspelledCommand(in: Array(arguments.dropFirst())) }
        var command: any ParsableCommand.Type = Self.self
        var path = "paywall-sim"
        for word in arguments {
            if word.hasPrefix("-") { return nil }
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            // Hidden commands (`debug`) are neither suggested nor listed.
            let names = subcommands.filter { $0.configuration.shouldDisplay }.map { $0.configuration.commandName ?? "" } + ["help"]
            guard let next = subcommands.first(where: { $0.configuration.commandName == word }) else {
                if names.contains(word) { return nil }
                // The default command (`run`) takes no words: anything else is a mistyped command.
                let close = names.filter { Spelling.editDistance(word.lowercased(), $0) <= max(1, $0.count / 3) }
                let hint = close.isEmpty ? "" : " Did you mean '\(close[0])'?"
                return "\(path): '\(word)' is not a command.\(hint) Commands: \(names.dropLast().joined(separator: ", ")); see '\(path) --help'."
            }
            command = next
            path += " " + word
        }
        return nil
    }

    /// `--versoin`: a first word one slip away from the root's own `--version` or `--help` that no
    /// command takes, refused with the flag it meant (commands get the same from `misspelledCommand`).
    public static func misspelledRootFlag(in arguments: [String]) -> String? {
        guard let word = arguments.first, word.hasPrefix("--"), word.count > 3 else { return nil }
        let name = String(word.dropFirst(2)).lowercased()
        let flags = ["version", "help"]
        guard !flags.contains(name),
              let meant = flags.first(where: { Spelling.editDistance(name, $0) <= max(1, $0.count / 3) }) else { return nil }
        // An option the default command (`run`) takes is no slip.
        if (try? parseAsRoot(arguments)) != nil { return nil }
        return "paywall-sim: unknown option '\(word)'. Did you mean '--\(meant)'?"
    }

    /// `store advance -1d`: a negative duration, which the parser would read as an option.
    public static func negativeDuration(in arguments: [String]) -> String? {
        guard arguments.count >= 3, arguments[0] == "store", arguments[1] == "advance" else { return nil }
        guard let word = arguments.dropFirst(2).first(where: { $0.count > 1 && $0.hasPrefix("-") && $0.dropFirst().first?.isNumber == true }) else { return nil }
        return "paywall-sim store advance: \(word): time only moves forward; expected a positive duration such as 1d or 2h30m"
    }
}
