import TerminalKit
import CopyDeck
import Foundation
import PaywallCore

/// The StoreKit message sheet (billing issue, price increase, win-back offer), drawn over the screen.
extension ScreenLayout {
    /// The copy-key stem of a message reason: `message.billingIssue`, `message.priceIncrease`, `message.winBack`.
    static func messageKey(_ reason: StoreKitMessage.Reason) -> String {
        switch reason {
        case .billingIssue: return "message.billingIssue"
        case .priceIncreaseConsent: return "message.priceIncrease"
        case .winBackOffer: return "message.winBack"
        }
    }

    /// The framed message: App Store title, the message's title and body, its two buttons and hint.
    func storeMessageOverlay(_ message: StoreKitMessage) -> Block {
        let boxWidth = min(width + 2, 56)
        let inner = boxWidth - 4
        let key = Self.messageKey(message.reason)
        var body: TextItem
        switch message.reason {
        case .billingIssue:
            body = writer.copy("\(key).body", [.string(message.productName)], role: .text, slot: .body)
        case .priceIncreaseConsent:
            body = writer.copy("\(key).body", [.string(message.productName), .string(message.displayPrice ?? "")], role: .text, slot: .body)
        case .winBackOffer:
            let terms = message.offer.map { offerTerms($0) } ?? ""
            body = writer.copy("\(key).body", [.string(message.productName), .string(terms)], role: .text, slot: .body)
        }
        body.planID = nil
        var blocks: [Block] = [
            writer.line(writer.copy("sheet.title", role: .muted, slot: .label), width: inner, align: .left),
            writer.paragraph(writer.copy("\(key).title", role: .title, bold: true, slot: .title), width: inner, align: .left),
            Block(rows: [[Piece(text: String(repeating: writer.glyphs.horizontal, count: inner), x: 0, style: TextStyle(.border))]]),
            writer.paragraph(body, width: inner, align: .left),
            Block(rows: [[]]),
        ]
        let accept = writer.button(writer.copy("\(key).accept", role: .ctaText, bold: true, slot: .sheetButton), width: inner / 2, labelWidth: 14)
        let decline = writer.button(writer.copy("\(key).decline", role: .text, slot: .sheetButton), width: inner / 2, labelWidth: 14, fill: .surface)
        blocks.append(Block.beside([(accept, 0), (decline, inner / 2)]))
        blocks.append(Block(rows: [[]]))
        blocks.append(writer.hints(["message.hint"], width: inner))
        return Block.stack(blocks).framed(width: boxWidth, padding: 1, style: TextStyle(.border, bold: true), fill: TextStyle(.surface))
    }

    /// An offer's terms as the paywall writes trial terms ("$7.49 per month for 3 months").
    private func offerTerms(_ terms: TrialTerms) -> String {
        let plan = Plan(id: "", displayName: "", price: 0, currencyCode: "", displayPrice: "", period: terms.period, trial: terms)
        return writer.trialOffer(plan)?.text ?? ""
    }
}
