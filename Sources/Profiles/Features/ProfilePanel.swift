import CopyDeck
import PaywallCore

/// A profile's own screen (member status, Apple Pay sheet, usage, template store…), drawn as a
/// framed card over the current screen. Built by the profile's panels (`ProfilePanels`) from its state; every
/// word is a copy key (or data such as prices and ids), so the copy sweep checks it.
public struct ProfilePanel: Sendable, Hashable {
    /// One line of the card: copy or data, with its style.
    public struct Line: Sendable, Hashable {
        /// What the line says.
        public enum Content: Sendable, Hashable {
            case copy(String, [CopyArgument])
            case data(String)
            /// An empty row.
            case gap
        }

        public var content: Content
        public var role: ProfileTone
        public var bold: Bool

        public init(_ content: Content, role: ProfileTone = .text, bold: Bool = false) {
            self.content = content
            self.role = role
            self.bold = bold
        }

        /// A copy line.
        public static func copy(_ key: String, _ arguments: [CopyArgument] = [], role: ProfileTone = .text, bold: Bool = false) -> Line {
            Line(.copy(key, arguments), role: role, bold: bold)
        }

        /// A data line (a name, price or id that is not copy).
        public static func data(_ text: String, role: ProfileTone = .text, bold: Bool = false) -> Line {
            Line(.data(text), role: role, bold: bold)
        }

        public static let gap = Line(.gap)
    }

    /// The screen's name in goldens, results and the copy report (`memberStatus`, `applePay`, …).
    public var name: String
    public var titleKey: String
    public var titleArguments: [CopyArgument]
    public var lines: [Line]
    /// Copy keys of the key hints at the bottom (e.g. `applePay.hint`, `help.close`).
    public var hintKeys: [String]
    /// Letter keys the panel answers, with the action each one names (Enter is `confirm`, Esc `close`).
    public var keys: [Character: ProfileAction]

    public init(name: String, titleKey: String, titleArguments: [CopyArgument] = [], lines: [Line],
                hintKeys: [String] = ["help.close"], keys: [Character: ProfileAction] = [:]) {
        self.name = name
        self.titleKey = titleKey
        self.titleArguments = titleArguments
        self.lines = lines
        self.hintKeys = hintKeys
        self.keys = keys
    }
}
