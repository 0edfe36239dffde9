import TerminalKit
import CopyDeck
import Foundation
import PaywallCore

/// The help (keys) and debug overlays, drawn as framed blocks over the screen.
extension ScreenLayout {
    /// The keys that do something on the current screen, each line saying what it does here; then
    /// help, debug, account, the Transaction Manager and quit (F1–F4 and Ctrl+C in chat, where letters type).
    var screenHelpKeys: [String] {
        let overlays = ["help.help", "help.debug", "help.account", "help.transactions"]
        if !model.storeMessages.isEmpty { return ["message.hint"] + overlays + ["help.quit"] }
        switch model.state {
        case .onboarding:
            // The first page has nothing to go back to.
            let back = model.onboardingPage > 0 ? ["help.left"] : []
            return ["help.next"] + back + ["help.skip"] + overlays + ["help.quit"]
        case .valuePreview, .proof: return ["help.next", "help.left"] + overlays + ["help.quit"]
        case .error: return ["help.retry", "help.escBack"] + overlays + ["help.quit"]
        case .paywall:
            // On cards side by side ← → select; there is no arrow back.
            let cards = model.offer?.layoutVariant == .cards
            return ["help.buy"] + (cards ? ["help.selectCards"] : ["help.select", "help.left"])
                + ["help.restore", "help.notNow"] + overlays + ["help.quit"]
        case .purchasing:
            guard model.purchasePhase == .awaitingConfirmation else { return overlays + ["help.quit"] }
            return [context.sheet.askToBuy ? "sheet.askToBuy.hint" : "sheet.hint"] + overlays + ["help.quit"]
        case .chat: return ["help.send", "help.tab", "help.helpF1", "help.debugF2", "help.accountF3", "help.transactionsF4", "help.quitChat"]
        case .purchased, .skipped: return ["help.next"] + overlays + ["help.quit"]
        case .idle, .configReady: return overlays + ["help.quit"]
        }
    }

    /// The keys table.
    func helpOverlay() -> Block {
        let boxWidth = min(width + 2, 60)
        let inner = boxWidth - 4
        var blocks: [Block] = [writer.line(writer.copy("help.title", role: .title, bold: true, slot: .title), width: inner), Block(rows: [[]])]
        for key in screenHelpKeys {
            blocks.append(writer.paragraph(writer.copy(key, role: .text, slot: .body), width: inner, align: .left))
        }
        if model.state == .chat, !context.chatCommands.isEmpty {
            blocks.append(writer.paragraph(writer.copy("help.commands", [.string(context.chatCommands.joined(separator: "  "))],
                                                       role: .text, slot: .body), width: inner, align: .left))
        }
        blocks.append(Block(rows: [[]]))
        blocks.append(writer.hints(["help.close"], width: inner))
        return Block.stack(blocks).framed(width: boxWidth, padding: 1, style: TextStyle(.accent, bold: true), fill: TextStyle(.surface))
    }

    /// State, entitlement, store and the last analytics events.
    func debugOverlay() -> Block {
        let boxWidth = min(width + 2, 76)
        let inner = boxWidth - 4
        let info = context.debug
        let labels = ["debug.state", "debug.entitlement", "debug.store", "debug.events"].map { writer.copy($0, role: .muted, bold: true, slot: .label) }
        let labelWidth = min(labels.map { DisplayWidth.of($0.text) }.max() ?? 0, inner / 3)
        let valueWidth = inner - labelWidth - 2
        func section(_ label: TextItem, _ values: [TextItem]) -> Block {
            var block = Block()
            for (index, value) in (values.isEmpty ? [writer.data("-", role: .dim, slot: .value)] : values).enumerated() {
                var row = writer.paragraph(value, width: valueWidth, align: .left).shifted(by: labelWidth + 2)
                if index == 0 {
                    let labelBlock = writer.columns([(label, 0, labelWidth, .left)])
                    row.rows[0] += labelBlock.rows[0]
                    row.drawn += labelBlock.drawn
                }
                block.append(row)
            }
            return block
        }
        let entitlement = model.entitlement
        var entitlementParts = [writer.text(entitlement.isPremium ? "debug.premium" : "debug.free")]
        if let product = entitlement.productID { entitlementParts.append(product) }
        if let expires = entitlement.expiresAt { entitlementParts.append(writer.text("debug.expires", [.string(writer.date(expires))])) }
        entitlementParts.append(entitlement.source.rawValue)
        let stateName = info.stateName.isEmpty ? model.state.name : info.stateName
        let events = info.events.suffix(5).map { writer.data($0, role: .text, slot: .value) }
        return Block.stack([
            writer.line(writer.copy("debug.title", role: .title, bold: true, slot: .title), width: inner),
            Block(rows: [[]]),
            section(labels[0], [writer.data(stateName, role: .accent, bold: true, slot: .value)]),
            section(labels[1], [writer.data(info.entitlementLine.isEmpty ? entitlementParts.joined(separator: " · ") : info.entitlementLine, role: entitlement.isPremium ? .success : .text, slot: .value)]),
            section(labels[2], info.storeLines.map { writer.data($0, role: .text, slot: .value) }),
            section(labels[3], Array(events)),
            Block(rows: [[]]),
            writer.hints(["debug.close"], width: inner),
        ]).framed(width: boxWidth, padding: 1, style: TextStyle(.accent, bold: true), fill: TextStyle(.surface))
    }
}
