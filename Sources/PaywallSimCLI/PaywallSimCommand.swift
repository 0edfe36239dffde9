import ArgumentParser

/// The `paywall-sim` command line: `run` (the default), `play`, `store` and `copy`.
public struct PaywallSimCommand: ParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "paywall-sim",
        abstract: "A terminal paywall simulator: onboarding, paywall, purchase and restore against a simulated StoreKit 2 store.",
        version: version,
        subcommands: [RunCommand.self, PlayCommand.self, StoreCommand.self, ServeCommand.self, CopyCommand.self, DebugCommand.self],
        defaultSubcommand: RunCommand.self)

    public init() {}

    /// A first (or `store`/`copy` second) word that is no command but close to one: the line that
    /// says so, instead of the default command's usage (`paywall-sim sotre` → did you mean `store`?).
    public static func misspelledCommand(in arguments: [String]) -> String? {
        var command: any ParsableCommand.Type = Self.self
        var path = "paywall-sim"
        for word in arguments {
            if word.hasPrefix("-") { return nil }
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            let names = subcommands.map { $0.configuration.commandName ?? "" } + ["help"]
            guard let next = subcommands.first(where: { $0.configuration.commandName == word }) else {
                if names.contains(word) { return nil }
                // The default command (`run`) takes no words: anything else is a mistyped command.
                let close = names.filter { Self.distance(word.lowercased(), $0) <= max(1, $0.count / 3) }
                let hint = close.isEmpty ? "" : " Did you mean '\(close[0])'?"
                return "\(path): '\(word)' is not a command.\(hint) Commands: \(names.dropLast().joined(separator: ", ")); see '\(path) --help'."
            }
            command = next
            path += " " + word
        }
        return nil
    }

    /// Edit distance (insertions, deletions, substitutions, adjacent swaps).
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        var d = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[x.count][y.count]
    }
}
