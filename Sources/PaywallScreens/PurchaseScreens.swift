import TerminalKit
import CopyDeck
import Foundation
import PaywallCore

/// The App Store sheet, purchasing progress, purchased, skipped and the error screen.
extension ScreenLayout {
    /// The simulated App Store sheet for `plan` (or its Ask to Buy variant), as a framed block.
    func sheet(_ plan: Plan) -> Block {
        let boxWidth = min(width + 2, 56)
        let inner = boxWidth - 4
        let askToBuy = context.sheet.askToBuy
        func pair(_ label: TextItem, _ value: TextItem) -> Block {
            let labelWidth = min(DisplayWidth.of(label.text), inner / 2)
            return writer.columns([(label, 0, labelWidth, .left), (value, labelWidth + 2, inner - labelWidth - 2, .right)])
        }
        var blocks: [Block] = [
            writer.line(writer.copy(askToBuy ? "sheet.askToBuy.title" : "sheet.title", role: .title, bold: true, slot: .title), width: inner),
            Block(rows: [[Piece(text: String(repeating: writer.glyphs.horizontal, count: inner), x: 0, style: TextStyle(.border))]]),
            pair(writer.copy("sheet.subscription", role: .muted, slot: .label), writer.data(plan.displayName, role: .text, bold: true, slot: .planName)),
            pair(writer.copy("sheet.price", role: .muted, slot: .label), writer.price(plan)),
        ]
        // A change of plan says when it takes effect, as the App Store's sheet does.
        switch context.sheet.change {
        case .now?:
            blocks.append(pair(writer.copy("sheet.starts", role: .muted, slot: .label), writer.copy("sheet.starts.today", role: .text, bold: true, slot: .value)))
        case .atRenewal(let date)?:
            blocks.append(pair(writer.copy("sheet.starts", role: .muted, slot: .label), writer.data(writer.date(date), role: .text, bold: true, slot: .value)))
        case nil:
            break
        }
        if let trial = plan.trial, trial.paymentMode == .free, let period = plan.period {
            blocks.append(writer.line(writer.copy("sheet.trial", [.string(writer.duration(trial.period, times: trial.numberOfPeriods))],
                                                  role: .success, slot: .trialOffer), width: inner, align: .left))
            blocks.append(writer.line(writer.copy("sheet.then", [.string(plan.displayPrice), .string(writer.unitText(period))],
                                                  role: .text, slot: .trialTerms), width: inner, align: .left))
        } else if let offer = writer.trialOffer(plan) {
            blocks.append(writer.line(offer, width: inner, align: .left))
        }
        blocks.append(writer.line(writer.copy("sheet.account", [.string(context.sheet.account)], role: .muted, slot: .value), width: inner, align: .left))
        if let environment = context.sheet.environment {
            blocks.append(writer.line(writer.copy("sheet.environment", [.string(environment)], role: .warning, slot: .value), width: inner, align: .left))
        }
        if askToBuy {
            blocks.append(.spacer(1, priority: 9))
            blocks.append(writer.paragraph(writer.copy("sheet.askToBuy.body", role: .text, slot: .body), width: inner, align: .left))
        }
        blocks.append(Block(rows: [[]]))
        let confirm = writer.button(writer.copy(askToBuy ? "sheet.askToBuy.confirm" : "sheet.confirm", role: .ctaText, bold: true, slot: .sheetButton),
                                    width: inner / 2, labelWidth: 14)
        let cancel = writer.button(writer.copy("sheet.cancel", role: .text, slot: .sheetButton), width: inner / 2, labelWidth: 14, fill: .surface)
        blocks.append(Block.beside([(confirm, 0), (cancel, inner / 2)]))
        blocks.append(Block(rows: [[]]))
        blocks.append(writer.hints([askToBuy ? "sheet.askToBuy.hint" : "sheet.hint"], width: inner))
        return Block.stack(blocks).framed(width: boxWidth, padding: 1, style: TextStyle(.border, bold: true), fill: TextStyle(.surface))
    }

    /// The store or the backend is working: a spinner and what it waits for.
    func purchasing(_ plan: Plan) -> [Block] {
        let phaseKey = model.purchasePhase == .verifying ? "purchasing.verifying" : "purchasing.store"
        let line = writer.flow([writer.data(spinnerGlyph(), role: .accent, bold: true, slot: .spinner),
                                writer.copy(phaseKey, role: .text, slot: .body)], width: cardInner, separator: " ")
        let product = writer.flow([writer.data(plan.displayName, role: .muted, slot: .planName), writer.price(plan)], width: cardInner, separator: "  ")
        return [card([title("purchasing.title", width: cardInner), Block(rows: [[]]), line, Block(rows: [[]]), product], border: .accent)]
    }

    /// Premium is active: what is unlocked, until when, and the restore notice when restored.
    func purchased(_ entitlement: Entitlement) -> [Block] {
        let inner = cardInner
        var list = Block()
        let check = writer.glyphs.check
        let items = Self.benefitKeys.map { writer.copy($0, role: .text, slot: .benefit) }
        let listWidth = (items.map { DisplayWidth.of($0.text) }.max() ?? 0) + 2
        let left = max(0, (inner - listWidth) / 2)
        for item in items {
            var row = writer.columns([(item, left + 2, min(listWidth, inner - left) - 2, .left)])
            row.rows[0].append(Piece(text: check, x: left, style: TextStyle(.success, bold: true)))
            list.append(row)
        }
        let until: TextItem
        if let expires = entitlement.expiresAt {
            until = writer.copy(context.renews ? "purchased.renews" : "purchased.until", [.string(writer.date(expires))],
                                role: .accent, bold: true, slot: .value)
        } else {
            until = writer.copy("purchased.lifetime", role: .accent, bold: true, slot: .value)
        }
        var blocks: [Block] = [card([
            title("purchased.title", role: .success, width: inner), Block(rows: [[]]),
            writer.line(writer.copy("purchased.unlocked", role: .muted, slot: .body), width: inner),
            list, Block(rows: [[]]),
            writer.paragraph(until, width: inner),
        ], border: .success)]
        if let notice = notice() { blocks += [.spacer(1, priority: 0), notice] }
        return blocks
    }

    /// The user chose "Not now": how many free messages remain per day.
    func skipped() -> [Block] {
        let body = writer.paragraph(writer.copy("skipped.body", [.integer(model.config.dailyMessageLimit)], role: .text, slot: .body),
                                    width: cardInner)
        var blocks: [Block] = [card([title("skipped.title", width: cardInner), Block(rows: [[]]), body])]
        if let notice = notice() { blocks += [.spacer(1, priority: 0), notice] }
        return blocks
    }

    /// Something failed: the message (by key, with its arguments) and how to retry.
    func errorScreen(_ messageKey: String) -> [Block] {
        let args = model.errorArguments.map { CopyArgument.string($0) }
        let message = writer.paragraph(writer.copy(messageKey, args, role: .text, slot: .error), width: cardInner)
        let titleKey = messageKey == FlowMachine.nothingToSellMessage ? "error.nothingToSell.title" : "error.title"
        var blocks: [Block] = [card([title(titleKey, role: .error, width: cardInner), Block(rows: [[]]), message], border: .error)]
        if let notice = notice() { blocks += [.spacer(1, priority: 0), notice] }
        return blocks
    }
}
