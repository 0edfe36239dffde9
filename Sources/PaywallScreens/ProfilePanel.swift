import TerminalKit
import CopyDeck
import PaywallCore

/// A profile's own screen (member status, Apple Pay sheet, usage, template store…), drawn as a
/// framed card over the current screen. Built by the runtime from the profile's domain; every
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
        public var role: StyleRole
        public var bold: Bool

        public init(_ content: Content, role: StyleRole = .text, bold: Bool = false) {
            self.content = content
            self.role = role
            self.bold = bold
        }

        /// A copy line.
        public static func copy(_ key: String, _ arguments: [CopyArgument] = [], role: StyleRole = .text, bold: Bool = false) -> Line {
            Line(.copy(key, arguments), role: role, bold: bold)
        }

        /// A data line (a name, price or id that is not copy).
        public static func data(_ text: String, role: StyleRole = .text, bold: Bool = false) -> Line {
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

extension ScreenLayout {
    /// The panel as a framed card, as wide as the help overlay's.
    func panelOverlay(_ panel: ProfilePanel) -> Block {
        let boxWidth = min(width + 2, 64)
        let inner = boxWidth - 4
        var blocks: [Block] = [
            writer.line(writer.copy(panel.titleKey, panel.titleArguments, role: .title, bold: true, slot: .title), width: inner),
            Block(rows: [[]]),
        ]
        for line in panel.lines {
            switch line.content {
            case .gap:
                blocks.append(Block(rows: [[]]))
            case let .copy(key, arguments):
                blocks.append(writer.paragraph(writer.copy(key, arguments, role: line.role, bold: line.bold, slot: .body), width: inner, align: .left))
            case let .data(text):
                blocks.append(writer.paragraph(writer.data(text, role: line.role, bold: line.bold, slot: .value), width: inner, align: .left))
            }
        }
        blocks.append(Block(rows: [[]]))
        blocks.append(writer.hints(panel.hintKeys, width: inner))
        return Block.stack(blocks).framed(width: boxWidth, padding: 1, style: TextStyle(.accent, bold: true), fill: TextStyle(.surface))
    }
}

/// A profile's extra button on the paywall (seed 001's Apple Pay button): its copy and its key.
public struct PaywallButton: Sendable, Hashable {
    public var key: Character
    public var copyKey: String
    /// The action the key names (handed back to the runtime).
    public var action: ProfileAction

    public init(key: Character, copyKey: String, action: ProfileAction) {
        self.key = key
        self.copyKey = copyKey
        self.action = action
    }
}
