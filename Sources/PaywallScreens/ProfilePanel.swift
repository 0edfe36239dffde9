import TerminalKit
import CopyDeck
import PaywallCore
import Profiles

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
                blocks.append(writer.paragraph(writer.copy(key, arguments, role: Self.role(line.role), bold: line.bold, slot: .body),
                                               width: inner, align: .left))
            case let .data(text):
                blocks.append(writer.paragraph(writer.data(text, role: Self.role(line.role), bold: line.bold, slot: .value),
                                               width: inner, align: .left))
            }
        }
        blocks.append(Block(rows: [[]]))
        blocks.append(writer.hints(panel.hintKeys, width: inner))
        return Block.stack(blocks).framed(width: boxWidth, padding: 1, style: TextStyle(.accent, bold: true), fill: TextStyle(.surface))
    }

    /// The theme's style for a profile line's tone.
    static func role(_ tone: ProfileTone) -> StyleRole {
        switch tone {
        case .text: .text
        case .muted: .muted
        case .success: .success
        case .warning: .warning
        case .price: .price
        case .accent: .accent
        }
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
